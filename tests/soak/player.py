"""What a person does with the window, as real X events: the steps the soak test picks from.

Each step starts from the table with no dialog or menu open (:meth:`Player.home` gets there),
does one thing a person does (place cards with keys or the mouse, undo, set the hand and answer
the foul question, Hint and Cancel, surrender, a settings change, History and a replay, Try
again, the Drill, Pai Gow, Lessons, table mode, Russian and back, a resize…) and waits for the
window to show that it happened. Which step, which card, which setting: a seeded RNG.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

from .xsession import Rect, SoakFailure, State, WaitTimeout, XSession

__all__ = ["Player"]

ROWS = ("topRow", "middleRow", "bottomRow")
CAPACITY = {"topRow": 3, "middleRow": 5, "bottomRow": 5}
SIZES = ((1024, 700), (1180, 800), (1280, 1024), (1600, 1000), (1920, 1080))
#: A solve on a loaded 2-core machine (the first one also compiles the solver): generous.
SOLVE_SECONDS = 240.0
#: How long a Hint may think before the soak presses Cancel (most answer well before).
ANSWER_SECONDS = 20.0
#: This many steps in a row that did not reach their aim fail the soak (the window is stuck).
MAX_MISSES_IN_A_ROW = 4
#: How long a step waits for a dialog to close or the hand to be set before it counts a miss.
STEP_SECONDS = 20.0


def _rect(w: dict[str, Any] | None) -> Rect:
    if w is None:
        raise SoakFailure("a widget the step needs is not shown")
    return list(w["rect"])


def _focus_moved(before: dict[str, Any] | None, st: State) -> bool:
    return bool(st["focus"] != before)


class Player:
    def __init__(self, session: XSession, rng: random.Random) -> None:
        self.s = session
        self.rng = rng
        self.steps: dict[str, int] = {}
        self.misses: list[str] = []  # steps whose aim the window did not reach (see play)

    # --- helpers --------------------------------------------------------------------------------------

    def state(self) -> State:
        return self.s.settle()

    def home(self) -> State:
        """Close menus, dialogs and secondary windows until the main window alone is shown and active."""
        for _ in range(12):
            st = self.state()
            if st["popup"] is not None:
                self.s.key("Escape")
                continue
            others = st.others()
            if not others and st.main["active"]:
                return st
            target = st.modal or (others[0] if others else st.main)
            key: str = target["key"]
            shown = len(st.windows)
            if not self.s.activate(target["winid"]):
                continue  # it closed meanwhile

            def gone(x: State, key: str = key, shown: int = shown) -> bool:
                return x.window(key) is None or len(x.windows) < shown

            def active(x: State, key: str = key) -> bool:
                return (x.active or {}).get("key") == key or x.window(key) is None

            self.s.wait(active, f"{key} active")
            if key != "mainWindow":
                self.s.key("Escape")
                self.s.wait(gone, f"{key} closed", timeout=30)
        raise SoakFailure("could not get back to the main window alone: " + str(self.state().windows)[:2000])

    def menu(self, menu_key: str, action_key: str) -> None:
        """Menu bar → ``menu_key`` → ``action_key``, by mouse (keys the same in every language). A
        click that opened nothing (the window was still moving) is made again, where it now is."""
        for attempt in range(3):
            st = self.state()
            item = next(m for m in st.main["menubar"] if m["key"] == menu_key)
            self.s.click(item["rect"])
            try:
                st = self.s.wait(lambda x: x["popup"] is not None and x["popup"]["key"] == menu_key,
                                 f"menu {menu_key}", timeout=15 if attempt < 2 else 60)
                break
            except WaitTimeout:
                if attempt == 2:
                    raise
                self.home()
        action = next(a for a in st["popup"]["actions"] if a["key"] == action_key)
        if not action["enabled"]:
            self.s.key("Escape")
            return
        self.s.click(action["rect"])
        self.s.wait(lambda x: x["popup"] is None, "the menu closed")

    def widget(self, st: State, key: str, window: str = "mainWindow") -> dict[str, Any] | None:
        return st.widget(key, window)

    def _answer_question(self, st: State, yes: bool) -> None:
        box = self.stable("modal").modal
        assert box is not None and st.modal is not None and box["key"] == st.modal["key"]
        button = box["widgets"].get("std:Yes" if yes else "std:No")
        if button is None:
            raise SoakFailure(f"the question has no {'Yes' if yes else 'No'} button: {box}")
        if yes or self.rng.random() < 0.5:
            self.s.click(button["rect"])
        else:  # No is the default button, Escape answers No as well
            self.s.key(self.rng.choice(["Escape", "Return"]))
        self.s.wait(lambda x: x.modal is None or x.modal["key"] != box["key"], "the question answered")

    def focus_hand(self, st: State, view: str = "handView") -> bool:
        hand = self.widget(st, view)
        if hand is None or not hand["items"]:
            return False
        self.s.click(self.rng.choice(hand["items"]))
        return True

    # --- the Chinese-poker table ------------------------------------------------------------------------

    def place_keys(self) -> None:
        st = self.state()
        if st["phase"] != "SETTING" or not self.focus_hand(st):
            return self.new_deal()
        for _ in range(self.rng.randint(1, 6)):
            self.s.key(self.rng.choice(["1", "2", "3", "1", "2", "3", "Left", "Right", "Backspace"]))
        self.state()

    def place_all(self) -> None:
        """Every card of the hand into a row that has room, with 1/2/3 (a card clicked again when
        a key moved nothing)."""
        st = self.state()
        if st["phase"] != "SETTING" or not self.focus_hand(st):
            return
        for _ in range(40):
            hand = self.widget(st, "handView")
            if hand is None or not hand["rows"]:
                return
            room = [r for r in ROWS if (self.widget(st, r) or {"rows": 9})["rows"] < CAPACITY[r]]
            if not room:
                return
            self.s.key(str(ROWS.index(self.rng.choice(room)) + 1))
            after = self.state()
            if (self.widget(after, "handView") or {}).get("rows") == hand["rows"]:
                self.double_click()  # the key moved nothing: a double-click places a card too
                self.focus_hand(self.state())
                after = self.state()
            st = after
        raise SoakFailure("the cards could not all be placed with 1/2/3")

    def drag(self) -> None:
        st = self.state()
        if st["phase"] != "SETTING":
            return self.new_deal()
        hand = self.widget(st, "handView")
        rows = [r for r in ROWS if self.widget(st, r) is not None]
        if hand is None or not rows:
            return
        if hand["items"] and self.rng.random() < 0.75:
            self.s.drag(self.rng.choice(hand["items"]), _rect(self.widget(st, self.rng.choice(rows))))
        else:
            full = [r for r in rows if (self.widget(st, r) or {})["items"]]
            if not full:
                return
            src = self.rng.choice((self.widget(st, self.rng.choice(full)) or {})["items"])
            dst = _rect(hand) if self.rng.random() < 0.5 else _rect(self.widget(st, self.rng.choice(rows)))
            self.s.drag(src, dst)
        self.state()

    def double_click(self) -> None:
        st = self.state()
        views = [v for v in ("handView", *ROWS) if (self.widget(st, v) or {}).get("items")]
        if st["phase"] != "SETTING" or not views:
            return
        self.s.click(self.rng.choice((self.widget(st, self.rng.choice(views)) or {})["items"]), double=True)
        self.state()

    def undo_redo(self) -> None:
        st = self.state()
        for _ in range(self.rng.randint(1, 4)):
            how = self.rng.random()
            if how < 0.3:
                self.s.key("ctrl+z")
            elif how < 0.5:
                self.s.key("ctrl+shift+z")
            else:
                name = self.rng.choice(["undoButton", "redoButton", "returnButton", "sortSuitButton",
                                        "sortRankButton"])
                w = self.widget(st, name)
                if w is not None and w["enabled"]:
                    self.s.click(w["rect"])
            st = self.state()

    def set_hand(self) -> None:
        """Place what is left and set the hand; a foul question is answered either way."""
        st = self.state()
        if st["phase"] != "SETTING":
            return self.new_deal()
        self.place_all()
        st = self.state()
        button = self.widget(st, "setButton")
        if (self.widget(st, "handView") or {}).get("rows") or button is None or not button["enabled"]:
            return  # not all placed (a refused move): nothing to set
        if self.rng.random() < 0.5:
            self.s.key("ctrl+Return")
        else:
            button = self.widget(st, "setButton")
            if button is None or not button["enabled"]:
                return
            self.s.click(button["rect"])
        before = (st["hand_index"], st["phase"])
        st = self.s.wait(lambda x: x.modal is not None or (x["hand_index"], x["phase"]) != before,
                         "the showdown or the foul question", timeout=STEP_SECONDS)
        if st.modal is not None:
            yes = self.rng.random() < 0.6
            self._answer_question(st, yes)
            if yes:
                self.s.wait(lambda x: (x["hand_index"], x["phase"]) != before, "the hand set", timeout=60)

    def new_deal(self) -> None:
        st = self.state()
        if st["page"] != "chinese":
            return
        if self.rng.random() < 0.5:
            self.s.key("ctrl+n")
        else:
            b = self.widget(st, "dealButton")
            if b is None:
                return
            self.s.click(b["rect"])
        self.s.wait(lambda x: x["phase"] == "SETTING", "a new deal")

    def hint(self) -> None:
        st = self.state()
        if st["phase"] != "SETTING" or st["solving"]:
            return
        b = self.widget(st, "hintButton")
        if b is None or not b["enabled"]:
            return
        self.s.click(b["rect"])
        self.s.wait(lambda x: x["solving"] or self.widget(x, "solverVerdict") is not None,
                    "the solver started")
        self.wait_solver(cancel_after=self.rng.choice([0.0, 2.0, ANSWER_SECONDS]))

    def wait_solver(self, cancel_after: float) -> None:
        """Let the solver answer for ``cancel_after`` seconds, then press its Cancel."""
        try:
            self.s.wait(lambda x: not x["solving"], "the solver's answer", timeout=cancel_after)
            return
        except WaitTimeout:
            pass
        st = self.s.wait(lambda x: not x["solving"] or self.widget(x, "cancelButton") is not None, "Cancel")
        c = self.widget(st, "cancelButton")
        if c is not None and st["solving"]:
            self.s.click(c["rect"])
        self.s.wait(lambda x: not x["solving"], "the solver cancelled", timeout=SOLVE_SECONDS)

    def surrender(self) -> None:
        st = self.state()
        b = self.widget(st, "surrenderButton")
        if st["phase"] != "SETTING" or b is None or not b["enabled"]:
            return self.toggle_setting("surrenderCheck")
        self.s.click(b["rect"])
        st = self.s.wait(lambda x: x.modal is not None or x["phase"] != "SETTING", "the surrender question")
        if st.modal is not None:
            self._answer_question(st, self.rng.random() < 0.6)

    # --- settings ---------------------------------------------------------------------------------------

    def open_settings(self) -> State:
        self.menu("game_menu", "settings_action")
        self.s.wait(lambda x: x.modal is not None and x.modal["key"] == "settingsDialog", "Settings")
        return self.stable("modal")

    def _tab_of(self, st: State, key: str) -> State:
        """Show the settings tab holding ``key`` (tried one tab after the other)."""
        for _ in range(3):
            d = st.modal
            assert d is not None
            if key in d["widgets"]:
                return st
            tabs = d["widgets"].get("qt_tabwidget_tabbar") or next(
                (w for w in d["widgets"].values() if w["cls"] == "QTabBar"), None)
            if tabs is None:
                raise SoakFailure("the settings' tabs are not shown")
            self.s.click(tabs["tabs"][(tabs["index"] + 1) % len(tabs["tabs"])])
            st = self.s.wait(lambda x: x.modal is not None and x.modal["key"] == "settingsDialog", "the tab")
        raise SoakFailure(f"no settings tab shows {key}")

    def _change(self, st: State, key: str) -> State:
        st = self._tab_of(st, key)
        assert st.modal is not None
        w = st.modal["widgets"][key]
        if not w["enabled"]:
            return st
        if w["cls"] == "QCheckBox":
            self.s.click(w["rect"])
        elif w["cls"] == "QSpinBox":
            lo, hi = w["range"]
            self.s.click(w["rect"])
            self.s.key("ctrl+a")
            self.s.xdotool("type", "--delay", "30", str(self.rng.randint(lo, min(hi, lo + 3))))
        elif w["cls"] == "QComboBox":
            self.s.click(w["rect"])
            self.s.wait(lambda x: x["popup"] is not None, "the list")
            self.s.key(self.rng.choice(["Down", "Up", "Down Down"]).split()[0], "Return")
        return self.s.settle()

    def _close_settings(self, ok: bool) -> None:
        st = self.state()
        d = st.modal
        if d is None or d["key"] != "settingsDialog":
            return
        if ok:
            how = self.rng.random()
            if how < 0.5 and "std:Ok" in d["widgets"]:
                self.s.click(d["widgets"]["std:Ok"]["rect"])
            else:
                self.s.key("Return")
        elif self.rng.random() < 0.5:
            self.s.key("Escape")
        else:
            self.s.click(d["widgets"]["std:Cancel"]["rect"])
        st = self.s.wait(lambda x: x.modal is None or x.modal["key"] != "settingsDialog", "Settings closed",
                         timeout=STEP_SECONDS)
        if st.modal is not None:  # the dialog said why it cannot keep these values: OK, then Cancel
            self.s.key("Return")
            self.s.wait(lambda x: x.modal is None or x.modal["key"] == "settingsDialog", "the note closed")
            self._close_settings(False)

    SETTINGS = ("surrenderCheck", "royaltiesCheck", "crissCrossCheck", "opponentsSpin", "botCombo",
                "naturalsCheck", "ignoreFoulsCheck", "wheelSecondCheck", "lowMiddleCheck", "animationsCheck",
                "royaltiesBetterHandCheck", "systemCombo", "tiesCombo", "cardStyleCombo")

    def settings(self) -> None:
        st = self.open_settings()
        for key in self.rng.sample(self.SETTINGS, self.rng.randint(1, 3)):
            st = self._change(st, key)
        self._close_settings(ok=self.rng.random() < 0.75)

    def toggle_setting(self, key: str) -> None:
        st = self.open_settings()
        self._change(st, key)
        self._close_settings(ok=True)

    def settings_keys(self) -> None:
        """Settings by the keyboard alone: a few Tab + Space, then Return."""
        self.open_settings()
        self.tab_and_space(self.rng.randint(1, 5))
        self._close_settings(ok=True)

    def tab_and_space(self, tabs: int) -> None:
        """Tab ``tabs`` times and press Space; when that opened a combo box's list, Return chooses in
        it (the list is waited for: under load it opens well after the key was handled)."""
        focus = self.s.settle()["focus"]
        for _ in range(tabs):
            self.s.key("Tab")
            focus = self.s.wait(functools.partial(_focus_moved, focus), "Tab moved the focus")["focus"]
        self.s.key("space")
        if focus is not None and focus["cls"] == "QComboBox":
            self.s.wait(lambda x: x["popup"] is not None, f"the list of {focus['key']}")
            self.s.key("Return")
            self.s.wait(lambda x: x["popup"] is None, "the list closed")

    # --- the other windows and pages ---------------------------------------------------------------------

    def history(self) -> None:
        self.s.key("ctrl+h")
        st = self.s.wait(lambda x: x.window("historyWindow") is not None, "the History window")
        table = self.widget(st, "historyTable", "historyWindow")
        if table is not None and table["items"]:
            self.s.click(self.rng.choice(table["items"]))
            st = self.state()
            name = self.rng.choice(["showOnTableButton", "tryAgainButton", "foulsOnly", "historyTabs"])
            b = self.widget(st, name, "historyWindow")
            if b is not None and b["enabled"] and "rect" in b:
                if name == "historyTabs":
                    tabs = next((w for k, w in st.window("historyWindow")["widgets"].items()  # type: ignore[index]
                                 if w["cls"] == "QTabBar"), None)
                    if tabs is not None:
                        self.s.click(self.rng.choice(tabs["tabs"]))
                else:
                    self.s.click(b["rect"])
                self.state()
        self.home()

    def lessons(self) -> None:
        self.s.key("ctrl+l")
        st = self.s.wait(lambda x: x.window("lessonsWindow") is not None, "the Lessons window")
        lst = self.widget(st, "lessonList", "lessonsWindow")
        if lst is not None and lst["items"]:
            self.s.click(self.rng.choice(lst["items"]))
            st = self.state()
        for name in ("checkAnswerButton", "nextStepButton"):
            b = self.widget(st, name, "lessonsWindow")
            if b is not None and b["enabled"] and self.rng.random() < 0.6:
                self.s.click(b["rect"])
                st = self.state()
        self.home()

    def table_mode(self) -> None:
        self.s.key("ctrl+t")
        st = self.s.wait(lambda x: x.window("tableModeDialog") is not None, "table mode")
        b = self.widget(st, "settleButton", "tableModeDialog")
        if b is not None and b["enabled"] and self.rng.random() < 0.5:
            self.s.click(b["rect"])
            self.state()
        self.home()

    def drill(self) -> None:
        self.s.key("ctrl+d")
        st = self.s.wait(lambda x: x["page"] == "drill", "the Drill page", timeout=90)
        for _ in range(self.rng.randint(2, 6)):
            hand = self.widget(st, "handView")
            if hand is not None and hand["items"]:
                self.s.click(self.rng.choice(hand["items"]))
                for _ in range(self.rng.randint(1, 13)):
                    self.s.key(self.rng.choice("123"))
            self.s.key(self.rng.choice(["Return", "ctrl+z", "ctrl+n", "Return"]))
            st = self.state()
        self.back_to_table()

    def paigow(self) -> None:
        self.s.key("ctrl+2")
        st = self.s.wait(lambda x: x["page"] == "paigow", "the Pai Gow page", timeout=90)
        for _ in range(self.rng.randint(2, 6)):
            hand = self.widget(st, "pgHand")
            if hand is not None and hand["items"]:
                if self.rng.random() < 0.5:
                    self.s.click(self.rng.choice(hand["items"]))
                    for _ in range(self.rng.randint(1, 7)):
                        self.s.key(self.rng.choice("112"))
                else:
                    dst = self.widget(st, self.rng.choice(["pgHigh", "pgLow"]))
                    if dst is not None:
                        self.s.drag(self.rng.choice(hand["items"]), dst["rect"])
            name = self.rng.choice(["pgSetButton", "pgNewDealButton", "pgHintButton", "pgHouseWayButton",
                                    "pgUndoButton", "pgCancelButton"])
            b = self.widget(self.state(), name)
            if b is not None and b["enabled"]:
                self.s.click(b["rect"])
            st = self.state()
        self.back_to_table()

    def back_to_table(self) -> None:
        self.home()
        if self.rng.random() < 0.5:
            self.s.key("ctrl+1")
        else:
            self.menu("game_menu", "chineseAction")
        self.s.wait(lambda x: x["page"] == "chinese", "the table again")

    def language(self) -> None:
        st = self.state()
        lang = "ru" if st["lang"] == "en" else "en"
        self.menu("language_menu", f"language_{lang}")
        self.s.wait(lambda x: x["lang"] == lang, f"the window in {lang}")

    def resize(self) -> None:
        st = self.state()
        w, h = self.rng.choice(SIZES)
        self.s.resize(st.main["winid"], w, h)
        self.stable()

    def stable(self, which: str = "main") -> State:
        """The main window (or the modal dialog) where it stays: the same rectangle in three
        snapshots in a row. A window just shown may still be placed by the window manager: a
        click at where it first appeared misses it."""
        seen: list[tuple[int, list[int] | None]] = []

        def still(x: State) -> bool:
            window = x.main if which == "main" else x.modal
            if not seen or seen[-1][0] != x["seq"]:  # each snapshot once, however often it is read
                seen.append((x["seq"], None if window is None else list(window["rect"])))
            rects = [r for _, r in seen[-3:]]
            return len(rects) == 3 and rects[0] is not None and rects[0] == rects[1] == rects[2]

        return self.s.wait(still, f"the {which} window at rest")

    def four_colour(self) -> None:
        self.s.key("ctrl+4")
        self.state()

    def help(self) -> None:
        self.menu("help_menu", self.rng.choice(["rules_action", "rankings_action"]))
        self.s.wait(lambda x: x.window("helpDialog") is not None, "Help")
        self.home()

    # --- the program -------------------------------------------------------------------------------------

    def steps_table(self) -> list[tuple[Callable[[], None], int]]:
        return [(self.place_keys, 14), (self.place_all, 4), (self.drag, 10), (self.double_click, 4),
                (self.undo_redo, 6), (self.set_hand, 10), (self.new_deal, 5), (self.hint, 5),
                (self.surrender, 3), (self.settings, 6), (self.settings_keys, 2), (self.history, 3),
                (self.lessons, 2), (self.table_mode, 2), (self.drill, 2), (self.paigow, 2),
                (self.language, 2), (self.resize, 3), (self.four_colour, 1), (self.help, 1)]

    def play(self, actions: int, on_step: Callable[[str], None] | None = None) -> None:
        """Steps picked by the RNG until ``actions`` X actions were sent."""
        table = self.steps_table()
        funcs = [f for f, _ in table]
        weights = [w for _, w in table]
        in_a_row = 0
        while self.s.actions < actions:
            step = self.rng.choices(funcs, weights)[0]
            name = step.__name__
            self.steps[name] = self.steps.get(name, 0) + 1
            if on_step is not None:
                on_step(name)
            self.home()
            try:
                step()
                in_a_row = 0
            except WaitTimeout as exc:
                # The window answers (its heartbeat goes on) but did not do what the step waited
                # for: the dialog kept values it refused, a key found no current card… Counted and
                # reported; the next step starts from the table again. A crash, a hang or an error
                # line is never forgiven, and neither are many misses in a row.
                in_a_row += 1
                self.misses.append(f"{name}: {str(exc)[:200]}")
                if in_a_row >= MAX_MISSES_IN_A_ROW:
                    raise
        self.home()
