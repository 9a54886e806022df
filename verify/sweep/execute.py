"""What a worker runs: a batch of jobs through the public API, into Arrow tables.

Every value comes from `verify.fbs`, `verify.tree_fbs`, `verify.worst_case` or `verify.plan`,
so an fbs or rho_T is certified exactly when the stdlib-only checker accepted its
certificate (docs/design.md, Trust boundary); the row's `certified` says so truthfully.
For q <= 4, s, bs and C come from the brute force of `small_measures` (cross-checked
against RC2 in the tests), beyond that from `verify.fbs(..., measures=True)`.
Nothing here depends on the worker: same jobs, same tables.
"""

from __future__ import annotations

from verify.base.errors import EXIT_BUG, FbsError, SolverFailure
from verify.base.numbers import as_float, fraction_text, int_text

from .small_measures import brute_force_measures
from .stopping import TaskStopped, running_task
from .store import certificate_table, certificate_text, rows_table

BRUTE_FORCE_ARITY = 4


def run_task(jobs: list[tuple[str, dict]]):
    """(rows table, certificates table, [(job id, error message, exit code)]) for one batch.

    A job that raises is reported, not stored, so that a rerun retries it. Between two jobs
    the task stops (TaskStopped: rescheduled) once its worker closes or its process exits,
    never inside a native call (verify.sweep.stopping).
    """
    with running_task() as stop_requested:
        return _run_jobs(jobs, stop_requested)


def _run_jobs(jobs: list[tuple[str, dict]], stop_requested):
    rows, certificates, errors, functions = [], {}, [], {}
    for identity, job in jobs:
        if stop_requested():
            raise TaskStopped(f"stopped before job {identity}: the worker is closing")
        try:
            row, certificate = _RUNNERS[job["kind"]](job, functions)
        except FbsError as error:
            errors.append((identity, f"{type(error).__name__}: {error}", error.exit_code))
            continue
        except Exception as error:  # noqa: BLE001 - a bug of ours: report it, keep the batch
            errors.append((identity, f"internal error: {type(error).__name__}: {error}",
                           EXIT_BUG))
            continue
        row["job_id"] = identity
        if certificate is not None:
            digest, text = certificate_text(certificate)
            certificates[digest] = text
            row["certificate"] = digest
        rows.append(row)
    table, failed = _rows_table(rows)
    errors.extend(failed)
    return table, certificate_table(certificates), errors


def _rows_table(rows: list[dict]):
    """The rows as one Arrow table; if the batch does not convert, row by row, so that a row
    Arrow refuses is reported as that job's error and the others are kept."""
    import pyarrow as pa

    try:
        return rows_table(rows), []
    except (pa.ArrowException, OverflowError, TypeError, ValueError):
        pass
    kept, failed = [], []
    for row in rows:
        try:
            rows_table([row])
        except (pa.ArrowException, OverflowError, TypeError, ValueError) as error:
            failed.append((row["job_id"], f"internal error: the row does not fit the store: "
                                          f"{type(error).__name__}: {error}"))
            continue
        kept.append(row)
    return rows_table(kept), failed


def _fbs_row(job: dict, functions: dict):
    from verify.sensitivity.exact_fbs import as_function, fbs

    function = functions.get(job["spec"])
    if function is None:
        functions.clear()  # a batch walks the functions in order: keep only the current one
        function = functions[job["spec"]] = as_function(job["spec"])
    brute = job["measures"] and function.arity <= BRUTE_FORCE_ARITY
    result = fbs(function, job["input"], method=job["method"],
                 measures=job["measures"] and not brute)
    if job["kind"] == "certify" and not result.certified:
        raise SolverFailure(f"fbs of {result.spec} at {result.input}: {result.message}")
    row = {"kind": job["kind"], "spec": result.spec, "input": result.input,
           "arity": function.arity, "value": fraction_text(result.value),
           "value_float": float(result.value), "certified": result.certified,
           "status": result.status, "method": result.method}
    measures = result.measures
    if brute:
        table = "".join("1" if bit else "0" for bit in function.truth_table())
        measures = brute_force_measures(table, int(result.input, 2))
    if measures is not None:
        row.update(s=measures.sensitivity, bs=measures.block_sensitivity,
                   C=measures.certificate_complexity,
                   measures_method="brute force" if brute else "verify.fbs(measures=True)")
    return row, result.certificate


def _tree_row(job: dict, functions: dict):
    from verify.lower_bound.api import tree_fbs

    from .trees import build_oracle, build_tree

    tree = build_tree(job["tree"])
    answers = build_oracle(job["oracle"], tree)
    result = tree_fbs(tree, answers, eps=())
    recursion = result.recursive
    row = _tree_columns(job, tree, answers)
    row.update(value=fraction_text(result.value), value_float=float(result.value),
               certified=result.certified, status=recursion.status, method=result.method,
               bound=fraction_text(recursion.lemma_bound))
    row["params"] = _params(row, rho_min_local=recursion.rho_min, rho_max_local=recursion.rho_max)
    return row, result.certificate


