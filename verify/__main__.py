"""`python -m verify` is the `fbs` command."""

import sys

from .cli import main

sys.exit(main())
