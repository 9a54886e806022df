"""Block-family decisions (verify/sensitivity/sat/family.py) with both backends against brute force, and
the `fbs blocks` command."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from reference import sensitive_blocks

from verify.functions.spec import parse_spec
from verify.sensitivity.sat.family import check_family, enumerate_minimal

ROOT = Path(__file__).resolve().parents[2]
SPECS = ["maj:5", "tribes:2:3", "index:2", "expr:(x1&x2)|(x3^x4)", "wthr:3,1,2,2:4",
         "compose(maj:3;and:2;or:2;parity:2)", "expr:x1^x2^x3", "expr:x1|~x1"]


def _minimal(blocks):
    return sorted((b for b in blocks if not any(set(c) < set(b) for c in blocks)),
                  key=lambda b: (len(b), b))


@pytest.mark.parametrize("backend", ["sat", "z3"])
@pytest.mark.parametrize("spec", SPECS)
def test_family_decisions_match_brute_force(spec, backend):
    f = parse_spec(spec)
    q = f.arity
    rng = random.Random(spec + backend)
    for _ in range(3):
        z = tuple(rng.randint(0, 1) for _ in range(q))
        every = sensitive_blocks(f, z)
        minimal = _minimal(every)
        found, complete = enumerate_minimal(f, z, backend)
        assert complete and found == minimal
        assert check_family(f, z, minimal, backend).ok
        # a random family: members and properties by brute force
        family = sorted({tuple(sorted(rng.sample(range(q), rng.randint(1, q))))
                         for _ in range(rng.randint(1, 4))})
        report = check_family(f, z, family, backend)
        for member in report.members:
            assert member.sensitive == (member.block in every)
            has_smaller = any(set(c) < set(member.block) for c in every)
            assert member.minimal == (member.sensitive and not has_smaller)
            if member.witness is not None:
                assert member.witness in minimal and set(member.witness) < set(member.block)
        avoiders = [b for b in every if not any(set(m) <= set(b) for m in family)]
        assert report.complete == (not avoiders)
        if avoiders:
            assert report.witness in minimal and report.witness in avoiders


def test_enumeration_limit():
    f = parse_spec("tribes:3:8")
    z = (1, 1, 1) * 2 + (0, 0, 0) * 6  # two full tribes: 9 minimal blocks of size 2
    found, complete = enumerate_minimal(f, z, "sat", limit=4)
    assert len(found) == 4 and not complete
    found, complete = enumerate_minimal(f, z, "z3", limit=100)
    assert complete and found == [(a, b) for a in range(3) for b in range(3, 6)]


def _fbs(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "verify", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)


@pytest.mark.slow
def test_blocks_command(tmp_path):
    family = tmp_path / "family.json"
    family.write_text(json.dumps({"blocks": [[0], [1]]}))
    for backend in ("sat", "z3"):
        result = _fbs("blocks", "maj:3", "--at", "110", "--check", str(family), "--backend", backend)
        assert result.returncode == 0, result.stderr
        assert "all properties hold" in result.stdout
        assert "block [1] = {x2}: sensitive, minimal" in result.stdout  # file's and paper's
    family.write_text(json.dumps({"blocks": [[0, 1]]}))
    result = _fbs("blocks", "maj:3", "--at", "110", "--check", str(family))
    assert result.returncode == 1
    assert "block [0, 1] = {x1, x2}: sensitive, NOT minimal" in result.stdout
    assert "contains no member" in result.stdout
    listed = _fbs("blocks", "maj:3", "--at", "110")  # text numbers coordinates from 1
    assert listed.returncode == 0 and listed.stdout.split() == ["{x1}", "{x2}"]
    result = _fbs("blocks", "tribes:8:16", "--at", "1^8,0^120", "--json")
    assert result.returncode == 0
    assert json.loads(result.stdout)["blocks"] == [[i] for i in range(8)]
    for bad in ('{"blocks": [[9]]}', '{"blocks": [[]]}', '[1]', 'not json', '{"blocks": [[0], [0]]}'):
        family.write_text(bad)
        result = _fbs("blocks", "maj:3", "--at", "110", "--check", str(family))
        assert result.returncode == 2 and "Traceback" not in result.stderr
        assert result.stderr.startswith("fbs: error:")
    for args in (("wthr:1,-2:1", "--at", "00"), ("wthr:1,2.5:1", "--at", "00"),
                 ("expr:10001:x1", "--at", "0^10001"), ("maj:3", "--at", "01")):
        result = _fbs("blocks", *args)
        assert result.returncode == 2 and "Traceback" not in result.stderr, args


def test_a_bare_list_of_blocks_is_the_same_family(tmp_path):
    """docs/formats.md, "Block family": {"blocks": [...]} or the bare list."""
    from verify.sensitivity.api import load_family

    (tmp_path / "object.json").write_text('{"blocks": [[1], [0]]}')
    (tmp_path / "bare.json").write_text("[[1], [0]]")
    assert load_family(str(tmp_path / "bare.json"), 3) == load_family(
        str(tmp_path / "object.json"), 3) == [(1,), (0,)]
    result = _fbs("blocks", "maj:3", "--at", "110", "--check", str(tmp_path / "bare.json"))
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("family", [
    [[5]], [[3]], [[-1]],  # maj:3 has coordinates 0..2, as the CLI's family files
    [[True]], [[0, False]], [[0.0]], [["0"]], [[]], [[0], [0]], [5], "01", None, 5,
    {"blocks": [[0]]},
])
def test_check_blocks_refuses_what_a_family_file_may_not_hold(family):
    import verify
    from verify.base.errors import BadInput

    with pytest.raises(BadInput, match="famil|block"):
        verify.check_blocks("maj:3", "110", family)


def test_check_blocks_reads_tuples_sets_and_numpy_integers_as_lists():
    import numpy as np

    import verify

    f = parse_spec("maj:3")
    expected = check_family(f, (1, 1, 0), [(0,), (1,)], "sat")  # the family decision itself
    for family in ([(0,), (1,)], [{0}, [np.int64(1)]], ((np.uint8(0),), (1, 1))):
        report = verify.check_blocks("maj:3", "110", family)
        assert report.members == expected.members and report.ok
