"""The board on its own (cp_trainer/chinese/board.py): zones with capacities, every move taken back and made
again, every refusal with its reason and its words, and nothing moved once the hand is set. Each
expectation is worked out by hand from the module's contract, on a board small enough to follow."""

from __future__ import annotations

import re
from collections.abc import Callable
from enum import IntEnum

import pytest

from cp_trainer.chinese.board import Board, Move, MoveKind, Refusal, Refused
from cp_trainer.rules.cards import Card, parse_cards


class Z(IntEnum):
    HAND = 0
    LOW = 1
    HIGH = 2


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def card(text: str) -> Card:
    return cards(text)[0]


DEAL = "As Kd 2c 7h"
CAPACITY = {Z.HAND: 4, Z.LOW: 1, Z.HIGH: 3}


def board(deal: str = DEAL) -> Board[Card, Z]:
    return Board(Z, Z.HAND, CAPACITY, cards(deal))


def refused(reason: Refusal, detail: str) -> pytest.RaisesExc[Refused]:
    return pytest.raises(Refused, match=f"^{re.escape(reason.value + ': ' + detail)}$")


def test_a_new_deal_lies_in_the_hand_in_its_order() -> None:
    b = board()
    assert b.zones == (Z.HAND, Z.LOW, Z.HIGH) and b.hand is Z.HAND
    assert b.state() == (cards(DEAL), (), ()) and b.cards(Z.HAND) == cards(DEAL)
    assert b.all_cards() == cards(DEAL)
    assert [b.zone_of(c) for c in cards(DEAL)] == [Z.HAND] * 4 and b.zone_of(card("Qs")) is None
    assert b.locked is False and not b.can_undo() and not b.can_redo()
    assert b.undo_move() is None and b.redo_move() is None
    assert not b.is_complete() and b.has_room(Z.LOW) and b.has_room(Z.HIGH)
    assert not b.has_room(Z.HAND)  # 4 of 4


def test_zones_must_be_numbered_from_zero() -> None:
    class Gap(IntEnum):
        A = 0
        B = 2

    with pytest.raises(ValueError, match=r"^zones must be numbered 0\.\., got \(<Gap\.A: 0>, <Gap\.B: 2>\)$"):
        Board(Gap, Gap.A, {Gap.A: 1, Gap.B: 1})
    with pytest.raises(ValueError, match=r"^zones must be numbered 0\.\., got "):
        Board((Z.LOW, Z.HIGH), Z.LOW, {Z.LOW: 1, Z.HIGH: 1})
    empty: Board[Card, Z] = Board((), Z.HAND, {Z.HAND: 0})  # no zones at all: numbered trivially, no cards
    assert empty.state() == ()


def test_a_deal_of_repeated_or_too_many_cards_is_refused() -> None:
    with refused(Refusal.BAD_DEAL, "cannot deal 'As Kd As': 3 cards, at most 4 distinct ones fit"):
        board("As Kd As")
    with refused(Refusal.BAD_DEAL, "cannot deal 'As Kd 2c 7h 9s': 5 cards, at most 4 distinct ones fit"):
        board("As Kd 2c 7h 9s")
    assert board("As Kd 2c").state() == (cards("As Kd 2c"), (), ())  # fewer than the hand holds: fine
    assert board("").state() == ((), (), ())


