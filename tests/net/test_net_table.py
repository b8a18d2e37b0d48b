"""The teaching table's game without the network: codes, names, seats, the people who come and go,
the host's hand on the seats, what each seat is sent, and what each person's record says."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import pytest

from cp_trainer.chinese.session import BotPlay
from cp_trainer.history.record import HandRecord
from cp_trainer.net.seats import (
    CODE_ALPHABET,
    CODE_LENGTH,
    MAX_NAME,
    TableError,
    clean_name,
    new_code,
    reads_as_bot,
    same_secret,
)
from cp_trainer.net.table import Table
from cp_trainer.net.work import BotWork, RecordWork, ReviewWork
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.cards import parse_cards, set_order
from cp_trainer.rules.house_rules import HouseRules, ScoringSystem
from cp_trainer.rules.settlement import settle
from cp_trainer.solver.bots import get_bot

CODE = "ABCDEFGH"


class Sent:
    """What the table emitted, by seat, and what it told the host."""

    def __init__(self) -> None:
        self.log: list[tuple[int, dict[str, Any]]] = []
        self.events: list[tuple[str, dict[str, Any]]] = []

    def emit(self, seat: int, message: dict[str, Any]) -> None:
        self.log.append((seat, message))

    def observe(self, event: str, data: dict[str, Any]) -> None:
        self.events.append((event, data))

    def of(self, seat: int, kind: str) -> list[dict[str, Any]]:
        return [m for s, m in self.log if s == seat and m["type"] == kind]


def table_of(sent: Sent, **kwargs: Any) -> Table:
    return Table(code=CODE, emit=sent.emit, observe=sent.observe, seed=11, **kwargs)


def play_bots(table: Table) -> None:
    """Answer every queued bot job with the greedy bot's hands."""
    for work in table.take_work():
        if isinstance(work, BotWork):
            bot = get_bot("greedy")
            hands = tuple(bot.arrange(list(h), table.rules, 0) for h in work.job.hands)
            table.bots_done(work, BotPlay(hands))


def greedy(table: Table, seat: int) -> str:
    return str(get_bot("greedy").arrange(list(table.seats[seat].cards), table.rules, 0))


def test_codes_are_random_long_and_readable() -> None:
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200
    assert all(len(c) == CODE_LENGTH == 8 and set(c) <= set(CODE_ALPHABET) for c in codes)
    assert not set("01OI") & set(CODE_ALPHABET)


def test_secrets_are_compared_whatever_is_given() -> None:
    assert same_secret("ABC", "ABC") and not same_secret("ABC", "ABD")
    for given in ("\ud800", "A\x00", "\u202eABC", 12, None, ["ABC"], "Ä" * 1000):
        assert not same_secret("ABC", given)
    table = Table(code=CODE)
    for code in ("\ud800", "\x00" * 8, 8, None):
        with pytest.raises(TableError, match=r"^wrong_code$"):
            table.join(code, "Ann")
    assert table.join(" abcdefgh ", "Ann").index == 0  # spaces and case as a person types it
    with pytest.raises(TableError, match=r"^bad_token$"):
        table.rejoin("\udcff")


def test_names_are_normalised_bounded_unique_and_never_a_bots() -> None:
    assert clean_name("  Ann\x1b[31m\n\u202e  ") == "Ann[31m"
    assert clean_name("Cafe\u0301") == "Café"  # NFC: one character
    assert len(clean_name("x" * 500)) == MAX_NAME
    marks = clean_name("a" + "\u0301" * 30000)
    assert len(marks) <= 3 and marks.startswith("á") and marks.count("\u0301") <= 2  # at most two marks
    assert clean_name("Ann\u200b\u200dLee\x00") == "AnnLee"
    for bad in ("", "   ", None, 5, ["Ann"], "\u202e\u200b", "\u0301\u0301"):
        with pytest.raises(TableError, match=r"^no_name$") as err:
            clean_name(bad)
        assert not err.value.close
    table = Table(seats=4, code=CODE)
    table.join(CODE, "Ann")
    for taken in ("ann", " ANN ", "An\u200bn"):
        with pytest.raises(TableError, match=r"^name_taken$"):
            table.join(CODE, taken)
    for botlike in ("Bot 2 (standard)", "bot", "БОТ 3", "Бот для Ann", "Bot for Ann (greedy)"):
        with pytest.raises(TableError, match=r"^bot_name$"):
            table.join(CODE, botlike)
    assert table.join(CODE, "Bottom").name == "Bottom" and not reads_as_bot("Bottom")
    with pytest.raises(TableError, match=r"^bad_lang$"):
        table.join(CODE, "Bob", lang="fr")


