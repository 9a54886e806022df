"""Sweep jobs: one JSON object per job, validated and put in canonical form before any work.

A job names one public-API call (docs/formats.md, "Sweep jobs"):

    {"kind": "compute", "spec": "maj:3", "input": "110"}        verify.fbs (+ s, bs, C)
    {"kind": "certify", "spec": "maj:3", "input": "110"}        the same, required certified
    {"kind": "tree-fbs", "tree": TREE, "oracle": ORACLE}        verify.tree_fbs (Section 5)
    {"kind": "worst-case", "tree": TREE, "oracle": ORACLE, "rule": "vertex", "rho": "auto"}
                                                                verify.worst_case (Thm 4.2)
    {"kind": "worst-case", "tree": TREE, "oracle": ORACLE, "protocol": "budgeted"}
                                verify.budgeted_worst_case (Budgeted FBS Debate, OURS, Thm B1)
    {"kind": "plan", "rho": "2", "depth": 3, "delta": "1/100"}  verify.plan (Section 4)
    {"kind": "census-shard", "q": 7, "prefix": "0x..."}         one shard of the census by
                                                                structure (census_shards.py)

TREE is {"uniform": AGG, "depth": D}, {"random": SEED, "depth": D, "aggregators": [AGG, ...],
"leaf_probability": P} or {"file": PATH} (read here, on the submitting machine, and carried
as {"document": ...}); ORACLE is {"random": SEED, "ones": P}, {"answers": {...}} or
{"file": PATH}. A job's identity is the SHA-256 of its canonical JSON (`job_id`), so the
same job always has the same id, whoever computes it.
"""

from __future__ import annotations

import hashlib
import json
from fractions import Fraction

from verify.base.errors import BadInput, TooLarge
from verify.base.numbers import canonical_json
from verify.functions.bits import format_bits, parse_bits
from verify.sensitivity.exact_fbs import AUTO_TABLE_ARITY, METHODS, as_function, choose_method

KINDS = ("compute", "certify", "tree-fbs", "worst-case", "plan", "census-shard")
RULES = ("vertex", "symmetric", "uniform")
PROTOCOLS = ("paper", "budgeted")  # budgeted: this project's extension (docs/budgeted.md)
MAX_JOBS_FILE_BYTES = 2**30
MAX_JOB_LINE_BYTES = 2**24

_KEYS = {
    "compute": ({"spec", "input"}, {"measures", "method"}),
    "certify": ({"spec", "input"}, {"measures", "method"}),
    "tree-fbs": ({"tree", "oracle"}, set()),
    "worst-case": ({"tree", "oracle"}, {"rule", "rho", "protocol"}),
    "plan": ({"rho", "depth"}, {"delta"}),
    "census-shard": ({"q", "prefix"}, {"certify", "part"}),
}


def job_id(job: dict) -> str:
    """The content address of a canonical job: SHA-256 of its sorted compact JSON (32 hex)."""
    return hashlib.sha256(canonical_json(job).encode()).hexdigest()[:32]


def compute_job(spec: str, bits: str, measures: bool = True) -> dict:
    """A canonical `compute` job (what the generators emit; no validation needed)."""
    return {"kind": "compute", "spec": spec, "input": bits, "measures": measures,
            "method": "auto"}


def normalize_job(raw, where: str) -> dict:
    """Validate one job and return its canonical form; BadInput names `where` on failure."""
    if not isinstance(raw, dict):
        raise BadInput(f"{where}: a job must be a JSON object")
    kind = raw.get("kind")
    if kind not in _KEYS:
        raise BadInput(f"{where}: \"kind\" must be one of {', '.join(KINDS)}, got {kind!r}")
    required, optional = _KEYS[kind]
    missing = required - set(raw)
    unknown = set(raw) - required - optional - {"kind"}
    if missing or unknown:
        word, key = ("missing", sorted(missing)[0]) if missing else ("unknown", sorted(unknown)[0])
        raise BadInput(f"{where}: {kind} job: {word} key {key!r}")
    try:
        return {"kind": kind, **_NORMALIZERS[kind](raw)}
    except BadInput as error:
        raise BadInput(f"{where}: {error}") from None


def _fbs_job(raw: dict) -> dict:
    spec, bits = raw["spec"], raw["input"]
    if not isinstance(spec, str) or not isinstance(bits, str):
        raise BadInput("\"spec\" and \"input\" must be strings")
    function = as_function(spec)
    method = raw.get("method", "auto")
    if method not in METHODS:
        raise BadInput(f"unknown method {method!r} (choose from {', '.join(METHODS)})")
    choose_method(function, method)  # refuses here what the worker would refuse
    measurable = function.arity <= AUTO_TABLE_ARITY or method == "symmetric"
    measures = raw.get("measures", measurable)
    if type(measures) is not bool:
        raise BadInput("\"measures\" must be true or false")
    if measures and not measurable:
        raise BadInput(f"{spec}: s, bs and C need q <= {AUTO_TABLE_ARITY} or the "
                       "symmetric method; set \"measures\": false")
    return {"spec": function.spec, "input": format_bits(parse_bits(bits, function.arity)),
            "measures": measures, "method": method}


