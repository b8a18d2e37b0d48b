"""Table mode: a real table's arrangements checked and settled, shared cards caught and named."""

from __future__ import annotations

import pytest

from cp_trainer.practice.table_mode import TableEntry, settle_table
from cp_trainer.rules.arrangement_text import foul_message
from cp_trainer.rules.house_rules import HouseRules, ScoringSystem

A = "Jc Jd 2c / 9c 9d 4c 4d 3c / 5c 5d 5h Ac Kc"
B = "Th Ts 2d / Kh Ks 8c 7d 6c / Qh Qs 8h 8s 3d"
C = "2h 3h 4h / 6d 6h 7c 7h 9h / Ad Ah As Kd Qc"
FOUL = "As Ah Qh / Kc Kd Td 9s 8h / Qs Jc 7c 4d 2s"  # seed Example 1 set as a foul


def test_example_2_at_a_point_value() -> None:
    result = settle_table([TableEntry("Ann", A), TableEntry("Bob", B)], HouseRules(point_value=0.5))
    assert result.ok
    assert [s.points for s in result.seats] == [4, -4]
    assert [s.money for s in result.seats] == [2.0, -2.0]
    assert [s.name for s in result.seats] == ["Ann", "Bob"]
    assert not any(s.fouled for s in result.seats)
    assert result.explanation and "+4" in result.explanation[0]


def test_the_explanation_names_the_players_as_typed() -> None:
    result = settle_table([TableEntry("Ann", A), TableEntry("", B), TableEntry("Ann", C)], lang="ru")
    text = "\n".join(result.explanation)
    assert result.explanation[0] == "Ann (игрок A) — игрок B: +4 / -4"  # two Anns keep their seats
    assert "выигрывает Ann (игрок A)" in text
    assert "итог: Ann (игрок A) +6, игрок B -6, Ann (игрок C) 0" in text
    named = settle_table([TableEntry("Ann", A), TableEntry("Bob", B)])
    assert named.explanation[0] == "Ann vs Bob: +4 / -4"
    assert "top: Ann wins — pair of jacks vs pair of tens" in named.explanation[1]
    assert not any("player" in line for line in named.explanation)


def test_three_players_settled_by_hand() -> None:
    # A-B: A scoops (+4). A-C: A wins top and middle, C the bottom (A +2).
    # B-C: B wins the top, C middle and bottom (C +2).
    result = settle_table([TableEntry("", A), TableEntry("", B), TableEntry("", C)])
    assert [s.points for s in result.seats] == [6, -6, 0]
    assert [s.name for s in result.seats] == ["player A", "player B", "player C"]
    stakes = settle_table([TableEntry("", A), TableEntry("", B), TableEntry("", C)],
                          HouseRules(stakes=(1.0, 2.0, 0.25)))
    # A-B at 1.0, A-C at 0.25, B-C at 0.25
    assert [s.money for s in stakes.seats] == pytest.approx([4 + 0.5, -4 - 0.5, -0.5 + 0.5])


def test_a_foul_is_found_and_loses_to_everyone() -> None:
    others = ["3c 3d 5h / 6c 6d 8c 8d Tc / Jh Js Jd 9h 2h", "2c 2d 3h / 4c 4h 5c 5d 6h / Ac Ad 7d 7h 7s"]
    result = settle_table([TableEntry("fouler", FOUL)] + [TableEntry("", o) for o in others],
                          HouseRules(system=ScoringSystem.ONE_SIX))
    assert result.ok
    fouler = result.seats[0]
    assert fouler.fouled and fouler.points == -12
    assert fouler.check is not None and [f.code for f in fouler.check.fouls] == ["order", "order"]
    assert "pair of aces" in foul_message(fouler.check.fouls[0])


def test_cards_in_two_hands_are_named_with_the_players() -> None:
    stolen = B.replace("Th", "Jc").replace("Qs", "5h")
    cy = C.replace("Kd", "5h")
    result = settle_table([TableEntry("Ann", A), TableEntry("Bob", stolen), TableEntry("Cy", cy)])
    assert not result.ok and result.settlement is None and result.seats == ()
    shared = {(p.card and str(p.card)): p for p in result.problems if p.code == "shared_card"}
    assert set(shared) == {"Jc", "5h"}
    assert shared["5h"].seats == (0, 1, 2)
    assert shared["5h"].message == "5♥ is in more than one hand: Ann, Bob, Cy"
    assert shared["Jc"].seats == (0, 1)
    ru = settle_table([TableEntry("Аня", A), TableEntry("", stolen)], lang="ru")
    assert any(p.message == "J♣ есть больше чем в одной руке: Аня, игрок B" for p in ru.problems)


def test_a_card_repeated_inside_one_hand_is_that_hands_foul() -> None:
    twice = A.replace("Kc", "Ac")
    result = settle_table([TableEntry("", twice), TableEntry("", B)])
    assert result.ok
    assert result.seats[0].check is not None and result.seats[0].check.fouls[0].code == "duplicate"
    assert [s.points for s in result.seats] == [-4, 4]


def test_bad_input_is_reported_per_player() -> None:
    result = settle_table([TableEntry("Ann", "Jc Jd 2c / 9c 9d"), TableEntry("Bob", B.replace("Th", "1h"))])
    messages = [p.message for p in result.problems]
    assert messages == ["Ann: an arrangement has 3 rows separated by '/', got 2", "Bob: not a card: '1h'"]
    assert settle_table([TableEntry("", A)]).problems[0].code == "players"
    assert settle_table([TableEntry("", A)] * 5).problems[0].code == "players"


def test_surrender_pays_the_surrender_cost() -> None:
    result = settle_table([TableEntry("", A), TableEntry("", "", surrendered=True), TableEntry("", C)],
                          HouseRules(surrender=True))
    assert result.ok and result.seats[1].check is None
    assert [s.points for s in result.seats] == [3 + 2, -6, 3 - 2]


@pytest.mark.parametrize(("lang", "kicker"), [("en", "kicker 10 vs"), ("ru", "кикер 10 /")])
def test_the_explanation_writes_a_ten_as_10_and_the_names_as_typed(lang: str, kicker: str) -> None:
    """A row won by a ten kicker reads "kicker 10" as the cards show it; a player's name is never
    rewritten ("T" and "Td" are names a table may use)."""
    tens = ["6h 6s Td / Qh Qs 5d 4d 3h / Kc Kd Kh 3c 3d", "6c 6d 8s / Qc Qd 5h 4h 2h / 9h 9s 9d 7h 7d"]
    result = settle_table([TableEntry("T", tens[0]), TableEntry("Td", tens[1])], lang=lang)
    text = "\n".join(result.explanation)
    assert kicker in text and "kicker T" not in text and "кикер T" not in text, text
    assert result.explanation[0].startswith("T "), result.explanation[0]
    assert result.explanation[-1].endswith("T +4, Td -4"), result.explanation[-1]
