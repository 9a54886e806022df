"""Bob's leaf distribution is an optimal dual of F_T divided by rho_T (ours; docs/budgeted.md,
Theorem B2), certified with the existing checkers.

With honest claims and budgets, a run reaches leaf l with probability
pi_l = prod over the path of c_i t_i / W_u, which telescopes to (prod of the local duals t along
the path) / rho_T: the product dual of the weighted recursion, a feasible dual of the global
LP with value rho_T (certificates/FORMAT.md, kind `tree`). So t = rho_T pi is optimal. It is
certified two ways:
* up to MAX_DIRECT_LEAVES leaves, as the dual of an `exhaustive` certificate for F_T itself
  (the checker tests t(H) >= 1 on every sensitive block of F_T), with the direct LP's primal;
* for larger trees, by the `tree` certificate the honest budgets came from (every local LP
  checked) and the exact identity t_l = product of the certified local duals for every leaf.
"""

from __future__ import annotations

from fractions import Fraction

from verify.base.errors import beyond_checker_bound
from verify.base.numbers import fraction_text
from verify.checker import CertificateMalformed, CertificateTooLarge, check_certificate
from verify.lower_bound.global_function import direct_rho, leaf_order
from verify.lower_bound.tree_fbs import product_dual

ZERO = Fraction(0)
MAX_DIRECT_LEAVES = 20


def certify_leaf_dual(instance, graph, dual: dict[int, Fraction]):
    """(method, certified, message, certificate) for t = rho_T * pi."""
    tree, answers = instance.debate.tree, instance.debate.oracle
    leaves = leaf_order(tree)
    if len(leaves) <= MAX_DIRECT_LEAVES:
        direct = direct_rho(tree, answers)
        certificate = dict(direct.result.certificate)
        certificate["dual"] = [fraction_text(dual.get(leaf, ZERO)) for leaf in leaves]
        try:
            report = check_certificate(certificate)
        except CertificateTooLarge as error:
            raise beyond_checker_bound(error) from None
        except CertificateMalformed as error:
            return "exhaustive", False, f"malformed certificate: {error}", certificate
        ok = report.valid and report.value == instance.rho_t
        return "exhaustive", ok, report.message if ok else \
            f"[{report.condition}] {report.message}", certificate
    product = product_dual(instance.rho)
    mismatched = [tree.ids[leaf] for leaf in leaves if dual.get(leaf, ZERO) != product[leaf]]
    ok = instance.rho.certified and not mismatched
    message = (f"the tree certificate ({instance.rho.message}) and t_l = product of the certified "
               "local duals at every leaf" if ok else
               f"NOT certified: {len(mismatched)} leaf(ves) differ from the product dual, e.g. "
               f"{mismatched[:1]}" if mismatched else instance.rho.message)
    return "tree", ok, message, instance.rho.certificate
