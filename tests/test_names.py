"""Ordering and folding of people's names on the players index and in the search."""

from sitegen.display import fold, name_order


def test_names_sort_ignoring_accents_and_case_with_numbers_in_order():
    names = ["Player 10", "Player 2", "Clio", "Clément", "Fintan", "Félix", "étienne", "Deleted account 10",
             "Deleted account 2"]
    assert sorted(names, key=name_order) == [
        "Clément", "Clio", "Deleted account 2", "Deleted account 10", "étienne", "Félix", "Fintan",
        "Player 2", "Player 10"]


def test_fold_drops_accents_and_case():
    assert fold("Étienne SØRENSEN Zoé") == "etienne sorensen zoe"
