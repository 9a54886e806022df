"""Kind `sat-lrat`: a primal/dual pair for fbs_z(f) whose dual feasibility is an UNSAT claim
(certificates/FORMAT.md, kind sat-lrat).

Valid means: w is feasible for the primal LP of Def. 3.3 (nonnegative weights, every block
sensitive at z - evaluated on the circuit of circuit_cnf.py - and every load <= 1), t >= 0,
sum(w) = sum(t) = value, and t is feasible for the dual LP of Def. 3.4: with t = T / D over the
least common denominator D, the CNF of "some block B has f(z^B) != f(z) and T(B) <= D - 1",
rebuilt here by circuit_cnf.py, has the SHA-256 the certificate names and is refuted by the
certificate's LRAT proof (lrat.py).  Weak duality then gives value = fbs_z(f).
"""

from __future__ import annotations

import base64
import re
import zlib
from fractions import Fraction

from .circuit_cnf import (
    ENCODING,
    MAX_ARITY,
    MAX_TABLE_INPUTS,
    MAX_WEIGHT_BITS,
    claim_cnf,
    function_circuit,
)
from .errors import CertificateMalformed, CertificateTooLarge
from .fields import get_typed, read_dual, read_files, read_primal, require_keys
from .lrat import check_lrat
from .rationals import common_denominator, over_denominator, parse_number, scaled_sum, show
from .report import CheckReport, accepted, rejected
from .spec_eval import ParseBudget, parse_spec

REQUIRED = {"format", "kind", "spec", "arity", "input", "value", "primal", "dual", "encoding",
            "cnf_sha256", "lrat"}
OPTIONAL = {"files", "bob_rule", "producer"}
MAX_LRAT_BYTES = 256 << 20  # decompressed proof text, as the certificate file (streamed)
LRAT_CHUNK = 1 << 20
_RUN = re.compile(r"([01])\^([0-9]{1,9})")
FORMAT = "fbs-certificate/1"


def check_sat_certificate(obj: dict) -> CheckReport:
    """Check a certificate of kind "sat-lrat"; CertificateMalformed if it is not well-formed,
    else a report naming the first failing condition."""
    if type(obj) is not dict:
        raise CertificateMalformed("a certificate is a JSON object")
    require_keys(obj, REQUIRED, OPTIONAL, "certificate")
    if obj["format"] != FORMAT:
        raise CertificateMalformed(f"format: expected {FORMAT!r}, got {str(obj['format'])[:40]!r}")
    if obj["kind"] != "sat-lrat":
        raise CertificateMalformed(f"kind: expected 'sat-lrat', got {str(obj['kind'])[:40]!r}")
    files = read_files(obj)
    spec = get_typed(obj, "spec", str, "certificate")
    parse_budget = ParseBudget()  # one for the file: each formula parsed and charged once
    parsed = parse_spec(spec, files, max_arity=MAX_ARITY, max_table_arity=MAX_TABLE_INPUTS,
                        split_budget=parse_budget)
    q = parsed.arity
    arity = get_typed(obj, "arity", int, "certificate")
    if arity != q:
        raise CertificateMalformed(f"arity: the spec has arity {q}, the certificate claims {arity}")
    if unused := sorted(files.keys() - parsed.paths):
        raise CertificateMalformed(f"files: {str(unused[0])[:40]!r} is not used by the spec")
    if "bob_rule" in obj:
        get_typed(obj, "bob_rule", str, "certificate")
    z = read_input(get_typed(obj, "input", str, "certificate"), q)
    value = parse_number(obj["value"], "value")
    t = read_dual(obj, q)
    primal_entries = get_typed(obj, "primal", list, "certificate")
    encoding = get_typed(obj, "encoding", str, "certificate")
    if encoding != ENCODING:
        raise CertificateMalformed(f"encoding: this checker rebuilds {ENCODING!r}, "
                                   f"got {encoding[:40]!r}")
    claimed_hash = get_typed(obj, "cnf_sha256", str, "certificate")
    if re.fullmatch(r"[0-9a-f]{64}", claimed_hash) is None:
        raise CertificateMalformed("cnf_sha256: expected 64 lowercase hexadecimal digits")
    proof = read_lrat(get_typed(obj, "lrat", str, "certificate"))
    # the circuit is built first, each gate charged for its evaluation at z and at every
    # primal block (FORMAT.md, kind sat-lrat, Work bound), then the primal is read
    circuit = function_circuit(spec, z, files, arity=q, parse_budget=parse_budget,
                               points=1 + len(primal_entries))
    primal = read_primal(primal_entries, q, numbers={})

    primal_den = common_denominator([w for _, w in primal], "primal weights")
    dual_den = common_denominator(t, "dual", MAX_WEIGHT_BITS)

    # step 2: nonnegativity
    for k, (block, weight) in enumerate(primal):
        if weight < 0:
            return rejected("primal-nonnegative", f"primal[{k}] block {_short_block(block)}: "
                                                  f"weight {show(weight)} < 0")
    for i, ti in enumerate(t):
        if ti < 0:
            return rejected("dual-nonnegative", f"dual[{i}]: t_{i} = {show(ti)} < 0")
    # step 3: primal blocks are sensitive (circuit evaluated at z and at every z^B)
    f_z, flipped = circuit.values([block for block, _ in primal])
    for k, ((block, _), value_at_block) in enumerate(zip(primal, flipped)):
        if value_at_block == f_z:
            return rejected("primal-sensitive", f"primal[{k}] block {_short_block(block)} is "
                                                f"not sensitive at z: f(z^B) = f(z) = {f_z}")
    # step 4: loads, as integers over the common denominator
    weights = over_denominator([w for _, w in primal], primal_den)  # one at a time
    load = [0] * q
    for (block, _), weight in zip(primal, weights):
        for i in block:
            load[i] += weight
    for i, total in enumerate(load):
        if total > primal_den:
            return rejected("primal-load", f"coordinate {i}: load sum_(B contains {i}) w_B = "
                                           f"{show(Fraction(total, primal_den))} > 1")
    # step 5: values
    primal_sum = Fraction(scaled_sum([w for _, w in primal], primal_den), primal_den)
    if primal_sum != value:
        return rejected("primal-value", f"sum of primal weights = {show(primal_sum)}, "
                                        f"claimed value = {show(value)}")
    dual_int = list(over_denominator(t, dual_den))
    dual_sum = Fraction(sum(dual_int), dual_den)
    if dual_sum != value:
        return rejected("dual-value", f"sum of dual t_i = {show(dual_sum)}, "
                                      f"claimed value = {show(value)}")
    # step 6: dual feasibility as an UNSAT claim
    claim = claim_cnf(circuit, dual_int, dual_den - 1)
    rebuilt_hash = claim.sha256()
    if rebuilt_hash != claimed_hash:
        return rejected("cnf-hash", f"the proof is for another claim: the CNF rebuilt from spec, "
                                    f"input and dual has sha256 {rebuilt_hash[:16]}..., the "
                                    f"certificate names {claimed_hash[:16]}...")
    result = check_lrat(claim.clauses, lrat_chunks(proof), claim.n_vars)
    if not result.refuted:
        return rejected("lrat", f"the LRAT proof does not refute the CNF of 'a sensitive block "
                                f"with t(B) < 1': {result.message}")
    return accepted(value, f"valid: fbs_z(f) = {show(value)} for spec {_short(spec)} at z = "
                           f"{_short(z)} (q = {q}, {len(primal)} primal blocks; LRAT refutation "
                           f"of {len(claim.clauses)} clauses in {result.steps} steps)")


