"""A whole teaching-table game for the tests: one real Chromium (Debian's ``/usr/bin/chromium``
driven by ``/usr/bin/chromedriver`` through Selenium) and two protocol clients play ten deals
beside a bot; the browser's first deal shows a foul explained by the server."""

from __future__ import annotations

import random
import socket
import subprocess
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common import utils
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

from cp_trainer.net.records import check_message
from cp_trainer.rules.arrangement import Arrangement, check_arrangement
from cp_trainer.rules.cards import parse_cards
from cp_trainer.rules.house_rules import HouseRules
from cp_trainer.solver.bots import get_bot
from tests.net_fixtures import CODE, Client, Message, cards_named

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
BROWSER_ARGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage")


class LoopbackService(Service):
    """chromedriver reached at 127.0.0.1, not at "localhost": a minimal system (a fresh Debian
    chroot or container) may have no /etc/hosts, where "localhost" names nothing."""

    @property
    def service_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def is_connectable(self) -> bool:
        return utils.is_url_connectable(self.port, host="127.0.0.1")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def chromium(profile: Path, width: int = 360, height: int = 780) -> Iterator[WebDriver]:
    """Headless Chromium with a fresh profile, as wide as a small phone by default.

    The browser is started here, its DevTools on 127.0.0.1, and chromedriver attaches to that
    address: chromedriver would otherwise reach the browser it starts at "localhost", which names
    nothing on a system without /etc/hosts (a fresh Debian chroot)."""
    port = _free_port()
    browser = subprocess.Popen(
        [CHROMIUM, *BROWSER_ARGS, f"--user-data-dir={profile}", f"--window-size={width},{height}",
         "--remote-debugging-address=127.0.0.1", f"--remote-debugging-port={port}", "about:blank"],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while not _devtools_up(port):
            if browser.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"Chromium did not open its DevTools on 127.0.0.1:{port}")
            time.sleep(0.1)
        options = Options()
        options.debugger_address = f"127.0.0.1:{port}"
        driver = webdriver.Chrome(service=LoopbackService(CHROMEDRIVER), options=options)
        try:
            driver.set_window_size(width, height)
            yield driver
        finally:
            driver.quit()
    finally:
        browser.terminate()
        try:
            browser.wait(10)
        except subprocess.TimeoutExpired:
            browser.kill()
            browser.wait()


