"""Work counted, not timed: the number of Python lines a call executes.

Tests never assert seconds (a loaded machine makes any bar flaky; timings live in bench/).
Where a test must show that a refusal or a closed form does no per-element work, it bounds the
Python lines the call runs instead: the count depends only on the code and the input, never on
the machine. A call over its line budget is stopped at once (so a regression to a loop over
10^8 weights fails in a moment instead of running for a minute).
"""

from __future__ import annotations

import sys


class _OverBudget(BaseException):
    """Raised inside the traced call; a BaseException so no `except Exception` swallows it."""


def python_lines(function, limit: int):
    """(result, lines) of `function()`; AssertionError once it executes more than `limit`
    Python lines (every frame of this thread, the standard library included)."""
    count = 0

    def local(frame, event, arg):
        nonlocal count
        if event == "line":
            count += 1
            if count > limit:
                raise _OverBudget
        return local

    def calls(frame, event, arg):
        return local

    previous = sys.gettrace()
    sys.settrace(calls)
    try:
        result = function()
    except _OverBudget:
        result = None
    finally:
        sys.settrace(previous)
    assert count <= limit, f"more than {limit} Python lines executed"
    return result, count
