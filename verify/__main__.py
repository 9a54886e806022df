"""`python -m verify` is the `fbs` command."""

from .cli import run

run()
