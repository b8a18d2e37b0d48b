"""The trainer's saved settings: house rules, table, solver and view choices, over ``QSettings``.

``TrainerSettings`` is the value (frozen, validated); ``Settings`` reads and writes it to an INI
file, one readable key per field (each house rule's as the schema says,
:data:`cp_trainer.rules.house_rules.RULE_FIELDS`)::

    [rules]            system=2-4, ties=push, bank=0, ignore_fouls=false, surrender_cost=auto, ...
    [rules/royalty_table]  top_trips=3, ...
    [table]            opponents=1, bot=standard, seat_bots=standard newcomer:0.2 pair-on-top,
                       solver_samples=2000, solver_time_budget=1.0, criss_cross=false
    [view]             card_style=two-colour, language=en, animations=true

A damaged or unreadable file, or a bad value, never stops the trainer: the affected settings take
their defaults and :meth:`Settings.load` returns one message per problem (translated), which the
window shows once -- the file as it was is kept as ``<name>.broken`` and the repaired settings
are saved, so the next start is quiet. The settings are checked as a whole too: amounts within
reason (:data:`MAX_AMOUNT`, :data:`MAX_POINT_VALUE`), the bank a player at the table.
The file is ``$CP_TRAINER_SETTINGS`` when set, else the per-user location Qt picks
(``~/.config/cp-trainer/cp-trainer.ini`` on Linux); tests pass a path.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import os
import re
import shutil
import stat
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QSettings, QStandardPaths, Signal

from cp_trainer.gui.cards.style import DEFAULT_CARD_STYLE, CardStyle
from cp_trainer.gui.solver.bots import BOTS
from cp_trainer.rules import house_rules
from cp_trainer.rules import house_rules as schema  # RULE_FIELDS read where used, not copied at import
from cp_trainer.rules.bot_names import BotChoice, BotName, UnknownBotError, format_bot, parse_bot
from cp_trainer.rules.house_rules import (
    HouseRules,
    HouseRulesError,
    RuleField,
    RuleKind,
    TieRule,
    number_text,
)
from cp_trainer.support.i18n import LANGUAGES, normalize_lang, system_language
from cp_trainer.support.shown import shorten

__all__ = [
    "BOTS",
    "DEFAULT_BOT",
    "MAX_AMOUNT",
    "MAX_OPPONENTS",
    "MAX_POINT_VALUE",
    "MAX_ROYALTY",
    "MAX_SAMPLES",
    "MAX_TIME_BUDGET",
    "MIN_SAMPLES",
    "SETTINGS_ENV",
    "Settings",
    "SettingsError",
    "TrainerSettings",
    "default_settings_path",
]

SETTINGS_ENV = "CP_TRAINER_SETTINGS"
DEFAULT_BOT = BotChoice(BotName.STANDARD)
MAX_OPPONENTS = 3
MIN_SAMPLES, MAX_SAMPLES, DEFAULT_SAMPLES = 100, 100_000, 2000
# the bounds of HouseRules (cp_trainer.rules.house_rules: each rule's in its schema, RULE_FIELDS, which the
# settings file's keys and the dialog's ranges follow)
MAX_AMOUNT = house_rules.MAX_AMOUNT  # points: a surrender cost, a natural's amount
MAX_ROYALTY = house_rules.MAX_ROYALTY  # points: one royalty
MAX_POINT_VALUE = house_rules.MAX_MONEY  # money per point, and every seat's stake
# seconds the solver may go on sampling after the minimum, until its verdict is decided
MAX_TIME_BUDGET, DEFAULT_TIME_BUDGET = 30.0, 1.0


class SettingsError(ValueError):
    """A settings value is invalid; the message names the setting and the value."""


@dataclass(frozen=True)
class TrainerSettings:
    """Everything the settings dialog edits. ``TrainerSettings()`` is the default table."""

    house_rules: HouseRules = field(default_factory=HouseRules)
    opponents: int = 1  # bots at the table, 1..3 (Criss Cross: exactly 1)
    bot: BotChoice = DEFAULT_BOT  # every bot seat's, unless seat_bots names its own
    seat_bots: tuple[BotChoice, ...] = ()  # the bots of seats 1, 2, 3 (fewer: ``bot`` plays the rest)
    solver_samples: int = DEFAULT_SAMPLES
    solver_time_budget: float = DEFAULT_TIME_BUDGET
    card_style: CardStyle = DEFAULT_CARD_STYLE
    language: str = field(default_factory=system_language)  # "en" or "ru"
    criss_cross: bool = False  # two players, two 13-card hands each
    animations: bool = True  # the deal, cards gliding to their slots, the bots' rows flipping

    def __post_init__(self) -> None:
        if not isinstance(self.house_rules, HouseRules):
            raise SettingsError(f"house_rules must be HouseRules, got {self.house_rules!r}")
        if not isinstance(self.opponents, int) or not 1 <= self.opponents <= MAX_OPPONENTS:
            raise SettingsError(f"opponents must be 1 to {MAX_OPPONENTS}, got {self.opponents!r}")
        try:  # a bot may come as its text form ("newcomer:0.2"), and is kept as a BotChoice
            object.__setattr__(self, "bot", BotChoice.of(self.bot))
            seat_bots = tuple(BotChoice.of(b) for b in self.seat_bots)
        except (UnknownBotError, TypeError) as exc:
            raise SettingsError(f"bot must be one of {', '.join(BOTS)}: {exc}") from None
        if len(seat_bots) > MAX_OPPONENTS:
            raise SettingsError(f"seat_bots must be up to {MAX_OPPONENTS} bots, got {len(seat_bots)}")
        object.__setattr__(self, "seat_bots", seat_bots)
        if not isinstance(self.solver_samples, int) or not MIN_SAMPLES <= self.solver_samples <= MAX_SAMPLES:
            raise SettingsError(
                f"solver_samples must be {MIN_SAMPLES} to {MAX_SAMPLES}, got {self.solver_samples!r}"
            )
        budget = self.solver_time_budget
        if isinstance(budget, bool) or not isinstance(budget, int | float) \
                or not 0 <= budget <= MAX_TIME_BUDGET:  # also refuses nan
            raise SettingsError(
                f"solver_time_budget must be 0 to {MAX_TIME_BUDGET:g} seconds, got {budget!r}")
        if not isinstance(self.card_style, CardStyle):
            raise SettingsError(f"card_style must be a CardStyle, got {self.card_style!r}")
        if self.language not in LANGUAGES:
            raise SettingsError(f"language must be one of {', '.join(LANGUAGES)}, got {self.language!r}")
        if not isinstance(self.criss_cross, bool):
            raise SettingsError(f"criss_cross must be true or false, got {self.criss_cross!r}")
        if not isinstance(self.animations, bool):
            raise SettingsError(f"animations must be true or false, got {self.animations!r}")
        if self.criss_cross and self.opponents != 1:
            raise SettingsError(f"Criss Cross is for two players: opponents must be 1, got {self.opponents}")
        problem = rules_problem(self.house_rules)
        if problem is not None:
            raise SettingsError(problem)
        problem = bank_problem(self.house_rules, self.opponents)
        if problem is not None:
            raise SettingsError(problem)

    def replace(self, **changes: Any) -> TrainerSettings:
        return dataclasses.replace(self, **changes)

    def bot_at(self, seat: int) -> BotChoice:
        """The bot at bot seat ``seat`` (1..): its own from ``seat_bots``, else ``bot``."""
        return self.seat_bots[seat - 1] if 1 <= seat <= len(self.seat_bots) else self.bot

    def with_opponents(self, opponents: int) -> TrainerSettings:
        """The same table with ``opponents`` bots (for ``gui --opponents``, this run only): Criss
        Cross only with one opponent, and a bank seat nobody sits in goes to the player (seat 0)."""
        rules = self.house_rules
        if bank_problem(rules, opponents) is not None:
            rules = rules.replace(bank=0)
        return self.replace(house_rules=rules, opponents=opponents,
                            criss_cross=self.criss_cross and opponents == 1)


def bank_problem(rules: HouseRules, opponents: int) -> str | None:
    """Why the bank seat of ``rules`` is not at a table of ``opponents`` bots, or None. The seat
    matters only when the bank takes tied rows."""
    if rules.ties is TieRule.BANK and rules.bank > opponents:
        return (f"the bank must be a player at the table: with {opponents} opponent(s) the players "
                f"are 0 to {opponents}, got bank {rules.bank}")
    return None


def rules_problem(rules: HouseRules) -> str | None:
    """Why an amount of ``rules`` is beyond what a table can mean (a surrender cost of 10^30, a
    point worth 0.001 or more than a million), or None: :meth:`HouseRules.bounds_problem`, the
    one set of bounds. Such amounts are refused where settings enter."""
    return rules.bounds_problem()


def default_settings_path() -> Path | None:
    """``$CP_TRAINER_SETTINGS`` if set (``~`` expanded), else ``None`` (Qt's per-user location).
    A ``~user`` naming nobody stays as written (``cp-trainer gui`` refuses it before this)."""
    value = os.environ.get(SETTINGS_ENV)
    if not value:
        return None
    try:
        return Path(value).expanduser()
    except RuntimeError:
        return Path(value)


# --- text <-> value for one INI key -----------------------------------------------------------

_AUTO = "auto"


def _bool_text(value: bool) -> str:
    return "true" if value else "false"


def _parse_bool(text: str) -> bool:
    key = text.strip().lower()
    if key in ("true", "1", "yes", "on"):
        return True
    if key in ("false", "0", "no", "off"):
        return False
    raise ValueError("expected true or false")


def _parse_optional_int(text: str) -> int | None:
    return None if text.strip().lower() in (_AUTO, "") else int(text)


def _parse_stakes(text: str) -> list[float] | None:
    parts = text.replace(",", " ").split()
    return [float(p) for p in parts] if parts else None


def _parse_bots(text: str) -> tuple[BotChoice, ...]:
    """``seat_bots``: the bots' text forms (:func:`parse_bot`) separated by spaces, seat 1 first."""
    try:
        return tuple(parse_bot(part) for part in text.split())
    except UnknownBotError as exc:
        raise ValueError(str(exc)) from None


def _parse_one_bot(text: str) -> BotChoice:
    try:
        return parse_bot(text)
    except UnknownBotError as exc:
        raise ValueError(str(exc)) from None


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return _bool_text(value)
    if value is None:
        return ""
    if isinstance(value, list | tuple):
        return " ".join(f"{v:g}" for v in value)
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


_TEXT_PARSERS: dict[RuleKind, Callable[[str], Any]] = {
    RuleKind.SWITCH: _parse_bool, RuleKind.CHOICE: str.strip, RuleKind.WHOLE: int, RuleKind.MONEY: float,
    RuleKind.STAKES: _parse_stakes,
}


def _rule_parser(rule: RuleField) -> Callable[[str], Any]:
    """How the settings file's text of a house rule (``rules/<name>``) is read: by the rule's
    kind in the schema; the value is then checked as :class:`HouseRules` checks it."""
    return _parse_optional_int if rule.auto else _TEXT_PARSERS[rule.kind]


def _rule_text(rule: RuleField, value: Any) -> str:
    """The settings file's text of a house rule's value (``auto``: the system's own)."""
    return _AUTO if rule.auto and value is None else _value_text(rule.plain_of(value))


def _text(raw: object) -> str:
    """A value as read from INI: a string, or a list when the line held unquoted commas."""
    if isinstance(raw, list | tuple):
        return ", ".join(str(v) for v in raw)
    return str(raw)


class Settings(QObject):
    """The settings file. ``values`` holds what is in force; ``save()`` writes and emits ``changed``.

    Constructing it loads the file; ``problems`` lists what could not be read (also returned by
    :meth:`load`). ``qsettings()`` gives the underlying ``QSettings`` for other keys (window
    geometry, recent hands, ...) kept in the same file under their own groups.
    """

    changed = Signal(object)  # the new TrainerSettings after save() changed something

    def __init__(self, path: str | Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._path = Path(path) if path is not None else default_settings_path()
        self._file: Path = Path()
        self._unusable: Unusable | None = None
        self._stand_in: tempfile.TemporaryDirectory[str] | None = None
        self._qsettings = self._open()
        self._values = TrainerSettings()
        self._format_ok = True
        self.problems: list[str] = []
        self.load()

    def _open(self) -> QSettings:
        """Qt's settings on the file, or on a private stand-in when the file is not one Qt should
        read (:func:`unusable_settings_file`): the file is then never opened nor touched."""
        self._file = self._path if self._path is not None else qt_user_settings_file()
        self._unusable = unusable_settings_file(self._file)
        if self._unusable is not None:
            self._stand_in = tempfile.TemporaryDirectory(prefix="cp-trainer-settings-")
            return QSettings(str(Path(self._stand_in.name) / "cp-trainer.ini"), QSettings.Format.IniFormat)
        if self._path is not None:
            return QSettings(str(self._path), QSettings.Format.IniFormat)
        return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, "cp-trainer", "cp-trainer")

    @property
    def path(self) -> Path:
        return self._file

    @property
    def values(self) -> TrainerSettings:
        return self._values

    def qsettings(self) -> QSettings:
        return self._qsettings

    # --- reading ---------------------------------------------------------------------------

    def load(self) -> list[str]:
        """Re-read the file. Returns (and keeps in ``problems``) one message per problem found.

        A file with problems -- lines Qt cannot parse, bad values, settings that do not fit
        together -- is repaired at once: the file as it was is kept beside it as
        ``<name>.broken`` (never lost, never silently rewritten), and the values in force are
        written, so the player is told once and the next start is quiet.
        """
        self._qsettings.sync()
        problems: list[str] = []
        if self._unusable is not None:
            self._values = TrainerSettings()
            self.problems = [self._unusable_message(self._unusable)]
            return list(self.problems)
        status = self._qsettings.status()
        path = str(self.path)
        self._format_ok = True
        try:
            size = self.path.stat().st_size if self.path.is_file() else 0
        except OSError:  # a folder on the way we may not enter: Qt reads nothing and says nothing
            status = QSettings.Status.AccessError
        if status == QSettings.Status.AccessError:
            self._values = TrainerSettings()
            problems.append(self.tr("The settings file {path} cannot be read; the default settings are used.")
                            .format(path=path))
            self.problems = problems
            return list(problems)
        damaged = False
        if status == QSettings.Status.FormatError:
            # Qt calls "[rules/royalty_table]" (a group as a section) a format error, yet reads
            # it right: only sections it cannot read make a file damaged
            damaged = not _sections_well_formed(self.path)
            self._format_ok = not damaged
        if not damaged and size > 0 and not self._qsettings.allKeys():
            damaged = True  # not a settings file at all
        values = self._read_values(problems)
        kept: Path | None = None
        if damaged or problems:
            kept = self._keep_aside()
        if damaged and kept is not None:
            problems.insert(0, self.tr("The settings file {path} is damaged: it is kept as {kept}, the "
                                       "settings that could be read are used and the others take their "
                                       "defaults.").format(path=path, kept=str(kept)))
        elif damaged:
            problems.insert(0, self.tr("The settings file {path} is damaged; the settings that could be "
                                       "read are used and the others take their defaults.").format(path=path))
        elif kept is not None:
            problems.append(self.tr("The settings file as it was is kept as {kept}; the repaired settings "
                                    "are saved.").format(kept=str(kept)))
        self._values = values
        self.problems = problems
        if kept is not None and damaged:
            self._rewrite(values)
        elif kept is not None:
            self._write(values)  # Qt rewrites the whole file: the bad values are gone
        return list(self.problems)

    def _unusable_message(self, why: Unusable) -> str:
        path = str(self._file)
        if why is Unusable.NOT_A_FILE:
            return self.tr("The settings file {path} is not a regular file (a FIFO, a device or a folder); "
                           "it was left untouched, the default settings are used and changes are kept "
                           "only until the trainer is closed.").format(path=path)
        return self.tr("The settings file {path} is larger than {size} KiB, far more than settings take; "
                       "it was left untouched, the default settings are used and changes are kept only "
                       "until the trainer is closed.").format(path=path, size=MAX_SETTINGS_BYTES // 1024)

    def _keep_aside(self) -> Path | None:
        """Copy the file to a free ``<name>.broken`` (``.broken.1``, ...); None when it cannot be."""
        path = self.path
        if not path.is_file():
            return None
        target = path.with_name(path.name + ".broken")
        n = 0
        while target.exists() or target.is_symlink():
            n += 1
            target = path.with_name(f"{path.name}.broken.{n}")
        try:
            shutil.copyfile(path, target)
        except OSError:
            return None
        return target

    def _rewrite(self, values: TrainerSettings) -> None:
        """Write ``values`` into a fresh file in place of a damaged one (which Qt would keep
        reporting), keeping the other groups Qt could read (window geometry, recent hands, ...)."""
        others = {key: self._qsettings.value(key) for key in self._qsettings.allKeys()
                  if key.split("/", 1)[0] not in ("rules", "table", "view")}
        with contextlib.suppress(OSError):
            self.path.unlink()
        self._qsettings = self._open()
        self._format_ok = True
        for key, value in others.items():
            self._qsettings.setValue(key, value)
        self._write(values)

    def _raw(self, key: str) -> str | None:
        raw = self._qsettings.value(key)
        return None if raw is None else _text(raw)

    def _bad(self, problems: list[str], key: str, raw: str, reason: str) -> None:
        problems.append(
            self.tr("Setting {key} = \u201c{value}\u201d is not valid ({reason}); its default is used.")
            .format(key=key, value=_cut(raw), reason=_cut(reason, 200))
        )

    def _read_rules(self, problems: list[str]) -> HouseRules:
        """The house rules the file holds, each checked alone; a bad one takes its default (with a
        message in ``problems``)."""
        rules: dict[str, Any] = {}
        for rule in schema.RULE_FIELDS:
            name, key = rule.name, f"rules/{rule.name}"
            raw = self._raw(key)
            if raw is None:
                continue
            try:
                value = _rule_parser(rule)(raw)
                one = HouseRules.from_dict({name: value})  # validates this one field
                problem = rules_problem(one)
                if problem is not None:
                    raise ValueError(problem)
            except (ValueError, TypeError, HouseRulesError) as exc:
                self._bad(problems, key, raw, str(exc))
                continue
            rules[name] = value
        royalty_table: dict[str, int] = {}
        for rule in schema.ROYALTY_FIELDS:
            key = f"rules/royalty_table/{rule.name}"
            raw = self._raw(key)
            if raw is None:
                continue
            try:
                amount = int(raw)
                if not rule.low <= amount <= rule.high:
                    raise ValueError(f"must be {number_text(rule.low)} to {number_text(rule.high)}")
            except ValueError as exc:
                self._bad(problems, key, raw, str(exc))
                continue
            royalty_table[rule.name] = amount
        if royalty_table:
            rules["royalty_table"] = royalty_table
        return HouseRules.from_dict(rules)

    def _read_values(self, problems: list[str]) -> TrainerSettings:
        """Every value the file holds, each checked alone and then all together; a bad one takes
        its default (with a message in ``problems``)."""
        defaults = TrainerSettings()
        house_rules = self._read_rules(problems)

        table: dict[str, Any] = {}
        raws: dict[str, tuple[str, str]] = {}
        fields: list[tuple[str, str, Callable[[str], Any]]] = [
            ("table/opponents", "opponents", int),
            ("table/bot", "bot", _parse_one_bot),
            ("table/seat_bots", "seat_bots", _parse_bots),
            ("table/solver_samples", "solver_samples", int),
            ("table/solver_time_budget", "solver_time_budget", float),
            ("table/criss_cross", "criss_cross", _parse_bool),
            ("view/card_style", "card_style", lambda t: CardStyle(t.strip())),
            ("view/language", "language", normalize_lang),
            ("view/animations", "animations", _parse_bool),
        ]
        for key, name, parse in fields:
            raw = self._raw(key)
            if raw is None:
                continue
            try:
                value = parse(raw)
                if name != "criss_cross":  # it depends on the opponents: checked below
                    defaults.replace(**{name: value})
            except (ValueError, TypeError) as exc:
                self._bad(problems, key, raw, str(exc))
                continue
            table[name] = value
            raws[name] = (key, raw)

        # together: Criss Cross needs one opponent; the bank must sit at the table
        opponents = table.get("opponents", defaults.opponents)
        if table.get("criss_cross") and opponents != 1:
            key, raw = raws["criss_cross"]
            self._bad(problems, key, raw, f"Criss Cross is for two players, and opponents is {opponents}")
            del table["criss_cross"]
        problem = bank_problem(house_rules, opponents)
        if problem is not None:
            self._bad(problems, "rules/bank", str(house_rules.bank), problem)
            house_rules = house_rules.replace(bank=defaults.house_rules.bank)
        try:
            return defaults.replace(house_rules=house_rules, **table)
        except SettingsError as exc:  # a combination not foreseen above: the defaults, said once
            problems.append(self.tr("The settings do not fit together ({reason}); the default settings "
                                    "are used.").format(reason=_cut(str(exc), 200)))
            return defaults

    # --- writing ---------------------------------------------------------------------------

    def save(self, values: TrainerSettings | None = None) -> bool:
        """Write ``values`` (default: the ones in force) and emit ``changed`` if they differ.

        Returns whether the file was written; when it cannot be, the values still take effect
        for this run and ``problems`` gets a message.
        """
        new = values if values is not None else self._values
        written = self._write(new)
        old, self._values = self._values, new
        if new != old:
            self.changed.emit(new)
        return written

    def _write(self, new: TrainerSettings) -> bool:
        rules = new.house_rules
        for rule in schema.RULE_FIELDS:
            self._qsettings.setValue(f"rules/{rule.name}", _rule_text(rule, getattr(rules, rule.name)))
        for rule in schema.ROYALTY_FIELDS:
            self._qsettings.setValue(f"rules/royalty_table/{rule.name}",
                                     str(getattr(rules.royalty_table, rule.name)))
        self._qsettings.setValue("table/opponents", str(new.opponents))
        self._qsettings.setValue("table/bot", format_bot(new.bot))
        self._qsettings.setValue("table/seat_bots", " ".join(format_bot(b) for b in new.seat_bots))
        self._qsettings.setValue("table/solver_samples", str(new.solver_samples))
        self._qsettings.setValue("table/solver_time_budget", str(float(new.solver_time_budget)))
        self._qsettings.setValue("table/criss_cross", _bool_text(new.criss_cross))
        self._qsettings.setValue("view/card_style", new.card_style.value)
        self._qsettings.setValue("view/language", new.language)
        self._qsettings.setValue("view/animations", _bool_text(new.animations))
        self._qsettings.sync()
        status = self._qsettings.status()
        # a "[rules/royalty_table]" section read at load keeps Qt's FormatError, but it writes
        written = self._unusable is None and (status == QSettings.Status.NoError or (
            status == QSettings.Status.FormatError and self._format_ok))
        if not written:
            message = self.tr("The settings cannot be saved to {path}.").format(path=str(self.path))
            if message not in self.problems:
                self.problems.append(message)
        return written


_SECTION = re.compile(r"\[[^\[\]]+\]")


MAX_SETTINGS_BYTES = 1024 * 1024  # settings take a few KiB; a larger file is not read


class Unusable(enum.Enum):
    """Why a settings file is not read."""

    NOT_A_FILE = "not a regular file"
    TOO_LARGE = "too large"


def unusable_settings_file(path: Path) -> Unusable | None:
    """Why ``path`` must not be opened as the settings file (None when it may, or does not exist).

    Qt reads the whole file when its ``QSettings`` is made: on a FIFO it would wait forever, on
    ``/dev/zero`` read without end."""
    try:
        st = os.stat(path)
    except OSError:
        return None  # missing, or a folder on the way we may not enter: load() says which
    if not stat.S_ISREG(st.st_mode):
        return Unusable.NOT_A_FILE
    if st.st_size > MAX_SETTINGS_BYTES:
        return Unusable.TOO_LARGE
    return None


def qt_user_settings_file() -> Path:
    """The file ``QSettings(IniFormat, UserScope, "cp-trainer", "cp-trainer")`` uses, found
    without making one (that would read it)."""
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericConfigLocation)
    return Path(folder) / "cp-trainer" / "cp-trainer.ini"


def _sections_well_formed(path: Path) -> bool:
    """Whether every section line of the INI file is a whole ``[name]`` (Qt reads those, slashes
    included, even when it reports a format error for them)."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    return all(_SECTION.fullmatch(line.strip()) for line in text.splitlines() if line.strip().startswith("["))


def _cut(text: str, most: int = 60) -> str:
    """A value as quoted in a message: cut in the middle when long (a 5,000-digit number)."""
    return shorten(text, most, most // 2, most // 4)
