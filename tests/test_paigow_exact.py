"""Pai Gow rules worked by hand, exactly (issue 20: the mutation run's survivors).

Each expected value here comes from docs/RULES.md's Pai Gow part worked by hand, not from the
implementation's output: the session's moves and refusals word for word, the ranking of EVs, the
settlement's words, the house way's examples.
"""

from __future__ import annotations

import pytest

from cp_trainer.board import MoveKind, Refusal, Refused
from cp_trainer.paigow.cards import parse_pg_cards
from cp_trainer.paigow.session import PaiGowSession, PgPhase, PgZone
from cp_trainer.paigow.setting import Setting

PLAYER = parse_pg_cards("As Ah Kd Qc 9s 5h 2c")
DEALER = parse_pg_cards("Kc Kh 8d 7c 6s 4h 3d")
AS, AH, KD, QC, S9, H5, C2 = PLAYER


def dealt() -> PaiGowSession:
    s = PaiGowSession(seed=1)
    s.new_deal((PLAYER, DEALER))
    return s


# --- the session: what can be done, and each move ------------------------------------------------


def test_a_new_session_has_nothing_to_set_undo_or_redo() -> None:
    s = PaiGowSession(seed=1)
    assert s.phase is PgPhase.SETTLED and s.hands_played == 0 and s.total == 0.0
    assert not s.can_arrange() and not s.can_set() and not s.can_undo() and not s.can_redo()
    assert s.setting() is None and s.check() is None
    assert s.dealer_way is None and s.settlement is None and s.settled == []


def test_can_set_only_when_five_and_two_are_placed() -> None:
    s = dealt()
    assert s.can_arrange() and not s.can_set()
    for card in (AS, AH, KD, QC, S9):
        s.move(card, PgZone.HIGH)
    s.move(H5, PgZone.LOW)
    assert not s.can_set() and s.setting() is None and s.check() is None  # one card still in hand
    s.move(C2, PgZone.LOW)
    assert s.can_set()
    assert s.setting() == Setting((AS, AH, KD, QC, S9), (H5, C2))
    s.set_hand()
    assert not s.can_set() and not s.can_arrange()  # set: the board is complete but locked


def test_can_undo_and_redo_follow_the_moves() -> None:
    s = dealt()
    assert not s.can_undo() and not s.can_redo()
    move = s.move(AS, PgZone.LOW)
    assert move.kind is MoveKind.MOVE and move.cards == (AS,)
    assert s.can_undo() and not s.can_redo()
    assert s.undo().cards == (AS,)
    assert not s.can_undo() and s.can_redo()
    assert s.board.zone_of(AS) is PgZone.HAND
    assert s.redo().cards == (AS,)
    assert s.can_undo() and not s.can_redo()
    assert s.board.zone_of(AS) is PgZone.LOW


def test_swap_exchanges_two_cards_of_different_hands() -> None:
    s = dealt()
    s.place(Setting((AS, AH, KD, QC, S9), (H5, C2)))
    move = s.swap(AS, C2)
    assert move.kind is MoveKind.SWAP and move.cards == (AS, C2)
    assert s.board.zone_of(AS) is PgZone.LOW and s.board.zone_of(C2) is PgZone.HIGH
    s.undo()
    assert s.board.zone_of(AS) is PgZone.HIGH and s.board.zone_of(C2) is PgZone.LOW


def test_drop_onto_a_card_of_a_set_hand_swaps_and_into_the_hand_moves() -> None:
    s = dealt()
    s.move(AS, PgZone.HIGH)
    move = s.drop(KD, PgZone.HIGH, onto=AS)  # K♦ from the hand onto A♠: they change places
    assert move.kind is MoveKind.SWAP
    assert s.board.zone_of(KD) is PgZone.HIGH and s.board.zone_of(AS) is PgZone.HAND
    move = s.drop(QC, PgZone.LOW)  # onto nothing: a move
    assert move.kind is MoveKind.MOVE and s.board.zone_of(QC) is PgZone.LOW


def test_place_and_return_all() -> None:
    s = dealt()
    move = s.place(Setting((AS, AH, KD, QC, S9), (H5, C2)))
    assert move.kind is MoveKind.PLACE
    assert set(s.board.cards(PgZone.HIGH)) == {AS, AH, KD, QC, S9}
    assert set(s.board.cards(PgZone.LOW)) == {H5, C2}
    assert s.board.cards(PgZone.HAND) == ()
    move = s.return_all()
    assert move.kind is MoveKind.RETURN_ALL and set(move.cards) == set(PLAYER)
    assert set(s.board.cards(PgZone.HAND)) == set(PLAYER)
    assert s.board.cards(PgZone.HIGH) == () and s.board.cards(PgZone.LOW) == ()


def test_place_house_way_sets_the_pair_behind_and_the_next_two_in_front() -> None:
    # RULES.md: one pair plays behind, the two highest other cards in front: AA-9-5-2 / K-Q.
    s = dealt()
    s.place_house_way()
    assert s.setting() == Setting((AS, AH, S9, H5, C2), (KD, QC))


@pytest.mark.parametrize(("action", "words"), [
    (lambda s: s.move(AS, PgZone.LOW), "move A♠"),
    (lambda s: s.swap(AS, C2), "swap A♠ and 2♣"),
    (lambda s: s.drop(AS, PgZone.LOW), "drop A♠"),
    (lambda s: s.place(Setting((AS, AH, KD, QC, S9), (H5, C2))), "place a setting"),
    (lambda s: s.place_house_way(), "play the house way"),
    (lambda s: s.return_all(), "clear the hands"),
    (lambda s: s.undo(), "undo"),
    (lambda s: s.redo(), "redo"),
    (lambda s: s.set_hand(), "set the hand"),
])
def test_every_move_after_the_set_is_refused_in_words(action: object, words: str) -> None:
    s = dealt()
    s.place_house_way()
    s.set_hand()
    with pytest.raises(Refused, match=r"^not_arranging: ") as refused:
        action(s)  # type: ignore[operator]
    assert refused.value.reason is Refusal.NOT_ARRANGING
    assert refused.value.detail == f"{words}: the hand is set; deal again to play on"
