"""Speed of reading bounded inputs: the house-rules key scanner on texts that a naive
header pattern reads in cubic time, a deeply nested rules file refused, and a gzip bomb given as
``drill --pool``.

Run: ``.venv/bin/python benchmarks/bench_input_bounds.py`` (or ``./dev bench bench_input_bounds``).
Prints, for runs of 3,000 to 300,000 spaces after ``[`` (a naive pattern takes tens of seconds for
3,000 and never ends for 30,000), the time to scan the text and to read it as a rules file; the time
to refuse a file nested 1,000 deep; and the time to stop on a pool that unpacks to more than
its limit.
"""

from __future__ import annotations

import contextlib
import gzip
import tempfile
import time
from pathlib import Path

from cp_trainer.drill.pool import MAX_POOL_LINE, MAX_POOL_TEXT, PoolFileError, read_pool
from cp_trainer.rules.house_rules_file import RulesFileError, key_lines, loads_rules


def _seconds(action: object) -> float:
    assert callable(action)
    start = time.perf_counter()
    with contextlib.suppress(RulesFileError, PoolFileError):
        action()
    return time.perf_counter() - start


def main() -> None:
    for spaces in (3_000, 30_000, 300_000):
        text = f"foo = [\n[{' ' * spaces}1\n]]\n"
        scan = _seconds(lambda text=text: key_lines(text))
        read = _seconds(lambda text=text: loads_rules(text))
        print(f"{spaces:>7,} spaces after '[': key scan {scan * 1000:7.2f} ms, "
              f"whole file {read * 1000:7.2f} ms")
    deep = "system = " + "[" * 1000 + "]" * 1000 + "\n"
    print(f"a file nested 1,000 deep refused in {_seconds(lambda: loads_rules(deep)) * 1000:.2f} ms")
    lines = "".join(f'k{n}.x = [1, "a", {{b = 2}}]  # c\n' for n in range(20_000))
    print(f"20,000 lines ({len(lines):,} characters) scanned in {_seconds(lambda: key_lines(lines)):.3f} s")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bomb.jsonl.gz"
        block = (b" " * (MAX_POOL_LINE - 1) + b"\n") * 10
        with gzip.open(path, "wb", compresslevel=1) as fh:
            while fh.tell() <= MAX_POOL_TEXT:
                fh.write(block)
        size = path.stat().st_size
        print(f"a pool of {size:,} bytes unpacking past {MAX_POOL_TEXT:,} characters stopped in "
              f"{_seconds(lambda: read_pool(path)):.2f} s")


if __name__ == "__main__":
    main()
