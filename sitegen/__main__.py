"""``python -m sitegen``: the same as the ``sitegen`` command."""

import sys

from .cli import main

sys.exit(main())
