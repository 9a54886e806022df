"""One conformance suite for every separation oracle (docs/design.md, Backends), against brute force.

Oracle contract (verify/sensitivity/sat/backends.py): find_blocks(T, D, limit) returns distinct sensitive
blocks with T(B) < D, none if and only if no sensitive block has T(B) < D; the minimum-weight
modes return a block of minimum weight first.
"""

from __future__ import annotations

import random

import pytest
from reference import sensitive_blocks

from verify.functions.spec import parse_spec
from verify.sensitivity.sat.backends import make_oracle

ORACLES = [("sat", "rc2"), ("sat", "adder"), ("z3", "optimize"), ("z3", "pble")]
MIN_WEIGHT = {("sat", "rc2"), ("z3", "optimize")}
SPECS = ["maj:7", "thr:6:4", "parity:4", "wthr:5,3,3,2,1,1:7", "index:2", "tribes:3:3",
         "expr:(x1&x2)|(x3^x4)|~(x5|x6)", "compose(maj:3;and:2;or:2;parity:2)",
         "tt:0x6b3c:4", "sym:0101100", "expr:x1|~x1"]


@pytest.mark.parametrize("backend,mode", ORACLES)
@pytest.mark.parametrize("spec", SPECS)
def test_oracle_conformance(backend, mode, spec):
    f = parse_spec(spec)
    q = f.arity
    rng = random.Random(f"{spec}{backend}{mode}")
    for _ in range(4):
        z = tuple(rng.randint(0, 1) for _ in range(q))
        blocks = sensitive_blocks(f, z)
        oracle = make_oracle(f, z, backend, mode)
        T = [rng.randint(0, 5) for _ in range(q)]
        D = rng.randint(1, 9)
        light = [b for b in blocks if sum(T[i] for i in b) < D]
        found = oracle.find_blocks(T, D, 5)
        assert bool(found) == bool(light)
        assert len(set(found)) == len(found) <= 5
        for block in found:
            assert block in blocks  # sensitive, by brute force
            assert sum(T[i] for i in block) < D
        if found and (backend, mode) in MIN_WEIGHT:
            assert sum(T[i] for i in found[0]) == min(sum(T[i] for i in b) for b in light)
        single = oracle.find_block(T, D)
        assert (single is None) == (not light)


@pytest.mark.parametrize("backend,mode", ORACLES)
def test_oracles_agree_on_wide_function(backend, mode):
    f = parse_spec("tribes:4:6")
    z = tuple([1] * 4 + [0] * 20)
    oracle = make_oracle(f, z, backend, mode)
    # f(z) = 1 through tribe 0 only: the light sensitive blocks break tribe 0 and complete none
    T = [1] * 24
    found = oracle.find_blocks(T, 2, 10)
    assert sorted(found) == [(0,), (1,), (2,), (3,)]
    assert oracle.find_blocks([1] * 24, 1, 10) == []


@pytest.mark.parametrize("spec", ["wthr:5,3,3,2,1,1:7", "wthr:4,0,2,7,1,3,3:9", "wthr:1,1,1:0",
                                  "wthr:2,2:9"])
def test_wthr_dp_oracle_is_exact(spec):
    f = parse_spec(spec)
    q = f.arity
    rng = random.Random(spec)
    for _ in range(6):
        z = tuple(rng.randint(0, 1) for _ in range(q))
        blocks = sensitive_blocks(f, z)
        oracle = make_oracle(f, z, "dp")
        T = [rng.randint(0, 5) for _ in range(q)]
        D = rng.randint(1, 9)
        light = [b for b in blocks if sum(T[i] for i in b) < D]
        found = oracle.find_blocks(T, D, 4)
        assert bool(found) == bool(light)
        for block in found:
            assert block in blocks and sum(T[i] for i in block) < D
        if found:
            assert sum(T[i] for i in found[0]) == min(sum(T[i] for i in b) for b in light)


def test_dp_backend_rejects_other_families():
    from verify.base.errors import BadInput

    with pytest.raises(BadInput, match="wthr"):
        make_oracle(parse_spec("maj:3"), (1, 1, 0), "dp")


def test_auto_backend_picks_dp_for_wthr():
    assert make_oracle(parse_spec("wthr:2,1,1:2"), (1, 1, 0), "auto").name == "wthr-dp"
    assert make_oracle(parse_spec("maj:3"), (1, 1, 0), "auto").name == "pysat-rc2"


# --- time budget and fallback (issue 11, section 3) --------------------------------------------

def test_every_budgeted_oracle_answers_or_times_out():
    """A budget too small to finish raises SeparationTimeout instead of returning a wrong
    "no block"; with a fair budget the answer is the brute-force one."""
    from verify.sensitivity.sat.backends import PysatOracle, SeparationTimeout, Z3Oracle

    f = parse_spec("tribes:6:8")
    z = (1,) * 6 + (0,) * 42  # only tribe 0 holds: its six singletons are the light blocks
    T, D = [1] * f.arity, 2
    for kind in (PysatOracle, Z3Oracle):
        oracle = kind(f, z)
        try:
            tiny = oracle.find_blocks(T, D, 3, budget=1e-6)
        except SeparationTimeout:
            tiny = None
        fair = oracle.find_blocks(T, D, 3, budget=60)
        assert len(fair) == 3 and all(len(b) == 1 and b[0] < 6 for b in fair)
        assert tiny is None or all(sum(T[i] for i in b) < D for b in tiny)


def test_fallback_asks_the_next_backend_after_a_timeout():
    from verify.sensitivity.sat.backends import FallbackOracle, SeparationTimeout, Z3Oracle

    class Hangs:
        name, calls = "hangs", 0

        def find_blocks(self, T, D, limit, budget=None):
            raise SeparationTimeout("no answer")

    f = parse_spec("maj:5")
    z = (1, 1, 1, 0, 0)
    # the first backend times out whatever its budget; z3's is generous so that a loaded
    # machine cannot make it time out too (a 10 ms budget once did)
    oracle = FallbackOracle([Hangs(), Z3Oracle(f, z)], budget=600)
    assert sorted(oracle.find_blocks([1] * 5, 2, 5)) == [(0,), (1,), (2,)]
    assert oracle.fallbacks == 1


@pytest.mark.slow
def test_the_composition_that_hung_rc2_is_certified():
    """Issue 11: method="sat" hung in RC2 (CaDiCaL) on this input; z3 answers 4."""
    from verify import fbs

    spec = ("compose(thr:4:2;sym:000111111111110000;or:19;sym:11100011011100;"
            "sym:01000101111110111001)")
    z = "10110011010101011010101100111101101001000001000010101010110101000001"
    result = fbs(spec, z, method="sat")
    assert result.method == "sat" and result.certified and result.value == 4
    assert fbs(spec, z, method="z3").value == 4
    assert fbs(spec, z).method == "composition" and fbs(spec, z).value == 4
