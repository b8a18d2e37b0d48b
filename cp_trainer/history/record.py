"""One played hand as a plain value: what the history stores, exports and imports.

A :class:`HandRecord` holds text, numbers and a house-rules dictionary only, so it does not depend
on the rules core's classes and stays readable after they change. Card text is normalised to the
ASCII form (``As Td``; ``Jk`` for the Pai Gow joker); arrangement text is rows separated by
``" / "``, top (or, in Pai Gow, high hand) first.

:meth:`HandRecord.from_dict` is the one validator: the database loader and the JSON Lines
importer both go through it, and every error is a :class:`RecordError` naming the field and value.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from enum import Enum
from typing import Any

from ..cards import Card, CardParseError
from ..house_rules import HouseRules, HouseRulesError

__all__ = ["FoulNote", "Game", "HandRecord", "OpponentHand", "RecordError"]

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
    """An opponent's (bot's, dealer's) arrangement and the points the player won from it."""

    arrangement: str
    points: float
    name: str = ""


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
    surrendered: bool = False  # the player gave the hand up (house rule): no rows compared
    criss_cross_hand: int | None = None  # Criss Cross: which of the player's two hands (1 or 2)
    id: int | None = None

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
            "played_at": self.played_at.astimezone(UTC).isoformat(timespec="microseconds"),
            "deal": self.deal,
            "arrangement": self.arrangement,
            "fouls": [{"code": f.code, "message": f.message} for f in self.fouls],
            "opponents": [
                {"name": o.name, "arrangement": o.arrangement, "points": o.points} for o in self.opponents
            ],
            "house_rules": dict(self.house_rules),
            "solver": (
                None if self.solver_arrangement is None
                else {"arrangement": self.solver_arrangement, "ev": self.solver_ev}
            ),
            "player_ev": self.player_ev,
            # Only when set, so ordinary hands export exactly as before these fields existed.
            **({"surrendered": True} if self.surrendered else {}),
            **({"criss_cross_hand": self.criss_cross_hand} if self.criss_cross_hand is not None else {}),
        }

    @classmethod
    def from_dict(cls, data: Any) -> HandRecord:
        """Validate and build a record from :meth:`to_dict`'s form; raise :class:`RecordError`."""
        if not isinstance(data, dict):
            raise RecordError(f"a hand must be a JSON object, got {type(data).__name__}")
        known = {"game", "played_at", "deal", "arrangement", "fouls", "opponents", "house_rules",
                 "solver", "player_ev", "surrendered", "criss_cross_hand"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise RecordError(f"unknown field(s): {', '.join(unknown)}")
        missing = [k for k in ("game", "played_at", "deal", "arrangement") if k not in data]
        if missing:
            raise RecordError(f"missing field(s): {', '.join(missing)}")
        try:
            game = Game(data["game"])
        except (ValueError, TypeError):
            raise RecordError(f"game must be 'chinese' or 'paigow', got {data['game']!r}") from None
        played_at = parse_time(data["played_at"])
        deal = normalize_cards(_text(data, "deal"), "deal")
        deal_tokens = deal.split()
        if len(deal_tokens) != game.deal_size:
            raise RecordError(f"deal must hold {game.deal_size} cards, got {len(deal_tokens)}: {deal!r}")
        _check_unique(deal_tokens, game, "deal")
        arrangement = normalize_arrangement(_text(data, "arrangement"), "arrangement")
        if sorted(arrangement.replace("/", " ").split()) != sorted(deal_tokens):
            raise RecordError(f"arrangement {arrangement!r} does not hold exactly the dealt cards {deal!r}")

        fouls = tuple(_foul(f, i) for i, f in enumerate(_list(data, "fouls")))
        opponents = tuple(_opponent(o, i) for i, o in enumerate(_list(data, "opponents")))
        rules = data.get("house_rules", {})
        if not isinstance(rules, dict):
            raise RecordError(f"house_rules must be an object, got {rules!r}")
        if game is Game.CHINESE:
            try:
                HouseRules.from_dict(rules)
            except HouseRulesError as exc:
                raise RecordError(f"house_rules: {exc}") from None
            except OverflowError:  # HouseRules checks an int too large for a float by converting it
                raise RecordError("house_rules: a number too large (more than a float holds)") from None
        solver = data.get("solver")
        solver_arr: str | None = None
        solver_ev: float | None = None
        if solver is not None:
            if not isinstance(solver, dict) or "arrangement" not in solver:
                raise RecordError(
                    f"solver must be null or an object with 'arrangement' and 'ev', got {solver!r}")
            solver_arr = normalize_arrangement(_text(solver, "arrangement"), "solver.arrangement")
            if sorted(solver_arr.replace("/", " ").split()) != sorted(deal_tokens):
                raise RecordError(f"solver.arrangement {solver_arr!r} does not hold the dealt cards")
            solver_ev = _number(solver.get("ev"), "solver.ev", nullable=True)
        player_ev = _number(data.get("player_ev"), "player_ev", nullable=True)
        surrendered = data.get("surrendered", False)
        if not isinstance(surrendered, bool):
            raise RecordError(f"surrendered must be true or false, got {surrendered!r}")
        cc_hand = data.get("criss_cross_hand")
        if cc_hand is not None and (isinstance(cc_hand, bool) or cc_hand not in (1, 2)):
            raise RecordError(f"criss_cross_hand must be 1, 2 or null, got {cc_hand!r}")
        if cc_hand is not None and game is not Game.CHINESE:
            raise RecordError("criss_cross_hand is for Chinese poker hands only")
        return cls(
            game=game, deal=deal, arrangement=arrangement, played_at=played_at, fouls=fouls,
            opponents=opponents, house_rules=rules, solver_arrangement=solver_arr,
            solver_ev=solver_ev, player_ev=player_ev, surrendered=surrendered, criss_cross_hand=cc_hand,
        )


# --- helpers (also used by the store) ---------------------------------------------------------


def now_utc() -> datetime:
    return datetime.now(UTC)


def parse_time(value: Any) -> datetime:
    if not isinstance(value, str):
        raise RecordError(f"played_at must be an ISO 8601 time, got {value!r}")
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        raise RecordError(f"played_at is not an ISO 8601 time: {value!r}") from None
    if when.tzinfo is None:
        raise RecordError(f"played_at needs a time zone (e.g. +00:00): {value!r}")
    return when.astimezone(UTC)


def normalize_cards(text: str, what: str) -> str:
    """``"A♠ 10h jk"`` → ``"As Th Jk"``; a bad token raises :class:`RecordError`."""
    out: list[str] = []
    for token in text.split():
        if token.lower() in _JOKER_SPELLINGS:
            out.append(JOKER)
            continue
        try:
            out.append(str(Card.parse(token)))
        except CardParseError:
            raise RecordError(f"{what}: not a card: {token!r}") from None
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


def _text(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise RecordError(f"{key} must be text, got {value!r}")
    return value


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise RecordError(f"{key} must be a list, got {value!r}")
    return value


MAX_NUMBER = 1e9  # far beyond any hand's points or EV: a larger number is a broken file


def _number(value: Any, what: str, *, nullable: bool = False) -> float | None:
    if value is None and nullable:
        return None
    # compared, never converted first: an int too large for a float must not raise OverflowError
    if isinstance(value, bool) or not isinstance(value, int | float) \
            or not -MAX_NUMBER <= value <= MAX_NUMBER:  # also refuses nan and inf
        got = f"{value!r:.60}" if not isinstance(value, int) or value.bit_length() < 200 else \
            "a number of over 60 digits"
        raise RecordError(f"{what} must be a finite number from -1e9 to 1e9, got {got}")
    return float(value)


def _foul(item: Any, i: int) -> FoulNote:
    if not isinstance(item, dict) or not isinstance(item.get("code"), str) or not item["code"] \
            or not isinstance(item.get("message"), str):
        raise RecordError(f"fouls[{i}] must be an object with text 'code' and 'message', got {item!r}")
    return FoulNote(item["code"], item["message"])


def _opponent(item: Any, i: int) -> OpponentHand:
    if not isinstance(item, dict):
        raise RecordError(f"opponents[{i}] must be an object, got {item!r}")
    arrangement = normalize_arrangement(_text(item, "arrangement"), f"opponents[{i}].arrangement")
    points = _number(item.get("points"), f"opponents[{i}].points")
    assert points is not None
    name = item.get("name", "")
    if not isinstance(name, str):
        raise RecordError(f"opponents[{i}].name must be text, got {name!r}")
    return OpponentHand(arrangement=arrangement, points=points, name=name)
