"""The teaching table's page as a phone shows it: real Chromium, 360 px wide, mobile emulation with
touch input. A whole deal is played by touch drags (a take-back, a swap, undo and Clear among
them), the hand's order is the product's ("sets first", or by suit on request), and the showdown
and the solver's review read in Russian and English: the language's decimal sign and plural
forms, "10" for a ten, suit symbols, each row's result against each opponent. The page's own
logic (order, labels, numbers, plurals, pairs not compared) is checked in the same browser."""

from __future__ import annotations

import dataclasses
import random
import re
import time
from collections.abc import Iterator
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from cp_trainer.gui.cards.order import set_order
from cp_trainer.rules.cards import FULL_DECK, parse_cards
from cp_trainer.rules.house_rules import HouseRules
from cp_trainer.support.i18n import catalog, plural_index
from tests.net_fixtures import CODE, Client, hosted
from tests.net_game import chromium, legal, wait

pytestmark = pytest.mark.slow

WIDTH, HEIGHT = 360, 740
SUIT = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}
MINUS = "\u2212"
FORMS = ("one", "few", "many")  # plural_index's forms, as Intl.PluralRules names them
NONE = "none:\u2014"  # a cell of rows not compared, as draw_showdown reads it: a dash
CODE_TEXT = re.compile(r"(?<![A-Za-z0-9])[2-9TJQKA][shdc](?![A-Za-z0-9])")  # a card written as a code


@pytest.fixture(scope="module")
def phone(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    """Chromium as a phone: a 360 px wide mobile viewport that takes touch input."""
    with chromium(tmp_path_factory.mktemp("profile"), WIDTH, HEIGHT) as driver:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": True})
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        yield driver


def label(code: str) -> str:
    return ("10" if code[0] == "T" else code[0]) + SUIT[code[1]]


def codes(cards: Any) -> list[str]:
    return [str(c) for c in cards]


def by_suit(cards: list[str]) -> list[str]:
    return codes(sorted(parse_cards(" ".join(cards)), key=lambda c: (c.suit.index, -c.rank.value)))


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"{MINUS}{-n}" if n < 0 else "0"


def decimal(x: float, lang: str) -> str:
    """``x`` with two decimals, rounded half away from zero (as Intl.NumberFormat does), the
    language's decimal sign."""
    text = str(Decimal(x).quantize(Decimal("0.01"), ROUND_HALF_UP))
    return text.replace(".", ",") if lang == "ru" else text


def points_text(n: int, lang: str) -> str:
    return page_text(lang, f"points.{FORMS[plural_index(n, lang)]}").replace("{n}", signed(n))


def page_text(lang: str, key: str) -> str:
    return str(catalog(lang)[f"net.page.{key}"])


# --- touch ----------------------------------------------------------------------------------------

def center(driver: WebDriver, css: str, block: str = "nearest") -> tuple[float, float]:
    x, y = driver.execute_script(
        "const e = document.querySelector(arguments[0]); e.scrollIntoView({block: arguments[1]});"
        " const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];",
        css, block)
    assert 0 <= x < WIDTH and 0 <= y < HEIGHT, (css, x, y)
    return float(x), float(y)


def touch(driver: WebDriver, kind: str, x: float | None = None, y: float | None = None,
          at: float | None = None) -> None:
    points = [] if x is None else [{"x": x, "y": y}]
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points,
                                                        **({} if at is None else {"timestamp": at})})


COUNT_EVENTS = ("window.seen = {pointerup: 0, click: 0, types: new Set()};"
                " document.addEventListener('pointerup', () => seen.pointerup++);"
                " document.addEventListener('click', () => seen.click++);"
                " document.addEventListener('pointerdown', (e) => seen.types.add(e.pointerType));")


def handled(driver: WebDriver, event: str, before: int) -> None:
    """Wait until the page has had one more ``event`` than ``before``: a touch's events reach the
    page a moment after the DevTools call returns."""
    wait(driver, lambda d: d.execute_script(f"return seen.{event};") > before, 10)


