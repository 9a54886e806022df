"""The int64 helpers the compiled kernels share (`verify.lower_bound.side_kernel`,
`verify.protocol.worst_kernel`): a gcd and the double-precision test that a product stays
below a limit before it is formed (compiled with the kernels, or interpreted: verify.base.jit)."""

from __future__ import annotations

from verify.base.jit import njit


@njit(cache=True)
def gcd(a, b):
    """The gcd of two non-negative integers (Euclid)."""
    while b:
        a, b = b, a % b
    return a


@njit(cache=True)
def fits(a, b, limit):
    """Whether a * b is safely below the limit (decided in doubles, with room to spare)."""
    return abs(float(a) * float(b)) < limit
