"""The teaching table's game, as plain Python: seats, deals, checks, sets and the showdown.

:class:`Table` is the one authority over the game; it never touches the network. The server
(:mod:`.server`) hands it what each connection says and sends what it emits. Everything a seat
sends is validated here against the deal on the table: a seat only ever names its own deal and
its own cards, and nothing a seat is sent before the showdown names another seat's cards.

Seats. A seat is empty, played by a person, or played by a bot. A person away longer than the
server's limit (:meth:`Table.replace_gone`), or given to a bot by the host (:meth:`Table.to_bot`),
keeps a claim on the seat: their token (:meth:`Table.rejoin`) gives it back at once while the bot
has not set this deal's hand, else from the next deal. A newcomer who joins a table whose seats
are all taken takes a seat a bot plays (a bot's from the start first, then a replaced person's),
from the next deal; "the table is full" only when people hold every seat. The host can also remove
a person (:meth:`Table.remove`) or free a bot's seat for a newcomer (:meth:`Table.free_seat`).

Heavy work (the bots setting their hands, the solver's review of each human seat) is not done
here: the table queues :class:`BotWork` and :class:`ReviewWork` (:meth:`Table.take_work`); the
server runs them off its event loop and gives the answers back (:meth:`Table.bots_done`,
:meth:`Table.review_done`). With ``defer_records`` the hands of a showdown are queued as
:class:`RecordWork` too, and the showdown is sent only once the server says where they are
(:meth:`Table.recorded`): a hand a player sees settled is kept first.

The rules are the rules core's: :func:`~cp_trainer.rules.arrangement.check_partial` and
:func:`~cp_trainer.rules.arrangement.check_arrangement` judge, :func:`~cp_trainer.rules.settlement.settle`
settles, the fouls are written as ``cp-trainer check --json`` writes them and the settlement as
``cp-trainer score --json`` does.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..chinese.session import BotJob, BotPlay
from ..cli.score import result_json
from ..history.record import HandRecord
from ..rules.arrangement import Arrangement, ArrangementParseError, check_arrangement, check_partial
from ..rules.arrangement_text import foul_message
from ..rules.bot_names import BotChoice
from ..rules.cards import CardParseError, Deck, format_cards, label_cards, set_order
from ..rules.house_rules import HouseRules
from ..rules.house_rules_file import RulesFile, _plain
from ..rules.settlement import Settlement, settle
from ..support.i18n import LANGUAGES, tr
from ..support.shown import shorten
from .records import check_message, hand_records
from .seats import Seat, TableError, clean_name, new_code, reads_as_bot, same_secret
from .work import BotWork, RecordWork, Review, ReviewWork, Work

__all__ = ["SURRENDER", "Table", "shown_arrangement"]

MAX_ARRANGEMENT = 200  # characters of an arrangement's text
SURRENDER = "surrender"  # the arrangement of a surrendered hand, as ``cp-trainer score`` takes it
Emit = Callable[[int, dict[str, Any]], None]  # (seat, message) to that seat's connection
Observe = Callable[[str, dict[str, Any]], None]  # (event, public data) for the host's window or log
Record = Callable[[Sequence[HandRecord]], list[str]]  # stores hands in the history, their identities


@dataclass
class _Deal:
    number: int
    settlement: Settlement | None = None
    showdown: dict[str, Any] | None = None  # the showdown without the names (see _showdown_for)
    shown: bool = False  # the showdown was sent (after its hands were kept)
    reviews: dict[int, dict[str, Any]] = field(default_factory=dict)
    uids: dict[int, str] = field(default_factory=dict)


def shown_arrangement(arr: Arrangement) -> str:
    """``arr`` with each row sets first (the order the product shows rows in)."""
    return str(Arrangement(*(set_order(row) for row in arr.rows)))


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
        self._emit = emit or (lambda seat, msg: None)
        self._observe = observe or (lambda event, data: None)
        self._record = record
        self.defer_records = False  # queue RecordWork and show the showdown once it is recorded
        self._seed = seed
        self._deals = 0
        self.deal: _Deal | None = None
        self.phase = "waiting"  # waiting (for players), setting, showdown
        self._work: list[Work] = []
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

    def state(self, lang: str | None = None) -> dict[str, Any]:
        """The table as a reader of ``lang`` (the table's language by default) sees it."""
        lang = lang or self.lang
        return {"type": "table", "deal": self.deal_number, "phase": self.phase,
                "seats": [s.public(lang, self.bot) for s in self.seats]}

    def take_work(self) -> list[Work]:
        work, self._work = self._work, []
        return work

    # --- seats -------------------------------------------------------------------------------

    def check_code(self, code: object) -> None:
        """Raise ``wrong_code`` (closing the connection) unless ``code`` is the table's."""
        given = code.strip().upper() if isinstance(code, str) else code
        if not same_secret(self.code.upper(), given):
            raise TableError("wrong_code", close=True)

    def _check_name(self, name: object) -> str:
        clean = clean_name(name)
        folded = clean.casefold()
        if reads_as_bot(clean):
            raise TableError("bot_name")
        if any(s.claimed and s.name.casefold() == folded for s in self.seats):
            raise TableError("name_taken", name=clean)
        return clean

    def join(self, code: object, name: object, lang: object = None,
             attach: Callable[[int], None] | None = None) -> Seat:
        """A person sits down: the code must be the table's. The first free seat is theirs; at a
        table whose seats are all taken, a seat a bot plays, from the next deal."""
        self.check_code(code)
        clean = self._check_name(name)
        seat_lang = self._lang(lang, self.lang)
        seat = next((s for s in self.seats if not s.taken), None)
        coming = seat is None
        if seat is None:
            seat = self._seat_for_newcomer()
            if seat is None:
                raise TableError("full", close=True)
        seat.name, seat.token, seat.lang = clean, secrets.token_urlsafe(18), seat_lang
        seat.connected, seat.gone_since, seat.freeing = True, None, False
        if coming:
            seat.coming, seat.replaced = True, False
        else:
            seat.human = True
        if attach is not None:
            attach(seat.index)
        self._welcome(seat)
        if coming:
            self._emit(seat.index, {"type": "notice", "seat": seat.index,
                                    "message": tr("net.notice.next_deal", seat.lang)})
        self._broadcast_state()
        self._observe("joined", {"seat": seat.index, "name": seat.name, "coming": coming})
        if self.phase == "waiting" and all(s.taken for s in self.seats):
            self._new_deal()
        return seat

    def _seat_for_newcomer(self) -> Seat | None:
        """A seat a bot plays that no person is coming to: a bot's from the start first, then the
        seat of the person replaced longest ago (lowest seat first among equals)."""
        bots = [s for s in self.seats if s.bot and not s.coming and not s.freeing]
        return next((s for s in bots if not s.replaced), None) or next(iter(bots), None)

    def fill_with_bots(self) -> list[int]:
        """Bots take every seat no one has taken (the host's "deal now"); the deal comes when
        at least one person sits at the table. Returns the seats given to bots."""
        if self.phase != "waiting" or not any(s.human for s in self.seats):
            return []
        empty = [s for s in self.seats if not s.taken]
        for seat in empty:
            seat.bot = True
        self._broadcast_state()
        self._new_deal()
        return [s.index for s in empty]

    def rejoin(self, token: object, lang: object = None,
               attach: Callable[[int], None] | None = None) -> Seat:
        """The same seat again after a dropped connection, and the deal on the table again. A
        person a bot replaced gets the seat back at once if the bot has not set this deal's
        hand, else from the next deal."""
        seat = next((s for s in self.seats if s.claimed and same_secret(s.token, token)), None)
        if seat is None:
            raise TableError("bad_token", close=True)
        seat.lang = self._lang(lang, seat.lang)
        seat.connected, seat.gone_since = True, None
        if seat.replaced:
            self._take_back(seat)
        if attach is not None:
            attach(seat.index)
        self._welcome(seat)
        if seat.coming:
            self._emit(seat.index, {"type": "notice", "seat": seat.index,
                                    "message": tr("net.notice.next_deal", seat.lang)})
        if self.deal is not None:
            if seat.human:
                self._send_deal(seat)
                if seat.has_set:
                    self._emit(seat.index, {"type": "accepted", "deal": self.deal.number})
            if self.deal.shown:
                self._emit(seat.index, self._showdown_for(seat.lang))
                for review in self.deal.reviews.values():
                    self._emit(seat.index, review)
        self._broadcast_state()
        self._observe("rejoined", {"seat": seat.index, "name": seat.name, "coming": seat.coming})
        return seat

    def _take_back(self, seat: Seat) -> None:
        """A replaced person is back: the seat is theirs now while its bot has not set (nor is
        being asked to, past the deal), else from the next deal."""
        if self.phase == "setting" and not seat.has_set:
            seat.bot, seat.human, seat.replaced = False, True, False
            self._bots_pending.discard(seat.index)
        elif self.phase == "waiting":
            seat.bot, seat.human, seat.replaced = False, True, False
        else:
            seat.coming = True

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
        if seat.claimed and seat.connected:
            seat.connected, seat.gone_since = False, now
            self._broadcast_state()
            self._observe("left", {"seat": seat.index, "name": seat.name})
            self._maybe_next()

    def replace_gone(self, now: float, after: float) -> list[int]:
        """Seats whose person has been gone for ``after`` seconds are played by a bot; the table
        is told. Returns the seats replaced."""
        gone = [s for s in self.seats if s.human and not s.connected and s.gone_since is not None
                and now - s.gone_since >= after]
        for seat in gone:
            self._to_bot(seat, "replaced")
        if gone:
            self._after_seat_change()
        return [s.index for s in gone]

    def _to_bot(self, seat: Seat, event: str) -> None:
        seat.human, seat.bot, seat.replaced, seat.coming = False, True, True, False
        seat.gone_since = None
        for other in self._people():
            if other is not seat:
                self._emit(other.index, {"type": "notice", "seat": seat.index,
                                         "message": tr(f"net.notice.{event}", other.lang, name=seat.name)})
        self._observe(event, {"seat": seat.index, "name": seat.name})
        if self.phase == "setting" and not seat.has_set:
            self._ask_bots([seat])

    def _after_seat_change(self) -> None:
        self._broadcast_state()
        self._maybe_showdown()
        self._maybe_next()

    # --- the host's hand on the seats ----------------------------------------------------------

    def to_bot(self, seat_index: int) -> bool:
        """The host gives a person's seat to a bot now; the person's token gives it back (as
        after a long absence). False if no person plays that seat."""
        seat = self._seat(seat_index)
        if seat is None or not seat.human:
            return False
        if seat.connected:
            self._emit(seat.index, {"type": "notice", "seat": seat.index,
                                    "message": tr("net.notice.you_to_bot", seat.lang)})
        self._to_bot(seat, "given_to_bot")
        self._after_seat_change()
        return True

    def remove(self, seat_index: int, close: Callable[[int], None] | None = None) -> bool:
        """The host removes the person holding a seat (playing, coming or away): their token no
        longer works, a bot plays the seat until a newcomer takes it. ``close`` ends the person's
        connection (after the notice). False if no person holds that seat."""
        seat = self._seat(seat_index)
        if seat is None or not seat.claimed:
            return False
        name = seat.name
        if seat.connected:
            self._emit(seat.index, {"type": "removed", "seat": seat.index,
                                    "message": tr("net.notice.removed_you", seat.lang)})
            if close is not None:
                close(seat.index)
        was_playing = seat.human
        seat.human, seat.bot, seat.replaced, seat.coming = False, True, False, False
        seat.name, seat.token, seat.connected, seat.gone_since = "", "", False, None
        self._observe("removed", {"seat": seat.index, "name": name})
        if was_playing and self.phase == "setting" and not seat.has_set:
            self._ask_bots([seat])
        self._after_seat_change()
        return True

    def free_seat(self, seat_index: int) -> bool:
        """The host frees a seat a bot plays (and no person is coming to): it is empty from the
        next deal (at once while no deal is on), for a newcomer; until someone sits there the
        table waits (or the host deals with bots again). A replaced person's claim ends. False
        if a person plays or is coming to that seat."""
        seat = self._seat(seat_index)
        if seat is None or not seat.bot or seat.coming:
            return False
        seat.replaced, seat.name, seat.token = False, "", ""
        if self.phase == "waiting":
            seat.bot = False
        else:
            seat.freeing = True
        self._observe("freed", {"seat": seat.index})
        self._broadcast_state()
        return True

    def _seat(self, index: object) -> Seat | None:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self.size:
            return None
        return self.seats[index]

    def _people(self) -> list[Seat]:
        """The connected people: those playing and those coming at the next deal."""
        return [s for s in self.seats if (s.human or s.coming) and s.connected]

    def _broadcast_state(self) -> None:
        for seat in self._people():
            self._emit(seat.index, self.state(seat.lang))
        self._observe("table", self.state())

    # --- deals -------------------------------------------------------------------------------

    def _seat_changes_at_deal(self) -> None:
        """Between deals: people coming take their seats, freed seats empty."""
        for seat in self.seats:
            if seat.coming:
                seat.coming, seat.bot, seat.human, seat.replaced = False, False, True, False
                if not seat.connected:  # gone before their first deal: counted from now
                    seat.human, seat.bot, seat.replaced = False, True, True
            if seat.freeing:
                seat.freeing, seat.bot = False, False

    def _new_deal(self) -> None:
        self._seat_changes_at_deal()
        if not all(s.taken for s in self.seats) or not any(s.human for s in self.seats):
            self.phase, self.deal = "waiting", None
            self._broadcast_state()
            return
        self._deals += 1
        seed = self._seed * 1_000_003 + self._deals if self._seed is not None else secrets.randbits(64)
        deck = Deck(seed=seed)
        self.deal = _Deal(self._deals)
        self.phase = "setting"
        for seat in self.seats:
            seat.cards = set_order(deck.deal(13))
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
        if seat.coming or not seat.human:
            raise TableError("bot_plays")
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
            raise TableError("not_your_cards", cards=label_cards(strange))
        if len(set(arr.cards)) != len(arr.cards):
            repeated = sorted({c for c in arr.cards if arr.cards.count(c) > 1})
            raise TableError("repeated", cards=label_cards(repeated))
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
        result = check_partial(arr, self.rules, remaining=left)
        return {"type": "checked", "deal": d.number, "legal": not result.fouled,
                "fouls": [{"code": f.code, "message": foul_message(f, seat.lang)} for f in result.fouls],
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
        if self.phase != "showdown" or self.deal is None or not self.deal.shown:
            raise TableError("not_shown")
        seat.ready = True
        self._maybe_next()

    def _maybe_next(self) -> None:
        """The next deal comes when every connected person who played this deal is ready (or,
        where none is connected, every person coming to a seat)."""
        if self.phase != "showdown" or self.deal is None or not self.deal.shown:
            return
        people = [s for s in self._people() if s.human] or self._people()
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
        scored = result_json(d.settlement, self.rules, False)
        d.showdown = {
            "type": "showdown", "deal": d.number,
            "hands": [{"seat": s.index, "bot": s.bot,
                       "arrangement": SURRENDER if s.surrendered else str(s.arrangement),
                       "shown": (SURRENDER if s.surrendered or s.arrangement is None
                                 else shown_arrangement(s.arrangement)),
                       "fouled": (not s.surrendered and s.arrangement is not None
                                  and check_arrangement(s.arrangement, self.rules).fouled),
                       "surrendered": s.surrendered} for s in self.seats],
            "points": scored["points"], "pairs": scored["pairs"],
            # what settled each pair (only "showdown" compares rows), in the order of "pairs"
            "kinds": [pair.kind.value for pair in d.settlement.pairs],
        }
        if "money" in scored:
            d.showdown["money"] = scored["money"]
        self.phase = "showdown"
        records, seats = hand_records(self.seats, d.settlement, self.rules, self.bot, self.lang)
        if records and self.defer_records:
            self._work.append(RecordWork(d.number, tuple(seats), tuple(records)))
            return
        uids = self._record(records) if records and self._record is not None else []
        self._show(d, dict(zip(seats, uids, strict=False)))

    def recorded(self, work: RecordWork, uids: Sequence[str]) -> None:
        """The server has kept ``work``'s hands (``uids``: their identities in the history, empty
        where they could not be kept): the showdown is shown now."""
        d = self.deal
        if d is None or d.number != work.deal or d.shown:
            return
        self._show(d, dict(zip(work.seats, uids, strict=False)))

    def _show(self, d: _Deal, uids: dict[int, str]) -> None:
        d.uids, d.shown = uids, True
        for seat in self._people():
            self._emit(seat.index, self._showdown_for(seat.lang))
        self._observe("showdown", self._showdown_for(self.lang))
        self._broadcast_state()
        for seat in self.seats:
            if seat.human:
                self._work.append(ReviewWork(d.number, seat.index, seat.cards,
                                             None if seat.surrendered and seat.arrangement is None
                                             else seat.arrangement,
                                             self.size - 1, self.review_bot, self.rules,
                                             d.uids.get(seat.index)))
        self._maybe_next()

    def _showdown_for(self, lang: str) -> dict[str, Any]:
        """The deal's showdown with each seat's name as a reader of ``lang`` sees it."""
        assert self.deal is not None and self.deal.showdown is not None
        showdown = dict(self.deal.showdown)
        showdown["hands"] = [{"seat": h["seat"], "name": self.seats[h["seat"]].shown_name(lang, self.bot),
                              **{k: v for k, v in h.items() if k != "seat"}} for h in showdown["hands"]]
        return showdown

    def review_done(self, work: ReviewWork, review: Review) -> dict[str, Any]:
        """The solver's verdict on ``work``'s seat: sent to every person at the table."""
        message = {"type": "review", "deal": work.deal, "seat": work.seat, "best": str(review.best),
                   "loss": round(review.loss, 6), "loss_stderr": round(review.loss_stderr, 6),
                   "significant": review.significant}
        if self.deal is not None and self.deal.number == work.deal:
            self.deal.reviews[work.seat] = message
            for seat in self._people():
                self._emit(seat.index, message)
        self._observe("review", {**message, "name": self.seats[work.seat].shown_name(self.lang, self.bot),
                                 "ev": review.ev, "best_ev": review.best_ev})
        return message


def _short(value: object) -> str:
    return shorten(repr(value), 40, 37, mark="…")
