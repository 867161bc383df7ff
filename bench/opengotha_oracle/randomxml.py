"""Random OpenGotha tournament files for the OpenGotha oracle (bench/opengotha_oracle/compare.py,
issue 28).

``tournament_xml(seed)`` returns the bytes of one OpenGotha 3.51 tournament file (the layout
OpenGotha's ``ExternalDocument.generateXMLFile`` writes: players, games, bye players, the
parameter sets), drawn from ``random.Random(seed)``: McMahon, Swiss, cup or Strasbourg main
score; criteria lists from every OpenGotha criterion (DC, SDC, CUSS, EXT, EXR, SOSM-1, SOSW,
CAT, Rank, Rating; NULLs between them); byes, absences, withdrawn players, registered players
without a game, unpaired rounds, unknown results, forfeits, jigo, both-win and both-lose
results, handicaps, unknown colours, unplayed games counted as ½, categories, odd names, clubs,
countries and dates. Every player plays at most once per round (a tournament OpenGotha itself
could have paired).
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

SURNAMES = ["Abe", "Brandt", "Castillo", "Dubois", "Eriksen", "Fontaine", "Gallo", "Haas",
            "Ibarra", "Jansen", "Kovacs", "Lindqvist", "Moreau", "Novak", "Ortega", "Petrov",
            "Quinn", "Rossi", "Sato", "Tanaka", "Ueda", "Varga", "Weber", "Xu", "Yilmaz",
            "Zeller", "Łukasiewicz", "Müller-Lüdenscheidt", "O'Brien", "de la Cruz", "Ünal",
            "Çelik", "Ødegård", "Nguyễn", "Ångström", "van der Berg-Oosterhuis-Vandenbroucke",
            "2nd", "-dash", "Ñúñez", "Šťastný", "Żółć", "Œuvre", "Ärger", "Iğdır", "Ivanov"]
FIRST = ["Ada", "Hugo", "Olga", "Wim", "Eva", "Bruno", "Iris", "Pablo", "Yara", "Fabio",
         "Clara", "Jonas", "Rosa", "Zeno", "Gina", "Dario", "Karin", "Sven", "Anja", "Henk",
         "Élodie", "Søren", "Jean Pierre", "Ana María", "X", "Maximilian Alexander",
         "Trailing ", "İlkay", "Zoë", "Björn", "7", "Ñ"]
CLUBS = ["", "Ca", "Paris", "GoCl", "Go Club Paris", "1234", "12", "0", "Zü", "x", "NONE",
         "Łódź", "A&B", "<Go>", "Berlin-Mitte", " Sp "]
COUNTRIES = ["FR", "DE", "", "PL", "12", "Ch", "tr", "ÖS", "00", " X"]
CRITERIA_TIE = ["SOSW", "SOSW-1", "SOSW-2", "SODOSW", "SOSOSW", "CUSSW", "SOSM", "SOSM-1",
                "SOSM-2", "SODOSM", "SOSOSM", "CUSSM", "SOSTS", "EXT", "EXR", "DC", "SDC",
                "Rank", "Rating", "NBW", "MMS", "CPS", "STS", "CAT", "NULL"]
RESULTS = ["RESULT_WHITEWINS"] * 8 + ["RESULT_BLACKWINS"] * 8 + [
    "RESULT_EQUAL", "RESULT_BOTHWIN", "RESULT_BOTHLOSE", "RESULT_UNKNOWN",
    "RESULT_WHITEWINS_BYDEF", "RESULT_BLACKWINS_BYDEF", "RESULT_EQUAL_BYDEF",
    "RESULT_BOTHWIN_BYDEF", "RESULT_BOTHLOSE_BYDEF"]

PAIRING = {  # OpenGotha's defaults, as its files hold them (pairing plays no part here)
    "paiBaAvoidDuplGame": "500000000000000", "paiBaBalanceWB": "1000000",
    "paiBaDeterministic": "true", "paiBaRandom": "0",
    "paiMaAdditionalPlacementCritSystem1": "Rating",
    "paiMaAdditionalPlacementCritSystem2": "NULL", "paiMaAvoidMixingCategories": "0",
    "paiMaCompensateDUDD": "false", "paiMaDUDDLowerMode": "MID", "paiMaDUDDUpperMode": "MID",
    "paiMaDUDDWeight": "100000000", "paiMaLastRoundForSeedSystem1": "2",
    "paiMaMaximizeSeeding": "5000000", "paiMaMinimizeScoreDifference": "100000000000",
    "paiMaSeedSystem1": "SPLITANDFOLD", "paiMaSeedSystem2": "SPLITANDFOLD",
    "paiSeAvoidSameGeo": "100000000000", "paiSeBarThresholdActive": "true",
    "paiSeDefSecCrit": "100000000000", "paiSeMinimizeHandicap": "0",
    "paiSeNbWinsThresholdActive": "false", "paiSePreferMMSDiffRatherThanSameClub": "3",
    "paiSePreferMMSDiffRatherThanSameCountry": "1", "paiSeRankThreshold": "1D",
    "paiStandardNX1Factor": "0.5"}
DISPLAY = {
    "displayClCol": "true", "displayCoCol": "true", "displayIndGamesInMatches": "true",
    "displayNPPlayers": "false", "displayNumCol": "true", "displayPlCol": "true",
    "playerSortType": "name", "showByePlayer": "true", "showNotFinallyRegisteredPlayers": "true",
    "showNotPairedPlayers": "true", "showNotParticipatingPlayers": "false",
    "showPlayerClub": "true", "showPlayerCountry": "false", "showPlayerGrade": "true"}


def rank_text(rank: int) -> str:
    """Return OpenGotha's rank text: -30..-1 ``30K``..``1K``, 0..8 ``1D``..``9D``."""
    return f"{-rank}K" if rank < 0 else f"{rank + 1}D"


