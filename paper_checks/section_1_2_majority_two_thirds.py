"""Section 1.2 / 3.3: majority with 2/3 of the bits set has fbs 4; Bob catches a lie w.p. 1/4."""

from fractions import Fraction

from verify.report.runner import CheckResult, PaperCheck, text

from .common import min_block_mass, ones_first

NAME = "section_1_2_majority_two_thirds"
PLACE = "Section 1.2 and Section 3.3 (majority example)"
CLAIM = ("Majority with the first 2/3 of the inputs set to 1 has fractional block sensitivity "
         "rho = 4, which corresponds to Bob's chance of 1/4 of catching Alice in a lie.")
TABLE_J = (1, 2, 3, 4)  # n = 6j <= 24: truth-table method, exhaustive certificate
WIDE_J = (10, 100, 1000, 10**5)  # reduced LP of the symmetric method


def run(context) -> CheckResult:
    rows = [_row(context, 6 * j, 4 * j) for j in TABLE_J + WIDE_J]
    q99 = _row(context, 99, 66)
    exact_four = all(r["fbs"] == "4" and r["catch"] == "1/4" for r in rows)
    status = "refined" if exact_four else "failed"
    return CheckResult(
        NAME, PLACE, CLAIM,
        f"fbs = 4 and worst-case catch = 1/4 exactly for n = 6j, j in {TABLE_J + WIDE_J}; "
        f"q = 99 with 66 ones: fbs = {q99['fbs']} (~{q99['fbs_float']}), catch = {q99['catch']}",
        status, values={"n_6j": rows, "q99_66_ones": q99},
        deviations=[
            "'2/3 of the inputs' is read as the first 2n/3 bits set, n = 6j; for q = 99 "
                    "(not a multiple of 6) 66 ones give fbs = 66/17, not 4: the paper's 4 is the "
                    "n = 6j value, so the status is 'refined'"],
        notes=[
            "Bob's catch chance is the minimum over minimal sensitive blocks B of p(B), "
                    "the worst case over Alice's lie sets; it equals 1/fbs for every optimal dual"])


def _row(context, n: int, ones: int) -> dict:
    result = context.certified_fbs(NAME, f"maj:{n}", ones_first(ones, n))
    catch = min_block_mass(result)
    return {"n": n, "ones": ones, "method": result.method, "fbs": text(result.value),
            "fbs_float": round(float(result.value), 6), "catch": text(catch),
            "catch_is_inverse_fbs": catch == Fraction(1) / result.value}


CHECK = PaperCheck(NAME, PLACE, CLAIM, run)