def drag(driver: WebDriver, source: str, target: str, steps: int = 6) -> None:
    """A finger drags ``source`` onto ``target`` (CSS selectors): touch start, moves, touch end."""
    (x0, y0), (x1, y1) = center(driver, source), center(driver, target)
    before = driver.execute_script("return seen.pointerup;")
    # a finger's pace (30 ms a step), still for a moment before it lifts: a drag that ends at
    # speed is a fling to the browser, and the next tap would only stop it, not click
    at = time.time()
    touch(driver, "touchStart", x0, y0, at)
    for i in range(1, steps + 1):
        at += 0.03
        touch(driver, "touchMove", x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps, at)
    touch(driver, "touchMove", x1, y1, at + 0.2)
    touch(driver, "touchEnd", at=at + 0.25)
    handled(driver, "pointerup", before)


def tap(driver: WebDriver, css: str) -> None:
    """A finger taps ``css``, and the page has had the click."""
    x, y = center(driver, css, "center")  # not under the buttons' bar at the bottom
    before = driver.execute_script("return seen.click;")
    touch(driver, "touchStart", x, y)
    touch(driver, "touchEnd")
    handled(driver, "click", before)


def hand_card(code: str) -> str:
    return f'#hand .card[data-card="{code}"]'


def row_card(code: str) -> str:
    return f'#board .row .card[data-card="{code}"]'


def rows(driver: WebDriver) -> list[list[str]]:
    return [[str(c) for c in row] for row in driver.execute_script("return cpTable.rows();")]


def hand(driver: WebDriver) -> list[str]:
    return [str(c) for c in driver.execute_script(
        "return [...document.querySelectorAll('#hand .card')].map((e) => e.dataset.card);")]


def shot(driver: WebDriver, folder: Path, name: str) -> None:
    driver.save_screenshot(str(folder / f"{name}.png"))


# --- the page's logic -----------------------------------------------------------------------------

def test_the_pages_order_labels_numbers_and_plurals(phone: WebDriver) -> None:
    with hosted(None, seats=2, bots=1) as host:
        assert host.line is not None
        phone.get(f"{host.line['page']}?code={CODE}&lang=ru")
        wait(phone, lambda d: d.find_element(By.ID, "join-button").text == page_text("ru", "join"))
        # the product's orders, on many hands
        rng = random.Random(5)
        hands = [codes(rng.sample(FULL_DECK, rng.choice((3, 5, 13)))) for _ in range(300)]
        hands += [["9s", "Ah", "9d"], ["4c", "2s", "2h", "2d", "2c"], ["Qh", "3s", "Qs", "3d", "3c"]]
        got = phone.execute_script(
            "return arguments[0].map((h) => [cpTable.setsFirst(h), cpTable.bySuit(h)]);", hands)
        for h, (sets, suits) in zip(hands, got, strict=True):
            assert sets == codes(set_order(parse_cards(" ".join(h)))), h
            assert suits == by_suit(h), h
        assert got[-3][0] == ["9s", "9d", "Ah"] and got[-1][0] == ["3s", "3d", "3c", "Qs", "Qh"]
        assert phone.execute_script("return ['Td', 'As', 'Tc', '9h'].map(cpTable.cardLabel);") == \
            ["10\u2666", "A\u2660", "10\u2663", "9\u2665"]
        numbers = ("return [cpTable.formatNumber(13.66, 2), cpTable.formatNumber(-0.5, 2, true),"
                   " cpTable.formatNumber(1234.5, 2)].concat("
                   "[1, 4, 5, 11, 21, 22, 0, -1, -4, -5].map((n) => cpTable.formatPoints(n, 0, true)),"
                   " [cpTable.formatPoints(0.42, 2), cpTable.formatPoints(1, 2)]);")
        assert phone.execute_script(numbers) == [
            "13,66", MINUS + "0,50", "1234,50",
            "+1 очко", "+4 очка", "+5 очков", "+11 очков", "+21 очко", "+22 очка", "0 очков",
            MINUS + "1 очко", MINUS + "4 очка", MINUS + "5 очков", "0,42 очка", "1,00 очка"]
        for n in (1, 4, 5, 11, 21, 22, 0, -1, -4, -5):  # the page and the product agree on forms
            assert points_text(n, "ru") == phone.execute_script(
                "return cpTable.formatPoints(arguments[0], 0, true);", n)
        switch_language(phone, "en")
        assert phone.execute_script(numbers) == [
            "13.66", MINUS + "0.50", "1234.50",
            "+1 point", "+4 points", "+5 points", "+11 points", "+21 points", "+22 points", "0 points",
            MINUS + "1 point", MINUS + "4 points", MINUS + "5 points", "0.42 points", "1.00 points"]