def _tree_job(raw: dict) -> dict:
    """Tree and oracle descriptions, built once here: the oracle must answer every leaf."""
    from .trees import build_oracle, build_tree, normalize_oracle, normalize_tree

    job = {"tree": normalize_tree(raw["tree"]), "oracle": normalize_oracle(raw["oracle"])}
    build_oracle(job["oracle"], build_tree(job["tree"]))
    return job


def _worst_case_job(raw: dict) -> dict:
    from verify.protocol.engine import parse_rho
    from verify.protocol.worst_case import check_dp_widths

    from .trees import build_tree

    protocol = raw.get("protocol", "paper")
    if protocol not in PROTOCOLS:
        raise BadInput(f"unknown protocol {protocol!r} (choose from {', '.join(PROTOCOLS)})")
    if protocol == "budgeted":  # Bob's rule and rho belong to the paper's protocol
        if "rule" in raw or "rho" in raw:
            raise BadInput("\"rule\" and \"rho\" apply to the paper's protocol, not to "
                           "\"protocol\": \"budgeted\" (its budgets come from rho_T)")
        from verify.budgeted.bob import MAX_BUDGETED_WIDTH

        job = _tree_job(raw)
        width = build_tree(job["tree"]).max_width()
        if width > MAX_BUDGETED_WIDTH:
            raise TooLarge(f"the budgeted protocol takes aggregator widths <= "
                           f"{MAX_BUDGETED_WIDTH}, the tree has width {width}")
        return {**job, "protocol": "budgeted"}
    rule, rho = raw.get("rule", "vertex"), raw.get("rho", "auto")
    if rule not in RULES:
        raise BadInput(f"unknown rule {rule!r} (choose from {', '.join(RULES)})")
    if rho != "auto":
        rho = _fraction_text(parse_rho(rho))
    job = _tree_job(raw)
    check_dp_widths(build_tree(job["tree"]))  # the API's own rule
    return {**job, "rule": rule, "rho": rho}


def _plan_job(raw: dict) -> dict:
    from verify.protocol.engine import parse_rho
    from verify.protocol.planner import MAX_PLAN_DEPTH, MAX_PLAN_RHO, parse_probability

    depth, rho = raw["depth"], parse_rho(raw["rho"])
    if type(depth) is not int or not 0 <= depth <= MAX_PLAN_DEPTH:
        raise BadInput(f"\"depth\" must be an integer in 0..{MAX_PLAN_DEPTH}, got {depth!r}")
    if rho > MAX_PLAN_RHO:
        raise TooLarge(f"the planner handles rho <= {MAX_PLAN_RHO}")
    delta = parse_probability(str(raw.get("delta", "1/100")), "\"delta\"")
    return {"rho": _fraction_text(rho), "depth": depth, "delta": _fraction_text(delta)}


def _fraction_text(x: Fraction) -> str:
    from verify.base.numbers import fraction_text

    return fraction_text(x)


def _shard_job(raw: dict) -> dict:
    from .census_shards import normalize_shard_job

    return normalize_shard_job(raw)


_NORMALIZERS = {"compute": _fbs_job, "certify": _fbs_job, "tree-fbs": _tree_job,
                "worst-case": _worst_case_job, "plan": _plan_job, "census-shard": _shard_job}


def read_jobs_file(path: str) -> list[dict]:
    """The jobs of a JSON-lines file (blank lines skipped), each validated and canonical."""
    from verify.base.files import read_source

    text = read_source(path, "the jobs", MAX_JOBS_FILE_BYTES)
    if len(text) > MAX_JOBS_FILE_BYTES:
        raise BadInput(f"{path}: jobs file exceeds {MAX_JOBS_FILE_BYTES // 2**20} MiB")
    jobs = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        where = f"{path}, line {number}"
        if len(line) > MAX_JOB_LINE_BYTES:
            raise BadInput(f"{where}: a job line exceeds {MAX_JOB_LINE_BYTES // 2**20} MiB")
        try:
            raw = json.loads(line)
        except (ValueError, RecursionError):
            raise BadInput(f"{where}: not valid JSON") from None
        jobs.append(normalize_job(raw, where))
    if not jobs:
        raise BadInput(f"{path}: no jobs (expected one JSON object per line)")
    return jobs
