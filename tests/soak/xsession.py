"""A real X session for the soak test: Xvfb, openbox and the installed ``cp-trainer`` window.

:class:`XSession` starts a virtual X server on the first free display of a range (``:21``-``:29``
unless ``CP_TRAINER_SOAK_DISPLAYS`` says e.g. ``90-99``), the openbox window manager on it, and the
installed app (``.venv/bin/cp-trainer``) with its own temporary data folder and settings file, on
the ``xcb`` platform, with ``PYTHONFAULTHANDLER=1`` and its stderr kept. The app writes its state
(``CP_TRAINER_TRACE``, see :mod:`cp_trainer.gui.trace`); every wait here reads that state, with a
generous bound, never a bare sleep. The session fails (:class:`SoakFailure`) on a crash (the app
exits), a hang (the trace's heartbeat stops), or any line on the app's stderr. Everything it
started is stopped by its own PID in :meth:`close`, also after a failure.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

__all__ = ["ROOT", "Rect", "SoakFailure", "State", "WaitTimeout", "XSession", "missing_tools"]

ROOT = Path(__file__).resolve().parents[2]
Rect = Sequence[int]
#: What the session runs: the X server, the window manager, the X event tool and xprop (the WM's check).
TOOLS = ("Xvfb", "openbox", "xdotool", "xprop")
SCREEN = (1920, 1200)
#: No heartbeat for this long and the window is hung (a loaded 2-core machine answers in far less).
HANG_SECONDS = 45.0
#: The default bound of a wait for the window's state.
WAIT_SECONDS = 60.0
#: A state this long after an X action shows the action handled (Qt reads X events before timers).
SETTLE_SECONDS = 0.05


class SoakFailure(AssertionError):
    """The window crashed, hung, printed an error, or never reached a state the driver waited for."""


class WaitTimeout(SoakFailure):
    """The window answers, but did not reach the state waited for in time."""


def missing_tools() -> list[str]:
    return [t for t in TOOLS if shutil.which(t) is None]


def _display_range() -> range:
    raw = os.environ.get("CP_TRAINER_SOAK_DISPLAYS", "21-29")
    try:
        first, _, last = raw.partition("-")
        lo, hi = int(first), int(last or first)
        if not 0 <= lo <= hi <= 999:
            raise ValueError
    except ValueError:
        raise SoakFailure(f"CP_TRAINER_SOAK_DISPLAYS must be N or N-M (display numbers), not {raw!r}") \
            from None
    return range(lo, hi + 1)


class State:
    """One snapshot of the window (see :mod:`cp_trainer.gui.trace`)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def __getitem__(self, key: str) -> Any:
        return self.data.get(key)

    @property
    def seq(self) -> int:
        return int(self.data.get("seq", 0))

    @property
    def windows(self) -> list[dict[str, Any]]:
        return list(self.data.get("windows", []))

    def window(self, key: str) -> dict[str, Any] | None:
        return next((w for w in self.windows if w["key"] == key), None)

    @property
    def main(self) -> dict[str, Any]:
        w = self.window("mainWindow")
        if w is None:
            raise SoakFailure("the main window is not shown")
        return w

    @property
    def modal(self) -> dict[str, Any] | None:
        return next((w for w in self.windows if w["modal"]), None)

    @property
    def active(self) -> dict[str, Any] | None:
        return next((w for w in self.windows if w["active"]), None)

    def widget(self, key: str, window: str = "mainWindow") -> dict[str, Any] | None:
        w = self.window(window)
        if w is None:
            return None
        found = w["widgets"].get(key)
        return found if isinstance(found, dict) else None

    def others(self) -> list[dict[str, Any]]:
        """The shown windows other than the main one."""
        return [w for w in self.windows if w["key"] != "mainWindow"]


def center(rect: Rect) -> tuple[int, int]:
    return rect[0] + rect[2] // 2, rect[1] + rect[3] // 2