def _worst_case_row(job: dict, functions: dict):
    if job.get("protocol") == "budgeted":
        return _budgeted_worst_case_row(job)
    from fractions import Fraction

    from verify.protocol.api import worst_case
    from verify.trees.api import tree_info

    from .trees import build_oracle, build_tree

    tree = build_tree(job["tree"])
    answers = build_oracle(job["oracle"], tree)
    rho = job["rho"]
    if rho == "auto":  # the smallest rho at which the honest Alice passes (Theorem 4.1)
        rho = max(tree_info(tree, answers).min_rho_for_fbs_condition or 1, 1)
    result = worst_case(tree, answers, Fraction(rho), rule=job["rule"])
    catch = result.catch_probability_exact
    row = _tree_columns(job, tree, answers)
    row.update(value=fraction_text(catch), value_float=float(catch), certified=False, status=2,
               method="exact DP (Theorem 4.2), no certificate",
               bound=fraction_text(result.theorem_bound))
    row["params"] = _params(row, rule=job["rule"], rho=Fraction(rho),
                            theorem_4_2_holds=catch >= result.theorem_bound)
    return row, None


def _budgeted_worst_case_row(job: dict):
    """Budgeted FBS Debate (OURS, docs/budgeted.md): the least catch probability over the
    exact committed and grid liars (small trees) and 200 searched liars, beside Theorem B1's
    guarantee min(1, 1/rho_T)."""
    from verify.budgeted.api import budgeted_worst_case

    from .trees import build_oracle, build_tree

    tree = build_tree(job["tree"])
    answers = build_oracle(job["oracle"], tree)
    result = budgeted_worst_case(tree, answers)
    catch, guarantee = result.least_catch, result.instance.debate.guarantee
    row = _tree_columns(job, tree, answers)
    row.update(value=fraction_text(catch), value_float=float(catch), certified=False, status=2,
               method="budgeted (ours): least catch over exact and searched liars, "
                      "no certificate", bound=fraction_text(guarantee))
    row["params"] = _params(row, rule="budgeted", theorem_b1_holds=result.guarantee_holds,
                            exact=result.committed is not None)
    return row, None


def _plan_row(job: dict, functions: dict):
    from verify.protocol.api import plan

    result = plan(job["rho"], job["depth"], job["delta"])
    row = {"kind": "plan", "spec": f"plan:rho={job['rho']}:depth={job['depth']}",
           "input": "", "value": int_text(result.runs_theorem),
           "value_float": as_float(result.runs_theorem),
           "certified": False, "status": 2, "method": "Section 4 planner, no certificate",
           "bound": fraction_text(result.per_run_bound)}
    row["params"] = _params(row, rho=result.rho, depth=result.depth, delta=result.delta)
    return row, None


def _tree_columns(job: dict, tree, answers) -> dict:
    from .trees import oracle_bits, tree_label

    return {"kind": job["kind"], "spec": tree_label(job["tree"]),
            "input": oracle_bits(tree, answers), "arity": tree.max_width(),
            "_depth": tree.depth, "_leaves": len(tree.leaves()),
            "_aggregators": sorted({tree.aggregators[i] for i in tree.internal()})}


def _params(row: dict, **extra) -> str:
    """The kind-specific columns as canonical JSON (exact numbers as text)."""
    from fractions import Fraction

    from verify.base.numbers import canonical_json

    params = {key[1:]: row.pop(key) for key in [k for k in row if k.startswith("_")]}
    params.update({k: fraction_text(v) if isinstance(v, Fraction) else v
                   for k, v in extra.items()})
    return canonical_json(params)


def _shard_row(job: dict, functions: dict):
    """One shard of the census by structure (docs/census.md, ours; census_shards.py)."""
    from verify.base.numbers import canonical_json

    from .census_shards import run_shard

    part, parts = (int(x) for x in job.get("part", "0/1").split("/"))
    result = run_shard(job["q"], int(job["prefix"], 16), job["certify"], (part, parts))
    pairs = sum(int(count) for *_, count in result["counts"])
    row = {"kind": "census-shard",
           "spec": f"antichains:{job['q']}:{job['prefix']}:{part}/{parts}",
           "input": "", "arity": job["q"], "value": int_text(pairs),
           "value_float": as_float(pairs), "certified": job["certify"],
           "status": 0 if job["certify"] else 2,
           "method": "census by structure, one shard" + ("" if job["certify"] else
                                                         ", exact, not certified"),
           "params": canonical_json({"q": job["q"], "prefix": job["prefix"],
                                     "part": [part, parts],
                                     "certify": job["certify"], **result})}
    return row, None


_RUNNERS = {"compute": _fbs_row, "certify": _fbs_row, "tree-fbs": _tree_row,
            "worst-case": _worst_case_row, "plan": _plan_row, "census-shard": _shard_row}
