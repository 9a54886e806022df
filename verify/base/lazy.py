"""Heavy modules loaded on first use, so that a command that never needs them does not pay
for them at start-up (`fbs compute maj:3 --at 110` never touches numpy).

    from verify.base.lazy import numpy as np   # np.zeros(...) imports numpy on first use
"""

from __future__ import annotations

import importlib


class LazyModule:
    """Stands for a module; the first attribute access imports it and copies its namespace,
    so later accesses are plain attribute lookups."""

    def __init__(self, name: str):
        self.__dict__["_name"] = name

    def __getattr__(self, attribute: str):
        module = importlib.import_module(self.__dict__["_name"])
        self.__dict__.update(module.__dict__)
        return getattr(module, attribute)


numpy = LazyModule("numpy")