def test_a_move_goes_to_the_end_of_its_zone_and_undo_redo_walk_it() -> None:
    b = board()
    m1 = b.move(card("Kd"), Z.HIGH)
    assert m1 == Move(MoveKind.MOVE, (card("Kd"),))
    m2 = b.move(card("As"), Z.HIGH)
    assert b.state() == (cards("2c 7h"), (), cards("Kd As"))  # the order they arrived in
    assert b.zone_of(card("As")) is Z.HIGH and b.all_cards() == cards("2c 7h Kd As")
    assert b.can_undo() and not b.can_redo() and b.undo_move() == m2
    assert b.undo() == m2 and b.state() == (cards("As 2c 7h"), (), cards("Kd"))
    assert b.can_redo() and b.redo_move() == m2 and b.undo_move() == m1
    assert b.undo() == m1 and b.state() == (cards(DEAL), (), ())  # as dealt, in its order
    assert not b.can_undo() and b.undo_move() is None
    with refused(Refusal.NOTHING_TO_UNDO, "no move to take back"):
        b.undo()
    assert b.redo() == m1 and b.redo() == m2 and b.state() == (cards("2c 7h"), (), cards("Kd As"))
    assert not b.can_redo() and b.redo_move() is None
    with refused(Refusal.NOTHING_TO_REDO, "no move to make again"):
        b.redo()
    # a new move after an undo forgets what could have been made again
    b.undo()
    b.move(card("7h"), Z.LOW)
    assert not b.can_redo() and b.state() == (cards("As 2c"), cards("7h"), cards("Kd"))


def test_a_move_is_refused_for_a_card_not_dealt_a_full_zone_or_the_same_zone() -> None:
    b = board()
    with refused(Refusal.UNKNOWN_CARD, "Q♠ is not one of the cards dealt"):
        b.move(card("Qs"), Z.LOW)
    with refused(Refusal.SAME_ZONE, "A♠ is in HAND already"):
        b.move(card("As"), Z.HAND)
    b.move(card("As"), Z.LOW)
    with refused(Refusal.ZONE_FULL, "LOW holds 1 cards already; K♦ does not fit"):
        b.move(card("Kd"), Z.LOW)
    with refused(Refusal.SAME_ZONE, "A♠ is in LOW already"):
        b.move(card("As"), Z.LOW)
    assert b.state() == (cards("Kd 2c 7h"), cards("As"), ()) and b.undo_move() == Move(MoveKind.MOVE,
                                                                                           (card("As"),))
    assert b.move(card("As"), Z.HAND) == Move(MoveKind.MOVE, (card("As"),))  # back to the hand
    assert b.state() == (cards("Kd 2c 7h As"), (), ())


def test_a_zone_fills_to_its_capacity_exactly() -> None:
    b = board()
    for c in cards("As Kd 2c"):
        assert b.has_room(Z.HIGH)
        b.move(c, Z.HIGH)
    assert not b.has_room(Z.HIGH) and b.cards(Z.HIGH) == cards("As Kd 2c")
    with refused(Refusal.ZONE_FULL, "HIGH holds 3 cards already; 7♥ does not fit"):
        b.move(card("7h"), Z.HIGH)
    assert not b.is_complete()  # LOW is empty, a card is still in the hand
    b.move(card("7h"), Z.LOW)
    assert b.is_complete() and b.state() == ((), cards("7h"), cards("As Kd 2c"))


def test_complete_means_the_hand_empty_and_every_other_zone_full() -> None:
    b = board("As Kd 2c")
    b.move(card("As"), Z.LOW)
    b.move(card("Kd"), Z.HIGH)
    b.move(card("2c"), Z.HIGH)
    assert not b.is_complete()  # HIGH holds 2 of 3
    small = Board(Z, Z.HAND, {Z.HAND: 4, Z.LOW: 1, Z.HIGH: 2}, cards("As Kd 2c 7h"))
    small.place({Z.LOW: cards("As"), Z.HIGH: cards("Kd 2c"), Z.HAND: cards("7h")})
    assert not small.is_complete()  # a card left in the hand
    assert small.state() == (cards("7h"), cards("As"), cards("Kd 2c"))
    small.reset(cards("As Kd 2c"))
    small.place({Z.LOW: cards("As"), Z.HIGH: cards("Kd 2c")})
    assert small.is_complete()


