"""Section 1.2: "50 out of 99 papers": Bob must check all 50; exact fbs and Bob's distribution."""

from fractions import Fraction

from verify.report.runner import CheckResult, PaperCheck, text

from .common import min_block_mass, ones_first

NAME = "section_1_2_fifty_of_99"
PLACE = "Section 1.2 (50 out of 99 papers)"
CLAIM = ("Suppose that Alice claims that 50 out of a total of 99 papers support the original claim. "
         "In this case, Bob has no recourse but to check every single one of the 50 papers, as even "
         "a single incorrect paper would flip the majority vote.")


def run(context) -> CheckResult:
    result = context.certified_fbs(NAME, "maj:99", ones_first(50, 99), measures=True)
    p = result.sampling
    uniform_on_ones = set(p[:50]) == {Fraction(1, 50)} and set(p[50:]) == {0}
    catch = min_block_mass(result)
    single = result.measures
    every_one_sensitive = single.sensitivity == 50
    ok = result.value == 50 and uniform_on_ones and every_one_sensitive and catch == Fraction(1, 50)
    return CheckResult(
        NAME, PLACE, CLAIM,
        f"fbs = {text(result.value)} (the paper gives no number); Bob's p = 1/50 on each of the 50 "
        f"supporting papers, 0 elsewhere; each single paper is a sensitive block (s = {single.sensitivity})",
        "no-number" if ok else "failed",
        values={"fbs": text(result.value), "sampling_on_ones": text(p[0]),
                "sampling_on_zeros": text(p[-1]), "catch": text(catch),
                "s": single.sensitivity, "bs": single.block_sensitivity,
                "C": single.certificate_complexity},
        notes=[
            "the paper states no number ('Bob must check all 50'); the exact value (50) and Bob's "
            "distribution are added (status no-number)"])


CHECK = PaperCheck(NAME, PLACE, CLAIM, run)
