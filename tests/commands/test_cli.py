"""`fbs compute`, `fbs certify`, `fbs check`: JSON output, exit codes, one-line errors."""

import gzip
import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def fbs(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "verify", *args], capture_output=True,
                          text=True, cwd=ROOT, input=stdin)


def test_compute_json_fields_and_values():
    process = fbs("compute", "maj:6", "--at", "111100", "--json", "--measures")
    assert process.returncode == 0, process.stderr
    document = json.loads(process.stdout)
    assert document["value"] == "4" and document["value_float"] == 4.0
    assert document["certified"] is True and document["method"] == "symmetric"
    assert document["sampling"] == {"ones": "1/4", "zeros": "0"}  # typed: one value per side
    assert document["dual"] == {"ones": "1", "zeros": "0"}
    assert document["primal_types"] == [{"ones": 1, "zeros": 0, "weight": "4"}]
    assert document["measures"] == {"s": 4, "bs": 4, "C": 4, "source": "closed form over the "
                                    "minimal block types of a symmetric function"}
    assert all(set(p) == {"block", "weight"} for p in document["primal"])
    assert sum(Fraction(p["weight"]) for p in document["primal"]) == 4


def test_human_output_and_run_length_and_stdin_inputs():
    process = fbs("compute", "maj:99", "--at", "1^50,0^49")
    assert process.returncode == 0 and "= 50" in process.stdout and "certified" in process.stdout
    process = fbs("compute", "and:5", "--at", "@-", stdin="11111\n")
    assert process.returncode == 0 and "= 5 " in process.stdout


@pytest.mark.slow
def test_run_length_input_is_printed_as_given():
    """compute --json keeps a run-length input as given, for every method."""
    for spec, bits in (("maj:1000001", "1^600000,0^400001"), ("index:2", "1^3,0^3"),
                       ("tribes:2:3", "1^2,0^4")):
        process = fbs("compute", spec, "--at", bits, "--json")
        assert process.returncode == 0, process.stderr
        document = json.loads(process.stdout)
        assert document["input"] == bits and len(process.stdout) < 20_000
    process = fbs("compute", "index:2", "--at", "1^3,0^3", "--json", "--method", "table")
    assert json.loads(process.stdout)["method"] == "table"
    process = fbs("compute", "index:2", "--at", "1^3,0^3", "--method", "symmetric")
    assert process.returncode == 2 and "does not apply" in process.stderr


def test_spec_from_file(tmp_path):
    spec = tmp_path / "spec.txt"
    spec.write_text("tt:" + "0110" * 4 + "\n")
    process = fbs("compute", f"@{spec}", "--at", "0000", "--json")
    assert process.returncode == 0 and json.loads(process.stdout)["value"] == "2"  # x3 XOR x4


@pytest.mark.slow
def test_certify_then_check_and_tamper(tmp_path):
    out = tmp_path / "cert.json"
    assert fbs("certify", "thr:7:3", "--at", "1100000", "-o", str(out)).returncode == 0
    assert fbs("check", str(out)).returncode == 0
    gz = tmp_path / "cert.json.gz"
    gz.write_bytes(gzip.compress(out.read_bytes()))
    assert fbs("check", str(gz)).returncode == 0
    certificate = json.loads(out.read_text())
    certificate["dual"]["zeros"] = "1/2"  # kind symmetric: t on the zeros
    out.write_text(json.dumps(certificate))
    process = fbs("check", str(out))
    assert process.returncode == 1 and process.stdout.startswith("INVALID: ")  # the verdict


@pytest.mark.parametrize("args", [
    ("compute", "maj:6", "--at", "11110"), ("compute", "maj:6", "--at", "11112x"),
    ("compute", "nope:3", "--at", "111"), ("compute", "tt:011", "--at", "11"),
    ("compute", "tribes:5:5", "--at", "1" * 24), ("compute", "maj:3"),
    ("compute", "maj:3", "--at", "@/no/such/file"), ("check", "/no/such/file"),
    ("frobnicate",), ("compute", "cnf:/no/such.cnf", "--at", "1"),
])
def test_bad_input_is_one_line_exit_2(args):
    process = fbs(*args)
    assert process.returncode == 2, process.stderr
    assert process.stderr.count("\n") == 1 and "Traceback" not in process.stderr


def test_check_rejects_non_json_and_nothing_written_on_bad_certify(tmp_path):
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    process = fbs("check", str(junk))
    assert process.returncode == 2 and "Traceback" not in process.stderr
    target = tmp_path / "never.json"
    assert fbs("certify", "maj:3", "--at", "11", "-o", str(target)).returncode == 2
    assert not target.exists()


def test_module_and_console_script_agree(capsys):
    """`python -m verify` and the `fbs` entry point (pyproject: verify.cli:run, which exits
    with main()'s code) give the same output; parity_4 has fbs 4 at every input (docs/notes.md,
    section 3)."""
    import tomllib

    from verify.cli import main

    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts["fbs"] == "verify.cli:run"
    args = ("compute", "parity:4", "--at", "0101", "--json")
    module = fbs(*args)
    assert module.returncode == 0, module.stderr
    assert main(list(args)) == 0
    assert capsys.readouterr().out == module.stdout
    assert json.loads(module.stdout)["value"] == "4"
