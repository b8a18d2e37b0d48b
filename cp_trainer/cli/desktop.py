"""``cp-trainer desktop install|remove``: the trainer in the desktop's application menu, or out of it.

    cp-trainer desktop install [--lang en|ru]
    cp-trainer desktop remove [--lang en|ru]

``install`` writes the menu entry, the icon (SVG and PNG sizes) and the AppStream metainfo into
``$XDG_DATA_HOME`` (else ``~/.local/share``), the entry running this installation's
``cp-trainer`` by its absolute path; ``remove`` deletes exactly those files. Both say what they
did, file by file; running either twice changes nothing more. See :mod:`cp_trainer.support.desktop`.
"""

from __future__ import annotations

import argparse

from ..support.desktop import DesktopError, Outcome, data_home, exec_line, install, launcher, remove
from ..support.i18n import tr
from .common import CliError, add_lang_option, lang_of

HELP = "add the trainer to the desktop's application menu, or remove it"
DESCRIPTION = (
    "Add the trainer to the desktop's application menu (install) or take it out again (remove). "
    "install writes a menu entry, the icon and the software-centre description into "
    "$XDG_DATA_HOME (default ~/.local/share): applications/, icons/hicolor/ and metainfo/; the entry "
    "runs this installation's cp-trainer by its absolute path, so install again after moving or "
    "reinstalling it elsewhere. remove deletes exactly the files install writes, nothing else."
)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("desktop", help=HELP, description=DESCRIPTION)
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    put = actions.add_parser("install", help="put the menu entry, icon and metainfo in place",
                             description="Put the menu entry, the icon and the metainfo into "
                                         "$XDG_DATA_HOME (default ~/.local/share), replacing an "
                                         "older copy of them; prints each file written.")
    take = actions.add_parser("remove", help="delete the files install wrote",
                              description="Delete the menu entry, the icon and the metainfo that "
                                          "install writes (exactly those files, nothing else); "
                                          "prints each file deleted.")
    for sub in (parser, put, take):
        add_lang_option(sub)
    parser.set_defaults(func=run)


def _print(outcome: Outcome, lang: str) -> None:
    for path in outcome.changed:
        print(f"  {path}")
    for path in outcome.left:
        print(tr("desktop.left", lang, path=str(path)))


def run(args: argparse.Namespace) -> int:
    lang = lang_of(args)
    action = getattr(args, "action", None)
    if action is None:
        raise CliError(tr("desktop.need_action", lang))
    try:
        home = data_home(lang)
        if action == "install":
            command = launcher()
            outcome = install(home, command, lang)
            total = len(outcome.changed) + len(outcome.unchanged)
            if outcome.changed:
                print(tr("desktop.installed", lang, count=len(outcome.changed), home=str(home)))
            else:
                print(tr("desktop.installed_unchanged", lang, count=total, home=str(home)))
            _print(outcome, lang)
            print(tr("desktop.opens_with", lang, command=exec_line(command)))
            print(tr("desktop.relogin", lang))
            return 0
        outcome = remove(home, lang)
    except DesktopError as exc:
        raise CliError(str(exc), status=1) from None
    if outcome.changed:
        print(tr("desktop.removed", lang, count=len(outcome.changed), home=str(home)))
    else:
        print(tr("desktop.nothing_to_remove", lang, home=str(home)))
    _print(outcome, lang)
    return 0