def test_a_swap_exchanges_two_cards_in_their_places() -> None:
    b = board()
    b.move(card("As"), Z.HIGH)
    b.move(card("Kd"), Z.HIGH)
    b.move(card("2c"), Z.LOW)
    m = b.swap(card("7h"), card("As"))
    assert m == Move(MoveKind.SWAP, (card("7h"), card("As")))
    assert b.state() == (cards("As"), cards("2c"), cards("7h Kd"))  # each took the other's place
    assert b.swap(card("Kd"), card("2c")) == Move(MoveKind.SWAP, (card("Kd"), card("2c")))
    assert b.state() == (cards("As"), cards("Kd"), cards("7h 2c"))
    assert b.undo() == Move(MoveKind.SWAP, (card("Kd"), card("2c")))
    assert b.state() == (cards("As"), cards("2c"), cards("7h Kd"))
    with refused(Refusal.SAME_ZONE, "7♥ and K♦ both lie in HIGH"):
        b.swap(card("7h"), card("Kd"))
    with refused(Refusal.UNKNOWN_CARD, "Q♠ is not one of the cards dealt"):
        b.swap(card("7h"), card("Qs"))
    with refused(Refusal.UNKNOWN_CARD, "Q♠ is not one of the cards dealt"):
        b.swap(card("Qs"), card("7h"))


def test_a_drop_swaps_onto_a_card_of_a_set_zone_and_only_returns_into_the_hand() -> None:
    b = board()
    b.move(card("As"), Z.LOW)
    b.move(card("Kd"), Z.HIGH)
    # onto a card of a set zone: the two swap (even into a full zone)
    assert b.drop(card("2c"), Z.LOW, card("As")).kind is MoveKind.SWAP
    assert b.state() == (cards("As 7h"), cards("2c"), cards("Kd"))
    # into the hand, whatever it lands on: it returns (no swap with the card under it)
    assert b.drop(card("Kd"), Z.HAND, card("7h")) == Move(MoveKind.MOVE, (card("Kd"),))
    assert b.state() == (cards("As 7h Kd"), cards("2c"), ())
    # onto nothing, or onto itself: a move
    assert b.drop(card("7h"), Z.HIGH) == Move(MoveKind.MOVE, (card("7h"),))
    assert b.drop(card("As"), Z.HIGH, card("As")) == Move(MoveKind.MOVE, (card("As"),))
    assert b.state() == (cards("Kd"), cards("2c"), cards("7h As"))


def test_placing_a_whole_arrangement_at_once() -> None:
    b = board()
    b.move(card("7h"), Z.LOW)
    m = b.place({Z.HIGH: cards("As Kd 2c"), Z.LOW: cards("7h")})
    assert m == Move(MoveKind.PLACE, cards("7h As Kd 2c"))  # the cards in zone order
    assert b.state() == ((), cards("7h"), cards("As Kd 2c")) and b.is_complete()
    assert b.undo() == m and b.state() == (cards("As Kd 2c"), cards("7h"), ())
    # zones not named are left empty; the hand may be named too
    b.place({Z.HAND: cards("2c 7h"), Z.HIGH: cards("Kd As")})
    assert b.state() == (cards("2c 7h"), (), cards("Kd As"))


def test_placing_other_cards_or_too_many_in_a_zone_is_refused_and_changes_nothing() -> None:
    b = board()
    before = b.state()
    with refused(Refusal.WRONG_CARDS, "'8h As Kd 2c' are not the cards dealt"):  # zone by zone
        b.place({Z.HIGH: cards("As Kd 2c"), Z.LOW: cards("8h")})
    with refused(Refusal.WRONG_CARDS, "'As Kd 2c' are not the cards dealt"):
        b.place({Z.HIGH: cards("As Kd 2c")})
    with refused(Refusal.WRONG_CARDS, "'7h 7h As Kd 2c' are not the cards dealt"):
        b.place({Z.HIGH: cards("As Kd 2c"), Z.LOW: (card("7h"), card("7h"))})
    with refused(Refusal.WRONG_SIZES, "2 cards do not fit LOW (1)"):
        b.place({Z.HIGH: cards("As Kd"), Z.LOW: cards("2c 7h")})
    with refused(Refusal.WRONG_SIZES, "4 cards do not fit HIGH (3)"):
        b.place({Z.HIGH: cards("As Kd 2c 7h")})
    assert b.state() == before and not b.can_undo()
    b.place({Z.HIGH: cards("As Kd 2c"), Z.LOW: cards("7h")})  # exactly full: fine


