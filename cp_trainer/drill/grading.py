"""Grades by significant EV loss, from a hand's stored solver answer.

A hand's :class:`HandAnalysis` is what the solver said about it once: every Pareto candidate
worth keeping with its expected points (EV), and its loss to the best with the *paired* standard
error of that loss (all candidates met the same samples). Grading an arrangement is then a look-up
(:meth:`HandAnalysis.grade`): an arrangement scores exactly as the candidate with the same three
row strengths, so any arrangement matching a stored candidate is graded at once, and so is a
foul (its EV is exact: :func:`foul_ev`). An arrangement that matches none (a dominated one, or
one far from the best) is graded by the solver's ``grade`` instead (see :func:`.analysis.grade_live`).

The grade (:class:`GradeLevel`), by the loss L to the best and whether it is significant
(L > ``SIGNIFICANCE_Z`` · its standard error):

==============  ====================================================
Best            not significantly worse than the best
Good            significant, L ≤ 0.10 points
Inaccuracy      significant, L ≤ 0.30
Mistake         significant, L ≤ 1.00
Blunder         significant, L > 1.00; a fouled arrangement, always
==============  ====================================================
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from typing import Any

from ..rules.arrangement import Arrangement, Stage, check_arrangement, row_strengths
from ..rules.bot_names import BotChoice, BotName, UnknownBotError, format_bot
from ..rules.cards import Card, format_cards, parse_cards
from ..rules.house_rules import HouseRules
from ..support.i18n import tr

__all__ = [
    "GOOD_MAX",
    "INACCURACY_MAX",
    "MISTAKE_MAX",
    "SIGNIFICANCE_Z",
    "CandidateAnswer",
    "DrillGrade",
    "DrillInputError",
    "GradeLevel",
    "HandAnalysis",
    "classify",
]

# Loss thresholds in points per deal (documented in README.md, shown in the Drill window).
GOOD_MAX = 0.10
INACCURACY_MAX = 0.30
MISTAKE_MAX = 1.00
# A loss is significant when it exceeds this many standard errors of the paired difference.
SIGNIFICANCE_Z = 2.0


class DrillInputError(ValueError):
    """Drill input that cannot be used (a hand or arrangement that does not fit); quotes it."""


class GradeLevel(Enum):
    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def key(self) -> str:
        return self.value

    def label(self, lang: str = "en") -> str:
        return tr(f"drill.grade.{self.value}", lang)

    @property
    def missed(self) -> bool:
        """Worse than Good: the hand comes back for review (:mod:`.schedule`)."""
        return self in (GradeLevel.INACCURACY, GradeLevel.MISTAKE, GradeLevel.BLUNDER)

    @property
    def score(self) -> float:
        """The game result against the hand's difficulty (:mod:`.rating`): 1 for Best, 0 for a
        Blunder, in even steps between."""
        return _SCORES[self]


_SCORES = {GradeLevel.BEST: 1.0, GradeLevel.GOOD: 0.75, GradeLevel.INACCURACY: 0.5,
           GradeLevel.MISTAKE: 0.25, GradeLevel.BLUNDER: 0.0}


def classify(loss: float, significant: bool, *, foul: bool = False) -> GradeLevel:
    """The grade of a loss (points per deal) to the best; see the module docstring."""
    if foul:
        return GradeLevel.BLUNDER
    if not significant:
        return GradeLevel.BEST
    if loss <= GOOD_MAX:
        return GradeLevel.GOOD
    if loss <= INACCURACY_MAX:
        return GradeLevel.INACCURACY
    if loss <= MISTAKE_MAX:
        return GradeLevel.MISTAKE
    return GradeLevel.BLUNDER


@dataclass(frozen=True)
class CandidateAnswer:
    """One stored candidate: its arrangement, EV and the loss to the best with the loss's paired
    standard error (0 and 0 for the best itself)."""

    arrangement: Arrangement
    ev: float
    stderr: float
    loss: float
    loss_stderr: float

    @property
    def significant(self) -> bool:
        return self.loss > SIGNIFICANCE_Z * self.loss_stderr


@dataclass(frozen=True)
class DrillGrade:
    """The verdict on one drill hand."""

    arrangement: Arrangement
    ev: float
    best: Arrangement
    best_ev: float
    loss: float
    loss_stderr: float
    significant: bool
    foul: bool
    level: GradeLevel
    samples: int

    @property
    def counted_loss(self) -> float:
        """The loss that counts for accuracy: 0 unless significant."""
        return self.loss if self.significant or self.foul else 0.0

    def to_json(self) -> dict[str, Any]:
        return {"arrangement": str(self.arrangement), "ev": round(self.ev, 6),
                "best": {"arrangement": str(self.best), "ev": round(self.best_ev, 6)},
                "loss": round(self.loss, 6), "loss_stderr": round(self.loss_stderr, 6),
                "significant": self.significant, "foul": self.foul, "grade": self.level.value,
                "samples": self.samples}


def foul_ev(rules: HouseRules, opponents: int, bot: BotChoice | str = BotName.STANDARD) -> float | None:
    """The exact EV of a fouled arrangement when the rules and the bots make it certain: a foul
    loses the scoop amount to every legal hand, so against bots that never foul, without
    royalties, naturals, surrender or *ignore fouls*, it is ``-scoop × opponents``. None under
    other rules, and against a ``newcomer`` who fouls (a foul against a foul scores nothing: the
    solver measures how often that happens)."""
    if rules.ignore_fouls or rules.royalties or rules.naturals or rules.surrender:
        return None
    if BotChoice.of(bot).foul_rate > 0:
        return None
    return -float(rules.scoop_points * opponents)


def _is_foul(arrangement: Arrangement, rules: HouseRules) -> bool:
    return not check_arrangement(arrangement, rules, stage=Stage.SHOWDOWN).legal


Row = tuple[str, float, float, float, float]  # a stored candidate: rows code, EV, error, loss, error


@dataclass(frozen=True)
class HandAnalysis:
    """The solver's answer for one hand (candidates best first; the first is the best).

    ``rows`` holds the stored candidates compactly — each as its rows code (:func:`rows_code`,
    over ``cards`` in their order), EV, its standard error, the loss to the best and the loss's
    paired standard error; :attr:`candidates` unpacks them on first use (a pool of 2,000 hands
    loads quickly). Build one from :class:`CandidateAnswer` values with :meth:`of`.
    ``bot``/``opponents``/``samples``/``seed`` say how it was measured, so a live grade of an
    arrangement not stored here can meet the same samples. ``bot`` is the opponents' model: any
    bot the solver plays, a style too (``newcomer:0.2``; given as text, kept as a
    :class:`~cp_trainer.rules.bot_names.BotChoice`).
    """

    cards: tuple[Card, ...]
    rows: tuple[Row, ...]
    bot: BotChoice
    opponents: int
    samples: int
    seed: int

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "bot", BotChoice.of(self.bot))
        except UnknownBotError as exc:
            raise DrillInputError(f"a drill hand's opponents: {exc}") from None
        if self.bot.name is BotName.EXPERT:
            raise DrillInputError("a drill hand's opponents are played by greedy, standard or a style, "
                                  "not 'expert'")
        if len(self.cards) != 13 or len(set(self.cards)) != 13:
            raise DrillInputError(f"a drill hand has 13 distinct cards: {format_cards(self.cards)!r}")
        if not self.rows:
            raise DrillInputError(f"no solver answer for {format_cards(self.cards)!r}")
        for row in self.rows:
            _check_code(self.cards, row[0])

    @classmethod
    def of(cls, cards: Sequence[Card], candidates: Sequence[CandidateAnswer], bot: BotChoice | str,
           opponents: int, samples: int, seed: int) -> HandAnalysis:
        """From candidates (best first); the cards are kept high first."""
        ordered = tuple(sorted(cards, reverse=True))
        rows = tuple((rows_code(ordered, c.arrangement), c.ev, c.stderr, c.loss, c.loss_stderr)
                     for c in candidates)
        return cls(ordered, rows, BotChoice.of(bot), opponents, samples, seed)

    @cached_property
    def candidates(self) -> tuple[CandidateAnswer, ...]:
        return tuple(CandidateAnswer(from_rows_code(self.cards, code), ev, se, loss, lse)
                     for code, ev, se, loss, lse in self.rows)

    @property
    def best(self) -> CandidateAnswer:
        return self.candidates[0]

    def find(self, arrangement: Arrangement, rules: HouseRules | None = None) -> CandidateAnswer | None:
        """The stored candidate scoring as ``arrangement`` does (same row strengths), if any."""
        rules = rules or HouseRules()
        key = row_strengths(arrangement, rules)
        for cand in self.candidates:
            if row_strengths(cand.arrangement, rules) == key:
                return cand
        return None

    def check_cards(self, arrangement: Arrangement) -> None:
        """Raise :class:`DrillInputError` unless ``arrangement`` holds exactly this hand."""
        if sorted(arrangement.cards) != sorted(self.cards) or len(arrangement.top) != 3 or \
                len(arrangement.middle) != 5:
            raise DrillInputError(
                f"{str(arrangement)!r} is not a 3/5/5 arrangement of {format_cards(self.cards)!r}")

    def grade(self, arrangement: Arrangement, rules: HouseRules | None = None) -> DrillGrade | None:
        """The grade from the stored answer, or None when no stored candidate matches (then use
        :func:`.analysis.grade_live`)."""
        rules = rules or HouseRules()
        self.check_cards(arrangement)
        best = self.best
        if _is_foul(arrangement, rules):
            ev = foul_ev(rules, self.opponents, self.bot)
            if ev is None:
                return None
            loss = best.ev - ev
            # the foul's EV is exact: the loss's error is the best's own
            significant = loss > SIGNIFICANCE_Z * best.stderr
            return DrillGrade(arrangement, ev, best.arrangement, best.ev, loss, best.stderr, significant,
                              True, GradeLevel.BLUNDER, self.samples)
        cand = self.find(arrangement, rules)
        if cand is None:
            return None
        significant = cand.significant
        return DrillGrade(arrangement, cand.ev, best.arrangement, best.ev, cand.loss, cand.loss_stderr,
                          significant, False, classify(cand.loss, significant), self.samples)

    # --- storage (one JSON object a line in resources/drill/pool.jsonl) -----------------------

    def to_json(self) -> dict[str, Any]:
        """Compact: the cards in the rows codes' order (high first), and each candidate as its rows
        code (``t``, ``m`` or ``b`` for each card in that order), EV, its error, loss and the
        loss's error."""
        return {
            "cards": format_cards(self.cards),
            "bot": format_bot(self.bot), "opponents": self.opponents, "samples": self.samples,
            "seed": self.seed,
            "candidates": [[code, _num(ev), _num(se), _num(loss), _num(lse)]
                           for code, ev, se, loss, lse in self.rows],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HandAnalysis:
        try:
            cards = tuple(parse_cards(str(data["cards"])))
            rows = tuple((str(code), float(ev), float(se), float(loss), float(lse))
                         for code, ev, se, loss, lse in data["candidates"])
            return cls(cards, rows, BotChoice.of(str(data["bot"])), int(data["opponents"]),
                       int(data["samples"]), int(data["seed"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise DrillInputError(f"not a drill hand: {str(data)[:200]!r} ({exc})") from exc


def _num(x: float) -> float:
    return round(x, 3) + 0.0  # + 0.0: no "-0.0"


_ROW_LETTERS = "tmb"


def rows_code(cards: Sequence[Card], arrangement: Arrangement) -> str:
    """Which row each card goes to, in ``cards``' order: ``t`` / ``m`` / ``b``."""
    where = {c: _ROW_LETTERS[i] for i, row in enumerate(arrangement.rows) for c in row}
    try:
        return "".join(where[c] for c in cards)
    except KeyError as exc:
        raise DrillInputError(f"{str(arrangement)!r} does not hold {format_cards(cards)!r}") from exc


def _check_code(cards: Sequence[Card], code: str) -> None:
    if len(code) != len(cards) or [code.count(x) for x in _ROW_LETTERS] != [3, 5, 5]:
        raise DrillInputError(f"not a rows code for {format_cards(cards)!r}: {code!r}")


def from_rows_code(cards: Sequence[Card], code: str) -> Arrangement:
    """The arrangement a rows code stands for (see :func:`rows_code`)."""
    _check_code(cards, code)
    rows = tuple(tuple(c for c, r in zip(cards, code, strict=True) if r == letter) for letter in _ROW_LETTERS)
    return Arrangement(*rows)