class XSession:
    """Xvfb + openbox + the app; see the module's text. Use as a context manager."""

    def __init__(self, *, seed: int = 0, gc: str = "1", log: Callable[[str], None] | None = None,
                 args: Sequence[str] = ()) -> None:
        self.seed = seed
        self.gc = gc  # CP_TRAINER_TRACE_GC: "0", "1" or "full"
        self.args = list(args)
        self.log = log or (lambda _line: None)
        self.tmp = Path(tempfile.mkdtemp(prefix="cp-trainer-soak-"))
        self.display = ""
        self.xvfb: subprocess.Popen[bytes] | None = None
        self.wm: subprocess.Popen[bytes] | None = None
        self.app: subprocess.Popen[bytes] | None = None
        self.trace = self.tmp / "state.json"
        self.stderr_path = self.tmp / "app.stderr"
        self.actions = 0
        self._last_seq = -1
        self._last_beat = time.monotonic()
        self._sent = 0.0
        self.trail: deque[str] = deque(maxlen=25)  # the last X actions, for a failure's report

    # --- starting and stopping ----------------------------------------------------------------------

    def __enter__(self) -> XSession:
        try:
            self.start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("CP_TRAINER_", "QT_", "PYTEST"))}
        env.update(DISPLAY=self.display, QT_QPA_PLATFORM="xcb", PYTHONFAULTHANDLER="1",
                   LANG="C.UTF-8", LC_ALL="C.UTF-8", CP_TRAINER_SETTINGS=str(self.tmp / "settings.ini"),
                   CP_TRAINER_TRACE=str(self.trace), CP_TRAINER_TRACE_GC=self.gc,
                   XDG_RUNTIME_DIR=str(self.tmp / "xdg"))
        env.pop("LANGUAGE", None)
        env.pop("WAYLAND_DISPLAY", None)
        return env

    def start(self) -> None:
        missing = missing_tools()
        if missing:
            raise SoakFailure(f"the soak test needs {', '.join(missing)} (./dev test installs them as root)")
        (self.tmp / "xdg").mkdir(mode=0o700)
        self._start_xvfb()
        self._start_wm()
        exe = ROOT / ".venv" / "bin" / "cp-trainer"
        if not exe.exists():
            raise SoakFailure(f"{exe} is missing: install the app first (./dev test does)")
        self.stderr_file = open(self.stderr_path, "wb")  # noqa: SIM115 - closed in close()
        cmd = [str(exe), "--data-dir", str(self.tmp / "data"), "gui", "--seed", str(self.seed), *self.args]
        self.app = subprocess.Popen(cmd, env=self._env(), stdout=subprocess.DEVNULL, stderr=self.stderr_file,
                                    cwd=self.tmp, start_new_session=True)
        self.wait(lambda s: s.window("mainWindow") is not None and s.main["active"],
                  "the main window shown and active", timeout=120)

    def _start_xvfb(self) -> None:
        for n in _display_range():
            if Path(f"/tmp/.X{n}-lock").exists() or Path(f"/tmp/.X11-unix/X{n}").exists():
                continue
            proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24",
                                     "-nolisten", "tcp", "-noreset"],
                                    stdout=subprocess.DEVNULL, stderr=open(self.tmp / "xvfb.log", "wb"),  # noqa: SIM115
                                    start_new_session=True)
            self.display = f":{n}"
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                if proc.poll() is not None:
                    break  # the display was taken after all: the next one
                # ours only when the lock names our server (two sessions started at once may both
                # have found the display free; the other server is the one that answers then)
                try:
                    owner = int(Path(f"/tmp/.X{n}-lock").read_text().strip() or 0)
                except (OSError, ValueError):
                    owner = 0
                if owner and owner != proc.pid:
                    break
                answers = owner == proc.pid and self._x(["xdotool", "getdisplaygeometry"], check=False)
                if answers and answers.returncode == 0:
                    self.xvfb = proc
                    return
                time.sleep(0.1)
            self._stop(proc)
        numbers = _display_range()
        raise SoakFailure(f"no X display could be started on :{numbers.start}-:{numbers.stop - 1} "
                          f"(see {self.tmp / 'xvfb.log'})")

    def _start_wm(self) -> None:
        self.wm = subprocess.Popen(["openbox", "--sm-disable"], env=self._env(), stdout=subprocess.DEVNULL,
                                   stderr=open(self.tmp / "openbox.log", "wb"), start_new_session=True)  # noqa: SIM115
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            out = self._x(["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"], check=False).stdout
            if "window id" in out:
                return
            if self.wm.poll() is not None:
                break
            time.sleep(0.1)
        raise SoakFailure("openbox did not start (see openbox.log)")

    @staticmethod
    def _stop(proc: subprocess.Popen[bytes] | None, timeout: float = 15) -> None:
        if proc is None or proc.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            proc.terminate()
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
            proc.wait(10)

    def quit(self) -> None:
        """Quit as a person does (Ctrl+Q on the main window); fail unless the app ends at once with
        exit status 0 and printed nothing (what Qt calls while it destroys the windows counts too)."""
        assert self.app is not None
        st = self.wait(lambda x: x.modal is None and x["popup"] is None, "no dialog open")
        self.activate(st.main["winid"])
        self.key("ctrl+q")
        try:
            rc = self.app.wait(WAIT_SECONDS)
        except subprocess.TimeoutExpired:
            raise SoakFailure(f"Ctrl+Q did not end the app in {WAIT_SECONDS:.0f} s") from None
        text = self.stderr_text()
        if rc != 0 or text.strip():
            how = f"signal {signal.Signals(-rc).name}" if rc < 0 else f"exit status {rc}"
            said = f" and wrote to stderr:\n{text[-6000:]}" if text else ""
            raise SoakFailure(f"the app quit with {how}{said}")

    def report(self) -> str:
        """A failure's context: the last X actions, and a screenshot kept in the session's folder."""
        self.screenshot(self.tmp / "failure.png")
        return ("the last X actions (oldest first): " + " | ".join(self.trail)
                + f"\nthe session's folder (logs, state.json, failure.png): {self.tmp}")

    def close(self, keep: bool = False) -> None:
        """Stop the app, openbox and Xvfb (each by its PID) and remove the temporary folder unless
        ``keep`` (a failure's logs)."""
        self._stop(self.app)
        self._stop(self.wm)
        self._stop(self.xvfb)
        with contextlib.suppress(AttributeError, OSError):
            self.stderr_file.close()
        if not keep:
            shutil.rmtree(self.tmp, ignore_errors=True)

    # --- watching the app ---------------------------------------------------------------------------

    def stderr_text(self) -> str:
        try:
            return self.stderr_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""

    def crash_text(self) -> str:
        """What the app's faulthandler wrote to its crash file in the data folder (if any)."""
        texts = []
        for f in sorted((self.tmp / "data").glob("crash-*")):
            with contextlib.suppress(OSError):
                texts.append(f"{f.name}:\n{f.read_text(encoding='utf-8', errors='replace')[-8000:]}")
        return "\n".join(texts)

    def check(self) -> None:
        """Fail now on a crash or any line on the app's stderr."""
        text = self.stderr_text()
        if text.strip():
            raise SoakFailure("the app wrote to stderr:\n" + text[-6000:])
        assert self.app is not None
        rc = self.app.poll()
        if rc is not None:
            how = f"signal {signal.Signals(-rc).name}" if rc < 0 else f"exit status {rc}"
            raise SoakFailure(f"the app ended ({how}); its crash file:\n{self.crash_text()}")

    def state(self) -> State | None:
        try:
            data = json.loads(self.trace.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        state = State(data)
        if state.seq != self._last_seq:
            self._last_seq = state.seq
            self._last_beat = time.monotonic()
        return state

    def wait(self, pred: Callable[[State], bool], what: str, timeout: float = WAIT_SECONDS) -> State:
        """The first state, taken after the last X action had a moment to be handled, for which
        ``pred`` holds (the app's clock and this one are the same monotonic clock)."""
        start = time.monotonic()
        floor = self._sent + SETTLE_SECONDS
        self._last_beat = max(self._last_beat, start)
        while True:
            self.check()
            s = self.state()
            if s is not None and float(s["time"] or 0) >= floor and "error" not in s.data:
                with contextlib.suppress(KeyError, IndexError, TypeError):
                    if pred(s):
                        return s
            t = time.monotonic()
            if t - self._last_beat > HANG_SECONDS:
                raise SoakFailure(f"the window hangs: no heartbeat for {HANG_SECONDS:.0f} s (waiting for "
                                  f"{what}); its threads' stacks:\n{self.stacks_now()}")
            if t - start > timeout:
                raise WaitTimeout(f"waited {timeout:.0f} s for {what}; the window shows: "
                                  + json.dumps(s.data if s else None, ensure_ascii=False)[:3000])
            time.sleep(0.04)

    def settle(self) -> State:
        """A state taken after everything sent so far had a moment to be handled."""
        return self.wait(lambda _s: True, "a heartbeat")

    # --- real X events ----------------------------------------------------------------------------

    def _x(self, cmd: list[str], check: bool = True) -> subprocess.CompletedProcess[str]:
        env = dict(os.environ, DISPLAY=self.display)
        try:
            done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=60, check=False)
        except subprocess.TimeoutExpired:
            alive = self.app is not None and self.app.poll() is None
            raise SoakFailure(f"{' '.join(cmd)} did not return in 60 s (the X server does not answer; "
                              f"the app {'still runs' if alive else 'ended'})") from None
        if check and done.returncode != 0:
            raise SoakFailure(f"{' '.join(cmd)} failed: {done.stderr.strip()}")
        return done

    def xdotool(self, *args: str) -> None:
        self.actions += 1
        self.trail.append(" ".join(args))
        self.log(" ".join(args))
        self._x(["xdotool", *args])
        self._sent = time.monotonic()

    def activate(self, winid: int) -> bool:
        """Raise and focus a window through the window manager; False if it is gone."""
        self.actions += 1
        self.trail.append(f"windowactivate {winid}")
        self.log(f"windowactivate {winid}")
        done = self._x(["xdotool", "windowactivate", "--sync", str(winid)], check=False)
        self._sent = time.monotonic()
        return done.returncode == 0

    def key(self, *keys: str) -> None:
        self.xdotool("key", "--delay", "30", *keys)

    def click(self, rect: Rect, button: int = 1, double: bool = False) -> None:
        x, y = center(rect)
        self.xdotool("mousemove", "--sync", str(x), str(y), "click", *(["--repeat", "2"] if double else []),
                     str(button))

    def drag(self, src: Rect, dst: Rect) -> None:
        x0, y0 = center(src)
        x1, y1 = center(dst)
        steps = [f"{x0 + (x1 - x0) * i // 6} {y0 + (y1 - y0) * i // 6}" for i in range(1, 7)]
        args = ["mousemove", "--sync", str(x0), str(y0), "mousedown", "1", "sleep", "0.1"]
        for step in steps:
            args += ["mousemove", *step.split(), "sleep", "0.05"]
        args += ["mouseup", "1"]
        self.xdotool(*args)

    def resize(self, winid: int, width: int, height: int) -> None:
        self.xdotool("windowsize", str(winid), str(width), str(height))

    def screenshot(self, path: Path) -> None:
        if shutil.which("import"):
            with contextlib.suppress(SoakFailure):  # a picture is a help, never a failure of its own
                self._x(["import", "-window", "root", str(path)], check=False)

    def stacks_now(self) -> str:
        """Every thread's Python stack, printed by the app's faulthandler on SIGABRT (a hang's report;
        the app ends)."""
        assert self.app is not None
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.app.pid, signal.SIGABRT)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.app.wait(20)
        return self.stderr_text()[-8000:] + self.crash_text()


def log_to_stderr(line: str) -> None:
    print(line, file=sys.stderr)
