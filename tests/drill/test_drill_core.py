"""Drill core: grading against fixed solver answers, accuracy, streaks, rating, why lines, themes."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from cp_trainer.drill.analysis import grade_live
from cp_trainer.drill.grading import (
    CandidateAnswer,
    DrillGrade,
    DrillInputError,
    GradeLevel,
    HandAnalysis,
    classify,
    foul_ev,
    from_rows_code,
    rows_code,
)
from cp_trainer.drill.pool import DrillHand, HandPicker
from cp_trainer.drill.progress import SessionProgress, hand_accuracy
from cp_trainer.drill.rating import PlayerRating, difficulty
from cp_trainer.drill.themes import Theme, detect_theme
from cp_trainer.drill.why import WhyKind, explain
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.bot_names import BotChoice, BotName, UnknownBotError
from cp_trainer.rules.cards import parse_cards
from cp_trainer.rules.house_rules import HouseRules, ScoringSystem
from cp_trainer.solver import grade as solver_grade
from cp_trainer.solver.grade import Grade
from tests.drill_fixtures import STORED


def stored() -> HandAnalysis:
    return HandAnalysis.from_json(STORED)


def arr(text: str) -> Arrangement:
    return Arrangement.parse(text)


# --- grading ---------------------------------------------------------------------------------


def test_stored_best_grades_best_and_its_twin_too() -> None:
    a = stored()
    g = a.grade(arr("4s 4d 4c / Ad Qs Qh Qd 5h / Ks Kh Kd 6h 6c"))
    assert g is not None and g.level is GradeLevel.BEST and g.loss == 0.0 and not g.significant
    assert g.best_ev == pytest.approx(3.202)
    # a different arrangement with the same EV is also Best (not significantly worse)
    twin = a.grade(arr("4s 4d 4c / Ad Ks Kh Kd 5h / Qs Qh Qd 6h 6c"))
    assert twin is not None and twin.level is GradeLevel.BEST


def test_stored_greedy_play_is_a_mistake_with_its_error() -> None:
    g = stored().grade(arr("Ad Qd 5h / 6h 6c 4s 4d 4c / Ks Kh Kd Qs Qh"))
    assert g is not None
    assert (g.level, g.loss, g.loss_stderr, g.significant) == (GradeLevel.MISTAKE, 0.794, 0.038, True)


@pytest.mark.parametrize(("code", "level"), [
    ("tmbbbtmmtbmmb", GradeLevel.GOOD),  # 0.05 ± 0.01: significant, small
    ("btbmmbtbmmmbt", GradeLevel.BEST),  # 0.05 ± 0.03: within noise
    ("mmbtbbbtmbtmm", GradeLevel.INACCURACY),  # 0.25 ± 0.05
    ("tbtmbmbbmbmmt", GradeLevel.BLUNDER),  # 1.2 ± 0.05
])
def test_stored_levels(code: str, level: GradeLevel) -> None:
    a = stored()
    g = a.grade(from_rows_code(a.cards, code))
    assert g is not None and g.level is level


def test_row_order_and_suits_inside_rows_do_not_matter() -> None:
    g = stored().grade(arr("4c 4d 4s / 5h Qd Qh Qs Ad / 6c 6h Kd Kh Ks"))
    assert g is not None and g.level is GradeLevel.BEST


def test_thresholds() -> None:
    assert classify(0.5, False) is GradeLevel.BEST
    assert classify(0.10, True) is GradeLevel.GOOD
    assert classify(0.1001, True) is GradeLevel.INACCURACY
    assert classify(0.30, True) is GradeLevel.INACCURACY
    assert classify(1.0, True) is GradeLevel.MISTAKE
    assert classify(1.01, True) is GradeLevel.BLUNDER
    assert classify(0.0, False, foul=True) is GradeLevel.BLUNDER


def test_wrong_cards_are_refused_with_the_input_quoted() -> None:
    with pytest.raises(DrillInputError, match="2c"):
        stored().grade(arr("2c 4d 4c / Ad Qs Qh Qd 5h / Ks Kh Kd 6h 6c"))


def test_a_foul_is_graded_at_once_with_its_exact_ev() -> None:
    a = stored()
    g = a.grade(arr("Ks Kh Kd / Ad Qs Qh Qd 5h / 4s 4d 4c 6h 6c"))
    assert g is not None and g.foul and g.level is GradeLevel.BLUNDER and g.significant
    assert g.ev == -4.0 and g.loss == pytest.approx(7.202) and g.loss_stderr == 0.031
    # under rules where a foul's cost is not certain, the solver is asked
    assert a.grade(arr("Ks Kh Kd / Ad Qs Qh Qd 5h / 4s 4d 4c 6h 6c"), HouseRules(royalties=True)) is None
    assert foul_ev(HouseRules(system=ScoringSystem.ONE_SIX), 2) == -12.0


def test_an_arrangement_not_stored_needs_the_live_grade() -> None:
    assert stored().grade(arr("6h 6c 5h / Ad Qs Qh Qd 4c / Ks Kh Kd 4s 4d")) is None


def test_live_grade_calls_the_solver_on_the_same_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[dict[str, Any]] = []
    best = arr("4s 4d 4c / Ad Qs Qh Qd 5h / Ks Kh Kd 6h 6c")

    def fake_grade(cards: list[Any], arrangement: Arrangement, **kw: Any) -> Grade:
        calls.append(kw)
        return Grade(arrangement, -0.8, 0.02, best, 3.2, 4.0, 0.03, True, kw["samples"])

    monkeypatch.setattr(solver_grade, "grade", fake_grade)
    a = stored()
    foul = arr("Ks Kh Kd / Ad Qs Qh Qd 5h / 4s 4d 4c 6h 6c")
    g = grade_live(a, foul, HouseRules(royalties=True))  # a foul's cost is not certain here
    assert g.foul and g.level is GradeLevel.BLUNDER and g.loss == 4.0
    assert calls == [{"against": solver_grade.Opponents(BotChoice(BotName.STANDARD), 1), "samples": 2000,
                      "rules": HouseRules(royalties=True), "seed": 1781716066848190843}]
    # a stored arrangement never asks the solver
    grade_live(a, best)
    assert len(calls) == 1


def test_analysis_json_round_trip() -> None:
    a = stored()
    again = HandAnalysis.from_json(json.loads(json.dumps(a.to_json())))
    assert again == a
    assert rows_code(a.cards, a.best.arrangement) == "mbbbmmmbbmttt"


def test_bad_stored_line_is_an_input_error() -> None:
    with pytest.raises(DrillInputError, match="not a drill hand"):
        HandAnalysis.from_json({"cards": "Ad Ks", "candidates": []})
    with pytest.raises(DrillInputError, match="rows code"):
        HandAnalysis.from_json(STORED | {"candidates": [["tt", 0, 0, 0, 0]]})


# --- accuracy and streaks --------------------------------------------------------------------


def test_accuracy_formula_fixed_points() -> None:
    assert hand_accuracy(0.0) == 100.0
    assert hand_accuracy(0.10) == pytest.approx(90.0)
    assert hand_accuracy(0.30) == pytest.approx(72.9)
    assert hand_accuracy(4.0) < 2.0


def test_session_accuracy_and_streaks() -> None:
    s = SessionProgress.of([(GradeLevel.BEST, 0.0), (GradeLevel.GOOD, 0.1), (GradeLevel.MISTAKE, 0.5),
                            (GradeLevel.BEST, 0.0)])
    assert s.hands == 4 and s.streak == 1 and s.best_streak == 2
    assert s.accuracy == pytest.approx((100 + 90 + hand_accuracy(0.5) + 100) / 4)
    assert s.mean_loss == pytest.approx(0.15)
    assert SessionProgress().accuracy is None


# --- rating ----------------------------------------------------------------------------------


def test_rating_moves_with_the_result_and_narrows() -> None:
    start = PlayerRating()
    won = start.after(1500, GradeLevel.BEST)
    lost = start.after(1500, GradeLevel.BLUNDER)
    half = start.after(1500, GradeLevel.INACCURACY)
    assert won.rating > 1500 > lost.rating
    assert half.rating == pytest.approx(1500, abs=0.5)
    assert won.deviation < start.deviation
    # beating a harder hand is worth more
    assert start.after(1900, GradeLevel.BEST).rating > won.rating
    assert won.text() == f"{won.rating:.0f} ± {won.deviation:.0f}"


def test_difficulty_from_the_bots() -> None:
    a = stored()
    greedy = a.find(arr("Ad Qd 5h / 6h 6c 4s 4d 4c / Ks Kh Kd Qs Qh"))
    best = a.best
    assert greedy is not None
    assert difficulty([greedy, best], greedy.loss) == round(1200 + 300 + 150 * 0.794)
    assert difficulty([best, best], 0.0) == 1200


# --- why -------------------------------------------------------------------------------------


def test_why_names_the_rows_that_differ_in_both_languages() -> None:
    a = stored()
    g = a.grade(arr("Ad Qd 5h / 6h 6c 4s 4d 4c / Ks Kh Kd Qs Qh"))
    assert g is not None
    why = explain(g)
    assert why.kind is WhyKind.ROWS
    assert [c.row.value for c in why.changes] == ["top", "middle", "bottom"]
    assert [c.stronger for c in why.changes] == [True, False, False]
    en = why.render("en")
    assert en.startswith("The best plays top: three fours (stronger) instead of ace-high")
    ru = why.render("ru")
    assert "верхний ряд" in ru and "сильнее" in ru
    rates = explain(g, yours_net=(0.1, 0.2, 0.3), best_net=(0.4, 0.5, 0.1)).render("en")
    assert "top: three fours (stronger) instead of ace-high (wins minus losses: +40%, yours +10%)" in rates
    ru_rates = explain(g, yours_net=(-0.3, 0.2, 0.3), best_net=(0.4, 0.5, 0.1)).render("ru")
    # plain words, no "сальдо … против ваших …", no «вместо «…»» in the wrong case; a real minus
    assert ru_rates.startswith("Лучшая раскладка: верхний ряд сильнее (тройка четвёрок; "
                               "у вас старшая карта — туз), побед минус поражений: +40%, у вас \u221230%")
    assert "сальдо" not in ru_rates and "вместо" not in ru_rates


def test_why_within_noise_and_foul() -> None:
    a = stored()
    g = a.grade(from_rows_code(a.cards, "btbmmbtbmmmbt"))
    assert g is not None and explain(g).kind is WhyKind.AS_GOOD
    assert "within the solver's accuracy" in explain(g).render("en")
    foul = g.__class__(arr("Ks Kh Kd / Ad Qs Qh Qd 5h / 4s 4d 4c 6h 6c"), -4.0, a.best.arrangement, 3.2, 7.2,
                       0.03, True, True, GradeLevel.BLUNDER, 2000)
    text = explain(foul).render("en")
    # the rules' sentences for a reader, the order rule said once at the end
    assert text.startswith("Your arrangement fouls. Your top row (three kings) is stronger than your "
                           "middle row")
    assert text.endswith("The rows must go bottom ≥ middle ≥ top.") and text.count("≥ top") == 1
    ru = explain(foul).render("ru")
    assert ru.startswith("Ваша раскладка — фол. Ваш верхний ряд (тройка королей) сильнее среднего ряда")
    assert ru.endswith("Ряды должны идти так: нижний ≥ средний ≥ верхний.")
    assert "solver" in explain(g).render("en") and "солвера" in explain(g).render("ru")


# --- themes ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("greedy", "best", "theme"), [
    # greedy keeps the ace on top and the pair of sevens in the middle; best moves the pair up
    ("Ah 9d 4c / 7s 7d Kc Jh 2d / Qs Qd Qc 8s 8d", "7s 7d Ah / Kc Jh 9d 4c 2d / Qs Qd Qc 8s 8d",
     Theme.PAIR_ON_TOP),
    # greedy bottom two pair K-K-9-9, best splits them between bottom and middle
    ("Qh Jd 3c / Ts Td 8h 6s 2c / Ks Kd 9c 9h Ac", "Qh Jd 3c / 9c 9h Ts Td 8h / Ks Kd Ac 6s 2c",
     Theme.SPLIT_TWO_PAIR),
    # greedy: full house bottom; best: flush bottom, trips in the middle
    ("Jd 8c 4h / 5s 5c Ad 9h 2c / Kh Kd Ks 3h 3c", "Jd 8c 3c / Kd Ks Kh 5s 5c / Ah 9h 4h 3h 2h",
     Theme.BOTTOM_FLUSH_STRAIGHT),
    # best makes a straight in the middle
    ("Kd Qh 2c / 8s 7d 6c 4h 3h / As Ad Ac Js Jd", "Kd 4h 3h / Qh Jd Tc 9s 8s / As Ad Ac 6c 2c",
     Theme.MIDDLE_FLUSH_STRAIGHT),
    # both tops are high card; only the best keeps the ace there
    ("Qd 9h 2c / Ks Kd 8c 6h 4s / Js Jh Jd As 3h", "As 9h 2c / Ks Kd 8c 6h 4s / Js Jh Jd Qd 3h",
     Theme.ACE_ON_TOP),
    # same categories everywhere, other cards
    ("Kd 9h 2c / Qs Qd 8c 6h 4s / Js Jh Jd As 3h", "Kd 8c 2c / Qs Qd 9h 6h 4s / Js Jh Jd As 3h",
     Theme.KICKERS),
])
def test_constructed_themes(greedy: str, best: str, theme: Theme) -> None:
    assert detect_theme(arr(greedy), arr(best)) is theme


def test_theme_of_the_stored_hand_with_the_real_greedy_bot() -> None:
    from cp_trainer.solver.bots import get_bot

    a = stored()
    greedy = get_bot("greedy").arrange(list(a.cards))
    assert detect_theme(greedy, a.best.arrangement) is Theme.PAIR_ON_TOP
    assert Theme.parse("Split-Two-Pair") is Theme.SPLIT_TWO_PAIR
    with pytest.raises(ValueError, match="'nope'"):
        Theme.parse("nope")


# --- picking hands ---------------------------------------------------------------------------


def _hand(theme: Theme, cards: str) -> DrillHand:
    base = stored()
    return DrillHand(tuple(parse_cards(cards)), base, theme, 1500, 0.5)


def test_picker_plays_due_hands_first_then_the_theme_asked() -> None:
    pool = [_hand(Theme.PAIR_ON_TOP, STORED["cards"])]
    picker = HandPicker(pool, rng=random.Random(1), theme=Theme.PAIR_ON_TOP)
    assert picker.next().source == "pool"
    due = picker.next(due=["Ah Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2h"])
    assert due.source == "review" and due.analysis is None
    known = picker.next(due=[pool[0].key])
    assert known.source == "review" and known.analysis is not None
    with pytest.raises(DrillInputError, match="kickers"):
        HandPicker(pool, theme=Theme.KICKERS)


def test_picker_mixes_in_random_hands() -> None:
    pool = [_hand(Theme.PAIR_ON_TOP, STORED["cards"])]
    picker = HandPicker(pool, rng=random.Random(3), random_share=0.5)
    sources = [picker.next().source for _ in range(200)]
    assert 60 < sources.count("random") < 140
    assert all(len(picker.next().cards) == 13 for _ in range(5))


def test_row_nets_on_the_analysis_samples() -> None:
    from cp_trainer.drill.analysis import row_nets

    a = stored()
    yours, best = row_nets(a, [arr("Ad Qd 5h / 6h 6c 4s 4d 4c / Ks Kh Kd Qs Qh"), a.best.arrangement])
    assert all(-1.0 <= x <= 1.0 for x in (*yours, *best))
    assert best[0] > 0.9 and yours[0] < 0  # trip fours on top nearly always win; ace-high mostly loses
    assert yours[1] > best[1]  # the full house in the middle beats the trips there


def test_after_game_is_glicko2_for_one_game() -> None:
    import glicko2

    p = glicko2.Player(rating=1500, rd=200, vol=0.06)
    p.update_player([1400], [30], [1.0])
    mine = PlayerRating(1500, 200).after_game(1400, 30, 1.0)
    assert mine.rating == pytest.approx(p.rating) and mine.deviation == pytest.approx(p.rd)


def test_live_grade_meets_the_stored_answers_samples() -> None:
    """The solver's grade, asked with the analysis's bot, samples and seed, finds the stored best
    with the stored EV: one set of samples for the pool and for the live grade."""
    a = stored()
    g = grade_live(a, arr("6h 6c 5h / Ad Qs Qh Qd 4c / Ks Kh Kd 4s 4d"))  # not stored: the solver
    assert g.best_ev == pytest.approx(a.best.ev, abs=0.001)
    found = a.find(g.best)
    assert found is not None and found.loss == 0.0
    assert g.level is GradeLevel.BLUNDER and g.loss == pytest.approx(1.01, abs=0.001) and not g.foul

HAND = "Ad Ks Kh Kd Qs Qh Qd 6h 6c 5h 4s 4d 4c"  # the stored hand's cards, high first
STANDARD = BotChoice(BotName.STANDARD)
BEST = "4s 4d 4c / Ad Qs Qh Qd 5h / Ks Kh Kd 6h 6c"  # trips on top, a full house below
FOUL = "Ks Kh Kd / Ad Qs Qh Qd 5h / 4s 4d 4c 6h 6c"  # trips on top over a middle of trips: foul


def analysis(*answers: tuple[str, float, float, float, float], opponents: int = 1) -> HandAnalysis:
    """A made-up solver answer for the stored hand: (arrangement, EV, error, loss, loss's error)."""
    cands = [CandidateAnswer(arr(a), ev, se, loss, lse) for a, ev, se, loss, lse in answers]
    return HandAnalysis.of(parse_cards(HAND), cands, "standard", opponents, 500, 7)


# --- grading, rule by rule (worked by hand from grading.py's table) -------------------------
# --- the five grades -------------------------------------------------------------------------


def test_each_grade_has_its_key_its_words_and_its_score() -> None:
    table = [(GradeLevel.BEST, "best", "Best", "Лучший ход", 1.0, False),
             (GradeLevel.GOOD, "good", "Good", "Хороший ход", 0.75, False),
             (GradeLevel.INACCURACY, "inaccuracy", "Inaccuracy", "Неточность", 0.5, True),
             (GradeLevel.MISTAKE, "mistake", "Mistake", "Ошибка", 0.25, True),
             (GradeLevel.BLUNDER, "blunder", "Blunder", "Грубая ошибка", 0.0, True)]
    assert [row[0] for row in table] == list(GradeLevel)
    for level, key, en, ru, score, missed in table:
        assert (level.key, level.label(), level.label("en"), level.label("ru")) == (key, en, en, ru)
        assert level.score == score and level.missed is missed, level


def test_the_grade_of_a_loss_at_every_edge_of_the_table() -> None:
    # not significant: Best, whatever the loss; a foul: Blunder, whatever the loss
    for loss in (0.0, 0.05, 0.5, 3.0):
        assert classify(loss, False) is GradeLevel.BEST
        assert classify(loss, False, foul=True) is GradeLevel.BLUNDER
        assert classify(loss, True, foul=True) is GradeLevel.BLUNDER
    edges = [(0.0, GradeLevel.GOOD), (0.1, GradeLevel.GOOD), (0.10001, GradeLevel.INACCURACY),
             (0.3, GradeLevel.INACCURACY), (0.30001, GradeLevel.MISTAKE), (1.0, GradeLevel.MISTAKE),
             (1.00001, GradeLevel.BLUNDER), (7.0, GradeLevel.BLUNDER)]
    for loss, level in edges:
        assert classify(loss, True) is level, loss
        assert classify(loss, True, foul=False) is level, loss


def test_a_loss_is_significant_above_two_standard_errors_only() -> None:
    def significant(loss: float, error: float) -> bool:
        return CandidateAnswer(arr(BEST), 0.0, 0.01, loss, error).significant

    assert not significant(0.2, 0.1)  # exactly two errors: within noise
    assert significant(0.2001, 0.1)
    assert significant(0.25, 0.1)  # 2.5 errors: significant (the cut is 2, not 3)
    assert not significant(0.19, 0.1)
    assert not significant(0.0, 0.0)  # the best itself
    assert significant(0.01, 0.0)


# --- what a foul costs -----------------------------------------------------------------------


def test_a_fouls_ev_is_certain_only_under_plain_rules() -> None:
    # a foul loses the scoop (4 points, 6 in 1-6) to each of the legal bots
    assert foul_ev(HouseRules(), 1) == -4.0
    assert foul_ev(HouseRules(), 3) == -12.0
    assert foul_ev(HouseRules(system=ScoringSystem.ONE_SIX), 3) == -18.0
    assert isinstance(foul_ev(HouseRules(), 2), float)
    # anything that can change what a foul costs leaves it to the solver
    for rules in (HouseRules(ignore_fouls=True), HouseRules(royalties=True), HouseRules(naturals=True),
                  HouseRules(surrender=True)):
        assert foul_ev(rules, 1) is None, rules


def test_a_fouls_ev_is_not_certain_against_bots_that_foul_too() -> None:
    """A newcomer fouls now and then, and a foul against a foul scores nothing, so a foul's EV
    is not simply the scoop times the bots: the solver measures it."""
    assert foul_ev(HouseRules(), 2, "standard") == -8.0
    assert foul_ev(HouseRules(), 2, "pair-on-top") == -8.0
    assert foul_ev(HouseRules(), 2, "newcomer:0") == -8.0  # a newcomer who never fouls
    assert foul_ev(HouseRules(), 2, "newcomer") is None
    assert foul_ev(HouseRules(), 1, "newcomer:0.5") is None
    cands = [CandidateAnswer(arr("4s 4d 4c / Ad Qs Qh Qd 5h / Ks Kh Kd 6h 6c"), 1.0, 0.1, 0.0, 0.0)]
    fouling = HandAnalysis.of(parse_cards(HAND), cands, "newcomer:0.5", 1, 500, 7)
    assert fouling.grade(arr(FOUL)) is None  # left to the live grade, which meets the bots' fouls
    steady = HandAnalysis.of(parse_cards(HAND), cands, "standard", 1, 500, 7)
    stored = steady.grade(arr(FOUL))
    assert stored is not None and stored.ev == -4.0


def test_a_foul_against_a_weak_best_is_a_blunder_its_loss_measured_by_the_bests_error() -> None:
    weak = analysis(("4s 4d 4c / Ad Qs Qh Qd 5h / Ks Kh Kd 6h 6c", -3.9, 0.2, 0.0, 0.0), opponents=1)
    g = weak.grade(arr(FOUL))
    assert g is not None and g.foul and g.level is GradeLevel.BLUNDER
    assert g.ev == -4.0 and g.loss == pytest.approx(0.1) and g.loss_stderr == 0.2
    assert not g.significant  # 0.1 is within two errors of 0.2: the foul is Blunder all the same
    assert g.counted_loss == pytest.approx(0.1)  # a foul's loss always counts
    assert (g.best, g.best_ev, g.samples) == (arr(BEST), -3.9, 500)
    # two opponents: the foul loses the scoop twice
    g2 = analysis((BEST, 1.0, 0.01, 0.0, 0.0), opponents=2).grade(arr(FOUL))
    assert g2 is not None and g2.ev == -8.0 and g2.loss == pytest.approx(9.0) and g2.significant


def test_a_foul_under_ignore_fouls_is_still_a_foul_left_to_the_solver() -> None:
    a = stored()
    rules = HouseRules(ignore_fouls=True)
    # the rows still foul; what it costs is not certain (the settlement ignores it): no stored grade
    assert a.grade(arr(FOUL), rules) is None
    g = a.grade(arr(BEST), rules)
    assert g is not None and not g.foul and g.level is GradeLevel.BEST


def test_an_arrangement_that_fouls_only_under_other_rules_is_graded_as_stored() -> None:
    both = analysis((BEST, 3.2, 0.03, 0.0, 0.0), (FOUL, 1.0, 0.05, 2.2, 0.04))
    # under *low middle* only the bottom must beat the top: no foul, graded from its stored answer
    g = both.grade(arr(FOUL), HouseRules(low_middle=True))
    assert g is not None and not g.foul and (g.ev, g.loss, g.level) == (1.0, 2.2, GradeLevel.BLUNDER)
    # under the usual rules the same rows foul: the certain cost of a foul, not the stored EV
    g = both.grade(arr(FOUL))
    assert g is not None and g.foul and g.ev == -4.0


def test_a_foul_the_rules_make_uncertain_is_left_to_the_solver() -> None:
    for rules in (HouseRules(royalties=True), HouseRules(surrender=True), HouseRules(naturals=True)):
        assert stored().grade(arr(FOUL), rules) is None


# --- the verdict -----------------------------------------------------------------------------


def test_the_verdict_of_a_stored_candidate_names_everything() -> None:
    a = stored()
    g = a.grade(arr("Ad Qd 5h / 6h 6c 4s 4d 4c / Ks Kh Kd Qs Qh"))
    assert g == DrillGrade(arr("Ad Qd 5h / 6h 6c 4s 4d 4c / Ks Kh Kd Qs Qh"), 2.408, a.best.arrangement,
                           3.202, 0.794, 0.038, True, False, GradeLevel.MISTAKE, 2000)
    assert g.counted_loss == 0.794
    assert g.to_json() == {"arrangement": "Ad Qd 5h / 6h 6c 4s 4d 4c / Ks Kh Kd Qs Qh", "ev": 2.408,
                           "best": {"arrangement": str(a.best.arrangement), "ev": 3.202},
                           "loss": 0.794, "loss_stderr": 0.038, "significant": True, "foul": False,
                           "grade": "mistake", "samples": 2000}


def test_a_loss_within_noise_counts_nothing_and_the_json_rounds_to_six_places() -> None:
    g = DrillGrade(arr(BEST), 1.23456789, arr(BEST), 1.30000049, 0.0654321, 0.0400001, False, False,
                   GradeLevel.BEST, 100)
    assert g.counted_loss == 0.0
    data = g.to_json()
    assert (data["ev"], data["loss"], data["loss_stderr"]) == (1.234568, 0.065432, 0.04)
    assert data["best"] == {"arrangement": BEST, "ev": 1.3}
    assert list(data) == ["arrangement", "ev", "best", "loss", "loss_stderr", "significant", "foul", "grade",
                          "samples"]
    assert (data["significant"], data["foul"], data["grade"], data["samples"]) == (False, False, "best", 100)


def test_a_candidate_is_found_by_its_row_strengths_under_the_rules_given() -> None:
    a = stored()
    same = arr("4c 4d 4s / 5h Qd Qh Qs Ad / 6c 6h Kd Kh Ks")  # the best, cards shuffled in rows
    cand = a.find(same)
    assert cand is not None and cand.arrangement == a.best.arrangement and cand.ev == 3.202
    assert a.find(same, HouseRules()) == cand
    assert a.find(arr("6h 6c 5h / Ad Qs Qh Qd 4c / Ks Kh Kd 4s 4d")) is None
    # the rows are compared as the rules given rank them: under *low middle* the middle is a 2-7
    # low hand, for the arrangement and the stored candidates alike
    low = a.find(same, HouseRules(low_middle=True))
    assert low is not None and low.arrangement == a.best.arrangement
    # the second stored candidate, not the first, for its own rows
    second = a.find(arr("4s 4d 4c / Ad Ks Kh Kd 5h / Qs Qh Qd 6h 6c"))
    assert second is not None and second.arrangement == a.candidates[1].arrangement


# --- the hand and its arrangements -----------------------------------------------------------


def test_an_arrangement_of_other_cards_or_other_row_sizes_is_refused_quoting_both() -> None:
    a = stored()
    wrong = "2c 4d 4c / Ad Qs Qh Qd 5h / Ks Kh Kd 6h 6c"
    message = f"{wrong!r} is not a 3/5/5 arrangement of {HAND!r}"
    with pytest.raises(DrillInputError, match=f"^{re.escape(message)}$"):
        a.grade(arr(wrong))
    for sizes in ("4s 4d 4c Ad / Qs Qh Qd 5h / Ks Kh Kd 6h 6c",  # 4/4/5
                  "4s 4d / 4c Ad Qs Qh Qd 5h / Ks Kh Kd 6h 6c",  # 2/6/5
                  "4s 4d 4c / Ad Qs Qh Qd / 5h Ks Kh Kd 6h 6c"):  # 3/4/6
        with pytest.raises(DrillInputError, match=r"is not a 3/5/5 arrangement of "):
            a.check_cards(arr(sizes))
    with pytest.raises(DrillInputError, match=r"is not a 3/5/5 arrangement of "):
        a.check_cards(arr("4s 4d 4c / Ad Qs Qh Qd 5h / Ks Kh Kd 6h"))  # a card short
    a.check_cards(arr(BEST))  # the hand itself passes


def test_an_analysis_keeps_its_cards_high_first_and_each_candidate_as_a_rows_code() -> None:
    shuffled = parse_cards("4c 6h Ks Ad 5h Qh 4s Kd Qs 6c Kh Qd 4d")
    a = HandAnalysis.of(shuffled, [CandidateAnswer(arr(BEST), 3.2, 0.03, 0.0, 0.0),
                                   CandidateAnswer(arr(FOUL), -4.0, 0.0, 7.2, 0.03)],
                        BotChoice(BotName.GREEDY), 2, 400, 9)
    assert a.cards == tuple(parse_cards(HAND))
    assert a.rows == (("mbbbmmmbbmttt", 3.2, 0.03, 0.0, 0.0), ("mtttmmmbbmbbb", -4.0, 0.0, 7.2, 0.03))
    assert (a.bot, a.opponents, a.samples, a.seed) == (BotChoice(BotName.GREEDY), 2, 400, 9)
    assert a.best == CandidateAnswer(arr("4s 4d 4c / Ad Qs Qh Qd 5h / Ks Kh Kd 6h 6c"), 3.2, 0.03, 0.0, 0.0)
    foul_high_first = arr("Ks Kh Kd / Ad Qs Qh Qd 5h / 6h 6c 4s 4d 4c")  # rows read back in the cards' order
    assert [c.arrangement for c in a.candidates] == [arr(BEST), foul_high_first]


def test_a_rows_code_says_each_cards_row_and_reads_back() -> None:
    cards = parse_cards(HAND)
    assert rows_code(cards, arr(BEST)) == "mbbbmmmbbmttt"
    assert rows_code(cards, arr(FOUL)) == "mtttmmmbbmbbb"
    assert from_rows_code(cards, "mbbbmmmbbmttt") == arr("4s 4d 4c / Ad Qs Qh Qd 5h / Ks Kh Kd 6h 6c")
    assert from_rows_code(cards, "tttmmmmmbbbbb") == arr("Ad Ks Kh / Kd Qs Qh Qd 6h / 6c 5h 4s 4d 4c")
    message = f"{'2c 4d 4c / Ad Qs Qh Qd 5h / Ks Kh Kd 6h 6c'!r} does not hold {HAND!r}"
    with pytest.raises(DrillInputError, match=f"^{re.escape(message)}$"):
        rows_code(cards, arr("2c 4d 4c / Ad Qs Qh Qd 5h / Ks Kh Kd 6h 6c"))


@pytest.mark.parametrize("code", ["tttmmmmmbbbb", "tttmmmmmbbbbbb", "ttmmmmmmbbbbb", "tttmmmmbbbbbb",
                                  "tttmmmmmbbbbx", "TTTMMMMMBBBBB", ""])
def test_a_rows_code_that_is_not_three_five_and_five_of_this_hand_is_refused(code: str) -> None:
    message = f"not a rows code for {HAND!r}: {code!r}"
    with pytest.raises(DrillInputError, match=f"^{re.escape(message)}$"):
        from_rows_code(parse_cards(HAND), code)
    with pytest.raises(DrillInputError, match=f"^{re.escape(message)}$"):
        HandAnalysis(tuple(parse_cards(HAND)), ((code, 0.0, 0.0, 0.0, 0.0),), STANDARD, 1, 10, 1)


def test_an_analysis_needs_thirteen_distinct_cards_and_an_answer() -> None:
    row = ("mbbbmmmbbmttt", 0.0, 0.0, 0.0, 0.0)
    twelve = tuple(parse_cards(HAND))[:12]
    with pytest.raises(DrillInputError, match=f"^{re.escape('a drill hand has 13 distinct cards: ')}"):
        HandAnalysis(twelve, (row,), STANDARD, 1, 10, 1)
    twice = (*tuple(parse_cards(HAND))[:12], parse_cards("Ad")[0])
    message = f"a drill hand has 13 distinct cards: {'Ad Ks Kh Kd Qs Qh Qd 6h 6c 5h 4s 4d Ad'!r}"
    with pytest.raises(DrillInputError, match=f"^{re.escape(message)}$"):
        HandAnalysis(twice, (row,), STANDARD, 1, 10, 1)
    message = f"no solver answer for {HAND!r}"
    with pytest.raises(DrillInputError, match=f"^{re.escape(message)}$"):
        HandAnalysis(tuple(parse_cards(HAND)), (), STANDARD, 1, 10, 1)
    # every stored row is checked, not only the first
    with pytest.raises(DrillInputError, match="not a rows code"):
        HandAnalysis(tuple(parse_cards(HAND)), (row, ("ttt", 0.0, 0.0, 0.0, 0.0)), STANDARD, 1, 10, 1)


def test_an_analysis_takes_its_bot_as_text_or_a_name_and_keeps_a_choice() -> None:
    """The opponents' model may be given as text (a style too) or a name: kept as a BotChoice."""
    cards, rows = tuple(parse_cards(HAND)), (("mbbbmmmbbmttt", 0.0, 0.0, 0.0, 0.0),)
    styled = HandAnalysis(cards, rows, "newcomer:0.2", 1, 10, 1)  # type: ignore[arg-type]
    assert type(styled.bot) is BotChoice and styled.bot == BotChoice(BotName.NEWCOMER, 0.2)
    named = HandAnalysis(cards, rows, BotName.GREEDY, 1, 10, 1)  # type: ignore[arg-type]
    assert type(named.bot) is BotChoice and named.bot == BotChoice(BotName.GREEDY)
    assert HandAnalysis(cards, rows, "standard", 1, 10, 1) == HandAnalysis(  # type: ignore[arg-type]
        cards, rows, STANDARD, 1, 10, 1)


def test_an_analysis_refuses_a_bot_it_cannot_play_quoting_why() -> None:
    cards, rows = tuple(parse_cards(HAND)), (("mbbbmmmbbmttt", 0.0, 0.0, 0.0, 0.0),)
    for text in ("robot", "newcomer:2"):
        with pytest.raises(UnknownBotError, match=re.escape(repr(text))) as why:
            BotChoice.of(text)
        message = f"a drill hand's opponents: {why.value}"
        with pytest.raises(DrillInputError, match=f"^{re.escape(message)}$"):
            HandAnalysis(cards, rows, text, 1, 10, 1)  # type: ignore[arg-type]
    # the expert is the solver itself: it plays no opponent in the drill
    message = "a drill hand's opponents are played by greedy, standard or a style, not 'expert'"
    for expert in ("expert", BotName.EXPERT, BotChoice(BotName.EXPERT)):
        with pytest.raises(DrillInputError, match=f"^{re.escape(message)}$"):
            HandAnalysis(cards, rows, expert, 1, 10, 1)  # type: ignore[arg-type]


# --- storage ---------------------------------------------------------------------------------


def test_the_stored_line_is_compact_and_exact() -> None:
    a = analysis((BEST, 3.20249, 0.0314, 0.0, 0.0), (FOUL, -4.0, 0.0, 7.2024, 0.03151))
    assert a.to_json() == {"cards": HAND, "bot": "standard", "opponents": 1, "samples": 500, "seed": 7,
                           "candidates": [["mbbbmmmbbmttt", 3.202, 0.031, 0.0, 0.0],
                                          ["mtttmmmbbmbbb", -4.0, 0.0, 7.202, 0.032]]}
    # a value that rounds to zero is written 0.0, never -0.0
    tiny = analysis((BEST, -0.0004, 0.0, -0.0001, 0.0))
    assert json.dumps(tiny.to_json()["candidates"]) == '[["mbbbmmmbbmttt", 0.0, 0.0, 0.0, 0.0]]'
    assert HandAnalysis.from_json(a.to_json()) == analysis((BEST, 3.202, 0.031, 0.0, 0.0),
                                                            (FOUL, -4.0, 0.0, 7.202, 0.032))


def test_a_stored_line_is_read_with_its_types() -> None:
    data: dict[str, Any] = STORED | {"opponents": "2", "samples": 300.0, "seed": "5", "bot": "greedy",
                                     "candidates": [["mbbbmmmbbmttt", "1.5", 0, "0", 0]]}
    a = HandAnalysis.from_json(data)
    assert (a.bot, a.opponents, a.samples, a.seed) == (BotChoice(BotName.GREEDY), 2, 300, 5)
    assert a.rows == (("mbbbmmmbbmttt", 1.5, 0.0, 0.0, 0.0),)
    assert all(type(x) is float for x in a.rows[0][1:]) and type(a.opponents) is int


@pytest.mark.parametrize(("change", "why"), [
    ({"cards": None}, None),
    ({"candidates": [["mbbbmmmbbmttt", 1.0, 0.0, 0.0]]}, "not enough values to unpack"),
    ({"candidates": [["mbbbmmmbbmttt", "x", 0.0, 0.0, 0.0]]}, "could not convert string to float"),
    ({"opponents": None}, "int()"),
    ({"samples": "many"}, "invalid literal for int()"),
    ({"seed": [1]}, "int()"),
])
def test_a_broken_stored_line_is_one_error_quoting_it(change: dict[str, Any], why: str | None) -> None:
    data = STORED | change
    with pytest.raises(DrillInputError, match=r"^not a drill hand: ") as info:
        HandAnalysis.from_json(data)
    text = str(info.value)
    assert text.startswith(f"not a drill hand: {str(data)[:200]!r} (")
    if why is not None:
        assert why in text, text


def test_a_stored_line_missing_a_field_is_refused_naming_the_field() -> None:
    for field in ("cards", "candidates", "bot", "opponents", "samples", "seed"):
        data = {k: v for k, v in STORED.items() if k != field}
        with pytest.raises(DrillInputError, match=rf"^not a drill hand: .* \('{field}'\)$"):
            HandAnalysis.from_json(data)


def test_a_long_stored_line_is_quoted_cut_at_two_hundred_characters() -> None:
    data = STORED | {"bot": 7, "seed": "no" * 200}
    with pytest.raises(DrillInputError, match=r"^not a drill hand: ") as info:
        HandAnalysis.from_json(data)
    quoted = str(info.value).removeprefix("not a drill hand: ").split(" (", 1)[0]
    assert quoted == repr(str(data)[:200]) and len(str(data)) > 200


# --- the live grade --------------------------------------------------------------------------


def test_a_live_grade_of_a_stored_arrangement_uses_the_default_rules() -> None:
    a = stored()
    g = grade_live(a, arr(BEST))
    assert g.level is GradeLevel.BEST and not g.foul and g.ev == 3.202
    g = grade_live(a, arr(FOUL))  # plain rules: the foul's cost is certain, no solve
    assert g.foul and g.ev == -4.0 and g.level is GradeLevel.BLUNDER


def test_a_live_grade_is_the_solvers_verdict_with_the_foul_judged_by_the_rules(
        monkeypatch: pytest.MonkeyPatch) -> None:
    other = arr("Qs Qh Qd / Ad 5h 4s 4d 4c / Ks Kh Kd 6h 6c")  # trips over smaller trips; stored nowhere
    calls: list[Arrangement] = []

    def fake_grade(cards: list[Any], arrangement: Arrangement, **kw: Any) -> Grade:
        calls.append(arrangement)
        return Grade(arrangement, 3.15, 0.03, arr(BEST), 3.2, 0.05, 0.02, True, 1234)

    monkeypatch.setattr(solver_grade, "grade", fake_grade)
    a = stored()
    # a foul found only by the solver (under royalties its cost is not certain): Blunder, whatever
    # the loss, the solver's figures as they are
    g = grade_live(a, other, HouseRules(royalties=True))
    assert g == DrillGrade(other, 3.15, arr(BEST), 3.2, 0.05, 0.02, True, True, GradeLevel.BLUNDER, 1234)
    # the same rows under *low middle* do not foul: graded by the loss (Good: significant, ≤ 0.10)
    low = HouseRules(low_middle=True, royalties=True)
    g = grade_live(a, other, low)
    assert g == DrillGrade(other, 3.15, arr(BEST), 3.2, 0.05, 0.02, True, False, GradeLevel.GOOD, 1234)
    assert calls == [other, other]


def test_a_foul_exactly_two_errors_from_the_best_is_within_noise() -> None:
    close = analysis((BEST, -3.5, 0.25, 0.0, 0.0))  # the foul loses 0.5 = 2 × 0.25
    g = close.grade(arr(FOUL))
    assert g is not None and g.arrangement == arr(FOUL) and g.loss == 0.5 and not g.significant
    assert g.level is GradeLevel.BLUNDER
    g = analysis((BEST, -3.49, 0.25, 0.0, 0.0)).grade(arr(FOUL))
    assert g is not None and g.significant