def test_the_table_refuses_impossible_setups() -> None:
    for kwargs, message in (({"seats": 1}, "a table has 2 to 4 seats, got 1"),
                            ({"seats": 5}, "a table has 2 to 4 seats, got 5"),
                            ({"seats": 3, "bots": 3}, "bots: 0 to 2 at a table of 3 seats, got 3"),
                            ({"seats": 2, "bots": -1}, "bots: 0 to 1 at a table of 2 seats, got -1"),
                            ({"seats": 2, "rules": HouseRules(bank=3)},
                             "the bank is seat 3, but the table has 2 seats")):
        with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
            Table(**kwargs)


def test_cards_are_dealt_sets_first() -> None:
    sent = Sent()
    table = table_of(sent, seats=2, bots=1)
    table.join(CODE, "Ann")
    (deal,) = sent.of(0, "deal")
    cards = parse_cards(deal["cards"])
    assert tuple(cards) == set_order(cards) and len(cards) == 13


def test_a_newcomer_takes_a_bots_seat_from_the_next_deal_and_full_means_people_everywhere() -> None:
    sent = Sent()
    table = table_of(sent, seats=3, bots=1)
    table.join(CODE, "Ann")
    table.join(CODE, "Bob")
    assert table.phase == "setting"
    late = table.join(CODE, "Cid", lang="ru")
    assert late.index == 2 and late.coming and late.bot and not late.human
    assert sent.of(2, "notice") and "следующей" in sent.of(2, "notice")[0]["message"]
    assert not sent.of(2, "deal")
    with pytest.raises(TableError, match=r"^bot_plays$"):
        table.set_hand(2, 1, greedy(table, 2))
    with pytest.raises(TableError, match=r"^full$") as err:
        table.join(CODE, "Dan")  # people hold (or are coming to) every seat
    assert err.value.close
    play_bots(table)
    table.set_hand(0, 1, greedy(table, 0))
    table.set_hand(1, 1, greedy(table, 1))
    assert table.phase == "showdown" and sent.of(2, "showdown")  # the newcomer sees this showdown
    table.next_deal(0)
    assert table.phase == "showdown"  # the next deal waits for the people who played this one …
    table.next_deal(1)
    assert table.phase == "setting"  # … not for the newcomer, who now plays
    assert table.seats[2].human and not table.seats[2].bot
    assert [m["deal"] for m in sent.of(2, "deal")] == [2]


def finish_deal(table: Table) -> None:
    """Every person sets greedily, the bots play, and everyone connected says next."""
    play_bots(table)
    assert table.deal is not None
    for seat in table.seats:
        if seat.human and not seat.has_set:
            table.set_hand(seat.index, table.deal.number, greedy(table, seat.index))
    play_bots(table)
    for seat in table.seats:
        if (seat.human or seat.coming) and seat.connected:
            table.next_deal(seat.index)


