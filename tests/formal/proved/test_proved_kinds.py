"""fbs-proved on kinds symmetric and measure (coq/native/kind_symmetric.ml, kind_measure.ml),
and on every certificate of certificates/paper/: the same verdict as the stdlib checker
wherever the program has a proved checker and stays within its bounds."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from test_checker_measure import VALID as MEASURES
from test_checker_symmetric import MUTATIONS as SYMMETRIC_MUTATIONS
from test_checker_symmetric import threshold_certificate

PAPER = Path(__file__).resolve().parents[3] / "certificates" / "paper"


def test_a_symmetric_certificate_states_the_family(run_proved):
    got = run_proved(threshold_certificate(1000, 400, 123))
    assert got.exit == 0 and "FbsIs (THR 1000 (400)%Z) (bitsOf <1000 bits: 1^123,0^877>)" in got.line


@pytest.mark.parametrize("name,mutate", SYMMETRIC_MUTATIONS, ids=[m[0] for m in SYMMETRIC_MUTATIONS])
def test_symmetric_mutations_agree(run_proved, stdlib_exit, name, mutate):
    obj = threshold_certificate(8, 4, 6)  # as tests/checker/test_checker_symmetric.py
    mutate(obj)
    assert run_proved(obj).exit == stdlib_exit(obj) != 0


def test_a_million_inputs_is_beyond_the_program_s_bound(run_proved, stdlib_exit):
    obj = threshold_certificate(10**6, 300000, 999999)
    assert stdlib_exit(obj) == 0
    got = run_proved(obj)
    assert got.exit == 2 and "bound for kind symmetric" in got.line


@pytest.mark.parametrize("cert", MEASURES, ids=lambda c: f"{c['spec']}-{c['measure']}-{c['value']}")
def test_measures_and_their_mutations_agree(run_proved, stdlib_exit, cert):
    got = run_proved(cert)
    assert got.exit == 0, got.line
    statement = {"s": "SensitivityOf", "bs": "BlockSensitivityOf", "C": "CertificateComplexityOf"}
    assert f"{statement[cert['measure']]} " in got.line and got.line.split()[-2] == cert["value"]
    q = cert["arity"]
    for value in {int(cert["value"]) - 1, int(cert["value"]) + 1} - {-1}:
        changed = dict(cert, value=str(value))
        assert run_proved(changed).exit == stdlib_exit(changed) == 1
    changed = dict(cert, input="1" + cert["input"][1:] if cert["input"][0] == "0" else "0" + cert["input"][1:])
    assert run_proved(changed).exit == stdlib_exit(changed)
    if cert["measure"] != "bs":
        for extra in range(q):
            if extra not in cert["witness"]:
                changed = dict(cert, witness=sorted(cert["witness"] + [extra]))
                assert run_proved(changed).exit == stdlib_exit(changed), changed


def _paper_certificates():
    manifest = json.loads((PAPER / "MANIFEST.json").read_text())
    return sorted({entry["file"] for entry in manifest["certificates"]})


@pytest.mark.slow
def test_every_paper_certificate_gets_the_stdlib_checker_s_verdict(proved, run_proved, stdlib_exit):
    """310 files: each is proved (stdlib: valid), or refused beyond a documented bound of the
    program; never a disagreement, and none refused as a kind without a proved checker (the
    2 threshold certificates are proved since issue 37's checkers/ThresholdCheck.v)."""
    import subprocess

    kinds = subprocess.run([str(proved), "--kinds"], capture_output=True, text=True).stdout.split()
    counts = {"proved": 0, "no proved checker": 0, "beyond a bound": 0}
    names = _paper_certificates()
    for name in names:
        data = (PAPER / name).read_bytes()
        got = run_proved(data)
        obj = json.loads(gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data)
        key = obj["kind"] + (f"/{obj.get('version', 1)}" if obj["kind"] == "tree" else "")
        assert stdlib_exit(data) == 0, name
        if key not in kinds:
            assert got.exit == 2 and "has no proved checker" in got.line, (name, got.line)
            counts["no proved checker"] += 1
        elif got.exit == 2 and "work bound" in got.line:
            counts["beyond a bound"] += 1
        else:
            assert got.exit == 0, (name, got.line)
            counts["proved"] += 1
    assert len(names) == 310 and counts["proved"] >= 280, counts
    assert counts["no proved checker"] == 0, counts
