"""Ctrl-C that no exception reported.

Python drops a KeyboardInterrupt raised inside a `__del__` ("Exception ignored in ...");
z3 frees its objects in `__del__` all the time, so a Ctrl-C could vanish and the command go
on to write its outputs and exit 0. The `fbs` command installs `remember_interrupts`; every
write of an output (verify.base.files) and the command's end then ask `interrupted()`, and
the dropped exception is not printed (no traceback on the terminal).
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading

_received = False
_deferred = 0  # inside deferred_interrupts: remember a SIGINT, raise it at the end


def remember_interrupts() -> None:
    """Forget earlier interrupts; from now on remember each SIGINT, then raise as Python's
    default handler does. An ignored SIGINT stays ignored (a background job's)."""
    global _received
    _received = False
    if threading.current_thread() is not threading.main_thread():
        return
    if signal.getsignal(signal.SIGINT) in (signal.default_int_handler, _remember):
        signal.signal(signal.SIGINT, _remember)
        if not getattr(sys.unraisablehook, "drops_interrupts", False):
            sys.unraisablehook = _without_interrupts(sys.unraisablehook)


def _without_interrupts(hook):
    """sys.unraisablehook that keeps quiet about a dropped KeyboardInterrupt (remembered)."""
    def quiet(unraisable) -> None:
        if not isinstance(unraisable.exc_value, KeyboardInterrupt):
            hook(unraisable)

    quiet.drops_interrupts = True
    return quiet


def _remember(signum, frame) -> None:
    global _received
    _received = True
    if not _deferred:
        signal.default_int_handler(signum, frame)


@contextlib.contextmanager
def deferred_interrupts():
    """Within, a SIGINT (with remember_interrupts installed) is only remembered, and raised as
    KeyboardInterrupt on leaving. For z3: an exception between two of its C calls can break
    its reference counts (seen: a segmentation fault at exit after Ctrl-C)."""
    global _deferred
    _deferred += 1
    try:
        yield
    finally:
        _deferred -= 1
    raise_if_interrupted()


def interrupted() -> bool:
    """A SIGINT arrived since `remember_interrupts`, whether or not its exception was seen."""
    return _received


def raise_if_interrupted() -> None:
    if _received:
        raise KeyboardInterrupt


class InterruptedWithNote(KeyboardInterrupt):
    """A Ctrl-C a command caught to say what is left (a sweep: what STORE holds); the `fbs`
    command prints its note on its one "fbs: interrupted" line."""

    def __init__(self, note: str):
        super().__init__(note)
        self.note = note