def switch_language(driver: WebDriver, lang: str) -> None:
    driver.execute_script(
        "const s = document.getElementById('lang'); s.value = arguments[0];"
        " s.dispatchEvent(new Event('change'));", lang)
    wait(driver, lambda d: d.execute_script("return document.documentElement.lang;") == lang
         and d.find_element(By.ID, "deal-title").text in ("", page_text(lang, "deal").replace("{deal}", "1")))


#: a four-seat showdown (seat 0 fouled, seat 2 surrendered), as the server sends it without the
#: "kind" of each pair and without "shown" (hands' rows sets first): the page works both out
FOUR = {
    "type": "showdown", "deal": 3,
    "hands": [
        {"seat": 0, "name": "Ann", "bot": False, "arrangement": "As Ad 2c / 3h 4h 5h 6h 7h / Kc Kd Ks 9c 9d",
         "fouled": True, "surrendered": False},
        {"seat": 1, "name": "Ben", "bot": False, "arrangement": "8c Ts Tc / Jd Qc 3c Qs 3d / 8s 2h 8h 8d 2d",
         "fouled": False, "surrendered": False},
        {"seat": 2, "name": "Cy", "bot": False, "arrangement": "surrender",
         "fouled": False, "surrendered": True},
        {"seat": 3, "name": "Bot 4", "bot": True, "arrangement": "5c 6c 7c / 2s 4s 6s 7s 9s / Ah Kh Qh Jh Th",
         "fouled": False, "surrendered": False},
    ],
    "points": [-5, 5, -9, 9],
    "pairs": [
        {"players": [0, 1], "rows": {"top": 1, "middle": 1, "bottom": 1}, "points": [-4, 4]},
        {"players": [0, 2], "rows": {"top": None, "middle": None, "bottom": None}, "points": [3, -3]},
        {"players": [0, 3], "rows": {"top": 3, "middle": 3, "bottom": 3}, "points": [-4, 4]},
        {"players": [1, 2], "rows": {"top": None, "middle": None, "bottom": None}, "points": [3, -3]},
        {"players": [1, 3], "rows": {"top": 1, "middle": 3, "bottom": 3}, "points": [-2, 2]},
        {"players": [2, 3], "rows": {"top": None, "middle": None, "bottom": None}, "points": [-3, 3]},
    ],
}


def draw_showdown(driver: WebDriver, showdown: dict[str, Any], reviews: dict[str, Any], seat: int) -> Any:
    return driver.execute_script(
        "const box = document.createElement('div'); cpTable.renderShowdown(box, ...arguments);"
        " return [...box.querySelectorAll('.seat-hand')].map((h) => ({seat: Number(h.dataset.seat),"
        " points: h.querySelector('.points').textContent,"
        " rows: [...h.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('.line .card')]"
        ".map((c) => c.dataset.card)),"
        " labels: [...h.querySelectorAll('.card')].map((c) => [c.dataset.card, c.textContent]),"
        " opponents: [...h.querySelectorAll('th.opponent')].map((th) => th.textContent),"
        " results: [...h.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('.result')]"
        ".map((td) => td.classList.contains('none') ? 'none:' + td.textContent : td.textContent)),"
        " notes: [...h.querySelectorAll('.not-compared')].map((p) => p.textContent),"
        " pair: [...h.querySelectorAll('.pair-points')].map((td) => td.textContent),"
        " gave_up: h.querySelector('.gave-up') ? h.querySelector('.gave-up').textContent : null,"
        " review: h.querySelector('.review') ? h.querySelector('.review').textContent : null,"
        " best: [...h.querySelectorAll('.review .best .line')].map((l) => [...l.children]"
        ".map((c) => c.dataset.card))}));", showdown, reviews, seat)


