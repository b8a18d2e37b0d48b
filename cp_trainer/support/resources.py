"""The package's resources (card art, translations, data tables, the players' page, the desktop
entry): the folder ``cp_trainer/resources``, read through :mod:`importlib.resources`, the same in a
source checkout and in an installed wheel."""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from pathlib import Path


class MissingResourcesError(FileNotFoundError):
    """The installed package has no resources folder (a broken or partial install): nothing the
    user typed is wrong, and no translation can be read to say so in their language."""


@cache
def resources_dir() -> Path:
    """The folder holding card art, translations and data tables (``cp_trainer/resources``)."""
    folder = Path(str(files("cp_trainer").joinpath("resources")))
    if not (folder / "i18n").is_dir():
        raise MissingResourcesError(f"cp-trainer's resources folder is missing (looked in {folder}); "
                                    f"reinstall the package")
    return folder


def resource_path(*parts: str) -> Path:
    return resources_dir().joinpath(*parts)
