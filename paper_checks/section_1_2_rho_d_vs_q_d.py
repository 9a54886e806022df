"""Section 1.2: q = 99 with rho = 4 makes rho^d far smaller than the q^d of exhaustive search."""

from verify.report.runner import CheckResult, PaperCheck

NAME = "section_1_2_rho_d_vs_q_d"
PLACE = "Section 1.2 (rho^d against q^d)"
CLAIM = ("Exploring the full tree of sub-claims would require time q^d. One can have q = 99, "
         "while rho = 4, implying that rho^d can be significantly smaller.")


def run(context) -> CheckResult:
    rows = [{"d": d, "rho_d": 4**d, "q_d": 99**d, "q_d_over_rho_d": f"{99**d / 4**d:.4g}"}
            for d in range(1, 11)]
    smaller = all(r["rho_d"] < r["q_d"] for r in rows)
    return CheckResult(
        NAME, PLACE, CLAIM,
        f"4^d < 99^d for d = 1..10; at d = 10: 4^10 = {4**10:,} vs 99^10 = {99**10:,} "
        f"(ratio {rows[-1]['q_d_over_rho_d']})",
        "confirmed" if smaller else "failed", values={"rows": rows},
        deviations=[
            "rho = 4 is the n = 6j majority value; at q = 99 itself, 66 ones give 66/17 "
                    "(see section_1_2_majority_two_thirds), which only makes rho^d smaller"])


CHECK = PaperCheck(NAME, PLACE, CLAIM, run)