def test_a_showdown_says_which_rows_were_not_compared_and_why(phone: WebDriver) -> None:
    with hosted(None, seats=2, bots=1) as host:
        assert host.line is not None
        phone.get(f"{host.line['page']}?code={CODE}&lang=en")
        wait(phone, lambda d: d.find_element(By.ID, "join-button").text == "Join")
        review = {"type": "review", "deal": 3, "seat": 1,
                  "best": "8c Ts Tc / Jd Qc 3c Qs 3d / 8s 2h 8h 8d 2d", "loss": 1.0, "loss_stderr": 0.125,
                  "significant": True, "ev": -1.25, "best_ev": -0.25}
        drawn = {h["seat"]: h for h in draw_showdown(phone, FOUR, {"1": review}, 1)}
        assert list(drawn) == [1, 0, 2, 3]  # the player's own hand first
        ben, ann, cy, bot = drawn[1], drawn[0], drawn[2], drawn[3]
        assert [h["points"] for h in (ann, ben, cy, bot)] == \
            [MINUS + "5 points", "+5 points", MINUS + "9 points", "+9 points"]
        # each row sets first; a ten is "10"
        assert ben["rows"] == [["Ts", "Tc", "8c"], ["Qs", "Qc", "3d", "3c", "Jd"],
                               ["8s", "8h", "8d", "2h", "2d"]]
        assert all(text == label(code) for h in drawn.values() for code, text in h["labels"])
        assert cy["rows"] == [[], [], []] and cy["labels"] == [] and cy["gave_up"] == "surrendered"
        # rows not compared: a dash in the table, and why in a line under it
        assert cy["results"] == [[NONE] * 3, [], []]
        assert cy["notes"] == [f"{name}: rows not compared (surrender)" for name in ("Ann", "Ben", "Bot 4")]
        # Ben against Ann (who fouled), Cy (who surrendered), the bot (compared row by row)
        assert ben["opponents"] == ["Ann", "Cy", "Bot 4"]
        assert ben["results"] == [[NONE, NONE, "won"], ["lost"], ["lost"]]
        assert ben["notes"] == ["Ann: rows not compared (foul)", "Cy: rows not compared (surrender)"]
        assert ben["pair"] == ["+4", "+3", MINUS + "2"]
        assert bot["results"] == [[NONE, "lost", NONE], ["won"], ["won"]]
        assert ann["notes"] == ["Ben: rows not compared (foul)", "Cy: rows not compared (surrender)",
                                "Bot 4: rows not compared (foul)"]
        # the review: the best as cards, sets first, the loss with its error, its verdict
        assert ben["best"] == ben["rows"]
        assert ben["review"].startswith(
            "Solver: this choice loses 1.00 ± 0.13 points against the best (a real loss).")
        assert ben["review"].endswith(f"Expected points: {MINUS}1.25 as set, {MINUS}0.25 with the best.")
        assert not CODE_TEXT.search(ben["review"])
        # the server's own words where it sends them: each pair's kind, each hand's rows
        pairs, hands = FOUR["pairs"], FOUR["hands"]
        assert isinstance(pairs, list) and isinstance(hands, list)
        shown = "Tc Ts 8c / Qc Qs 3c 3d Jd / 8h 8s 8d 2h 2d"
        told = {**FOUR, "pairs": [{**p, "kind": "natural"} if p["players"] == [1, 3] else p for p in pairs],
                "hands": [{**h, "shown": shown} if h["seat"] == 1 else h for h in hands]}
        told_review = {**review, "best_shown": shown}
        ben = {h["seat"]: h for h in draw_showdown(phone, told, {"1": told_review}, 1)}[1]
        assert ben["best"][0] == ["Tc", "Ts", "8c"]
        assert ben["results"][0][2] == NONE and ben["notes"][2] == "Bot 4: rows not compared (natural)"
        assert ben["rows"][0] == ["Tc", "Ts", "8c"]
        # or the showdown's "kinds", in the order of its pairs
        kinds = ["foul", "surrender", "foul", "surrender", "natural", "surrender"]
        ben = {h["seat"]: h for h in draw_showdown(phone, {**FOUR, "kinds": kinds}, {}, 1)}[1]
        assert ben["results"][0] == [NONE] * 3
        assert ben["notes"] == [f"{name}: rows not compared ({why})"
                                for name, why in (("Ann", "foul"), ("Cy", "surrender"), ("Bot 4", "natural"))]
        switch_language(phone, "ru")
        ben = {h["seat"]: h for h in draw_showdown(phone, FOUR, {"1": {**review, "loss": 0.5}}, 1)}[1]
        assert ben["results"] == [[NONE, NONE, "выигран"], ["проигран"], ["проигран"]]
        assert ben["notes"] == ["Ann: ряды не сравнивались (фол)", "Cy: ряды не сравнивались (отказ от руки)"]
        assert ben["review"].startswith(
            "Солвер: этот выбор теряет 0,50 ± 0,13 очка против лучшего (настоящая потеря).")
        assert ben["review"].endswith(f"Ожидание очков: {MINUS}1,25 у выставленного, {MINUS}0,25 у лучшего.")


