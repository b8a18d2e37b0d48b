"""The teaching table's protocol, spoken by Python WebSocket clients on
127.0.0.1: join, a wrong code, rejoin, deal secrecy, the live check, set errors, a fouled set,
surrender, the showdown's points against ``cp-trainer score``, the review, the next deal, and
hostile messages that leave the table running."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from cp_trainer.cli import main as cli_main
from cp_trainer.history import HistoryStore
from cp_trainer.net.server import MAX_MESSAGE
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.cards import parse_cards
from cp_trainer.rules.house_rules import HouseRules
from cp_trainer.rules.house_rules_file import RulesFile, _plain
from tests.net_fixtures import CODE, Client, cards_named, hosted, legal, rows_of


def cli_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    capsys.readouterr()
    assert cli_main(list(args)) == 0
    out: dict[str, object] = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    return out


def _bad_sets_then_one(a: Client, cards_a: str, cards_b: str) -> str:
    """Seat A's bad sets are refused; its legal set is accepted once, and no next comes before
    the showdown. Returns the arrangement set."""
    ca = cards_a.split()
    # set errors: not the seat's cards, wrong deal, bad text, wrong sizes; then a second set
    for bad in ({"type": "set", "deal": 1, "arrangement": rows_of(cards_b)},
                {"type": "set", "deal": 2, "arrangement": legal(cards_a)},
                {"type": "set", "deal": "1", "arrangement": legal(cards_a)},
                {"type": "set", "deal": 1, "arrangement": "As Ks / Qs"},
                {"type": "set", "deal": 1, "arrangement": "Xx Yy Zz / / "},
                {"type": "set", "deal": 1, "arrangement": f"{ca[0]} / {ca[1]} / {ca[2]}"},
                {"type": "set", "deal": 1, "arrangement": 42},
                {"type": "check", "deal": 1, "arrangement": rows_of(cards_b)}):
        a.send(bad)
        assert a.wait("error")["error"]
    arr_a = legal(cards_a)
    a.send({"type": "set", "deal": 1, "arrangement": arr_a})
    assert a.wait("accepted") == {"type": "accepted", "deal": 1}
    a.send({"type": "set", "deal": 1, "arrangement": arr_a})
    assert "already" in a.wait("error")["error"]
    a.send({"type": "next"})
    assert a.wait("error")["error"]  # no next before the showdown
    return arr_a


def _reviews(a: Client, cards: list[str]) -> dict[int, dict[str, Any]]:
    """The two reviews A receives, by seat, each with a best setting of that seat's cards."""
    reviews = {r["seat"]: r for r in (a.wait("review"), a.wait("review"))}
    assert set(reviews) == {0, 1}
    for seat, r in reviews.items():
        assert set(r) == {"type", "deal", "seat", "best", "loss", "loss_stderr", "significant"}
        assert r["deal"] == 1 and r["loss"] >= 0 and r["loss_stderr"] >= 0
        best = Arrangement.parse(r["best"])
        assert sorted(best.cards) == sorted(parse_cards(cards[seat]))
    return reviews


