"""``python -m cp_trainer`` is the same as the ``cp-trainer`` command."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
