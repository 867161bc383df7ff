"""Players named as people type them: without diacritics, in another case, surname first.

A name is compared folded as the site's search folds it (:func:`sitegen.display.fold`:
``Łukasz Wąsowski`` -> ``lukasz wasowski``), with runs of spaces as one, and in each order
that turns its words round (``wasowski lukasz``; ``kowalska anna maria`` and ``maria
kowalska anna`` for ``Anna Maria Kowalska``), so a surname written first still matches.
``sitegen result add`` (and ``result from-issue``) accept such a name when exactly one player
has it; ``sitegen player add`` refuses a new player whose name matches an existing one.
"""

from __future__ import annotations

from typing import Mapping

from ..display import fold
from ..model.common import Player


def folded_name(name: str) -> str:
    """Return ``name`` folded as the site's search folds it, runs of spaces as one:
    ``"  Łukasz   Wąsowski"`` -> ``lukasz wasowski``."""
    return " ".join(fold(name).split())


def name_forms(name: str) -> set[str]:
    """Return the folded forms of ``name`` that people may type: its words in order and every
    turn of them round (``{"lukasz wasowski", "wasowski lukasz"}`` for ``Łukasz Wąsowski``)."""
    words = folded_name(name).split(" ")
    return {" ".join(words[i:] + words[:i]) for i in range(len(words))}


def players_named(text: str, players: Mapping[str, Player]) -> list[str]:
    """Return the ids (sorted) of the players one of whose :func:`name_forms` is ``text``
    folded; empty when ``text`` folds to nothing."""
    typed = folded_name(text)
    if not typed:
        return []
    return sorted(pid for pid, player in players.items() if typed in name_forms(player.name))


def listed(found: list[str], players: Mapping[str, Player]) -> str:
    """Return players for a message: ``lukasz-wasowski (Łukasz Wąsowski), lw2 (Lukasz Wasowski)``."""
    return ", ".join(f"{pid} ({players[pid].name})" for pid in found)
