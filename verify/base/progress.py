"""A tiny progress indicator on stderr, shown only when stderr is a terminal.

Every step also raises a Ctrl-C that Python dropped (verify.base.interrupts): a long loop
that reports progress stops at its next step, not at the end of the command.
"""

from __future__ import annotations

import sys
import time

from .interrupts import raise_if_interrupted


def remaining_text(elapsed: float, share: float) -> str:
    """', about 3 min left': the time still needed if the rest goes at the pace so far (an
    estimate, shown only on a terminal); empty before there is a pace to go by."""
    if share <= 0 or share >= 1 or elapsed < 1:
        return "  " + " " * 20  # clear what an earlier, longer line left
    left = elapsed * (1 - share) / share
    if left < 90:
        shown = f"{left:.0f} s"
    elif left < 5400:
        shown = f"{left / 60:.0f} min"
    else:
        shown = f"{left / 3600:.1f} h"
    return f", about {shown} left".ljust(22)


class Progress:
    """`with Progress(total, "runs") as bar: bar.update(n)`; silent unless stderr is a TTY.
    With total None (work of unknown size, such as a memoised search) it counts the steps
    and the seconds so far instead of a bar."""

    def __init__(self, total: int | None, label: str, stream=None, enabled: bool | None = None,
                 interval: float = 0.1):
        self.stream = sys.stderr if stream is None else stream
        if enabled is None:
            enabled = bool(getattr(self.stream, "isatty", lambda: False)())
        self.total = None if total is None else max(int(total), 1)
        self.label, self.enabled = label, enabled
        self.done, self.interval, self._last = 0, interval, 0.0
        self._start = time.monotonic()

    def update(self, count: int = 1) -> None:
        raise_if_interrupted()  # a Ctrl-C whose KeyboardInterrupt Python dropped
        self.done += count
        now = time.monotonic()
        if self.enabled and self.total is None and now - self._last >= self.interval:
            self._last = now
            self.stream.write(f"\r{self.label}: {self.done} so far, {now - self._start:.0f} s")
            self.stream.flush()
        elif self.enabled and self.total is not None and (
                now - self._last >= self.interval or self.done >= self.total):
            self._last = now
            share = min(self.done / self.total, 1.0)
            filled = int(30 * share)
            self.stream.write(f"\r{self.label}: [{'#' * filled}{'.' * (30 - filled)}] "
                              f"{100 * share:5.1f}% ({self.done}/{self.total})"
                              f"{remaining_text(now - self._start, share)}")
            self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()
            self.enabled = False

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
