"""``cp-trainer score`` under every house rule, and ``--rules FILE`` on the commands.

Every expected number is worked by hand from RULES.md in the comments, not computed with the
code under test.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cp_trainer.cli import main

# A: top Q-high, middle pair of kings, bottom pair of aces.
A = "Qs Jc 2s / Kc Kd Th 9s 8h / As Ah Qh 7c 4d"
# B: top 4-high, middle pair of fives, bottom two pair kings and eights.
B = "2c 3d 4h / 5s 5d 6c 7d 9c / Ks Kh 8s 8d 3c"
# A v B: top A (Q-high > 4-high), middle A (KK > 55), bottom B (two pair > one pair): A wins 2-1.
# 2-4: +1 +1 -1, +1 for two rows = +2.   1-6: +1 +1 -1 = +1 (no scoop).

# Royalty hands. R1: top trips 2s (royalty 3), middle spade flush, bottom full house 444-55.
R1 = "2c 2d 2h / 3s 7s 9s Js Ks / 4c 4d 4s 5c 5d"
# R2: top trips 3s (royalty 3), middle straight 6-T, bottom full house AAA-KK.
R2 = "3c 3d 3h / 6c 7d 8h 9d Tc / Ac Ad Ah Kc Kd"
# R1 v R2: top R2 (333 > 222), middle R1 (flush > straight), bottom R2 (AAA-KK > 444-55): R2 2-1,
# rows give R1 -2 in 2-4. Only the top rows earn royalties (full houses in the bottom earn none).

# Naturals: N holds six pairs (22 33 44 55 66 KK); PLAIN is legal with no natural.
N = "2c 2d Ah / 3c 3d 4c 4d Kh / 5c 5d 6c 6d Kd"
PLAIN = "Qs Jc 2s / Tc Td 9h 9s 8h / As Ac Ad 7c 4s"
# Without naturals: top N (22 > Q-high), middle PLAIN (TT99 > 4433), bottom PLAIN (AAA > 6655): N -2.

# Criss Cross: the four hands are one 52-card deck. A1 = A, B1 = B.
A2 = "2d 2h 3s / Ts Td 4s 4c 5c / Js Jd Jh 6s 6d"  # pair of 2s / two pair TT44 / full house JJJ66
B2 = "3h 5h 6h / Qd Qc 7s 7h 8c / Ad Ac 9h 9d Tc"  # 6-high / two pair QQ77 / two pair AA99
# A1 v B1: +2 (above).
# A1 v B2: top A1 (Q-high > 6-high), middle B2 (QQ77 > KK), bottom B2 (AA99 > AA): A1 loses 1-2 = -2.
# A2 v B1: top A2 (22 > 4-high), middle A2 (TT44 > 55), bottom A2 (full house > KK88): scoop +4.
# A2 v B2: top A2 (22 > 6-high), middle B2 (QQ77 > TT44), bottom A2 (full house > AA99): 2-1 = +2.
# Player A: 2 - 2 + 4 + 2 = +6; player B: -6.


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def score_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    status, out, err = run(capsys, "score", "--json", *argv)
    assert status == 0 and err == "", err
    record: dict[str, Any] = json.loads(out)
    return record


def rules_file(tmp_path: Path, text: str, name: str = "club.toml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


# --- the contract that stays -----------------------------------------------------------------


def test_existing_json_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "score", "--json", A, B)
    assert out == ('{"points": [2, -2], "pairs": [{"players": [0, 1], "rows": {"top": 0, "middle": 0, '
                   '"bottom": 1}, "points": [2, -2]}]}\n')


# --- surrender -------------------------------------------------------------------------------


def test_surrender_pays_three_to_each_player_still_in(capsys: pytest.CaptureFixture[str]) -> None:
    record = score_json(capsys, "--surrender", A, B, "surrender")
    # A v B +2; C surrendered pays the 2-4 default 3 to A and to B.
    # A: 2 + 3 = 5; B: -2 + 3 = 1; C: -3 - 3 = -6.
    assert record["points"] == [5, 1, -6]
    assert [p["points"] for p in record["pairs"]] == [[2, -2], [3, -3], [3, -3]]
    assert "money" not in record


def test_surrender_cost_and_the_1_6_default(capsys: pytest.CaptureFixture[str]) -> None:
    # --surrender-cost 5: C pays 5 to each of A and B: C -10.
    record = score_json(capsys, "--surrender", "--surrender-cost", "5", A, B, "SURRENDER")
    assert record["points"] == [7, 3, -10]
    # 1-6: A v B = +1 (2-1, no scoop); the 1-6 default cost is 4: A 1 + 4 = 5, B -1 + 4 = 3, C -8.
    assert score_json(capsys, "--surrender", "--system", "1-6", A, B, "surrender")["points"] == [5, 3, -8]
    # Two surrendered players settle 0 with each other; each pays A 3: A +6.
    assert score_json(capsys, "--surrender", A, "surrender", "surrender")["points"] == [6, -3, -3]


def test_surrender_needs_the_rule(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run(capsys, "score", "--lang", "en", A, "surrender")
    assert status == 2 and out == "" and "surrender allowed" in err
    # a file that allows it, and the command line switching it off again
    club = rules_file(tmp_path, "surrender = true\n")
    assert score_json(capsys, "--rules", club, A, "surrender")["points"] == [3, -3]
    status, _, err = run(capsys, "score", "--rules", club, "--no-surrender", A, "surrender")
    assert status == 2 and "surrender" in err


def test_surrender_text_in_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "score", "--lang", "en", "--surrender", A, "surrender")
    assert status == 0
    assert out.splitlines()[1] == "B: surrender"
    assert "player B surrendered: player A collects 3" in out and "total: player A +3, player B -3" in out
    _, out, _ = run(capsys, "score", "--lang", "ru", "--surrender", A, "surrender")
    assert "B: сдача (surrender)" in out and "итог: игрок A +3, игрок B -3" in out


# --- point value and stakes ------------------------------------------------------------------


def test_point_value_adds_money(capsys: pytest.CaptureFixture[str]) -> None:
    record = score_json(capsys, "--point-value", "2.5", A, B)
    # +2 points at 2.5 a point = 5.0
    assert record == {"points": [2, -2], "money": [5.0, -5.0],
                      "pairs": [{"players": [0, 1], "rows": {"top": 0, "middle": 0, "bottom": 1},
                                 "points": [2, -2], "money": [5.0, -5.0]}]}
    assert list(record) == ["points", "money", "pairs"]


def test_stakes_a_pair_settles_at_the_lower_stake(capsys: pytest.CaptureFixture[str]) -> None:
    record = score_json(capsys, "--surrender", "--stakes", "1,0.5,2", A, B, "surrender")
    # Points as above: A v B +2, A v C +3, B v C +3 (C surrendered).
    # A v B at min(1, 0.5) = 0.5: A +1.0;  A v C at min(1, 2) = 1: A +3.0;
    # B v C at min(0.5, 2) = 0.5: B +1.5.
    # A: 1 + 3 = 4.0; B: -1 + 1.5 = 0.5; C: -3 - 1.5 = -4.5 (sum 0).
    assert record["points"] == [5, 1, -6]
    assert record["money"] == [4.0, 0.5, -4.5]
    assert [p["money"] for p in record["pairs"]] == [[1.0, -1.0], [3.0, -3.0], [1.5, -1.5]]


def test_stakes_missing_for_a_seat_fall_back_to_the_point_value(capsys: pytest.CaptureFixture[str]) -> None:
    record = score_json(capsys, "--surrender", "--point-value", "0.1", "--stakes", "0.2,0.3",
                        A, B, "surrender")
    # C has no stake: it plays at the point value 0.1.
    # A v B at 0.2: A +0.4;  A v C at 0.1: A +0.3;  B v C at 0.1: B +0.3.
    # A: 0.4 + 0.3 = 0.7; B: -0.4 + 0.3 = -0.1; C: -0.6.
    assert record["money"] == [0.7, -0.1, -0.6]


def test_money_in_text(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "score", "--lang", "en", "--stakes", "1,0.5", A, B)
    assert "  money at 0.5 a point: player A +1.00, player B -1.00" in out
    assert out.splitlines()[-1] == "money: player A +1.00, player B -1.00"
    _, out, _ = run(capsys, "score", "--lang", "ru", "--stakes", "1,0.5", A, B)
    assert out.splitlines()[-1] == "деньги: игрок A +1.00, игрок B -1.00"


@pytest.mark.parametrize("bad", ["1;2", "1,,2", "1,0", "1,-2", "1,2,3,4,5", "nan", "a,b", "inf,1"])
def test_bad_stakes_exit_2(capsys: pytest.CaptureFixture[str], bad: str) -> None:
    with pytest.raises(SystemExit, match=r"^2$") as info:
        main(["score", "--stakes", bad, A, B])
    assert info.value.code == 2
    assert "--stakes" in capsys.readouterr().err


# --- royalties: better hand only, custom table -----------------------------------------------


def test_royalties_each_way_and_to_the_better_hand_only(capsys: pytest.CaptureFixture[str]) -> None:
    # Rows: R1 -2. Royalties on: R1 collects top trips 3, R2 collects top trips 3: -2 + 3 - 3 = -2.
    assert score_json(capsys, "--royalties", R1, R2)["points"] == [-2, 2]
    # Better hand only: R1's trips lost their row, so only R2 collects: -2 - 3 = -5.
    assert score_json(capsys, "--royalties", "--royalties-better-hand-only", R1, R2)["points"] == [-5, 5]
    # Royalties off: the rows alone, -2.
    assert score_json(capsys, "--royalties-better-hand-only", R1, R2)["points"] == [-2, 2]


def test_custom_royalty_table(capsys: pytest.CaptureFixture[str]) -> None:
    # top_trips = 5 for both: -2 + 5 - 5 = -2; better hand only: -2 - 5 = -7.
    assert score_json(capsys, "--royalties", "--royalty-table", "top_trips=5", R1, R2)["points"] == [-2, 2]
    assert score_json(capsys, "--royalties", "--royalties-better-hand-only",
                      "--royalty-table", "top_trips=5,middle_full_house=9", R1, R2)["points"] == [-7, 7]


def test_royalty_table_from_a_file_and_one_key_overridden(capsys: pytest.CaptureFixture[str],
                                                          tmp_path: Path) -> None:
    club = rules_file(tmp_path, "royalties = true\nroyalties_better_hand_only = true\n"
                                "[royalty_table]\ntop_trips = 6\n")
    # file: better hand only, top trips 6: -2 - 6 = -8
    assert score_json(capsys, "--rules", club, R1, R2)["points"] == [-8, 8]
    # the command line sets top_trips = 1: -2 - 1 = -3
    assert score_json(capsys, "--rules", club, "--royalty-table", "top_trips=1", R1, R2)["points"] == [-3, 3]


@pytest.mark.parametrize("bad", ["top_trip=3", "top_trips", "top_trips=-1", "top_trips=x", "top_trips=1000"])
def test_bad_royalty_table_exit_2(capsys: pytest.CaptureFixture[str], bad: str) -> None:
    with pytest.raises(SystemExit, match=r"^2$") as info:
        main(["score", "--royalty-table", bad, A, B])
    assert info.value.code == 2
    assert "--royalty-table" in capsys.readouterr().err


# --- naturals and their amount ---------------------------------------------------------------


def test_natural_amounts(capsys: pytest.CaptureFixture[str]) -> None:
    # Without naturals the rows decide: N -2 (see above).
    assert score_json(capsys, N, PLAIN)["points"] == [-2, 2]
    # Six pairs win at once the scoop amount: 4 in 2-4, 6 in 1-6.
    assert score_json(capsys, "--naturals", N, PLAIN)["points"] == [4, -4]
    assert score_json(capsys, "--naturals", "--system", "1-6", N, PLAIN)["points"] == [6, -6]
    # --natural-amount 7: +7 whatever the system.
    record = score_json(capsys, "--naturals", "--natural-amount", "7", "--system", "1-6", N, PLAIN)
    assert record["points"] == [7, -7]


# --- Criss Cross -----------------------------------------------------------------------------


def test_criss_cross_json(capsys: pytest.CaptureFixture[str]) -> None:
    record = score_json(capsys, "--criss-cross", A, A2, B, B2)
    assert record["points"] == [6, -6]
    assert [(p["hands"], p["points"]) for p in record["pairs"]] == [
        ([[0, 0], [1, 0]], [2, -2]),
        ([[0, 0], [1, 1]], [-2, 2]),
        ([[0, 1], [1, 0]], [4, -4]),
        ([[0, 1], [1, 1]], [2, -2]),
    ]
    assert all(p["players"] == [0, 1] for p in record["pairs"])
    assert "money" not in record


def test_criss_cross_under_1_6_with_money(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    club = rules_file(tmp_path, 'system = "1-6"\ncriss_cross = true\npoint_value = 0.5\n')
    record = score_json(capsys, "--rules", club, A, A2, B, B2)
    # 1-6: A1vB1 2-1 = +1, A1vB2 1-2 = -1, A2vB1 scoop = +6, A2vB2 2-1 = +1: A +7.
    # at 0.5 a point: A +3.5.
    assert record["points"] == [7, -7]
    assert record["money"] == [3.5, -3.5]
    assert [p["money"] for p in record["pairs"]] == [[0.5, -0.5], [-0.5, 0.5], [3.0, -3.0], [0.5, -0.5]]


def test_criss_cross_text_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "score", "--lang", "en", "--criss-cross", A, A2, B, B2)
    assert status == 0
    lines = out.splitlines()
    assert [line.split(":")[0] for line in lines[:4]] == ["A1", "A2", "B1", "B2"]
    assert "player A's hand 2 against player B's hand 1:" in lines
    assert lines[-1] == "total: player A +6, player B -6"
    _, out, _ = run(capsys, "score", "--lang", "ru", "--criss-cross", A, A2, B, B2)
    assert "рука 2 игрока A против руки 1 игрока B:" in out.splitlines()
    status, _, err = run(capsys, "score", "--lang", "en", "--criss-cross", A, A2, B)
    assert status == 2 and "four arrangements" in err
    status, _, err = run(capsys, "score", "--lang", "en", "--criss-cross", A, A2, B, A)
    assert status == 2 and "player A, hand 1 and player B, hand 2" in err


def test_criss_cross_from_standard_input() -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    deals = f"{A} | {A2} | {B} | {B2}\n{A} | {B}\n"
    proc = subprocess.run([sys.executable, "-m", "cp_trainer", "score", "--json", "--criss-cross"],
                          input=deals, capture_output=True, text=True, env=env, timeout=120, check=False)
    first, second = (json.loads(line) for line in proc.stdout.splitlines())
    assert first["points"] == [6, -6]
    assert second["input"] == f"{A} | {B}" and "four arrangements" in second["error"]
    assert proc.returncode == 2


# --- --rules on every command ----------------------------------------------------------------


def test_command_line_overrides_the_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    club = rules_file(tmp_path, 'system = "1-6"\npoint_value = 2.0\n')
    # 1-6 from the file: A v B 2-1 = +1, money 2.0
    assert score_json(capsys, "--rules", club, A, B) | {"pairs": None} == {
        "points": [1, -1], "money": [2.0, -2.0], "pairs": None}
    # --system 2-4 on top: +2; point value still the file's: 4.0
    assert score_json(capsys, "--rules", club, "--system", "2-4", A, B)["money"] == [4.0, -4.0]


@pytest.mark.parametrize(("text", "named"), [
    ("bank = 7\n", "line 1: bank = 7"),
    ('system = "2-4"\nsurender = true\n', "line 2: unknown key surender = true"),
    ("system = [\n", "not a valid TOML file"),
])
@pytest.mark.parametrize("command", [["score", A, B], ["check", A], ["arrange", "--bot", "greedy", "As Kd"],
                                     ["solve", "As"], ["grade", A]])
def test_a_bad_file_is_exit_2_on_every_command(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                               text: str, named: str, command: list[str]) -> None:
    club = rules_file(tmp_path, text)
    status, out, err = run(capsys, command[0], "--lang", "en", "--rules", club, *command[1:])
    assert status == 2 and out == ""
    assert err.startswith(f"cp-trainer {command[0]}: {club}: ") and named in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_missing_file_and_folder_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "score", "--rules", str(tmp_path / "none.toml"), A, B)
    assert status == 2 and "no such house-rules file" in err
    status, _, err = run(capsys, "score", "--rules", str(tmp_path), A, B)
    assert status == 2 and "is a folder" in err
    status, _, err = run(capsys, "score", "--rules", " ", A, B)
    assert status == 2 and "--rules" in err


def test_check_rules_file_changes_legality(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # middle 7-5-4-3-2 (the best low), top pair of queens, bottom pair of aces:
    # high middle: a seven-high middle under a pair top is a foul; low middle: only bottom >= top.
    low = "Qs Qh 2d / 7c 5d 4h 3s 2c / As Ah Kd Jc 9h"
    _, out, _ = run(capsys, "check", "--json", low)
    assert json.loads(out)["legal"] is False
    club = rules_file(tmp_path, "low_middle = true\n")
    _, out, _ = run(capsys, "check", "--json", "--rules", club, low)
    assert json.loads(out)["legal"] is True
    _, out, _ = run(capsys, "check", "--json", "--rules", club, "--no-low-middle", low)
    assert json.loads(out)["legal"] is False
    # wheel second: a wheel middle under a 6-high straight bottom fouls only when the wheel ranks second
    wheel = "Kd Qh 9c / As 2d 3h 4s 5c / 2s 3d 4h 5s 6c"
    _, out, _ = run(capsys, "check", "--json", wheel)
    assert json.loads(out)["legal"] is True
    club = rules_file(tmp_path, "wheel_second = true\n", "wheel.toml")
    _, out, _ = run(capsys, "check", "--json", "--rules", club, wheel)
    assert json.loads(out)["legal"] is False


def test_solve_and_arrange_read_the_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # a file putting the bank at seat 3 is refused by solve with one opponent (seats 0 and 1)
    club = rules_file(tmp_path, 'ties = "bank"\nbank = 3\n')
    status, _, err = run(capsys, "solve", "--lang", "en", "--rules", club,
                         "As Kd Qh Jc Ts 9h 8d 7c 6s 5h 4d 3c 2s")
    assert status == 2 and "--bank 3" in err
    # arrange under a low-middle file puts a low in the middle (2-7 lowball: 7-5-4-3-2 is best)
    club = rules_file(tmp_path, "low_middle = true\n", "low.toml")
    status, out, _ = run(capsys, "arrange", "--json", "--bot", "greedy", "--rules", club,
                         "As Ah Kd Kc Qs 7d 5c 4h 3s 2d 9c 8h Jd")
    assert status == 0
    middle = json.loads(out)["rows"]["middle"]
    assert middle["category"] == "high_card"
