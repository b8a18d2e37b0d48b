"""People who come and go, in real Chromium at 360 px: a newcomer whose phone locks (the page is
gone longer than the table waits) comes back to the same seat with the page's stored token, and a
newcomer who joins a table whose seats are all taken takes a bot's seat from the next deal."""

from __future__ import annotations

from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from tests.net_fixtures import CODE, Client, hosted
from tests.net_game import chromium, legal, wait

pytestmark = pytest.mark.slow


def join_page(driver: WebDriver, page: str, name: str) -> None:
    driver.get(f"{page}?code={CODE}&lang=en")
    wait(driver, lambda d: d.find_element(By.ID, "join-button").is_displayed())
    driver.find_element(By.ID, "name").send_keys(name)
    driver.find_element(By.ID, "join-button").click()


def dealt(driver: WebDriver) -> int:
    return len(driver.find_elements(By.CSS_SELECTOR, "#hand .card"))


def test_a_locked_phone_comes_back_and_a_newcomer_takes_a_bots_seat(tmp_path: Path) -> None:
    with hosted(None, seats=3, bots=1, replace_after=1.0) as host:
        assert host.line is not None
        url, page = host.line["url"], host.line["page"]
        bob = Client(url)
        with chromium(tmp_path / "ann") as ann:
            join_page(ann, page, "Ann")
            wait(ann, lambda d: d.find_element(By.ID, "game").is_displayed(), 30)
            assert bob.join("Bob")["seat"] == 1  # Ann has seat 0
            wait(ann, lambda d: dealt(d) == 13, 60)
            bob_deal = bob.wait("deal")
            # Ann's phone locks: the page is gone, longer than the table waits
            ann.get("about:blank")
            assert "Ann" in bob.wait("notice", timeout=20)["message"]
            bob.send({"type": "set", "deal": 1, "arrangement": str(legal(bob_deal["cards"]))})
            showdown = bob.wait("showdown", timeout=30)
            assert showdown["hands"][0]["bot"] is True  # a bot played Ann's seat
            # the phone wakes up: the page rejoins with its stored token, the seat is hers again
            ann.get(page)
            wait(ann, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#hands .seat-hand")) == 3, 30)
            ann.save_screenshot(str(tmp_path / "ann-returning.png"))
            assert "next deal" in str(ann.find_element(By.ID, "notice").get_attribute("textContent"))
            state = bob.wait("table", where=lambda m: m["seats"][0].get("coming") is True, timeout=10)
            assert state["seats"][0]["person"] == "Ann"
            ann.find_element(By.ID, "next").click()  # she may say next; the deal waits for Bob
            bob.send({"type": "next"})
            assert bob.wait("deal", timeout=30)["deal"] == 2
            wait(ann, lambda d: dealt(d) == 13 and "2" in d.find_element(By.ID, "deal-title").text, 30)
            ann.save_screenshot(str(tmp_path / "ann-back.png"))
            # a newcomer at a full table takes the bot's seat, from the next deal
            with chromium(tmp_path / "cid") as cid:
                join_page(cid, page, "Cid")
                wait(cid, lambda d: "next deal" in str(d.find_element(By.ID, "notice").get_attribute(
                    "textContent")), 30)
                assert dealt(cid) == 0
                seats = bob.wait("table", where=lambda m: m["seats"][2].get("person") == "Cid", timeout=10)
                assert seats["seats"][2]["bot"] is True and seats["seats"][2]["coming"] is True
                cid.save_screenshot(str(tmp_path / "cid-waiting.png"))
        bob.close()
