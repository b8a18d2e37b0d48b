"""The teaching table's game without the network: codes, names, seats and what each seat is sent."""

from __future__ import annotations

import re
from typing import Any

import pytest

from cp_trainer.house_rules import HouseRules
from cp_trainer.net.table import CODE_ALPHABET, MAX_NAME, BotWork, Table, TableError, new_code


def test_codes_are_random_and_readable() -> None:
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200
    assert all(len(c) == 6 and set(c) <= set(CODE_ALPHABET) for c in codes)
    assert not set("01OI") & set(CODE_ALPHABET)


def test_names_are_cleaned_and_bounded() -> None:
    sent: list[tuple[int, dict[str, Any]]] = []
    table = Table(seats=3, code="ABCDEF", emit=lambda seat, m: sent.append((seat, m)))
    seat = table.join("ABCDEF", "  Ann\x1b[31m\n\u202e  " + "x" * 500)
    assert seat.name.startswith("Ann[31m") and len(seat.name) == MAX_NAME
    assert all(ch.isprintable() for ch in seat.name)
    for bad in ("", "   ", None, 5, ["Ann"]):
        with pytest.raises(TableError, match=r"^no_name$") as err:
            table.join("ABCDEF", bad)
        assert err.value.key == "no_name" and not err.value.close
    with pytest.raises(TableError, match=r"^wrong_code$") as err:
        table.join(12345, "Eve")
    assert err.value.close  # a wrong code ends the connection
    with pytest.raises(TableError, match=r"^bad_lang$"):
        table.join("ABCDEF", "Bob", lang="fr")


def test_the_table_refuses_impossible_setups() -> None:
    for kwargs, message in (({"seats": 1}, "a table has 2 to 4 seats, got 1"),
                            ({"seats": 5}, "a table has 2 to 4 seats, got 5"),
                            ({"seats": 3, "bots": 3}, "bots: 0 to 2 at a table of 3 seats, got 3"),
                            ({"seats": 2, "bots": -1}, "bots: 0 to 1 at a table of 2 seats, got -1"),
                            ({"seats": 2, "rules": HouseRules(bank=3)},
                             "the bank is seat 3, but the table has 2 seats")):
        with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
            Table(**kwargs)


def test_fill_with_bots_deals_at_once_and_a_full_table_refuses_newcomers() -> None:
    sent: list[tuple[int, dict[str, Any]]] = []
    table = Table(seats=4, code="ABCDEF", emit=lambda seat, m: sent.append((seat, m)), seed=3)
    assert table.fill_with_bots() == []  # nobody to play with yet
    table.join("ABCDEF", "Ann")
    assert table.fill_with_bots() == [1, 2, 3]
    assert table.phase == "setting" and [s.bot for s in table.seats] == [False, True, True, True]
    deals = [m for seat, m in sent if m["type"] == "deal"]
    assert len(deals) == 1 and deals[0]["seat"] == 0
    (work,) = table.take_work()
    assert isinstance(work, BotWork) and work.job.seats == (1, 2, 3)
    with pytest.raises(TableError, match=r"^full$") as err:
        table.join("ABCDEF", "Late")
    assert err.value.key == "full" and err.value.close