def test_returning_every_card_to_the_hand() -> None:
    b = board()
    with refused(Refusal.NOTHING_TO_RETURN, "every card is in the hand already"):
        b.return_all()
    b.move(card("Kd"), Z.HIGH)
    b.move(card("As"), Z.LOW)
    m = b.return_all()
    assert m == Move(MoveKind.RETURN_ALL, cards("2c 7h As Kd"))  # hand first, then zone by zone
    assert b.state() == (cards("2c 7h As Kd"), (), ())
    assert b.undo() == m and b.state() == (cards("2c 7h"), cards("As"), cards("Kd"))
    b.undo()
    b.undo()
    assert b.state() == (cards(DEAL), (), ())
    # one card out is enough to return
    b.move(card("2c"), Z.HIGH)
    assert b.return_all().kind is MoveKind.RETURN_ALL and b.state() == (cards("As Kd 7h 2c"), (), ())


def test_once_locked_nothing_moves_and_the_history_is_gone() -> None:
    b = board()
    b.move(card("As"), Z.LOW)
    b.move(card("Kd"), Z.HIGH)
    b.undo()
    assert b.can_undo() and b.can_redo()
    b.lock()
    assert b.locked and not b.can_undo() and not b.can_redo()
    assert b.undo_move() is None and b.redo_move() is None
    state = b.state()
    actions: tuple[tuple[Callable[[], object], str], ...] = (
        (lambda: b.move(card("Kd"), Z.HIGH), "move K♦"),
        (lambda: b.swap(card("As"), card("Kd")), "swap A♠ and K♦"),
        (lambda: b.drop(card("As"), Z.HIGH, card("Kd")), "swap A♠ and K♦"),
        (lambda: b.place({Z.HIGH: cards(DEAL)}), "place an arrangement"),
        (b.return_all, "return the cards"),
        (b.undo, "undo"), (b.redo, "redo"))
    for action, detail in actions:
        with refused(Refusal.NOT_ARRANGING, f"{detail}: the hand is set"):
            action()
    assert b.state() == state
    # a new deal opens the board again, with no history
    b.reset(cards("2c 7h"))
    assert b.locked is False and b.state() == (cards("2c 7h"), (), ()) and not b.can_undo()
    b.move(card("2c"), Z.LOW)
    assert b.can_undo()


def test_a_new_deal_forgets_the_history() -> None:
    b = board()
    b.move(card("As"), Z.LOW)
    b.move(card("Kd"), Z.HIGH)
    b.undo()
    b.reset(cards("9s 8s"))
    assert not b.can_undo() and not b.can_redo() and b.state() == (cards("9s 8s"), (), ())
    with refused(Refusal.NOTHING_TO_UNDO, "no move to take back"):
        b.undo()
    with refused(Refusal.NOTHING_TO_REDO, "no move to make again"):
        b.redo()
    with refused(Refusal.BAD_DEAL, "cannot deal '9s 9s': 2 cards, at most 4 distinct ones fit"):
        b.reset(cards("9s 9s"))
    assert b.state() == (cards("9s 8s"), (), ())  # a refused deal changes nothing


def test_a_refusal_carries_its_reason_and_its_detail() -> None:
    err = Refused(Refusal.ZONE_FULL, "LOW is full")
    assert isinstance(err, ValueError) and err.reason is Refusal.ZONE_FULL and err.detail == "LOW is full"
    assert str(err) == "zone_full: LOW is full"
    assert [r.value for r in Refusal] == [
        "not_arranging", "unknown_card", "same_zone", "zone_full", "nothing_to_return", "nothing_to_undo",
        "nothing_to_redo", "wrong_cards", "wrong_sizes", "incomplete", "no_surrender", "no_past_hand",
        "bad_deal", "grading", "not_grading"]
    assert [k.value for k in MoveKind] == ["move", "swap", "place", "return_all"]
    assert Move(MoveKind.PLACE).cards == ()
