"""Shared hand records for the history tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from cp_trainer.history import FoulNote, Game, HandRecord, OpponentHand
from cp_trainer.rules.house_rules import HouseRules

T0 = datetime(2026, 10, 16, 12, 0, tzinfo=UTC)
DEAL = "As Ah Kc Kd Qs Qh Jc Td 9s 8h 7c 4d 2s"
FOUL_ARR = "As Ah Qh / Kc Kd Td 9s 8h / Qs Jc 7c 4d 2s"


def make_record(i: int = 0, *, fouled: bool = False, ev: tuple[float, float] | None = (0.5, 0.1),
                rules: HouseRules | None = None) -> HandRecord:
    return HandRecord(
        game=Game.CHINESE,
        deal=DEAL,
        arrangement=FOUL_ARR if fouled else "Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 4d",
        played_at=T0 + timedelta(minutes=i),
        fouls=(FoulNote("order", "top: pair of aces is stronger than middle: pair of kings"),) * fouled,
        opponents=(
            OpponentHand("2c 3c 4h / 5c 6d 8c 9c Tc / Jd Jh Js Qc Qd", -4.0 if fouled else 2.0, "greedy"),
            OpponentHand("2d 3d 5h / 6c 6h 7d 7h 8d / 9d 9h Th Ts Kh", -4.0 if fouled else 1.0, "standard"),
        ),
        house_rules=(rules or HouseRules()).to_dict(),
        solver_arrangement="Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 4d" if ev else None,
        solver_ev=ev[0] if ev else None,
        player_ev=ev[1] if ev else None,
    )