def _devtools_up(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/version", timeout=1):
            return True
    except OSError:
        return False


def legal(cards: str, rules: HouseRules | None = None) -> Arrangement:
    return get_bot("greedy").arrange(parse_cards(cards), rules or HouseRules(), 0)


def fouled(cards: str, rules: HouseRules | None = None) -> Arrangement:
    """An arrangement of the 13 cards that fouls (found by the rules core, not guessed)."""
    rng = random.Random(cards)
    c = parse_cards(cards)
    while True:
        rng.shuffle(c)
        arr = Arrangement(tuple(c[:3]), tuple(c[3:8]), tuple(c[8:]))
        if check_arrangement(arr, rules or HouseRules()).fouled:
            return arr


def wait(driver: WebDriver, test: Any, timeout: float = 30.0) -> Any:
    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(test)


def place(driver: WebDriver, arr: Arrangement, native: bool = True) -> None:
    """Tap each card, then its row's name (as a player does on a phone): with the driver's own
    clicks, or (``native=False``, quicker) with the same clicks sent from inside the page."""
    if not native:
        driver.execute_script(
            "for (const [r, cards] of arguments[0].entries()) for (const c of cards) {"
            " document.querySelector('#hand .card[data-card=\"' + c + '\"]').click();"
            " document.querySelector('#row-' + r + ' .row-name').click(); }",
            [[str(c) for c in row] for row in arr.rows])
        return
    for r, row in enumerate(arr.rows):
        for card in row:
            driver.find_element(By.CSS_SELECTOR, f'#hand .card[data-card="{card}"]').click()
            driver.find_element(By.CSS_SELECTOR, f"#row-{r} .row-name").click()


def browser_deals(driver: WebDriver, page: str, deals: int, code: str = CODE,
                  name: str = "Chromium") -> dict[str, Any]:
    """The browser's side of the game; what it saw."""
    seen: dict[str, Any] = {"foul_message": None, "points": []}
    driver.get(f"{page}?code={code}&lang=en")
    wait(driver, lambda d: d.find_element(By.ID, "join-button").text == "Join")
    driver.find_element(By.ID, "name").send_keys(name)
    driver.find_element(By.ID, "join-button").click()
    for number in range(1, deals + 1):
        wait(driver, lambda d, n=number: d.find_element(By.ID, "deal-title").text == f"Deal {n}"
             and len(d.find_elements(By.CSS_SELECTOR, "#hand .card")) == 13
             and d.find_element(By.ID, "board").is_displayed(), 120)
        cards = " ".join(driver.execute_script(
            "return [...document.querySelectorAll('#hand .card')].map((e) => e.dataset.card);"))
        if number == 1:  # a foul, explained by the server in the player's language
            bad = fouled(cards)
            place(driver, bad)
            expected = check_message(check_arrangement(bad, HouseRules()), bad, "en")
            wait(driver, lambda d, e=expected: d.find_element(By.ID, "check").text == e)
            assert "foul" in (driver.find_element(By.ID, "check").get_attribute("class") or "")
            seen["foul_message"] = expected
            driver.find_element(By.ID, "clear").click()
            wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#hand .card")) == 13)
        place(driver, legal(cards), native=number <= 2)
        wait(driver, lambda d: "ok" in (d.find_element(By.ID, "check").get_attribute("class") or "")
             and d.find_element(By.ID, "set").is_enabled())
        driver.find_element(By.ID, "set").click()
        wait(driver, lambda d: d.find_element(By.ID, "showdown").is_displayed(), 120)
        wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#hands .seat-hand")) == 4)
        seen["points"].append(driver.execute_script(
            "return [...document.querySelectorAll('#hands .points')].map((e) => e.textContent);"))
        if number < deals:
            driver.find_element(By.ID, "next").click()
    return seen


def client_deals(url: str, name: str, deals: int, code: str, out: dict[str, Any]) -> None:
    """A protocol client's side: sets a legal hand each deal; keeps every showdown, and checks
    that nothing before each showdown names another seat's cards."""
    c = Client(url)
    try:
        c.join(name, code=code)
        showdowns: list[Message] = []
        for number in range(1, deals + 1):
            start = len(c.log)
            deal = c.wait("deal", 150, lambda m: bool(m["deal"] == number))  # noqa: B023
            arr = legal(deal["cards"])
            c.send({"type": "check", "deal": number, "arrangement": str(arr)})
            assert c.wait("checked")["legal"] is True
            c.send({"type": "set", "deal": number, "arrangement": str(arr)})
            c.wait("accepted")
            sd = c.wait("showdown", 150, lambda m: bool(m["deal"] == number))  # noqa: B023
            # what this deal's messages named before its showdown (a review of the deal before
            # names that deal's cards, shown already)
            before = [m for m in c.log[start:c.log.index(sd)] if m.get("deal", number) == number]
            named = set().union(*(cards_named(m) for m in before))
            assert named <= set(deal["cards"].split()), named - set(deal["cards"].split())
            showdowns.append(sd)
            if number < deals:
                c.send({"type": "next"})
        out["showdowns"] = showdowns
        out["reviews"] = [m for m in c.log if m["type"] == "review"]
    except BaseException as exc:  # told to the test's thread
        out["error"] = exc
    finally:
        c.close()


def play_game(driver: WebDriver, url: str, page: str,
              deals: int = 10, code: str = CODE) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Two protocol clients (threads) and the browser play ``deals`` deals; what each saw."""
    outs: list[dict[str, Any]] = [{}, {}]
    threads = [threading.Thread(target=client_deals, args=(url, f"Client {i}", deals, code, outs[i]),
                                daemon=True) for i in range(2)]
    for t in threads:
        t.start()
    try:
        seen = browser_deals(driver, page, deals, code)
    except Exception as exc:  # say what the page showed, and what went wrong beside it
        for t in threads:
            t.join(5)
        shown = driver.execute_script(
            "return [document.getElementById('deal-title').textContent, document.getElementById('error')"
            ".textContent, document.getElementById('check').textContent];")
        errors = [repr(out["error"]) for out in outs if "error" in out]
        raise AssertionError(f"the browser stopped at {shown}; the clients: {errors}") from exc
    for t in threads:
        t.join(120)
    for out in outs:
        if "error" in out:
            raise out["error"]
    return seen, outs