def read_input(text: str, q: int) -> str:
    """The input z as a 0/1 string of length q, from plain bits or run-length 'B^N,B^N,...'."""
    if "^" in text:
        if text.count(",") >= q:  # before the split: maximal runs are at most q
            raise CertificateMalformed(f"input: more than q = {q} runs")
        parts = text.split(",")
        runs = []
        total = 0
        for part in parts:
            match = _RUN.fullmatch(part)
            if match is None:
                raise CertificateMalformed(f"input: run-length part {part[:20]!r} is not B^COUNT")
            total += int(match.group(2))
            if total > q:
                raise CertificateMalformed(f"input: the runs give more than q = {q} bits")
            runs.append((match.group(1), int(match.group(2))))
        text = "".join(bit * count for bit, count in runs)
    if len(text) != q or text.strip("01"):
        raise CertificateMalformed(f"input: expected a 0/1 string of length q = {q} "
                                   f"(plain or run-length), got {len(text)} characters")
    return text


def read_lrat(text: str) -> bytes:
    """The gzip data of the `lrat` field (base64, checked here; decompressed by lrat_chunks)."""
    try:
        packed = base64.b64decode(text.encode("ascii"), validate=True)
    except ValueError:  # binascii.Error and UnicodeEncodeError are ValueErrors
        raise CertificateMalformed("lrat: not valid base64") from None
    if packed[:2] != b"\x1f\x8b":
        raise CertificateMalformed("lrat: not gzip data (base64 of the gzip of the LRAT text)")
    return packed


def lrat_chunks(packed: bytes):
    """The decompressed proof in chunks of at most LRAT_CHUNK bytes (gzip members in turn);
    at most MAX_LRAT_BYTES in all, never held whole."""
    total = 0
    try:
        while packed:
            stream = zlib.decompressobj(31)  # one gzip member
            while not stream.eof:
                chunk = stream.decompress(packed, LRAT_CHUNK)
                packed = stream.unconsumed_tail
                if not chunk and not packed:
                    raise EOFError("the gzip data ends early")
                total += len(chunk)
                if total > MAX_LRAT_BYTES:
                    raise CertificateTooLarge(f"lrat: the proof text exceeds {MAX_LRAT_BYTES} "
                                              "bytes")
                if chunk:
                    yield chunk
            packed = stream.unused_data
    except CertificateMalformed:
        raise
    except Exception as error:  # zlib.error, EOFError on bad or truncated data
        raise CertificateMalformed(f"lrat: bad or truncated gzip data "
                                   f"({type(error).__name__})") from None


def _short(text: str) -> str:
    return text if len(text) <= 60 else text[:57] + "..."


def _short_block(block: tuple[int, ...]) -> str:
    return str(list(block)) if len(block) <= 12 else f"{list(block[:12])[:-1]}... ({len(block)} coordinates)"
