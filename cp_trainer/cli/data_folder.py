"""Where the practice history lives, checked before anything opens it.

``--data-dir DIR``, else ``$CP_TRAINER_DATA_DIR``, else the user data folder under the home
folder. Whatever makes that unusable is said on one line, with what to do instead, and exit
status 2: a ``~user`` naming nobody, no home folder at all (a missing one is never created), a
home folder in which the data folder cannot be made, a path longer than the database engine can
open. (Any other folder that cannot be created is reported by the history store when it opens.)
"""

from __future__ import annotations

import os
from pathlib import Path

from ..support.i18n import tr
from .common import CliError

__all__ = ["MAX_FOLDER_BYTES", "SETTINGS_ENV", "check_settings_path", "data_folder"]

SETTINGS_ENV = "CP_TRAINER_SETTINGS"  # the window's settings file (cp_trainer.gui.settings.store)

# SQLite opens no file whose path is longer than 512 bytes (less its "-journal" or "-wal"
# neighbours: 504 for history.sqlite3); 400 leaves room for every file the folder holds.
MAX_FOLDER_BYTES = 400


def _env_folder(value: str, var: str, lang: str) -> Path:
    try:
        return Path(value).expanduser()
    except RuntimeError:  # "~nosuchuser/x": no such user (or no home to put for "~")
        user = value.split(os.sep, 1)[0].lstrip("~")
        raise CliError(tr("cli.data.no_user", lang, var=var, value=value, user=user)) from None


def _default_folder(lang: str) -> Path:
    """The user data folder, once the home folder it is in is known to exist: a missing home
    (``HOME=/nonexistent``, or a user whose home was never made) is not created for it."""
    home = os.path.expanduser("~")  # $HOME, else the user database
    if home == "~" or not os.path.isabs(home) or os.environ.get("HOME") == "":
        # no HOME and no entry in the user database, or HOME="" (which Python reads as "/")
        raise CliError(tr("cli.data.no_home", lang))
    if not os.path.isdir(home):
        raise CliError(tr("cli.data.home_missing", lang, home=home))
    from ..history import HistoryError, default_data_dir

    try:
        folder = default_data_dir()
    except HistoryError as exc:
        raise CliError(str(exc)) from None
    missing = folder
    while not missing.parent.exists() and missing.parent != missing:
        missing = missing.parent
    if not missing.exists() and missing.parent.is_dir() and not os.access(missing.parent, os.W_OK | os.X_OK):
        raise CliError(tr("cli.data.home_read_only", lang, folder=str(folder), parent=str(missing.parent)))
    return folder


def data_folder(given: str | None, lang: str) -> Path:
    """The folder for the history, or :class:`CliError` saying why there is none. Nothing is
    created here: opening the history creates the folder (or says why it cannot)."""
    from ..history import DATA_DIR_ENV

    env = os.environ.get(DATA_DIR_ENV)
    if given is not None:
        if not given.strip():  # not the current folder
            raise CliError(f"--data-dir: no folder named, got {given!r}")
        folder = _env_folder(given, "--data-dir", lang)  # "~/x" as the variable reads it; "~nobody/x" refused
    elif env:
        folder = _env_folder(env, DATA_DIR_ENV, lang)
    else:
        folder = _default_folder(lang)
    size = len(os.fsencode(os.path.abspath(folder)))
    if size > MAX_FOLDER_BYTES:
        raise CliError(tr("cli.data.too_long", lang, n=size, limit=MAX_FOLDER_BYTES, folder=str(folder)))
    return folder


def check_settings_path(lang: str) -> None:
    """``$CP_TRAINER_SETTINGS``, when set, must name a file: a ``~user`` naming nobody is refused
    (rather than a folder named ``~nosuchuser`` made in the current one)."""
    value = os.environ.get(SETTINGS_ENV)
    if value:
        _env_folder(value, SETTINGS_ENV, lang)
