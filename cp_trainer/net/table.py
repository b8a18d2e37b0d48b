"""The teaching table's game, as plain Python: seats, deals, checks, sets and the showdown.

:class:`Table` is the one authority over the game; it never touches the network. The server
(:mod:`.server`) hands it what each connection says and sends what it emits. Everything a seat
sends is validated here against the deal on the table: a seat only ever names its own deal and
its own cards, and nothing a seat is sent before the showdown names another seat's cards.

Heavy work (the bots setting their hands, the solver's review of each human seat) is not done
here: the table queues :class:`BotWork` and :class:`ReviewWork` (:meth:`Table.take_work`); the
server runs them off its event loop and gives the answers back (:meth:`Table.bots_done`,
:meth:`Table.review_done`).

The rules are the rules core's: :func:`~cp_trainer.arrangement.check_partial` and
:func:`~cp_trainer.arrangement.check_arrangement` judge, :func:`~cp_trainer.settlement.settle`
settles, the fouls are written as ``cp-trainer check --json`` writes them and the settlement as
``cp-trainer score --json`` does.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..arrangement import Arrangement, ArrangementParseError, CheckResult, check_arrangement, check_partial
from ..bot_names import BotChoice
from ..cards import Card, CardParseError, Deck, format_cards
from ..history.record import FoulNote, Game, HandRecord, OpponentHand, now_utc
from ..house_rules import HouseRules
from ..house_rules_file import RulesFile, _plain
from ..i18n import LANGUAGES, tr
from ..session import BotJob, BotPlay
from ..settlement import Settlement, settle

__all__ = [
    "CODE_ALPHABET",
    "MAX_NAME",
    "BotWork",
    "Review",
    "ReviewWork",
    "Seat",
    "Table",
    "TableError",
    "new_code",
]

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud at a table
CODE_LENGTH = 6
MAX_NAME = 24  # characters of a player's name
MAX_ARRANGEMENT = 200  # characters of an arrangement's text
SURRENDER = "surrender"  # the arrangement of a surrendered hand, as ``cp-trainer score`` takes it


def new_code() -> str:
    """A random table code: 6 characters from :data:`CODE_ALPHABET`, from :mod:`secrets`."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


