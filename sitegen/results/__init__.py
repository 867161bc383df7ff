"""Entering one reported result into the content: ``sitegen result add`` and the issue form.

:mod:`.request` holds what a report says (:class:`~.request.ResultRequest`), :mod:`.target`
finds the competition and file it belongs to, :mod:`.check` checks its result for the rule
set, :mod:`.entry` writes it into that file's round-trip YAML for each rule set (each rule
set's description, :class:`sitegen.ruleset.Entered`, names its functions here), :mod:`.issue`
reads a report from the body of a GitHub
issue form, and :mod:`.reply` writes what the player (the issue's comment) and the organizers
(the pull request's description) are told. The command itself is :mod:`sitegen.commands.result`.
"""