def _criteria(rng: random.Random) -> tuple[str, list[str]]:
    """Return the system's name and a criteria list of 1 to 6 OpenGotha long names."""
    system = rng.choice(["mcmahon", "mcmahon", "swiss", "swiss", "cup", "strasbourg"])
    main = {"mcmahon": "MMS", "swiss": "NBW", "cup": "CPS", "strasbourg": "STS"}[system]
    crits = [main] if rng.random() > 0.1 else [rng.choice(["CAT", "Rank", main])]
    if crits[0] == "CAT":
        crits.append(main)
    for _ in range(rng.randint(0, 5 - len(crits) + 1)):
        crits.append(rng.choice(CRITERIA_TIE))
    if rng.random() < 0.03:
        crits = ["NULL"] * rng.randint(1, 3)
    return system, crits[:6]


def _names(rng: random.Random, n: int) -> list[tuple[str, str]]:
    """Return ``n`` (surname, first name) pairs whose OpenGotha keys are all different."""
    seen: set[str] = set()
    out: list[tuple[str, str]] = []
    while len(out) < n:
        s, f = rng.choice(SURNAMES), rng.choice(FIRST)
        if rng.random() < 0.15:
            s += str(rng.randint(1, 99))
        key = (s + f).replace(" ", "").upper()
        if key in seen:
            continue
        seen.add(key)
        out.append((s, f))
    return out


def _player(rng: random.Random, name: tuple[str, str], rounds: int) -> ET.Element:
    """Return one ``<Player>``: a rank, a rating, a club, a country, a participation string
    with absences or a withdrawal now and then."""
    rank = rng.randint(-30, 8) if rng.random() < 0.9 else rng.choice([-30, 8])
    part = ["1"] * 20
    roll = rng.random()
    if roll < 0.15:  # withdrawn after some round
        for k in range(rng.randint(1, rounds), 20):
            part[k] = "0"
    elif roll < 0.35:
        part[rng.randrange(rounds)] = "0"
    elif roll < 0.38:
        part = ["0"] * 20
    return ET.Element("Player", {
        "agaExpirationDate": "", "agaId": "", "club": rng.choice(CLUBS),
        "country": rng.choice(COUNTRIES), "egfPin": rng.choice(["", "12345678"]),
        "ffgLicence": "", "ffgLicenceStatus": "", "firstName": name[1],
        "grade": rank_text(rank), "name": name[0], "participating": "".join(part),
        "rank": rank_text(rank), "rating": str(rng.randint(-900, 2949)), "ratingOrigin": "",
        "registeringStatus": rng.choice(["FIN", "FIN", "FIN", "PRE"]),
        "smmsCorrection": str(rng.choice([0, 0, 0, 1, -1, 2]))})


def _games(rng: random.Random, players: list[ET.Element], rounds: int
           ) -> tuple[list[ET.Element], list[ET.Element]]:
    """Return the games and byes: each round paired (or left unpaired, the later rounds more
    often) among the players present, at most one game per player, one bye for an odd one."""
    keys = [(p.get("name", "") + p.get("firstName", "")).replace(" ", "").upper()
            for p in players]
    games: list[ET.Element] = []
    byes: list[ET.Element] = []
    paired_rounds = rounds if rng.random() < 0.6 else rng.randint(0, rounds)
    for rn in range(paired_rounds):
        present = [i for i, p in enumerate(players) if p.get("participating", "")[rn] == "1"
                   and rng.random() > 0.03]
        rng.shuffle(present)
        if len(present) % 2 == 1 or rng.random() < 0.1:
            bye = present.pop()
            byes.append(ET.Element("ByePlayer", {"player": keys[bye], "roundNumber": str(rn + 1)}))
        for table, k in enumerate(range(0, len(present) - 1, 2), start=1):
            w, b = present[k], present[k + 1]
            hcp = 0 if rng.random() < 0.6 else rng.randint(0, 9)
            known = "true" if rng.random() > 0.05 else "false"
            games.append(ET.Element("Game", {
                "blackPlayer": keys[b], "handicap": str(hcp), "knownColor": known,
                "result": rng.choice(RESULTS), "roundNumber": str(rn + 1),
                "tableNumber": str(table), "whitePlayer": keys[w]}))
    rng.shuffle(games)
    return games, byes


