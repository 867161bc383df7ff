"""Ordering and folding of people's names on the players index and in the search."""

import re

from sitegen.display import fold, fold_table, name_order


def test_names_sort_ignoring_accents_and_case_with_numbers_in_order():
    names = ["Player 10", "Player 2", "Clio", "Clément", "Fintan", "Félix", "étienne", "Deleted account 10",
             "Deleted account 2"]
    assert sorted(names, key=name_order) == [
        "Clément", "Clio", "Deleted account 2", "Deleted account 10", "étienne", "Félix", "Fintan",
        "Player 2", "Player 10"]


def test_fold_drops_accents_and_case():
    assert fold("Étienne SØRENSEN Zoé") == "etienne sorensen zoe"


def test_european_names_fold_to_what_people_type():
    """Issue 16: letters that are not a base letter plus an accent (Ł, Ø, Đ, ß, Þ) fold too."""
    assert fold("Łukasz") == "lukasz" and fold("Ørjan") == "orjan"
    assert fold("Ștefan") == "stefan" and fold("Đorđe") == "dorde"
    assert fold("Straße") == "strasse" and fold("Þór") == "thor" and fold("Иван") == "ivan"
    # Decomposed input (e + combining acute) folds like the composed letter.
    assert fold("E\u0301tienne") == fold("Étienne") == "etienne"


def test_european_names_sort_beside_their_base_letter():
    names = ["Zoe", "Đorđe", "Dario", "Ștefan", "Sara", "Ørjan", "Olaf", "Łukasz", "Lukas", "Mark", "Tom"]
    assert sorted(names, key=name_order) == [
        "Dario", "Đorđe", "Lukas", "Łukasz", "Mark", "Olaf", "Ørjan", "Sara", "Ștefan", "Tom", "Zoe"]


def test_fold_table_covers_latin_letters_and_the_names_given():
    table = fold_table(["Иван Петров", "O’Brien"])
    assert table["Ł"] == "l" and table["ø"] == "o" and table["ß"] == "ss" and table["Đ"] == "d"
    assert table["И"] == "i" and table["’"] == "'"
    assert "é" in table and "a" not in table and "z" not in table  # ASCII: the script lower-cases it
    assert all(fold(char) == folded for char, folded in table.items())


def test_players_index_files_polish_and_norwegian_names_under_l_and_o(site, run):
    root = site({"content/players.yaml": "players:\n  - {id: l1, name: Łukasz Nowak}\n"
                                          "  - {id: l2, name: Lena}\n  - {id: o1, name: Ørjan Berg}\n"
                                          "  - {id: o2, name: Ola}\n"})
    assert run("build")[0] == 0
    html = (root / "output/players/index.html").read_text(encoding="utf-8")
    letters = re.findall(r'<h2 id="letter-\d+">(.)</h2>\s*<ul class="columns">(.*?)</ul>', html, re.S)
    assert [(letter, re.findall(r'">([^<]+)</a>', items)) for letter, items in letters] == [
        ("L", ["Lena", "Łukasz Nowak"]), ("O", ["Ola", "Ørjan Berg"])]