def test_a_person_replaced_while_away_gets_the_seat_back_with_their_token() -> None:
    sent = Sent()
    table = table_of(sent, seats=3, bots=1)
    ann = table.join(CODE, "Ann")
    table.join(CODE, "Bob")
    token = ann.token
    table.disconnected(0, now=100.0)
    assert table.replace_gone(now=130.0, after=60.0) == []
    assert table.replace_gone(now=160.0, after=60.0) == [0]
    assert table.seats[0].bot and table.seats[0].replaced
    state = table.state("ru")
    assert state["seats"][0]["name"] == "Бот для Ann (жадный)" or "Ann" in state["seats"][0]["name"]
    # the bot has not set yet: the seat is Ann's again at once, this deal
    back = table.rejoin(token)
    assert back.index == 0 and back.human and not back.bot and not back.replaced
    assert [m["deal"] for m in sent.of(0, "deal")] == [1, 1]
    # away again; this time the bot sets before Ann comes back: the seat is hers from the next deal
    table.disconnected(0, now=200.0)
    table.replace_gone(now=261.0, after=60.0)
    play_bots(table)
    assert table.seats[0].has_set
    back = table.rejoin(token, lang="ru")
    assert back.coming and back.bot
    with pytest.raises(TableError, match=r"^bot_plays$"):
        table.set_hand(0, 1, greedy(table, 0))
    finish_deal(table)
    assert table.deal_number == 2 and table.seats[0].human and not table.seats[0].bot
    # every person replaced: the table still takes them back (never all bots for good)
    for seat in (0, 1):
        table.disconnected(seat, now=300.0)
    assert table.replace_gone(now=400.0, after=60.0) == [0, 1]
    assert table.rejoin(token).index == 0


def test_a_newcomer_can_take_a_replaced_persons_seat_and_its_token_then_fails() -> None:
    sent = Sent()
    table = table_of(sent, seats=2)
    token = table.join(CODE, "Ann").token
    table.join(CODE, "Bob")
    table.disconnected(0, now=0.0)
    table.replace_gone(now=61.0, after=60.0)
    cid = table.join(CODE, "Cid")
    assert cid.index == 0 and cid.coming and cid.name == "Cid"
    with pytest.raises(TableError, match=r"^bad_token$"):
        table.rejoin(token)


def test_the_host_gives_a_seat_to_a_bot_removes_a_person_and_frees_a_seat() -> None:
    sent = Sent()
    table = table_of(sent, seats=3)
    ann, bob = table.join(CODE, "Ann").token, table.join(CODE, "Bob").token
    table.join(CODE, "Cid")
    assert table.phase == "setting"
    assert table.to_bot(0) and table.seats[0].bot and table.seats[0].replaced
    assert sent.of(0, "notice")[-1]["message"].startswith("The host gave your seat")
    assert not table.to_bot(0) and not table.to_bot(7) and not table.free_seat(1)
    assert table.rejoin(ann).human  # her token still works: the bot had not set
    assert table.remove(1)
    assert sent.of(1, "removed") and table.seats[1].bot and not table.seats[1].claimed
    with pytest.raises(TableError, match=r"^bad_token$"):
        table.rejoin(bob)
    assert table.free_seat(1) and table.seats[1].freeing
    finish_deal(table)
    # the freed seat is empty at the next deal: the table waits for someone to sit there
    assert table.phase == "waiting" and not table.seats[1].taken
    assert any(e == "freed" for e, _ in sent.events)
    table.join(CODE, "Dan")
    assert table.phase == "setting" and table.seats[1].human


def test_the_showdown_waits_for_its_hands_to_be_kept() -> None:
    sent = Sent()
    table = table_of(sent, seats=2, bots=1)
    table.defer_records = True
    table.join(CODE, "Ann")
    play_bots(table)
    table.set_hand(0, 1, greedy(table, 0))
    assert table.phase == "showdown" and not sent.of(0, "showdown")
    with pytest.raises(TableError, match=r"^not_shown$"):
        table.next_deal(0)
    (work,) = table.take_work()
    assert isinstance(work, RecordWork) and work.seats == (0,) and len(work.records) == 1
    table.recorded(work, ["uid-0"])
    (shown,) = sent.of(0, "showdown")
    assert shown["kinds"] == ["showdown"] or shown["kinds"][0] in ("foul", "natural", "both_fouled")
    reviews = [w for w in table.take_work() if isinstance(w, ReviewWork)]
    assert [(r.seat, r.uid) for r in reviews] == [(0, "uid-0")]


