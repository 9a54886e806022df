"""Sub-commands of `fbs`; each module has a `register(commands)` that adds its parsers."""

import importlib

MODULES = ["compute", "measures", "debate", "tree", "adversary", "blocks", "paper", "sweep", "coq"]


def register_all(commands) -> None:
    """Add every available sub-command to the argparse sub-parser collection."""
    for name in MODULES:
        try:
            module = importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"{__name__}.{name}":
                raise
            continue
        module.register(commands)
