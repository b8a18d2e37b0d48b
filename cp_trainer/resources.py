"""Locate the ``resources/`` folder, both in a source checkout and in an installed wheel."""

from __future__ import annotations

from functools import cache
from pathlib import Path


class MissingResourcesError(FileNotFoundError):
    """The installed package has no resources folder (a broken or partial install): nothing the
    user typed is wrong, and no translation can be read to say so in their language."""


@cache
def resources_dir() -> Path:
    """The folder holding card art, translations and data tables.

    In a wheel it is ``cp_trainer/_resources`` (mapped from the top-level ``resources/`` by
    ``setup.py``); in a source checkout it is ``resources/`` beside the package.
    """
    here = Path(__file__).resolve().parent
    for candidate in (here / "_resources", here.parent / "resources"):
        if (candidate / "i18n").is_dir():
            return candidate
    raise MissingResourcesError(
        f"cp-trainer's resources folder is missing (looked in {here / '_resources'} and "
        f"{here.parent / 'resources'}); reinstall the package"
    )


def resource_path(*parts: str) -> Path:
    return resources_dir().joinpath(*parts)