class TableError(Exception):
    """What a seat asked cannot be done; ``key`` is the ``net.error.*`` message, said in the
    seat's language. ``close``: the connection ends after the error (a wrong code, a bad token)."""

    def __init__(self, key: str, close: bool = False, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.close = close
        self.params = params

    def message(self, lang: str) -> str:
        return tr(f"net.error.{self.key}", lang, **self.params)


@dataclass
class Seat:
    index: int
    name: str = ""
    bot: bool = False
    human: bool = False  # a person took this seat (and it is not a bot now)
    token: str = ""
    lang: str = "en"
    connected: bool = False
    gone_since: float | None = None  # when its connection dropped
    cards: tuple[Card, ...] = ()
    arrangement: Arrangement | None = None
    surrendered: bool = False
    has_set: bool = False
    ready: bool = False  # sent "next" after the showdown
    replaced: bool = False  # a person's seat given to a bot

    @property
    def taken(self) -> bool:
        return self.bot or self.human

    def public(self) -> dict[str, Any]:
        """What every seat may know about this one at any time (never its cards)."""
        return {"seat": self.index, "name": self.name, "bot": self.bot,
                "connected": self.connected or self.bot, "set": self.has_set}


@dataclass(frozen=True)
class BotWork:
    """Set these seats' hands as the table's bot would (off the event loop)."""

    deal: int
    job: BotJob


@dataclass(frozen=True)
class ReviewWork:
    """The solver's review of one human seat's hand (off the event loop)."""

    deal: int
    seat: int
    cards: tuple[Card, ...]
    arrangement: Arrangement | None  # None: the seat surrendered without setting
    opponents: int
    bot: str
    rules: HouseRules
    uid: str | None  # the hand's identity in the history


@dataclass(frozen=True)
class Review:
    """The solver's verdict on one seat's hand (as ``cp-trainer grade`` computes it)."""

    best: Arrangement
    best_ev: float
    ev: float
    loss: float
    loss_stderr: float
    significant: bool


Emit = Callable[[int, dict[str, Any]], None]  # (seat, message) to that seat's connection
Observe = Callable[[str, dict[str, Any]], None]  # (event, public data) for the host's window or log
Record = Callable[[Sequence[HandRecord]], list[str]]  # stores hands in the history, their identities


@dataclass
class _Deal:
    number: int
    settlement: Settlement | None = None
    showdown: dict[str, Any] | None = None
    reviews: dict[int, dict[str, Any]] = field(default_factory=dict)
    uids: dict[int, str] = field(default_factory=dict)


class Table:
    """One table: ``seats`` seats (2 to 4), the last ``bots`` of them bots from the start."""

    def __init__(self, *, seats: int = 4, bots: int = 0, bot: str = "standard",
                 rules: HouseRules | None = None, code: str | None = None, lang: str = "en",
                 emit: Emit | None = None, observe: Observe | None = None, record: Record | None = None,
                 seed: int | None = None, review_bot: str | None = None) -> None:
        if not 2 <= seats <= 4:
            raise ValueError(f"a table has 2 to 4 seats, got {seats}")
        if not 0 <= bots < seats:
            raise ValueError(f"bots: 0 to {seats - 1} at a table of {seats} seats, got {bots}")
        self.rules = rules or HouseRules()
        if not 0 <= self.rules.bank < seats:
            raise ValueError(f"the bank is seat {self.rules.bank}, but the table has {seats} seats")
        self.code = code or new_code()
        self.lang = lang
        self.bot = bot
        self.review_bot = review_bot or (bot if bot in ("greedy", "standard") else "standard")
        self.seats = [Seat(i, lang=lang) for i in range(seats)]
        for seat in self.seats[seats - bots:]:
            seat.bot = True
        self._name_bots()
        self._emit = emit or (lambda seat, msg: None)
        self._observe = observe or (lambda event, data: None)
        self._record = record
        self._seed = seed
        self._deals = 0
        self.deal: _Deal | None = None
        self.phase = "waiting"  # waiting (for players), setting, showdown
        self._work: list[BotWork | ReviewWork] = []
        self._bots_pending: set[int] = set()

    # --- reading -----------------------------------------------------------------------------

    @property
    def size(self) -> int:
        return len(self.seats)

    @property
    def deal_number(self) -> int:
        return self.deal.number if self.deal is not None else 0

    def rules_json(self) -> dict[str, Any]:
        """The house rules as a rules file writes them (``joined``'s ``rules``)."""
        return _plain(RulesFile(self.rules), every_key=False)

    def state(self) -> dict[str, Any]:
        return {"type": "table", "deal": self.deal_number, "phase": self.phase,
                "seats": [s.public() for s in self.seats]}

    def take_work(self) -> list[BotWork | ReviewWork]:
        work, self._work = self._work, []
        return work

    # --- seats -------------------------------------------------------------------------------

    def _name_bots(self) -> None:
        for seat in self.seats:
            if seat.bot and not seat.name:
                seat.name = tr("net.bot_name", self.lang, n=seat.index + 1, bot=self.bot)

    def join(self, code: object, name: object, lang: object = None,
             attach: Callable[[int], None] | None = None) -> Seat:
        """A person sits down: the code must be the table's; the first free seat is theirs."""
        if not isinstance(code, str) or not secrets.compare_digest(code.strip().upper().encode(),
                                                                  self.code.upper().encode()):
            raise TableError("wrong_code", close=True)
        if not isinstance(name, str) or not name.strip():
            raise TableError("no_name")
        clean = " ".join("".join(ch for ch in name if ch.isprintable()).split())[:MAX_NAME]
        if not clean:
            raise TableError("no_name")
        seat = next((s for s in self.seats if not s.taken), None)
        if seat is None:
            raise TableError("full", close=True)
        seat_lang = self._lang(lang, self.lang)
        seat.human, seat.name, seat.token = True, clean, secrets.token_urlsafe(18)
        seat.lang = seat_lang
        seat.connected, seat.gone_since = True, None
        if attach is not None:
            attach(seat.index)
        self._welcome(seat)
        self._broadcast_state()
        self._observe("joined", {"seat": seat.index, "name": seat.name})
        if self.phase == "waiting" and all(s.taken for s in self.seats):
            self._new_deal()
        return seat

    def fill_with_bots(self) -> list[int]:
        """Bots take every seat no one has taken (the host's "deal now"); the deal comes when
        at least one person sits at the table. Returns the seats given to bots."""
        if self.phase != "waiting" or not any(s.human for s in self.seats):
            return []
        empty = [s for s in self.seats if not s.taken]
        for seat in empty:
            seat.bot = True
        self._name_bots()
        self._broadcast_state()
        self._new_deal()
        return [s.index for s in empty]

    def rejoin(self, token: object, lang: object = None,
               attach: Callable[[int], None] | None = None) -> Seat:
        """The same seat again after a dropped connection, and the deal on the table again."""
        seat = next((s for s in self.seats if isinstance(token, str) and s.human and s.token
                     and secrets.compare_digest(s.token.encode(), token.encode())), None)
        if seat is None:
            gone = any(s.replaced and isinstance(token, str) and s.token
                       and secrets.compare_digest(s.token.encode(), token.encode()) for s in self.seats)
            raise TableError("replaced" if gone else "bad_token", close=True)
        seat.lang = self._lang(lang, seat.lang)
        seat.connected, seat.gone_since = True, None
        if attach is not None:
            attach(seat.index)
        self._welcome(seat)
        if self.deal is not None:
            self._send_deal(seat)
            if seat.has_set:
                self._emit(seat.index, {"type": "accepted", "deal": self.deal.number})
            if self.deal.showdown is not None:
                self._emit(seat.index, self.deal.showdown)
                for review in self.deal.reviews.values():
                    self._emit(seat.index, review)
        self._broadcast_state()
        self._observe("rejoined", {"seat": seat.index, "name": seat.name})
        return seat

    def _welcome(self, seat: Seat) -> None:
        self._emit(seat.index, {"type": "joined", "seat": seat.index, "token": seat.token,
                                "seats": self.size, "rules": self.rules_json()})

    @staticmethod
    def _lang(lang: object, default: str) -> str:
        if lang is None:
            return default
        if not isinstance(lang, str) or lang not in LANGUAGES:
            raise TableError("bad_lang", langs=", ".join(LANGUAGES))
        return lang

    def set_lang(self, seat_index: int, lang: object) -> None:
        seat = self.seats[seat_index]
        seat.lang = self._lang(lang, seat.lang)

    def disconnected(self, seat_index: int, now: float) -> None:
        seat = self.seats[seat_index]
        if seat.human and seat.connected:
            seat.connected, seat.gone_since = False, now
            self._broadcast_state()
            self._observe("left", {"seat": seat.index, "name": seat.name})
            self._maybe_next()

    def replace_gone(self, now: float, after: float) -> list[int]:
        """Seats whose person has been gone for ``after`` seconds become bots; the table is
        told. Returns the seats replaced."""
        replaced = []
        for seat in self.seats:
            gone = seat.gone_since
            if seat.human and not seat.connected and gone is not None and now - gone >= after:
                replaced.append(seat.index)
                seat.human, seat.bot, seat.replaced = False, True, True
                seat.gone_since = None
                old = seat.name
                seat.name = tr("net.bot_for", self.lang, name=old, bot=self.bot)
                for other in self._people():
                    self._emit(other.index, {"type": "notice", "seat": seat.index,
                                             "message": tr("net.notice.replaced", other.lang, name=old)})
                self._observe("replaced", {"seat": seat.index, "name": old})
                if self.phase == "setting" and not seat.has_set:
                    self._ask_bots([seat])
        if replaced:
            self._broadcast_state()
            self._maybe_showdown()
            self._maybe_next()
        return replaced

    def _people(self) -> list[Seat]:
        return [s for s in self.seats if s.human and s.connected]

    def _broadcast_state(self) -> None:
        state = self.state()
        for seat in self._people():
            self._emit(seat.index, state)
        self._observe("table", state)

    # --- deals -------------------------------------------------------------------------------

    def _new_deal(self) -> None:
        self._deals += 1
        seed = self._seed * 1_000_003 + self._deals if self._seed is not None else secrets.randbits(64)
        deck = Deck(seed=seed)
        self.deal = _Deal(self._deals)
        self.phase = "setting"
        for seat in self.seats:
            seat.cards = tuple(deck.deal(13))
            seat.arrangement, seat.surrendered, seat.has_set, seat.ready = None, False, False, False
        for seat in self.seats:
            if seat.human:
                self._send_deal(seat)
        self._observe("deal", {"deal": self.deal.number})
        self._broadcast_state()
        self._ask_bots([s for s in self.seats if s.bot])

    def _send_deal(self, seat: Seat) -> None:
        assert self.deal is not None
        self._emit(seat.index, {"type": "deal", "deal": self.deal.number, "seat": seat.index,
                                "cards": format_cards(seat.cards)})

    def _ask_bots(self, seats: Sequence[Seat]) -> None:
        if not seats or self.deal is None:
            return
        self._bots_pending.update(s.index for s in seats)
        job = BotJob(BotChoice.of(self.bot), self.rules, tuple(s.cards for s in seats),
                     tuple(s.index for s in seats), surrender=self.rules.surrender)
        self._work.append(BotWork(self.deal.number, job))

    def bots_done(self, work: BotWork, play: BotPlay | tuple[Arrangement, ...]) -> None:
        """The bots' arrangements of ``work`` (stale answers, for an earlier deal, are dropped)."""
        if self.deal is None or work.deal != self.deal.number or self.phase != "setting":
            return
        if not isinstance(play, BotPlay):
            play = BotPlay(tuple(play))
        for index, arr in zip(work.job.seats, play.hands, strict=True):
            seat = self.seats[index]
            if not seat.bot or seat.has_set or sorted(arr.cards) != sorted(seat.cards):
                continue
            seat.arrangement, seat.surrendered, seat.has_set = arr, index in play.surrendered, True
            self._bots_pending.discard(index)
        self._broadcast_state()
        self._maybe_showdown()

    # --- a seat's actions ------------------------------------------------------------------

    def _own_deal(self, seat: Seat, deal: object) -> _Deal:
        if self.deal is None or self.phase == "waiting":
            raise TableError("no_deal")
        if isinstance(deal, bool) or not isinstance(deal, int) or deal != self.deal.number:
            raise TableError("wrong_deal", deal=_short(deal), current=self.deal.number)
        return self.deal

    def _parse(self, seat: Seat, text: object, *, full: bool) -> Arrangement:
        if not isinstance(text, str):
            raise TableError("no_arrangement")
        if len(text) > MAX_ARRANGEMENT:
            raise TableError("arrangement_too_long", limit=MAX_ARRANGEMENT)
        try:
            arr = Arrangement.parse(text)
        except ArrangementParseError:
            raise TableError("rows", n=len(text.split("/"))) from None
        except CardParseError as exc:
            raise TableError("not_a_card", token=_short(exc.token)) from None
        mine = set(seat.cards)
        strange = [c for c in arr.cards if c not in mine]
        if strange:
            raise TableError("not_your_cards", cards=format_cards(strange))
        if len(set(arr.cards)) != len(arr.cards):
            repeated = sorted({c for c in arr.cards if arr.cards.count(c) > 1})
            raise TableError("repeated", cards=format_cards(repeated))
        if full and not arr.complete:
            raise TableError("sizes", top=len(arr.top), middle=len(arr.middle), bottom=len(arr.bottom))
        return arr

    def check(self, seat_index: int, deal: object, text: object) -> dict[str, Any]:
        """The live check of a partial or full arrangement of the seat's own cards."""
        seat = self.seats[seat_index]
        d = self._own_deal(seat, deal)
        arr = self._parse(seat, text, full=False)
        placed = set(arr.cards)
        left = [c for c in seat.cards if c not in placed]
        result = check_partial(arr, self.rules, seat.lang, remaining=left)
        return {"type": "checked", "deal": d.number, "legal": not result.fouled,
                "fouls": [{"code": f.code, "message": f.message} for f in result.fouls],
                "message": check_message(result, arr, seat.lang)}

    def set_hand(self, seat_index: int, deal: object, text: object) -> None:
        """The seat sets its hand (a fouled one too: it is a choice, settled as a foul)."""
        seat = self.seats[seat_index]
        d = self._own_deal(seat, deal)
        if self.phase != "setting":
            raise TableError("already_shown")
        if seat.has_set:
            raise TableError("already_set")
        arr = self._parse(seat, text, full=True)
        seat.arrangement, seat.has_set = arr, True
        self._emit(seat.index, {"type": "accepted", "deal": d.number})
        self._observe("set", {"seat": seat.index, "name": seat.name})
        self._broadcast_state()
        self._maybe_showdown()

    def surrender(self, seat_index: int, deal: object) -> None:
        """The seat gives its hand up (when the house rules allow); after setting it too, until
        the showdown."""
        seat = self.seats[seat_index]
        d = self._own_deal(seat, deal)
        if not self.rules.surrender:
            raise TableError("no_surrender")
        if self.phase != "setting":
            raise TableError("already_shown")
        if seat.surrendered:
            raise TableError("already_set")
        seat.surrendered = True
        seat.has_set = True
        self._emit(seat.index, {"type": "accepted", "deal": d.number})
        self._observe("set", {"seat": seat.index, "name": seat.name, "surrendered": True})
        self._broadcast_state()
        self._maybe_showdown()

    def next_deal(self, seat_index: int) -> None:
        """The seat is ready for the next deal; it comes when every person at the table is."""
        seat = self.seats[seat_index]
        if self.phase != "showdown":
            raise TableError("not_shown")
        seat.ready = True
        self._maybe_next()

    def _maybe_next(self) -> None:
        if self.phase != "showdown":
            return
        people = self._people()
        if people and all(s.ready for s in people):
            self._new_deal()

    # --- the showdown --------------------------------------------------------------------------

    def _maybe_showdown(self) -> None:
        if self.phase != "setting" or self.deal is None or not all(s.has_set for s in self.seats):
            return
        d = self.deal
        hands: list[Arrangement | None] = [None if s.surrendered else s.arrangement for s in self.seats]
        surrendered = {s.index for s in self.seats if s.surrendered}
        d.settlement = settle(hands, self.rules, surrendered=surrendered)
        from ..cli.score import result_json  # the score --json shape (cheap: no solver, no Qt)

        scored = result_json(d.settlement, self.rules, False)
        d.showdown = {
            "type": "showdown", "deal": d.number,
            "hands": [{"seat": s.index, "name": s.name, "bot": s.bot,
                       "arrangement": SURRENDER if s.surrendered else str(s.arrangement),
                       "fouled": (not s.surrendered and s.arrangement is not None
                                  and check_arrangement(s.arrangement, self.rules).fouled),
                       "surrendered": s.surrendered} for s in self.seats],
            "points": scored["points"], "pairs": scored["pairs"],
        }
        if "money" in scored:
            d.showdown["money"] = scored["money"]
        self.phase = "showdown"
        for seat in self._people():
            self._emit(seat.index, d.showdown)
        self._record_hands(d)
        self._observe("showdown", d.showdown)
        self._broadcast_state()
        for seat in self.seats:
            if seat.human:
                self._work.append(ReviewWork(d.number, seat.index, seat.cards,
                                             None if seat.surrendered and seat.arrangement is None
                                             else seat.arrangement,
                                             self.size - 1, self.review_bot, self.rules,
                                             d.uids.get(seat.index)))

    def _record_hands(self, d: _Deal) -> None:
        """Each person's hand in the host's history (the other seats as its opponents)."""
        if self._record is None or d.settlement is None:
            return
        records, seats = [], []
        for seat in self.seats:
            if not seat.human:
                continue
            arr = seat.arrangement or _as_dealt(seat.cards)
            fouls = () if seat.surrendered else tuple(
                FoulNote(f.code, f.message) for f in check_arrangement(arr, self.rules, self.lang).fouls)
            opponents = []
            for other in self.seats:
                if other.index == seat.index:
                    continue
                pair = next(p for p in d.settlement.pairs if set(p.players) == {seat.index, other.index})
                shown = other.arrangement or _as_dealt(other.cards)
                opponents.append(OpponentHand(str(shown), float(pair.points_of(seat.index)),
                                              self.bot if other.bot else other.name,
                                              surrendered=other.surrendered))
            records.append(HandRecord(game=Game.CHINESE, deal=format_cards(seat.cards), arrangement=str(arr),
                                      played_at=now_utc(), fouls=fouls, opponents=tuple(opponents),
                                      house_rules=self.rules.to_dict(), surrendered=seat.surrendered))
            seats.append(seat.index)
        if records:
            d.uids = dict(zip(seats, self._record(records), strict=True))

    def review_done(self, work: ReviewWork, review: Review) -> dict[str, Any]:
        """The solver's verdict on ``work``'s seat: sent to every person at the table."""
        message = {"type": "review", "deal": work.deal, "seat": work.seat, "best": str(review.best),
                   "loss": round(review.loss, 6), "loss_stderr": round(review.loss_stderr, 6),
                   "significant": review.significant}
        if self.deal is not None and self.deal.number == work.deal:
            self.deal.reviews[work.seat] = message
            for seat in self._people():
                self._emit(seat.index, message)
        self._observe("review", {**message, "name": self.seats[work.seat].name, "ev": review.ev,
                                 "best_ev": review.best_ev})
        return message


def _as_dealt(cards: Sequence[Card]) -> Arrangement:
    return Arrangement(tuple(cards[:3]), tuple(cards[3:8]), tuple(cards[8:13]))


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "…"


def check_message(result: CheckResult, arr: Arrangement, lang: str) -> str:
    """One line for the player: the fouls found, or how far the hand is."""
    if result.fouls:
        return " ".join(f.message[:1].upper() + f.message[1:].rstrip(".") + "." for f in result.fouls)
    if arr.complete:
        return tr("net.check.legal", lang)
    return tr("net.check.so_far", lang, placed=len(arr.cards))
