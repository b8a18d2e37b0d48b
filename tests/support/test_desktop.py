"""The trainer as a desktop application: the shipped entry, icon and metainfo are valid (Debian's
desktop-file-validate and appstreamcli), and ``cp-trainer desktop install|remove`` writes exactly
those files into the XDG data folder and takes exactly them out again."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import cp_trainer
from cp_trainer.support.desktop import (
    APP_ID,
    PNG_SIZES,
    DesktopError,
    data_home,
    desktop_entry,
    exec_line,
    install,
    launcher,
    placements,
    remove,
    shipped,
    shipped_icon,
)

ROOT = Path(__file__).resolve().parents[2]
ENTRY = shipped(f"{APP_ID}.desktop")
METAINFO = shipped(f"{APP_ID}.metainfo.xml")


def _tool(name: str, package: str) -> str:
    path = shutil.which(name)
    assert path is not None, f"{name} is missing: apt-get install {package} (./dev test installs it)"
    return path


def desktop_file_validate(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([_tool("desktop-file-validate", "desktop-file-utils"), str(path)],
                          capture_output=True, text=True, timeout=60)


def appstream_validate(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([_tool("appstreamcli", "appstream"), "validate", "--no-net", "--pedantic",
                           str(path)], capture_output=True, text=True, timeout=120)


def _cli(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cp_trainer", "desktop", *args], capture_output=True,
                          text=True, env=env, timeout=120)


def _files(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file() or p.is_symlink()}


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    width, height = struct.unpack(">II", data[16:24])
    return width, height


# --- the shipped files ---------------------------------------------------------------------------

def test_the_shipped_entry_is_valid() -> None:
    res = desktop_file_validate(ENTRY)
    assert res.returncode == 0 and res.stdout == "", res.stdout + res.stderr


def test_the_shipped_metainfo_is_valid() -> None:
    res = appstream_validate(METAINFO)
    assert res.returncode == 0, res.stdout + res.stderr
    # the one pedantic remark allowed: the id's capitals, the reverse-DNS convention's own
    remarks = [line for line in res.stdout.splitlines() if line[:2] in ("E:", "W:", "P:")]
    assert all("cid-contains-uppercase-letter" in line for line in remarks), res.stdout


def test_one_application_id_everywhere() -> None:
    root = ET.parse(METAINFO).getroot()
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == f"{APP_ID}.desktop"
    assert f"\nIcon={APP_ID}\n" in ENTRY.read_text(encoding="utf-8")
    assert shipped_icon().is_file() and shipped_icon().name == f"{APP_ID}.svg"


def test_the_metainfo_release_is_the_version() -> None:
    releases = ET.parse(METAINFO).getroot().find("releases")
    assert releases is not None
    newest = releases.find("release")
    assert newest is not None and newest.get("version") == cp_trainer.__version__


def test_the_screenshots_are_pictures_of_the_gallery() -> None:
    images = [el.text or "" for el in ET.parse(METAINFO).getroot().iter("image")]
    assert len(images) >= 3
    for url in images:
        assert url.startswith("https://") and "/docs/gallery/" in url, url
        local = ROOT / "docs" / "gallery" / url.split("/docs/gallery/", 1)[1]
        assert local.is_file(), f"{url} names no file of docs/gallery"


def test_the_icon_has_every_size() -> None:
    for size in PNG_SIZES:
        assert _png_size(shipped_icon(size)) == (size, size)
    assert set(PNG_SIZES) >= {16, 24, 32, 48, 64, 128, 256, 512}
    svg = ET.parse(shipped_icon()).getroot()
    assert svg.tag.endswith("svg") and svg.get("viewBox") == "0 0 256 256"


# --- the launcher's command ----------------------------------------------------------------------

def test_the_entry_runs_this_installation_by_its_absolute_path() -> None:
    command = launcher()
    # the suite's interpreter finds this package by itself: the entry runs its installed script
    assert len(command) == 2 and os.path.isabs(command[0]) and command[-1] == "gui", command
    head = Path(command[0]).read_text(encoding="utf-8", errors="replace")[:300]
    assert os.path.dirname(os.path.abspath(sys.executable)) in head


@pytest.mark.parametrize("path", ["/opt/my apps/bin/cp-trainer", '/tmp/a"b$c`d\\e/cp-trainer',
                                  "/home/x/100%/cp-trainer", "/home/Иван/.venv/bin/cp-trainer"])
def test_an_awkward_path_is_quoted_as_the_specification_asks(tmp_path: Path, path: str) -> None:
    entry = tmp_path / f"{APP_ID}.desktop"
    entry.write_text(desktop_entry([path, "gui"]), encoding="utf-8")
    res = desktop_file_validate(entry)
    assert res.returncode == 0 and res.stdout == "", res.stdout + res.stderr
    line = next(x for x in entry.read_text(encoding="utf-8").splitlines() if x.startswith("Exec="))
    assert line == "Exec=" + exec_line([path, "gui"])


def test_exec_quoting() -> None:
    assert exec_line(["/usr/bin/cp-trainer", "gui"]) == "/usr/bin/cp-trainer gui"
    assert exec_line(["/a b/cp", "gui"]) == '"/a b/cp" gui'
    # "\$" inside the quotes, then the string's own escaping doubles the backslash
    assert exec_line(["/a$b/cp"]) == '"/a\\\\$b/cp"'
    assert exec_line(["/a%b/cp"]) == "/a%%b/cp"


def test_a_path_with_a_control_character_is_refused() -> None:
    with pytest.raises(DesktopError, match="control character"):
        desktop_entry(["/tmp/a\nb/cp-trainer", "gui"])


# --- install and remove --------------------------------------------------------------------------

EXPECTED = {f"applications/{APP_ID}.desktop", f"metainfo/{APP_ID}.metainfo.xml",
            f"icons/hicolor/scalable/apps/{APP_ID}.svg",
            *(f"icons/hicolor/{n}x{n}/apps/{APP_ID}.png" for n in PNG_SIZES)}


def test_install_writes_exactly_the_launcher_and_remove_takes_exactly_it(tmp_path: Path) -> None:
    home = tmp_path / "share"
    done = install(home, ["/opt/cp trainer/bin/cp-trainer", "gui"])
    assert _files(home) == EXPECTED
    assert {p.relative_to(home).as_posix() for p in done.changed} == EXPECTED and not done.unchanged
    for src, dest in placements(home):
        if dest.suffix != ".desktop":
            assert dest.read_bytes() == src.read_bytes()
    entry = home / "applications" / f"{APP_ID}.desktop"
    text = entry.read_text(encoding="utf-8")
    assert 'Exec="/opt/cp trainer/bin/cp-trainer" gui\n' in text
    assert "TryExec=/opt/cp trainer/bin/cp-trainer\n" in text
    assert desktop_file_validate(entry).returncode == 0
    assert appstream_validate(home / "metainfo" / f"{APP_ID}.metainfo.xml").returncode == 0
    gone = remove(home)
    assert {p.relative_to(home).as_posix() for p in gone.changed} == EXPECTED
    assert _files(home) == set()


def test_both_are_idempotent(tmp_path: Path) -> None:
    home = tmp_path / "share"
    install(home, ["/usr/bin/cp-trainer", "gui"])
    before = {p: p.stat().st_mtime_ns for p in home.rglob("*") if p.is_file()}
    again = install(home, ["/usr/bin/cp-trainer", "gui"])
    assert again.changed == () and len(again.unchanged) == len(EXPECTED)
    assert {p: p.stat().st_mtime_ns for p in home.rglob("*") if p.is_file()} == before
    moved = install(home, ["/elsewhere/cp-trainer", "gui"])  # reinstalled elsewhere: the entry follows
    assert [p.name for p in moved.changed] == [f"{APP_ID}.desktop"]
    assert remove(home).changed
    twice = remove(home)
    assert twice.changed == () and len(twice.unchanged) == len(EXPECTED)


def test_remove_leaves_every_other_file_and_folder_alone(tmp_path: Path) -> None:
    home = tmp_path / "share"
    foreign = {"applications/org.example.Other.desktop": "x", "icons/hicolor/48x48/apps/other.png": "y",
               "metainfo/org.example.Other.metainfo.xml": "z", f"applications/{APP_ID}.desktop.bak": "mine",
               "icons/hicolor/index.theme": "theme"}
    for name, text in foreign.items():
        (home / name).parent.mkdir(parents=True, exist_ok=True)
        (home / name).write_text(text, encoding="utf-8")
    install(home, ["/usr/bin/cp-trainer", "gui"])
    folders = {p for p in home.rglob("*") if p.is_dir()}
    remove(home)
    assert {name: (home / name).read_text(encoding="utf-8") for name in foreign} == foreign
    assert _files(home) == set(foreign)
    assert {p for p in home.rglob("*") if p.is_dir()} == folders  # no folder removed either


def test_a_folder_in_the_way_is_never_touched(tmp_path: Path) -> None:
    home = tmp_path / "share"
    blocker = home / "metainfo" / f"{APP_ID}.metainfo.xml"
    (blocker / "inside").mkdir(parents=True)
    with pytest.raises(DesktopError, match="is a folder"):
        install(home, ["/usr/bin/cp-trainer", "gui"])
    assert (blocker / "inside").is_dir()
    out = remove(home)
    assert out.left == (blocker,) and (blocker / "inside").is_dir()


def test_a_link_in_the_way_is_replaced_not_written_through(tmp_path: Path) -> None:
    home = tmp_path / "share"
    target = tmp_path / "precious.txt"
    target.write_text("keep", encoding="utf-8")
    link = home / "applications" / f"{APP_ID}.desktop"
    link.parent.mkdir(parents=True)
    link.symlink_to(target)
    install(home, ["/usr/bin/cp-trainer", "gui"])
    assert not link.is_symlink() and target.read_text(encoding="utf-8") == "keep"
    remove(home)
    link.symlink_to(target)
    remove(home)
    assert not link.is_symlink() and target.read_text(encoding="utf-8") == "keep"


def test_an_unwritable_folder_is_one_clear_error(tmp_path: Path) -> None:
    # a file where the data folder should be: no one, root included, can write beneath it
    home = tmp_path / "share"
    home.write_text("not a folder", encoding="utf-8")
    with pytest.raises(DesktopError, match="cannot write") as err:
        install(home, ["/usr/bin/cp-trainer", "gui"])
    assert str(home) in str(err.value) and "\n" not in str(err.value)
    assert home.read_text(encoding="utf-8") == "not a folder"


def test_the_data_folder_follows_xdg() -> None:
    assert data_home(environ={"XDG_DATA_HOME": "/x/share", "HOME": "/home/u"}) == Path("/x/share")
    # a relative XDG_DATA_HOME is ignored, as the specification says
    home = str(Path.home())
    assert data_home(environ={"XDG_DATA_HOME": "rel", "HOME": home}) == Path(home, ".local", "share")
    with pytest.raises(DesktopError, match="no home folder"):
        data_home(environ={})
    with pytest.raises(DesktopError, match="does not exist"):
        data_home(environ={"HOME": "/nonexistent/home"})
    with pytest.raises(DesktopError, match="домашней папки"):
        data_home("ru", environ={"HOME": "/nonexistent/home"})


# --- the command ---------------------------------------------------------------------------------

def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "share"), LANG="C.UTF-8")
    env.pop("LC_ALL", None)
    env.update(extra)
    return env


def test_the_command_installs_and_removes_in_both_languages(tmp_path: Path) -> None:
    env = _env(tmp_path)
    res = _cli("install", env=env)
    assert res.returncode == 0 and res.stderr == "", res.stderr
    first = res.stdout.splitlines()[0]
    assert first.startswith(f"cp-trainer is in the desktop's application menu now: {len(EXPECTED)} files")
    assert f"{tmp_path / 'share'}/applications/{APP_ID}.desktop" in res.stdout
    assert "the menu entry runs: " in res.stdout
    assert _files(tmp_path / "share") == EXPECTED
    res = _cli("install", "--lang", "ru", env=env)
    assert res.returncode == 0 and "ярлык уже был установлен в том же виде" in res.stdout
    res = _cli("remove", env=dict(env, LANG="ru_RU.UTF-8"))
    assert res.returncode == 0 and res.stdout.startswith(f"ярлык удалён: удалено файлов — {len(EXPECTED)}")
    assert _files(tmp_path / "share") == set()
    res = _cli("remove", env=env)
    assert res.returncode == 0 and res.stdout.startswith("no launcher is installed in ")


def test_the_command_says_what_went_wrong_on_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "share" / "applications" / f"{APP_ID}.desktop"
    blocker.mkdir(parents=True)
    res = _cli("install", env=_env(tmp_path))
    assert res.returncode == 1 and "Traceback" not in res.stderr
    assert res.stderr.count("\n") == 1 and res.stderr.startswith("cp-trainer desktop: ")
    assert "is a folder" in res.stderr
    res = _cli(env=_env(tmp_path))
    assert res.returncode == 2 and "cp-trainer desktop install" in res.stderr
    # never the real home folder: an empty HOME is none, a missing one is not created
    env = {k: v for k, v in _env(tmp_path).items() if k != "XDG_DATA_HOME"}
    res = _cli("install", "--lang", "ru", env=dict(env, HOME=""))
    assert res.returncode == 1 and "Traceback" not in res.stderr
    assert res.stderr.startswith("cp-trainer desktop: нет домашней папки"), res.stderr
    res = _cli("remove", env=dict(env, HOME=str(tmp_path / "nobody")))
    assert res.returncode == 1 and "does not exist" in res.stderr
    assert not (tmp_path / "nobody").exists()


def test_the_command_has_help() -> None:
    res = subprocess.run([sys.executable, "-m", "cp_trainer", "desktop", "--help"], capture_output=True,
                         text=True, timeout=60)
    assert res.returncode == 0 and "install" in res.stdout and "remove" in res.stdout
    assert "XDG_DATA_HOME" in res.stdout
    top = subprocess.run([sys.executable, "-m", "cp_trainer", "--help"], capture_output=True, text=True,
                         timeout=60)
    assert "desktop" in top.stdout


def test_the_gui_script_is_the_gui_command(monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """``cp-trainer-gui ARGS`` (the gui-scripts entry) is ``cp-trainer gui ARGS``: here a bad deal,
    refused before any window opens."""
    import tomllib

    from cp_trainer.cli.gui import gui_main

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["gui-scripts"] == {"cp-trainer-gui": "cp_trainer.cli.gui:gui_main"}
    monkeypatch.setattr(sys, "argv", ["cp-trainer-gui", "--deal", "As Xx"])
    assert gui_main() == 2
    assert capsys.readouterr().err == "cp-trainer gui: --deal: not a card: 'Xx'\n"
