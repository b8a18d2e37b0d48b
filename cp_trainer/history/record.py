"""One played hand as a plain value: what the history stores, exports and imports.

A :class:`HandRecord` holds text, numbers and a house-rules dictionary only, so it does not depend
on the rules core's classes and stays readable after they change. Card text is normalised to the
ASCII form (``As Td``; ``Jk`` for the Pai Gow joker); arrangement text is rows separated by
``" / "``, top (or, in Pai Gow, high hand) first.

:meth:`HandRecord.from_dict` is the one validator: the database loader and the JSON Lines
importer both go through it, and every error is a :class:`RecordError` naming the field and value.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from enum import Enum
from typing import Any

from ..rules.cards import Card, CardParseError
from ..rules.house_rules import HouseRules, HouseRulesError
from ..support.shown import shorten
from .limits import MAX_FOULS, MAX_LINE_BYTES, MAX_NUMBER, MAX_YEAR, MIN_YEAR

__all__ = ["MAX_NUMBER", "FoulNote", "Game", "HandRecord", "OpponentHand", "RecordError", "export_line",
           "hand_uid"]

JOKER = "Jk"
_JOKER_SPELLINGS = {"jk", "joker"}


class RecordError(ValueError):
    """A hand record (from a file or the database) is invalid; the message says which field."""


class Game(Enum):
    CHINESE = "chinese"
    PAIGOW = "paigow"

    @property
    def deal_size(self) -> int:
        return 13 if self is Game.CHINESE else 7


@dataclass(frozen=True)
class FoulNote:
    """One problem the rules core found in the player's arrangement."""

    code: str
    message: str


@dataclass(frozen=True)
class OpponentHand:
    """An opponent's (bot's, dealer's) arrangement and the points the player won from it;
    ``surrendered``: the bot gave this hand up (house rule), so its rows were never compared."""

    arrangement: str
    points: float
    name: str = ""
    surrendered: bool = False


def _solver_verdict(solver: Any, deal_tokens: list[str]) -> tuple[str | None, float | None, float | None]:
    """(arrangement, EV, loss's standard error) of a hand's ``solver`` field, all None for null."""
    if solver is None:
        return None, None, None
    if not isinstance(solver, dict) or "arrangement" not in solver:
        raise RecordError(
            f"solver must be null or an object with 'arrangement' and 'ev', got {short_repr(solver)}")
    solver_arr = normalize_arrangement(required_text(solver, "arrangement"), "solver.arrangement")
    if sorted(solver_arr.replace("/", " ").split()) != sorted(deal_tokens):
        raise RecordError(f"solver.arrangement {short_repr(solver_arr)} does not hold the "
                          "dealt cards")
    solver_ev = finite_number(solver.get("ev"), "solver.ev", nullable=True)
    loss_stderr = finite_number(solver.get("loss_stderr"), "solver.loss_stderr", nullable=True)
    if loss_stderr is not None and loss_stderr < 0:
        raise RecordError(f"solver.loss_stderr must not be negative, got {short_repr(loss_stderr)}")
    return solver_arr, solver_ev, loss_stderr