def record_of(rules: HouseRules, hands: Sequence[str]) -> list[HandRecord]:
    """The records a table of len(hands) people writes for these arrangements."""
    kept: list[HandRecord] = []

    def record(records: Sequence[HandRecord]) -> list[str]:
        kept.extend(records)
        return [f"uid-{i}" for i in range(len(records))]

    table = Table(seats=len(hands), code=CODE, rules=rules, record=record)
    for i in range(len(hands)):
        table.join(CODE, f"P{i}")
    for seat, text in zip(table.seats, hands, strict=True):
        arr = Arrangement.parse(text)
        seat.cards = tuple(arr.cards)
    for seat, text in zip(table.seats, hands, strict=True):
        table.set_hand(seat.index, 1, text)
    return kept


HANDS = ("Ah Ad 2c / Ks Kd 3c 4h 5s / Qs Qd Qc 7h 8s",  # fouled: aces on top over kings
         "2h 3h 4d / 9s 9d 6c 6d 5d / Ts Td Tc 7d 8d",
         "Jh Jd Jc / 2s 2d 3s 3d 4s / As Ac Kc Kh 7c")  # fouled: trips on top over two pair


@pytest.mark.parametrize("rules", [HouseRules(), HouseRules(royalties=True),
                                   HouseRules(system=ScoringSystem.ONE_SIX)])
def test_each_persons_record_has_their_own_points_against_each_opponent(rules: HouseRules) -> None:
    hands = ("2h 3h 4d / 9s 9d 6c 6d 5d / Ts Td Tc 7d 8d",
             "Ah Ad 2c / Ks Kd Kc 4h 5s / Qs Qd Qc Qh 8s",
             "Jh 9h 3c / As Ac 3s 3d 4s / 7c 7h 7s 2s 2d")
    kept = record_of(rules, hands)
    result = settle([Arrangement.parse(h) for h in hands], rules)
    assert [r.arrangement for r in kept] == [str(Arrangement.parse(h)) for h in hands]
    for seat, record in enumerate(kept):
        others = [o for o in range(3) if o != seat]
        assert [o.arrangement for o in record.opponents] == [str(Arrangement.parse(hands[o])) for o in others]
        expected = [float(next(p for p in result.pairs if set(p.players) == {seat, o}).points_of(seat))
                    for o in others]
        assert [o.points for o in record.opponents] == expected
        assert sum(o.points for o in record.opponents) == result.points[seat]
        assert [o.name for o in record.opponents] == [f"P{o}" for o in others]
    assert any(o.points != 0 for r in kept for o in r.opponents)


def test_a_fouled_record_names_its_fouls_and_its_dealt_cards() -> None:
    kept = record_of(HouseRules(), HANDS)
    assert [bool(r.fouls) for r in kept] == [True, False, True]
    for record, text in zip(kept, HANDS, strict=True):
        assert sorted(parse_cards(record.deal)) == sorted(Arrangement.parse(text).cards)


def test_names_are_in_each_readers_language() -> None:
    sent = Sent()
    table = table_of(sent, seats=3, bots=1, bot="newcomer:0.15")
    table.join(CODE, "Ann", lang="en")
    table.join(CODE, "Борис", lang="ru")
    (en,) = [m for s, m in sent.log if s == 0 and m["type"] == "table" and m["phase"] == "setting"][-1:]
    (ru,) = [m for s, m in sent.log if s == 1 and m["type"] == "table" and m["phase"] == "setting"][-1:]
    assert en["seats"][2]["name"] == "Bot 3 (newcomer (fouls 15%))"
    assert ru["seats"][2]["name"] == "Бот 3 (новичок (фолы 15%))"
    assert en["seats"][2]["bot_style"] == "newcomer:0.15"


def test_fill_with_bots_deals_at_once() -> None:
    sent = Sent()
    table = table_of(sent, seats=4)
    assert table.fill_with_bots() == []  # nobody to play with yet
    table.join(CODE, "Ann")
    assert table.fill_with_bots() == [1, 2, 3]
    assert table.phase == "setting" and [s.bot for s in table.seats] == [False, True, True, True]
    deals = sent.of(0, "deal")
    assert len(deals) == 1 and deals[0]["seat"] == 0
    (work,) = table.take_work()
    assert isinstance(work, BotWork) and work.job.seats == (1, 2, 3)
