"""GUI tests: the offscreen platform's own limitation notices are not warnings about our code."""

from __future__ import annotations

import pytest

# The offscreen plugin cannot pass a window's size constraints to a window system it does not
# have; it says so every time a window with a minimum or maximum size is shown.
OFFSCREEN_NOTICES = ("This plugin does not support propagateSizeHints",)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/gui/" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.qt_log_ignore(*OFFSCREEN_NOTICES))