def _date(rng: random.Random) -> str:
    year = rng.choice([2019, 2020, 2021, 2024, 1900, 1999])
    return f"{year}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"


def _general(rng: random.Random, seed: int, rounds: int) -> ET.Element:
    """Return ``<GeneralParameterSet>`` with random scoring values, bar, floor, categories,
    dates (an end before the begin now and then), komi and time system."""
    begin = _date(rng)
    end = begin if rng.random() < 0.6 else _date(rng)
    floor = rng.randint(-30, -5)
    bar = rng.randint(floor, 8)
    gps = ET.Element("GeneralParameterSet", {
        "bInternet": "false", "basicTime": str(rng.choice([0, 30, 60, 90])),
        "beginDate": begin, "canByoYomiTime": "300",
        "complementaryTimeSystem": rng.choice(["SUDDENDEATH", "STDBYOYOMI", "CANBYOYOMI",
                                               "FISCHER"]),
        "director": "TD", "endDate": end, "fischerTime": "10",
        "genCountNotPlayedGamesAsHalfPoint": rng.choice(["true", "false"]),
        "genMMBar": rank_text(bar), "genMMFloor": rank_text(floor),
        "genMMS2ValueAbsent": str(rng.randint(0, 2)), "genMMS2ValueBye": str(rng.randint(0, 2)),
        "genMMZero": "30K", "genNBW2ValueAbsent": str(rng.randint(0, 2)),
        "genNBW2ValueBye": str(rng.randint(0, 2)),
        "genRoundDownNBWMMS": rng.choice(["true", "false"]),
        "komi": rng.choice(["7.5", "6.5", "0.5", "-0.5", "0.0"]),
        "location": rng.choice(["Paris", " Kraków ", "Zürich", "", "Rio [BR]"]),
        "name": rng.choice(["Open", "Tournoi d'été", "Turnier ", "Go & Co", f"T{seed}"]),
        "nbMovesCanTime": "15", "numberOfRounds": str(rounds),
        "shortName": f"t{seed}", "size": "19", "stdByoYomiTime": "30"})
    ncat = 1 if rng.random() < 0.7 else rng.randint(2, 4)
    gps.set("numberOfCategories", str(ncat))
    if ncat > 1:
        cats = ET.SubElement(gps, "Categories")
        limits = sorted(rng.sample(range(-25, 8), ncat - 1), reverse=True)
        for k, low in enumerate(limits, start=1):
            ET.SubElement(cats, "Category", {"lowerLimit": rank_text(low), "number": str(k)})
    return gps


def tournament_xml(seed: int) -> bytes:
    """Return one random OpenGotha tournament file (UTF-8 bytes) drawn from ``seed``."""
    rng = random.Random(seed)
    rounds = rng.randint(1, 7)
    n = rng.randint(2, 28)
    players = [_player(rng, name, rounds) for name in _names(rng, n)]
    games, byes = _games(rng, players, rounds)
    _system, crits = _criteria(rng)
    root = ET.Element("Tournament", {"dataVersion": "201", "externalIPAddress": "127.0.0.1",
                                     "fullVersionNumber": "3.51", "runningMode": "SAL",
                                     "saveDT": "20210101120000"})
    ET.SubElement(root, "Players").extend(players)
    ET.SubElement(root, "Games").extend(games)
    if byes:
        ET.SubElement(root, "ByePlayers").extend(byes)
    tps = ET.SubElement(root, "TournamentParameterSet")
    tps.append(_general(rng, seed, rounds))
    ET.SubElement(tps, "HandicapParameterSet", {
        "hdBasedOnMMS": "true", "hdCeiling": "9", "hdCorrection": str(rng.randint(0, 2)),
        "hdNoHdRankThreshold": "1D"})
    pc = ET.SubElement(ET.SubElement(tps, "PlacementParameterSet"), "PlacementCriteria")
    for k in range(6):
        ET.SubElement(pc, "PlacementCriterion",
                      {"name": crits[k] if k < len(crits) else "NULL", "number": str(k + 1)})
    ET.SubElement(tps, "PairingParameterSet", PAIRING)
    ET.SubElement(tps, "DPParameterSet", DISPLAY | {"gameFormat": rng.choice(["full", "full",
                                                                              "short"])})
    ET.SubElement(tps, "PublishParameterSet", {"exportToLocalFile": "true",
                                               "htmlAutoScroll": "false", "print": "true"})
    return b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + ET.tostring(
        root, encoding="utf-8", xml_declaration=False)


def with_criteria(xml: bytes, criteria: list[str]) -> bytes:
    """Return ``xml`` (a :func:`tournament_xml` file) with its six placement criteria replaced
    by ``criteria`` (OpenGotha names, NULL after them)."""
    names = iter([*criteria, *["NULL"] * 6][:6])
    return re.sub(rb'<PlacementCriterion name="[^"]*" number="(\d)" />',
                  lambda m: b'<PlacementCriterion name="%s" number="%s" />' % (
                      next(names).encode(), m.group(1)), xml)