@dataclass(frozen=True)
class HandRecord:
    game: Game
    deal: str
    arrangement: str
    played_at: datetime
    fouls: tuple[FoulNote, ...] = ()
    opponents: tuple[OpponentHand, ...] = ()
    house_rules: Mapping[str, Any] = field(default_factory=dict)
    solver_arrangement: str | None = None
    solver_ev: float | None = None
    player_ev: float | None = None
    # the paired standard error of ev_lost (None: not stored, as in hands before schema 7)
    loss_stderr: float | None = None
    surrendered: bool = False  # the player gave the hand up (house rule): no rows compared
    criss_cross_hand: int | None = None  # Criss Cross: which of the player's two hands (1 or 2)
    id: int | None = None
    uid: str | None = field(default=None, compare=False)  # stable identity (None: see :attr:`identity`)

    @property
    def identity(self) -> str:
        """The hand's stable identity: kept in the database, exported and re-imported, so one hand
        is stored once however often a file holding it is imported (:func:`hand_uid` unless set)."""
        if self.uid is not None:
            return self.uid
        return hand_uid(self.game.value, iso_utc(self.played_at), self.deal, self.arrangement,
                        self.criss_cross_hand)

    # --- derived figures ------------------------------------------------------------------

    @property
    def points(self) -> float:
        """The player's total against every opponent."""
        return float(sum(o.points for o in self.opponents))

    @property
    def fouled(self) -> bool:
        return bool(self.fouls)

    @property
    def ev_lost(self) -> float | None:
        """Solver's EV minus the player's EV (points per hand the choice cost); None if unknown."""
        if self.solver_ev is None or self.player_ev is None:
            return None
        return self.solver_ev - self.player_ev

    def deal_cards(self) -> list[Card]:
        """The dealt cards as :class:`Card` values (a Pai Gow joker is left out)."""
        return [Card.parse(t) for t in self.deal.split() if t != JOKER]

    def with_id(self, record_id: int | None) -> HandRecord:
        return replace(self, id=record_id)

    # --- plain-data form --------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (the export format; ``id`` is left out, it belongs to one database)."""
        return {
            "game": self.game.value,
            "played_at": iso_utc(self.played_at),
            "uid": self.identity,
            "deal": self.deal,
            "arrangement": self.arrangement,
            "fouls": [{"code": f.code, "message": f.message} for f in self.fouls],
            "opponents": [
                {"name": o.name, "arrangement": o.arrangement, "points": o.points,
                 **({"surrendered": True} if o.surrendered else {})} for o in self.opponents
            ],
            "house_rules": dict(self.house_rules),
            "solver": (
                None if self.solver_arrangement is None
                else {"arrangement": self.solver_arrangement, "ev": self.solver_ev,
                      **({"loss_stderr": self.loss_stderr} if self.loss_stderr is not None else {})}
            ),
            "player_ev": self.player_ev,
            # Only when set, so ordinary hands export in the format that has no such fields.
            **({"surrendered": True} if self.surrendered else {}),
            **({"criss_cross_hand": self.criss_cross_hand} if self.criss_cross_hand is not None else {}),
        }

    @classmethod
    def from_dict(cls, data: Any) -> HandRecord:
        """Validate and build a record from :meth:`to_dict`'s form; raise :class:`RecordError`."""
        if not isinstance(data, dict):
            raise RecordError(f"a hand must be a JSON object, got {type(data).__name__}")
        known = {"game", "played_at", "deal", "arrangement", "fouls", "opponents", "house_rules",
                 "solver", "player_ev", "surrendered", "criss_cross_hand", "uid"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise RecordError(f"unknown field(s): {short_repr(', '.join(unknown))}")
        missing = [k for k in ("game", "played_at", "deal", "arrangement") if k not in data]
        if missing:
            raise RecordError(f"missing field(s): {', '.join(missing)}")
        try:
            game = Game(data["game"])
        except (ValueError, TypeError):
            raise RecordError(f"game must be 'chinese' or 'paigow', got {short_repr(data['game'])}") from None
        played_at = parse_time(data["played_at"])
        deal = normalize_cards(required_text(data, "deal"), "deal")
        deal_tokens = deal.split()
        if len(deal_tokens) != game.deal_size:
            raise RecordError(
                f"deal must hold {game.deal_size} cards, got {len(deal_tokens)}: {short_repr(deal)}")
        _check_unique(deal_tokens, game, "deal")
        arrangement = normalize_arrangement(required_text(data, "arrangement"), "arrangement")
        if sorted(arrangement.replace("/", " ").split()) != sorted(deal_tokens):
            raise RecordError(
                f"arrangement {short_repr(arrangement)} does not hold exactly the dealt cards "
                f"{short_repr(deal)}")

        foul_items = _list(data, "fouls")
        if len(foul_items) > MAX_FOULS:
            raise RecordError(f"fouls: {len(foul_items):,} of them, more than the {MAX_FOULS:,} a hand "
                              "may have")
        fouls = tuple(_foul(f, i) for i, f in enumerate(foul_items))
        opponents = tuple(_opponent(o, i) for i, o in enumerate(_list(data, "opponents")))
        rules = data.get("house_rules", {})
        if not isinstance(rules, dict):
            raise RecordError(f"house_rules must be an object, got {short_repr(rules)}")
        _check_rules(rules, game)
        solver_arr, solver_ev, loss_stderr = _solver_verdict(data.get("solver"), deal_tokens)
        player_ev = finite_number(data.get("player_ev"), "player_ev", nullable=True)
        surrendered = data.get("surrendered", False)
        if not isinstance(surrendered, bool):
            raise RecordError(f"surrendered must be true or false, got {short_repr(surrendered)}")
        cc_hand = data.get("criss_cross_hand")
        if cc_hand is not None and (isinstance(cc_hand, bool) or cc_hand not in (1, 2)):
            raise RecordError(f"criss_cross_hand must be 1, 2 or null, got {short_repr(cc_hand)}")
        if cc_hand is not None and game is not Game.CHINESE:
            raise RecordError("criss_cross_hand is for Chinese poker hands only")
        uid = data.get("uid")
        if uid is not None and (not isinstance(uid, str) or not _UID.fullmatch(uid)):
            raise RecordError(f"uid must be 1 to 64 letters, digits or '-', got {short_repr(uid)}")
        total = sum(o.points for o in opponents)
        if not -MAX_NUMBER <= total <= MAX_NUMBER:
            raise RecordError(f"the points against all opponents must total from -1e9 to 1e9, got {total:g}")
        return cls(
            game=game, deal=deal, arrangement=arrangement, played_at=played_at, fouls=fouls,
            opponents=opponents, house_rules=rules, solver_arrangement=solver_arr,
            solver_ev=solver_ev, player_ev=player_ev, loss_stderr=loss_stderr, surrendered=surrendered,
            criss_cross_hand=cc_hand,
            uid=uid,
        )


# --- field helpers (also used by the store and the drill results) -----------------------------


_UID = re.compile(r"[0-9A-Za-z-]{1,64}")


def hand_uid(game: str, played_at: str, deal: str, arrangement: str, criss_cross_hand: int | None) -> str:
    """A hand's identity from what makes it that hand (time, game, cards and rows): 32 hex digits.
    The database's migration to schema 5 computes it with this same function."""
    cross = "" if criss_cross_hand is None else str(criss_cross_hand)
    text = "\x1f".join((game, played_at, deal, arrangement, cross))
    return hashlib.sha256(text.encode("utf-8", "backslashreplace")).hexdigest()[:32]


def export_line(record: Any) -> str:
    """A record's line in an export file (a :class:`HandRecord` or a drill result: anything with
    ``to_dict``), newline included; :class:`RecordError` when it would be longer than an import
    reads (:data:`~.limits.MAX_LINE_BYTES`), so what is exported always imports again."""
    line = json.dumps(record.to_dict(), ensure_ascii=False, sort_keys=True) + "\n"
    if len(line) * 4 > MAX_LINE_BYTES:  # (a character is at most 4 bytes of UTF-8)
        size = len(line.encode("utf-8", "surrogatepass"))
        if size > MAX_LINE_BYTES:
            raise RecordError(f"its export line would be {size:,} bytes, more than the {MAX_LINE_BYTES:,} "
                              "an import reads")
    return line


def iso_utc(when: datetime) -> str:
    """A time as stored and exported: ISO 8601 in UTC, to the microsecond."""
    return when.astimezone(UTC).isoformat(timespec="microseconds")


def short_repr(value: Any) -> str:
    """``repr`` of a bad value for a message, at most 60 characters (never raises: a huge
    number or a value nested too deep is described instead)."""
    if isinstance(value, int) and value.bit_length() >= 200:
        return "a number of over 60 digits"
    try:
        text = repr(value)
    except RecursionError:  # nested too deep to print
        return f"a {type(value).__name__} nested too deep"
    return shorten(text, 60, 57, mark="...")


def check_text(text: str, what: str) -> str:
    """Text that will be stored must be valid Unicode: a lone surrogate (``"\\ud800"`` in JSON,
    or bad UTF-8 read from the database) is refused here, not met as a crash in the database.
    (Cards, times and identities are rewritten in ASCII, so only free text is checked.)"""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise RecordError(
            f"{what}: text that is not valid Unicode (a lone surrogate): {short_repr(text)}") from None
    return text


_RULES_CHECKED: set[str] = set()  # house rules (canonical JSON) already found valid: a history repeats a few


def _check_rules(rules: dict[str, Any], game: Game) -> None:
    """Storable text for any game; Chinese poker's also valid :class:`HouseRules` within the
    bounds the settings, the rules file and the command line keep."""
    try:
        key = game.value + json.dumps(rules, sort_keys=True, ensure_ascii=False)
    except (RecursionError, ValueError, TypeError):
        raise RecordError("house_rules: not a set of house rules (nested too deep)") from None
    if key in _RULES_CHECKED:
        return
    check_text(key, "house_rules")
    if game is not Game.CHINESE:
        if len(_RULES_CHECKED) < 4096:
            _RULES_CHECKED.add(key)
        return
    try:
        problem = HouseRules.from_dict(rules).bounds_problem()  # the bounds every way in keeps
    except HouseRulesError as exc:
        raise RecordError(f"house_rules: {exc}") from None
    except OverflowError:  # HouseRules checks an int too large for a float by converting it
        raise RecordError("house_rules: a number too large (more than a float holds)") from None
    if problem is not None:
        raise RecordError(f"house_rules: {problem}")
    if len(_RULES_CHECKED) < 4096:
        _RULES_CHECKED.add(key)


def now_utc() -> datetime:
    return datetime.now(UTC)


def parse_time(value: Any) -> datetime:
    if not isinstance(value, str):
        raise RecordError(f"played_at must be an ISO 8601 time, got {short_repr(value)}")
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        raise RecordError(f"played_at is not an ISO 8601 time: {short_repr(value)}") from None
    if when.tzinfo is None:
        raise RecordError(f"played_at needs a time zone (e.g. +00:00): {short_repr(value)}")
    try:
        utc = when.astimezone(UTC)
    except OverflowError:  # 0001-01-01T00:00:00+05:00 is before year 1 in UTC
        utc = None
    if utc is None or not MIN_YEAR <= utc.year <= MAX_YEAR:
        raise RecordError(f"played_at must be a time from year {MIN_YEAR} to {MAX_YEAR}: {short_repr(value)}")
    return utc


@functools.lru_cache(maxsize=1024)
def _normal_token(token: str) -> str:
    """One card token in the ASCII form (cached: a history repeats the same 53 tokens; a bad
    token raises and is not cached)."""
    if token.lower() in _JOKER_SPELLINGS:
        return JOKER
    return str(Card.parse(token))


def normalize_cards(text: str, what: str) -> str:
    """``"A♠ 10h jk"`` → ``"As Th Jk"``; a bad token raises :class:`RecordError`."""
    out: list[str] = []
    for token in text.split():
        try:
            out.append(_normal_token(token))
        except CardParseError:
            raise RecordError(f"{what}: not a card: {short_repr(token)}") from None
    return " ".join(out)


def normalize_arrangement(text: str, what: str) -> str:
    rows = [normalize_cards(r, what) for r in text.split("/")]
    return " / ".join(rows)


def _check_unique(tokens: Sequence[str], game: Game, what: str) -> None:
    seen: set[str] = set()
    for t in tokens:
        if t in seen:
            kind = "joker" if t == JOKER else "card"
            raise RecordError(f"{what}: duplicate {kind} {t}")
        seen.add(t)
    if JOKER in seen and game is Game.CHINESE:
        raise RecordError(f"{what}: Chinese poker has no joker")


def required_text(data: Mapping[str, Any], key: str) -> str:
    """``data[key]``, which must be text; :class:`RecordError` names the key otherwise."""
    value = data.get(key)
    if not isinstance(value, str):
        raise RecordError(f"{key} must be text, got {short_repr(value)}")
    return value


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise RecordError(f"{key} must be a list, got {short_repr(value)}")
    return value


def finite_number(value: Any, what: str, *, nullable: bool = False) -> float | None:
    """``value`` as a float when it is a number from -1e9 to 1e9 (None passes when ``nullable``);
    :class:`RecordError` naming ``what`` for anything else (text, a bool, nan, inf, too large)."""
    if value is None and nullable:
        return None
    # compared, never converted first: an int too large for a float must not raise OverflowError
    if isinstance(value, bool) or not isinstance(value, int | float) \
            or not -MAX_NUMBER <= value <= MAX_NUMBER:  # also refuses nan and inf
        raise RecordError(f"{what} must be a finite number from -1e9 to 1e9, got {short_repr(value)}")
    return float(value)


def _foul(item: Any, i: int) -> FoulNote:
    if not isinstance(item, dict) or not isinstance(item.get("code"), str) or not item["code"] \
            or not isinstance(item.get("message"), str):
        raise RecordError(f"fouls[{i}] must be an object with text 'code' and 'message', "
                          f"got {short_repr(item)}")
    return FoulNote(check_text(item["code"], f"fouls[{i}].code"),
                    check_text(item["message"], f"fouls[{i}].message"))


def _opponent(item: Any, i: int) -> OpponentHand:
    if not isinstance(item, dict):
        raise RecordError(f"opponents[{i}] must be an object, got {short_repr(item)}")
    arrangement = normalize_arrangement(required_text(item, "arrangement"), f"opponents[{i}].arrangement")
    points = finite_number(item.get("points"), f"opponents[{i}].points")
    assert points is not None
    name = item.get("name", "")
    if not isinstance(name, str):
        raise RecordError(f"opponents[{i}].name must be text, got {short_repr(name)}")
    name = check_text(name, f"opponents[{i}].name")
    surrendered = item.get("surrendered", False)
    if not isinstance(surrendered, bool):
        raise RecordError(f"opponents[{i}].surrendered must be true or false, got {short_repr(surrendered)}")
    return OpponentHand(arrangement=arrangement, points=points, name=name, surrendered=surrendered)
