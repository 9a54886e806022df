"""Hostile and malformed files for fbs-proved: each is a one-line refusal with exit code 2
(never a crash, a stack overflow or a traceback), within the bounds of certificates/FORMAT.md
(checked before the work: input size, JSON values, digits, leaves, nodes)."""

from __future__ import annotations

import gzip
import json

import pytest
from checker_tree_examples import FORMAT_EXAMPLE
from test_checker import certificate

MAJ3 = certificate("maj:3", "000", "3/2", [([0, 1], "1/2"), ([0, 2], "1/2"), ([1, 2], "1/2")],
                   ["1/2", "1/2", "1/2"])


def _one_line_refusal(got, code=2, text=""):
    assert got.exit == code, got.line
    assert got.line.startswith("error: ") and "\n" not in got.line and text in got.line


def _chain(depth: int) -> dict:
    """An explicit tree: and:1 nodes `depth` deep over one leaf (rho_T = 1 at alpha 1)."""
    nodes = [{"id": f"n{k}", "aggregator": "and:1", "children": [f"n{k + 1}"]}
             for k in range(depth)] + [{"id": f"n{depth}", "query": "x"}]
    record = {"aggregator": "and:1", "z": "1", "capacities": ["1"], "value": "1",
              "primal": [{"block": [0], "weight": "1"}], "dual": ["1"]}
    return {"format": "fbs-certificate/1", "kind": "tree",
            "tree": {"format": "fbs-tree/1", "root": "n0", "nodes": nodes}, "alpha": "1",
            "value": "1", "records": [record]}


def test_a_depth_30_chain_is_proved(run_proved, stdlib_exit):
    obj = _chain(30)
    assert stdlib_exit(obj) == 0
    got = run_proved(obj)
    assert got.exit == 0 and "RhoT T (alphaOf T (bitsOf \"1\")) (1 # 1)" in got.line


def test_a_depth_30_uniform_tree_is_refused_by_its_leaves(run_proved):
    obj = {"format": "fbs-certificate/1", "kind": "tree", "version": 2,
           "tree": {"uniform": {"aggregator": "maj:3", "depth": 30}}, "alpha_base64": "",
           "value": "1", "records": []}
    _one_line_refusal(run_proved(obj), text="leaves")


def test_a_binary_tree_of_depth_30_is_refused_before_it_is_built(run_proved):
    obj = {"format": "fbs-certificate/1", "kind": "tree",
           "tree": {"uniform": {"aggregator": "and:2", "depth": 30}}, "alpha": "1",
           "value": "1", "records": []}
    _one_line_refusal(run_proved(obj), text="leaves")


def test_a_chain_200000_deep_is_refused_by_the_depth_bound(run_proved, stdlib_exit):
    """Valid for the stdlib checker; the Coq checker evaluates F_T below every node
    (quadratic in the depth), so the program refuses it before building it."""
    _one_line_refusal(run_proved(_chain(200_000)), text="depths")


@pytest.mark.parametrize("change,text", [
    (lambda o: o.update(value="1" * 1001), "1000"),
    (lambda o: o.update(arity=10 ** 2000), "1000 digits"),
    (lambda o: o.update(arity=10 ** 30), "integer"),
    (lambda o: o["dual"].__setitem__(0, "1/" + "3" * 999), ""),
    (lambda o: o.update(value=3), "string"),
    (lambda o: o.update(primal="x"), "array"),
    (lambda o: o.update(input=[0, 0, 0]), "string"),
    (lambda o: o.update(kind="nonsense"), "no proved checker"),
    (lambda o: o.update(spec="maj:" + "9" * 30), "out of range"),
])
def test_wrong_types_and_huge_numbers(run_proved, change, text):
    obj = json.loads(json.dumps(MAJ3))
    change(obj)
    _one_line_refusal(run_proved(obj), text=text)


@pytest.mark.parametrize("data,text", [
    (gzip.compress(json.dumps(MAJ3).encode())[:-9], "gzip"),
    (b"\x1f\x8b", "gzip"),
    (json.dumps(MAJ3).encode()[:-5], "JSON"),
    (b'{"format": "fbs-certificate/1", "format": "x"}', "duplicate"),
    (b'{"value": NaN}', ""),
    (b"[" * 100000 + b"]" * 100000, ""),
    (b"[" + b"0," * 8_000_000 + b"0]", "8000000"),
    (b"\xff\xfe", ""),
    (b"", ""),
])
def test_broken_files(run_proved, data, text):
    _one_line_refusal(run_proved(data), text=text)


def test_a_truncated_gzip_piped_to_the_program_itself(proved):
    import subprocess

    data = gzip.compress(json.dumps(FORMAT_EXAMPLE).encode())
    done = subprocess.run([str(proved), "-"], input=data, capture_output=True)
    assert done.returncode == 2 and b"gzip" in done.stderr and done.stderr.count(b"\n") == 1