# --- a whole deal by touch ------------------------------------------------------------------------

def test_a_deal_played_by_touch_on_a_phone(phone: WebDriver, tmp_path: Path) -> None:
    with hosted(None, seats=3, bots=1) as host:
        assert host.line is not None
        phone.get(f"{host.line['page']}?code={CODE}&lang=ru")
        wait(phone, lambda d: d.find_element(By.ID, "join-button").text == page_text("ru", "join"))
        phone.find_element(By.ID, "name").send_keys("Иван")
        phone.execute_script(COUNT_EVENTS)
        tap(phone, "#join-button")
        other = Client(host.line["url"])
        try:
            other.join("Olga")
            wait(phone, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#hand .card")) == 13, 60)
            shot(phone, tmp_path, "1-dealt")
            fits(phone)
            play_by_touch(phone, tmp_path)
            tap(phone, "#set")
            deal = other.wait("deal")
            other.send({"type": "set", "deal": 1, "arrangement": str(legal(deal["cards"]))})
            showdown = other.wait("showdown")
            reviews = {m["seat"]: m for m in (other.wait("review", 60), other.wait("review", 60))}
            assert phone.execute_script("return [...seen.types];") == ["touch"]
            for lang in ("ru", "en"):
                if lang == "en":
                    switch_language(phone, "en")
                wait(phone, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#hands .review")) == 2, 60)
                shot(phone, tmp_path, f"4-showdown-{lang}")
                fits(phone)
                assert phone.find_element(By.CSS_SELECTOR, "#seats li.me").text == \
                    f"Иван ({page_text(lang, 'you')}) · {page_text(lang, 'has_set')}"
                check_showdown(phone, showdown, reviews, lang)
        finally:
            other.close()


def play_by_touch(phone: WebDriver, shots: Path) -> None:
    """Every card put by a finger's drag; a take-back, a swap, undo, Clear and the sort on the
    way."""
    dealt = hand(phone)
    assert dealt == codes(set_order(parse_cards(" ".join(dealt))))  # sets first, as dealt
    assert phone.find_element(By.ID, "sort-sets").get_attribute("aria-pressed") == "true"
    tap(phone, "#sort-suit")
    assert hand(phone) == by_suit(dealt)
    assert phone.find_element(By.ID, "sort-suit").get_attribute("aria-pressed") == "true"
    tap(phone, "#sort-sets")
    assert hand(phone) == dealt
    assert not phone.find_element(By.ID, "undo").is_enabled()
    target = legal(" ".join(dealt))
    top, middle, bottom = (codes(r) for r in target.rows)
    first = top[0]
    drag(phone, hand_card(first), "#row-0 .slots")
    assert rows(phone) == [[first], [], []]
    drag(phone, row_card(first), "#hand")  # taken back by a drag
    assert rows(phone) == [[], [], []] and first in hand(phone)
    tap(phone, "#undo")
    assert rows(phone) == [[first], [], []]
    tap(phone, "#undo")
    assert rows(phone) == [[], [], []] and hand(phone) == dealt
    assert not phone.find_element(By.ID, "undo").is_enabled()
    for card in top:
        drag(phone, hand_card(card), "#row-0")
    assert sorted(rows(phone)[0]) == sorted(top)
    # a card dropped on a card of a full row: the two change places; undo puts them back
    drag(phone, hand_card(middle[0]), row_card(top[1]))
    assert sorted(rows(phone)[0]) == sorted([top[0], middle[0], top[2]]) and top[1] in hand(phone)
    tap(phone, "#undo")
    assert sorted(rows(phone)[0]) == sorted(top)
    for r, row in ((1, middle), (2, bottom)):
        for i, card in enumerate(row):
            drag(phone, hand_card(card), f"#row-{r} .slots")
            if (r, i) == (1, 2):
                shot(phone, shots, "2-placing")
    placed = rows(phone)
    assert placed == [codes(set_order(r)) for r in target.rows]  # each row shown sets first
    for code in (c for row in placed for c in row):
        assert phone.find_element(By.CSS_SELECTOR, row_card(code)).text.replace("\n", "") == label(code)
    tap(phone, "#clear")
    assert rows(phone) == [[], [], []]
    tap(phone, "#undo")  # Clear is undone too
    assert rows(phone) == placed
    wait(phone, lambda d: "ok" in (d.find_element(By.ID, "check").get_attribute("class") or "")
         and d.find_element(By.ID, "set").is_enabled())
    shot(phone, shots, "3-placed")
    fits(phone)


def check_showdown(phone: WebDriver, showdown: dict[str, Any], reviews: dict[int, Any], lang: str) -> None:
    """The page's showdown against the server's: points, rows sets first, each row's result
    against each opponent, each person's review, all in ``lang``."""
    drawn = {h["seat"]: h for h in phone.execute_script(
        "return [...document.querySelectorAll('#hands .seat-hand')].map((h) => ({"
        " seat: Number(h.dataset.seat),"
        " points: h.querySelector('.points').textContent,"
        " rows: [...h.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('.line .card')]"
        ".map((c) => c.dataset.card)),"
        " labels: [...h.querySelectorAll('.card')].map((c) => [c.dataset.card, c.textContent]),"
        " results: [...h.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('.result')]"
        ".map((td) => td.textContent)),"
        " review: h.querySelector('.review') ? h.querySelector('.review .verdict').textContent : null,"
        " best: [...h.querySelectorAll('.review .best .line')].map((l) => [...l.children]"
        ".map((c) => c.dataset.card))}));")}
    assert sorted(drawn) == [0, 1, 2]
    tens = 0
    for h in showdown["hands"]:
        seat = h["seat"]
        page = drawn[seat]
        assert page["points"] == points_text(showdown["points"][seat], lang)
        assert page["rows"] == [codes(set_order(parse_cards(r))) for r in h["arrangement"].split("/")]
        for code, text in page["labels"]:
            assert text == label(code)
            tens += code[0] == "T"
        expected = []
        for r in ("top", "middle", "bottom"):
            line = []
            for pair in showdown["pairs"]:
                if seat in pair["players"]:
                    w = pair["rows"][r]
                    result = "tie" if w is None else "won" if w == seat else "lost"
                    line.append(page_text(lang, f"result.{result}"))
            expected.append(line)
        assert page["results"] == expected
        review = reviews.get(seat)
        if review is None:
            assert page["review"] is None
            continue
        assert review["loss"] > 0  # the greedy bot's hands and the legal ones played here are not the best
        number = f"{decimal(review['loss'], lang)} ± {decimal(review['loss_stderr'], lang)}"
        form = FORMS[plural_index(2, lang)]  # a fraction takes the form of "2" in both languages
        verdict = page_text(lang, "significant" if review["significant"] else "not_significant")
        assert page["review"] == page_text(lang, "review_loss").format(
            points=page_text(lang, f"points.{form}").replace("{n}", number), verdict=verdict)
        assert page["best"] == [codes(set_order(parse_cards(r))) for r in review["best"].split("/")]
        assert not CODE_TEXT.search(page["review"])
    assert tens > 0  # the deal (seed 7) has tens: each one shown "10"


def fits(driver: WebDriver) -> None:
    """Nothing is wider than the phone (a wider page is zoomed out, its text too small), and Set
    or Next deal is on the screen, within the thumb's reach, however long the page."""
    width, bottom, height = driver.execute_script(
        "const b = document.querySelector('#set:not([hidden]), #next');"
        " const shown = document.getElementById('showdown').hidden ? document.getElementById('set')"
        " : document.getElementById('next');"
        " return [document.documentElement.scrollWidth, shown.getBoundingClientRect().bottom, innerHeight];")
    assert width <= WIDTH
    assert bottom <= height


def test_a_mouse_drags_too_and_a_tap_just_after_a_drag_counts(phone: WebDriver) -> None:
    """The same drags by mouse (a laptop at the table); the click a mouse's release makes is not
    taken for a tap, but the player's next tap, however quick, is. With surrender allowed (one
    more button, Russian words) the page still fits a short phone."""
    from selenium.webdriver import ActionChains

    with hosted(None, seats=2, bots=1, rules=dataclasses.replace(HouseRules(), surrender=True)) as host:
        assert host.line is not None
        phone.get(f"{host.line['page']}?code={CODE}&lang=ru")  # the longer words
        wait(phone, lambda d: d.find_element(By.ID, "join-button").text == page_text("ru", "join"))
        phone.find_element(By.ID, "name").send_keys("Mouse")
        phone.find_element(By.ID, "join-button").click()
        wait(phone, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#hand .card")) == 13, 60)
        dealt = hand(phone)
        card = phone.find_element(By.CSS_SELECTOR, hand_card(dealt[0]))
        ActionChains(phone).click_and_hold(card).move_by_offset(10, -10) \
            .move_to_element(phone.find_element(By.ID, "row-1")).release().perform()
        assert rows(phone) == [[], [dealt[0]], []]
        card = phone.find_element(By.CSS_SELECTOR, row_card(dealt[0]))
        ActionChains(phone).click_and_hold(card).move_by_offset(10, 10) \
            .move_to_element(phone.find_element(By.ID, "hand")).release().perform()
        assert rows(phone) == [[], [], []]
        phone.find_element(By.CSS_SELECTOR, hand_card(dealt[1])).click()
        phone.find_element(By.CSS_SELECTOR, "#row-0 .row-name").click()
        assert rows(phone) == [[dealt[1]], [], []]
        assert phone.find_element(By.ID, "surrender").is_displayed()
        fits(phone)
        try:  # a shorter phone
            phone.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                  {"width": WIDTH, "height": 560, "deviceScaleFactor": 1, "mobile": True})
            wait(phone, lambda d: d.execute_script("return innerHeight;") == 560, 10)
            fits(phone)
        finally:
            phone.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                  {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": True})
