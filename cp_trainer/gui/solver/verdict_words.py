"""The solver panel's words about whom it played and about surrendering, in the panel's
translation context (``SolverPanel``), numbers in the language's locale."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from cp_trainer.chinese.question import SolverQuestion
from cp_trainer.gui.numbers import number, signed
from cp_trainer.gui.solver.bots import bot_label, bots_phrase
from cp_trainer.gui.solver.bridge import SolverAnswer, solver_bot
from cp_trainer.gui.translation import current_language, fill

__all__ = ["against", "opponents_phrase", "surrender_lines"]



def opponents_phrase(request: SolverQuestion) -> str:
    """The bots the solver plays against, after "against": "1 standard bot", "3 bots: standard,
    scoop-chaser and newcomer (fouls 15%)"."""
    bots = request.seat_bots or (request.bot,) * request.opponents
    return bots_phrase(tuple(bots), current_language(), case="against")


def against(a: SolverAnswer) -> str:
    """Who the solver played against: the bots at the table, and how it models them."""
    translate = QCoreApplication.translate
    req = a.request
    if req.hand_number is not None:
        text = fill(translate("SolverPanel", "the %1 bot's two hands"), bot_label(req.bot))
    else:
        text = opponents_phrase(req)
    model = solver_bot(req.bot)
    if model != req.bot and not req.seat_bots:
        text += fill(translate("SolverPanel", " (each hand played out by the %1 bot)"), bot_label(model))
    return text


def surrender_lines(a: SolverAnswer) -> list[str]:
    """Surrender as a decision: what it scores against the best arrangement."""
    translate = QCoreApplication.translate
    verdict = a.surrender_verdict()
    if verdict is None or a.surrender_ev is None:
        return []
    gap, sure = verdict
    ev = signed(a.surrender_ev)
    if a.request.surrendered:
        lines = [fill(translate("SolverPanel", "You surrendered: %1 points per hand."), ev)]
        if sure and gap > 0:
            lines.append(fill(translate("SolverPanel", "Surrendering cost you %1 points per hand: the best "
                                                       "arrangement scores more."), number(gap)))
        elif sure:
            saved = translate("SolverPanel", "Surrendering was right: it saved %1 points per hand.")
            lines.append(fill(saved, number(-gap)))
        else:
            lines.append(translate("SolverPanel", "Surrendering was as good as playing the best arrangement, "
                                                  "within the solver's accuracy."))
        return lines
    if sure and gap > 0:
        return [fill(translate("SolverPanel", "Surrendering scores %1 points per hand: play the best "
                                              "arrangement (%2 more)."), ev, number(gap))]
    if sure:
        return [fill(translate("SolverPanel", "Surrendering scores %1 points per hand: surrender, it "
                                              "saves %2."), ev, number(-gap))]
    return [fill(translate("SolverPanel", "Surrendering scores %1 points per hand: as good as the best "
                                          "arrangement, within the solver's accuracy."), ev)]
