"""fbs-verify: exact, certified fractional block sensitivity (paper Section 3.3).

Heavy modules load lazily, so that `import verify.checker` stays stdlib-only.
"""

__version__ = "0.1.0"

_LAZY = {
    "fbs": "verify.sensitivity.exact_fbs", "FbsResult": "verify.sensitivity.exact_fbs",
    "parse_spec": "verify.functions.spec",
    "Measures": "verify.sensitivity.measures", "BooleanFunction": "verify.functions.families",
}


def __getattr__(name):
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'verify' has no attribute {name!r}")
