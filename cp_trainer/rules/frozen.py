"""A read-only mapping for the fields of frozen results.

:class:`FrozenMap` is what ``types.MappingProxyType`` would be for a frozen dataclass's mapping
field, with what results need besides: it holds its own copy (the caller's dict can change
afterwards, the result cannot), it compares equal to a dict with the same items, and it hashes,
pickles and deep-copies (a proxy does neither), so a result holding one can still be hashed,
copied or sent between processes.

>>> rows = FrozenMap({"top": 0, "middle": None})
>>> rows["top"], rows == {"top": 0, "middle": None}, dict(rows)
(0, True, {'top': 0, 'middle': None})
>>> rows["top"] = 1
Traceback (most recent call last):
TypeError: 'FrozenMap' object does not support item assignment
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any, TypeVar

__all__ = ["FrozenMap"]

K = TypeVar("K")
V = TypeVar("V")


class FrozenMap(Mapping[K, V]):
    """An immutable mapping: a copy of the items given (a mapping or (key, value) pairs)."""

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[K, V] | Iterable[tuple[K, V]] = ()) -> None:
        self._items: dict[K, V] = dict(items)

    def __getitem__(self, key: K) -> V:
        return self._items[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(frozenset(self._items.items()))

    def __repr__(self) -> str:
        return f"FrozenMap({self._items!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenMap, (self._items,))