def test_join_deal_check_set_showdown_review_next(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with hosted(tmp_path) as host:
        assert host.line is not None
        url = host.line["url"]
        page = url.replace("ws://", "http://")[:-2]
        assert host.line == {"url": url, "page": page, "code": CODE, "seats": 3}
        a, b = Client(url), Client(url)
        ja = a.join("Ann")
        assert (ja["seat"], ja["seats"]) == (0, 3) and len(ja["token"]) >= 16
        assert ja["rules"] == _plain(RulesFile(HouseRules()), every_key=False)
        assert "scoop_bonus" not in ja["rules"]  # a rule at its default is left out of the message
        jb = b.join("Борис", lang="ru")
        assert jb["seat"] == 1 and jb["token"] != ja["token"]
        da, db = a.wait("deal"), b.wait("deal")
        assert (da["deal"], da["seat"], db["deal"], db["seat"]) == (1, 0, 1, 1)
        assert len(parse_cards(da["cards"])) == 13 and not set(da["cards"].split()) & set(db["cards"].split())

        # the live check, partial and full, in each player's language, as check --json says
        ca = da["cards"].split()
        a.send({"type": "check", "deal": 1, "arrangement": f"{ca[0]} / {ca[1]} {ca[2]} / "})
        partial = a.wait("checked")
        assert partial["deal"] == 1 and partial["legal"] is True and partial["fouls"] == []
        b.send({"type": "check", "deal": 1, "arrangement": rows_of(db["cards"])})
        full = b.wait("checked")
        expected = cli_json(capsys, "check", "--json", "--lang", "ru", rows_of(db["cards"]))
        assert full["legal"] is expected["legal"] and full["fouls"] == expected["fouls"]
        assert full["message"] and full["deal"] == 1

        arr_a = _bad_sets_then_one(a, da["cards"], db["cards"])

        # a fouled arrangement is accepted (it is a choice) and settled as a foul
        fouled = str(Arrangement.from_rows([sorted(parse_cards(db["cards"]), reverse=True)[i:j]
                                            for i, j in ((0, 3), (3, 8), (8, 13))]))
        b.send({"type": "set", "deal": 1, "arrangement": fouled})
        b.wait("accepted")
        sa, sb = a.wait("showdown"), b.wait("showdown")

        def unnamed(showdown: dict[str, Any]) -> dict[str, Any]:
            hands = [{k: v for k, v in h.items() if k != "name"} for h in showdown["hands"]]
            return {**showdown, "hands": hands}

        assert unnamed(sa) == unnamed(sb) and sa["deal"] == 1
        # each reader sees the bot named in their own language, its style too
        assert (sa["hands"][2]["name"], sb["hands"][2]["name"]) == ("Bot 3 (greedy)", "Бот 3 (жадный)")
        hands = sa["hands"]
        assert [h["seat"] for h in hands] == [0, 1, 2]
        assert [(h["name"], h["bot"]) for h in hands] == [("Ann", False), ("Борис", False),
                                                          (hands[2]["name"], True)]
        assert hands[0]["arrangement"] == arr_a and hands[1]["arrangement"] == fouled
        assert hands[1]["fouled"] is True and hands[0]["fouled"] is False
        assert not any(h["surrendered"] for h in hands)
        # the points and pairs are what cp-trainer score says for the same arrangements
        score = cli_json(capsys, "score", "--json", *[h["arrangement"] for h in hands])
        assert sa["points"] == score["points"] and sa["pairs"] == score["pairs"]
        assert sum(sa["points"]) == 0

        # the review of each person, as grade computes it
        reviews = _reviews(a, [da["cards"], db["cards"]])
        assert reviews[1]["loss"] > 0 and reviews[1]["significant"] is True  # the foul costs

        # the next deal comes when every person has said next
        a.send({"type": "next"})
        a.drain(0.3)
        assert not [m for m in a.log if m["type"] == "deal" and m["deal"] == 2]
        b.send({"type": "next"})
        assert a.wait("deal")["deal"] == 2 and b.wait("deal")["deal"] == 2
        a.close()
        b.close()
    # every settled hand of a person is in the host's history, with the solver's verdict
    with HistoryStore.open(tmp_path) as store:
        recorded = store.hands()
    assert len(recorded) == 2
    assert sorted(r.arrangement for r in recorded) == sorted([arr_a, fouled])
    assert all(r.solver_arrangement is not None for r in recorded)


def test_nothing_before_the_showdown_names_another_seats_cards(tmp_path: Path) -> None:
    with hosted(None, seats=3, bots=1) as host:
        assert host.line is not None
        clients = [Client(host.line["url"]) for _ in range(2)]
        for i, c in enumerate(clients):
            c.join(f"P{i}")
        deals = [c.wait("deal") for c in clients]
        mine = [set(d["cards"].split()) for d in deals]
        for c, d in zip(clients, deals, strict=True):
            c.send({"type": "check", "deal": 1, "arrangement": rows_of(d["cards"])})
            c.wait("checked")
            c.send({"type": "set", "deal": 1, "arrangement": legal(d["cards"])})
        clients[0].wait("showdown")
        clients[1].wait("showdown")
        for seat, c in enumerate(clients):
            before = c.log[:next(i for i, m in enumerate(c.log) if m["type"] == "showdown")]
            named = set().union(*(cards_named(m) for m in before))
            assert named and named <= mine[seat], (seat, named - mine[seat])
            c.close()


def test_a_token_that_reads_like_a_card_is_not_a_card_named() -> None:
    # a seat's own rejoin token, "7c-…", is not the seven of clubs to the leak test above
    joined = {"type": "joined", "seat": 0, "token": "5d_VsOa84glzdsGpu06T7YQN",
              "seats": [{"name": "P0", "token": "7c-abc"}]}
    assert cards_named(joined) == set()
    assert cards_named({"type": "deal", "cards": "As 7c", "token": "Kd_x"}) == {"As", "7c"}


def test_wrong_code_is_refused_and_the_connection_closes() -> None:
    with hosted(None) as host:
        assert host.line is not None
        c = Client(host.line["url"])
        c.send({"type": "join", "code": "WRONG1", "name": "Eve"})
        assert "code" in c.wait("error")["error"]
        assert c.wait_closed()
        c2 = Client(host.line["url"])
        c2.send({"type": "rejoin", "token": "not-a-token"})
        assert c2.wait("error")["error"] and c2.wait_closed()
        c3 = Client(host.line["url"])
        c3.send({"type": "check", "deal": 1, "arrangement": "/ /"})
        assert c3.wait("error")["error"]  # join first
        assert c3.join("Ann", code=CODE.lower())["seat"] == 0  # the code is read without case
        c3.close()


def test_a_seat_that_leaves_mid_deal_rejoins_with_its_token() -> None:
    with hosted(None, seats=2, bots=1) as host:
        assert host.line is not None
        a = Client(host.line["url"])
        joined = a.join("Ann")
        deal = a.wait("deal")
        a.close()
        b = Client(host.line["url"])
        b.send({"type": "rejoin", "token": joined["token"]})
        again = b.wait("joined")
        assert again["seat"] == joined["seat"] and again["token"] == joined["token"]
        assert b.wait("deal") == deal  # the same cards again
        b.send({"type": "set", "deal": 1, "arrangement": legal(deal["cards"])})
        b.wait("accepted")
        b.wait("showdown")
        b.close()


def test_a_seat_gone_long_is_replaced_by_a_bot_and_the_table_is_told() -> None:
    with hosted(None, seats=3, bots=1, replace_after=1.0) as host:
        assert host.line is not None
        a, b = Client(host.line["url"]), Client(host.line["url"])
        a.join("Ann")
        tb = b.join("Bob")["token"]
        da = a.wait("deal")
        b.wait("deal")
        b.close()
        notice = a.wait("notice", timeout=15)
        assert "Bob" in notice["message"] and notice["seat"] == 1
        a.send({"type": "set", "deal": 1, "arrangement": legal(da["cards"])})
        sd = a.wait("showdown", timeout=20)
        assert sd["hands"][1]["bot"] is True
        # Bob's phone wakes up: his token gives him the seat back, from the next deal (the bot set)
        c = Client(host.line["url"])
        c.send({"type": "rejoin", "token": tb})
        assert c.wait("joined")["seat"] == 1
        assert "next deal" in c.wait("notice")["message"]
        c.wait("showdown")
        for client in (a, c):
            client.send({"type": "next"})
        assert c.wait("deal")["deal"] == 2 and a.wait("deal")["deal"] == 2
        a.close()
        c.close()


def test_surrender_where_the_rules_allow_it(capsys: pytest.CaptureFixture[str]) -> None:
    with hosted(None, seats=2, bots=1) as host:
        assert host.line is not None
        a = Client(host.line["url"])
        a.join("Ann")
        a.wait("deal")
        a.send({"type": "surrender", "deal": 1})
        assert "surrender" in a.wait("error")["error"]
        a.close()
    rules = HouseRules(surrender=True)
    with hosted(None, seats=3, bots=1, rules=rules) as host:
        assert host.line is not None
        a, b = Client(host.line["url"]), Client(host.line["url"])
        a.join("Ann")
        b.join("Bob")
        da, db = a.wait("deal"), b.wait("deal")
        a.send({"type": "surrender", "deal": 1})
        a.wait("accepted")
        b.send({"type": "set", "deal": 1, "arrangement": legal(db["cards"])})
        sd = b.wait("showdown")
        assert sd["hands"][0]["surrendered"] is True and sd["hands"][0]["arrangement"] == "surrender"
        args = ["score", "--json", "--surrender"] + [h["arrangement"] for h in sd["hands"]]
        capsys.readouterr()
        assert cli_main(args) == 0
        score = json.loads(capsys.readouterr().out)
        assert sd["points"] == score["points"] and sd["pairs"] == score["pairs"]
        review = a.wait("review", where=lambda m: m["seat"] == 0)
        assert sorted(Arrangement.parse(review["best"]).cards) == sorted(parse_cards(da["cards"]))
        a.close()
        b.close()


def test_hostile_messages_leave_the_table_running() -> None:
    with hosted(None, seats=3, bots=1) as host:
        assert host.line is not None
        a, b = Client(host.line["url"]), Client(host.line["url"])
        a.join("Ann")
        b.join("Bob")
        da, db = a.wait("deal"), b.wait("deal")
        for hostile in ("not json", "[1, 2]", '{"no": "type"}', '{"type": 5}', '{"type": "explode"}',
                        "[" * 100_000, b"\x00\x01binary", "x" * (MAX_MESSAGE + 1),
                        json.dumps({"type": "check", "deal": 1, "arrangement": "As " * 30_000}),
                        json.dumps({"type": "join", "code": CODE, "name": "again"})):
            a.send(hostile)
            assert a.wait("error")["error"]
        # a flood: refused with an error (or the connection closes); the others play on
        for _ in range(400):
            if a.closed:
                break
            try:
                a.send({"type": "check", "deal": 1, "arrangement": "/ /"})
            except Exception:
                break
        a.drain(0.5)
        assert any("too many" in m.get("error", "") for m in a.log)
        b.send({"type": "check", "deal": 1, "arrangement": rows_of(db["cards"])})
        assert b.wait("checked")["deal"] == 1
        b.send({"type": "set", "deal": 1, "arrangement": legal(db["cards"])})
        b.wait("accepted")
        a.close()
        # Ann comes back and the deal goes on to the showdown
        c = Client(host.line["url"])
        c.send({"type": "rejoin", "token": a.log[0]["token"]})
        c.wait("joined")
        c.send({"type": "set", "deal": 1, "arrangement": legal(da["cards"])})
        assert c.wait("showdown")["deal"] == 1
        c.close()
        b.close()


def test_the_page_is_served_over_http() -> None:
    with hosted(None) as host:
        assert host.line is not None
        page = host.line["page"]
        with urllib.request.urlopen(page, timeout=10) as r:
            body = r.read().decode()
            assert r.headers["Content-Type"].startswith("text/html") and "app.js" in body
        with urllib.request.urlopen(page + "app.js", timeout=10) as r:
            assert "WebSocket" in r.read().decode()
        with urllib.request.urlopen(page + "strings/ru.json", timeout=10) as r:
            assert json.loads(r.read())["set"] == "Выставить"
        with pytest.raises(urllib.error.HTTPError, match=r"^HTTP Error 404") as err:
            urllib.request.urlopen(page + "../etc/passwd", timeout=10)
        assert err.value.code == 404


def test_a_second_connection_with_the_token_takes_the_seat_over() -> None:
    with hosted(None, seats=2, bots=1) as host:
        assert host.line is not None
        a = Client(host.line["url"])
        token = a.join("Ann")["token"]
        deal = a.wait("deal")
        b = Client(host.line["url"])  # the same player, from a second tab or after a network change
        b.send({"type": "rejoin", "token": token})
        assert b.wait("joined")["seat"] == 0 and b.wait("deal") == deal
        assert a.wait_closed()  # the old connection is closed, the seat's messages go to the new one
        b.send({"type": "set", "deal": 1, "arrangement": legal(deal["cards"])})
        assert b.wait("accepted")["deal"] == 1
        b.close()
