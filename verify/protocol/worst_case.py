"""The worst-case liar: an exact dynamic program over the tree (paper Theorem 4.2).

catch(u, a) = the minimum, over Alice's strategies, of the probability that Bob wins from
node u when Alice must defend claim a for u (Bob follows the protocol with his rule):

  leaf u:      catch(u, a) = [a != O(q_u)]
  internal u:  catch(u, a) = min over z in {0,1}^q with phi_u(z) = a and fbs_z(phi_u) <= rho of
                             sum_i p_i(z) * catch(child_i, z_i)
               (a z with fbs = 0 ends the run in Alice's favour: value 0, see verify.protocol);
               if no z passes both checks, Alice loses at once: catch(u, a) = 1.

  menu u:      catch(u, a) = min over the alternatives j of catch(alt_j, a)   (ties: the first j)
               (Alice decomposes on the fly, Section 3.2: the min over decompositions AND
               claims is a DP over the tree's AND-OR structure; the choice does not use a level)

The game below u depends only on (u, a), so a memoryless deterministic strategy is optimal
(the objective is linear in any randomisation). Ties are broken by the smallest truth-table
index of z (z_1 most significant). The lying Alice's exact catch probability is
catch(root, 1 - val(root)); Theorem 4.2 says it is >= rho^-d for every rule that samples
from an optimal dual (`vertex`, `symmetric`), not necessarily for `uniform`.

Instance bound (defined here, reported beside rho^-d): along the strategy, for a lying state
(u, a), IB(u, a) = 1 at a leaf or where Alice loses at once, otherwise
IB(u, a) = (1 / fbs_z) * min over lying children i (z_i != val(child_i)) of IB(child_i, z_i).
It is the minimum, over the root-leaf paths through lying claims that the strategy can drive
Bob along, of the product of 1/fbs_z at the visited nodes. The proof of Theorem 4.2 gives
catch >= IB >= rho^-(path length) >= rho^-d for the optimal-dual rules.

Reuse: the claim vectors of an aggregator with their certified fbs and Bob's p are computed
once per (spec, rule); the node minimisation is memoised on (spec, child catch pairs).

Symmetric aggregators (issue 12): fbs_z and Bob's p depend on z only through its weight
w = |z| under every rule (p is p1(w) on the children claimed 1 and p0(w) on those claimed 0;
for `vertex` because the certified solver of a symmetric function is its closed form, whose
dual is one value per side), so for each of the q + 1 weights the best z of weight w claims
1 for the w children with the smallest d_i = p1(w) catch(child_i, 1) - p0(w) catch(child_i, 0):

    sum_i p_i(z) catch(child_i, z_i) = p0(w) sum_i catch(child_i, 0) + sum_{i: z_i = 1} d_i.

Ties go to the later children, so the chosen z is the minimiser with the smallest truth-table
index, exactly as in the enumeration over all 2^q vectors (which every other aggregator
still uses, up to q = 12).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import lcm

from verify.base.errors import TooLarge
from verify.functions.aggregators import Aggregator, resolve

from .bob_rules import bob_view
from .engine import Debate

MAX_DP_WIDTH = 12  # the DP enumerates all 2^q claim vectors of a node
MAX_SYMMETRIC_DP_WIDTH = 512  # the DP over weights: q + 1 certified fbs of width q, each
# costing O(q) exact operations (bench/RESULTS.md, "The worst-case DP over weights")

ONE, ZERO = Fraction(1), Fraction(0)


@dataclass(frozen=True)
class ClaimOption:
    """A claim vector z for an aggregator: fbs_z and Bob's nonzero p_i (None if fbs = 0)."""

    z: tuple[int, ...]
    fbs: Fraction
    terms: tuple[tuple[int, Fraction], ...] | None


@dataclass(frozen=True)
class WorstCaseResult:
    """Exact worst-case catch probabilities and the optimal strategy (Theorem 4.2)."""

    rule: str
    rho: Fraction
    depth: int
    uniform_depth: bool
    catch_probability_exact: Fraction  # catch(root, 1 - val(root))
    true_claim_catch: Fraction  # catch(root, val(root)): 0 unless the FBS condition fails
    theorem_bound: Fraction  # rho^-d
    instance_bound: Fraction
    catch: tuple[tuple[Fraction, Fraction], ...]  # catch(u, 0), catch(u, 1) per node
    choices: tuple  # per node (choice for claim 0, for claim 1): z (None: no z passes), or
    # at a menu node the index of the chosen alternative
    memo_entries: int
    fbs_evaluations: int

    @property
    def theorem_holds(self) -> bool:
        """catch >= rho^-d (guaranteed by Theorem 4.2 for `vertex` and `symmetric`)."""
        return self.catch_probability_exact >= self.theorem_bound


@lru_cache(maxsize=None)
def claim_options(spec: str, rule: str) -> tuple[tuple[ClaimOption, ...], tuple[ClaimOption, ...]]:
    """All z with phi(z) = 0 and with phi(z) = 1, in truth-table order, with fbs and p."""
    spec = spec if isinstance(spec, Aggregator) else resolve(spec)  # a plain spec works too
    q = spec.arity
    if q > MAX_DP_WIDTH:
        raise TooLarge(_width_message(spec, q))
    table = spec.table
    options: tuple[list, list] = ([], [])
    for index, z in enumerate(product((0, 1), repeat=q)):
        view = bob_view(spec, z, rule)
        terms = None if view.p is None else tuple((i, p) for i, p in enumerate(view.p) if p)
        options[table[index]].append(ClaimOption(z, view.fbs, terms))
    return tuple(options[0]), tuple(options[1])


def _best(options, pairs, rho: Fraction):
    """(catch, z) minimising sum_i p_i catch(child_i, z_i) over options passing fbs <= rho."""
    best, best_z = ONE, None
    for option in options:
        if option.fbs > rho:
            continue
        if option.terms is None:
            return ZERO, option.z
        z = option.z
        total = sum(p * pairs[i][z[i]] for i, p in option.terms)
        if best_z is None or total < best:
            best, best_z = total, z
            if total == 0:
                break
    return best, best_z


@dataclass(frozen=True)
class WeightOption:
    """Claim vectors of one Hamming weight w: phi, fbs and Bob's p on a 1-claim and a 0-claim
    (p None if fbs = 0)."""

    weight: int
    value: int
    fbs: Fraction
    p_one: Fraction | None
    p_zero: Fraction | None


def by_weight(spec: str, rule: str) -> bool:
    """True iff the DP over Hamming weights applies: a symmetric aggregator, whose p under
    every rule depends on the weight only (`vertex`: the certified solver of a symmetric
    function is the closed form, whose dual is one value on the ones and one on the zeros;
    weight_options checks it)."""
    return (spec if isinstance(spec, Aggregator) else resolve(spec)).symmetric


@lru_cache(maxsize=None)
def weight_options(spec: str, rule: str) -> tuple[WeightOption, ...]:
    """One WeightOption per weight 0..q (Bob's view at the representative with ones first)."""
    spec = spec if isinstance(spec, Aggregator) else resolve(spec)
    q, options = spec.arity, []
    for w in range(q + 1):
        view = bob_view(spec, (1,) * w + (0,) * (q - w), rule)
        p_one = p_zero = None
        if view.p is not None:
            p_one = view.p[0] if w else ZERO
            p_zero = view.p[-1] if w < q else ZERO
            if set(view.p[:w]) - {p_one} or set(view.p[w:]) - {p_zero}:
                raise AssertionError(f"{spec}: Bob's p under {rule} is not one value per side")
        options.append(WeightOption(w, spec.values[w], view.fbs, p_one, p_zero))
    return tuple(options)


def _best_by_weight(options, pairs, rho: Fraction, claim: int):
    """(catch, z) over the weights w with phi = claim and fbs <= rho: the w smallest d_i,
    ties to the later children; across weights the smallest catch, then the smallest z.

    Exact in integers: the catch values are put on their common denominator once per node,
    and each weight's d_i and total on that times the denominators of p1(w) and p0(w)
    (a positive scale, so the order of the d_i is that of the fractions)."""
    q = len(pairs)
    scale, zeros, ones = _common_numerators(pairs)
    best = None  # (numerator, denominator, z) of the best catch so far
    for option in options:
        if option.value != claim or option.fbs > rho:
            continue
        if option.p_one is None:  # fbs = 0: Alice wins at once, the first z of this weight
            total, denominator, d = 0, 1, None
        else:
            n1, m1 = option.p_one.numerator, option.p_one.denominator
            n0, m0 = option.p_zero.numerator, option.p_zero.denominator
            on_zero = [n0 * m1 * c for c in zeros]
            on_one = [n1 * m0 * c for c in ones]
            d = sorted(zip(map(int.__sub__, on_one, on_zero), range(0, -q, -1)))
            total = sum(on_zero) + sum(difference for difference, _ in d[:option.weight])
            denominator = scale * m1 * m0
        if best is not None and total * best[1] > best[0] * denominator:
            continue  # a larger catch: its z is not needed
        if d is None:
            z = (0,) * (q - option.weight) + (1,) * option.weight
        else:
            chosen = {-negated for _, negated in d[:option.weight]}
            z = tuple(int(i in chosen) for i in range(q))
        if best is None or total * best[1] < best[0] * denominator or z < best[2]:
            best = (total, denominator, z)
    return (Fraction(best[0], best[1]), best[2]) if best is not None else (ONE, None)


def _common_numerators(pairs) -> tuple[int, list[int], list[int]]:
    """The common denominator D of the catch pairs and the numerators over D of
    catch(child_i, 0) and catch(child_i, 1)."""
    scale = lcm(*(c.denominator for pair in pairs for c in pair))
    zeros = [c0.numerator * (scale // c0.denominator) for c0, _ in pairs]
    ones = [c1.numerator * (scale // c1.denominator) for _, c1 in pairs]
    return scale, zeros, ones


def check_dp_widths(tree) -> None:
    """TooLarge, before any work, for an aggregator the DP does not take: a symmetric one of
    width above MAX_SYMMETRIC_DP_WIDTH (its q + 1 weights cost O(q^2) in all: maj:2000 took
    53 s), any other above MAX_DP_WIDTH (2^q claim vectors). The one rule of the API, the
    commands and the sweep's job validator."""
    for spec in sorted({tree.aggregators[i] for i in tree.internal()} - {None}):
        check_dp_width(spec)


def check_dp_width(spec: str) -> None:
    """check_dp_widths for one aggregator."""
    spec = spec if isinstance(spec, Aggregator) else resolve(spec)
    q = spec.arity
    limit = MAX_SYMMETRIC_DP_WIDTH if spec.symmetric else MAX_DP_WIDTH
    if q > limit:
        raise TooLarge(_width_message(spec, q))


def _width_message(spec: str, q: int) -> str:
    return (f"{spec[:60]}: the worst-case DP takes symmetric aggregators of width <= "
            f"{MAX_SYMMETRIC_DP_WIDTH} (over Hamming weights) and others of width <= "
            f"{MAX_DP_WIDTH} (all 2^q claim vectors), got width {q}")


def solve_worst_case(debate: Debate, progress=None) -> WorstCaseResult:
    """Run the DP bottom-up over the tree (children before parents)."""
    tree, rho = debate.tree, debate.rho
    check_dp_widths(tree)
    catch: list = [None] * tree.n_nodes
    choices: list = [None] * tree.n_nodes
    memo: dict = {}
    menus = frozenset(tree.menus()) if tree.has_menus else frozenset()
    for node in reversed(range(tree.n_nodes)):
        kids = tree.children[node]
        if node in menus:
            catch[node], choices[node] = _best_alternative([catch[c] for c in kids])
        elif not kids:
            answer = debate.oracle[tree.queries[node]]
            catch[node] = (ZERO if answer == 0 else ONE, ZERO if answer == 1 else ONE)
            choices[node] = (None, None)
        else:
            spec = tree.aggregators[node]
            pairs = tuple(catch[c] for c in kids)
            key = (spec, pairs)
            if key not in memo:
                memo[key] = solve_node(spec, pairs, rho, debate.rule)
            catch[node], choices[node] = memo[key]
        if progress is not None:
            progress.update(1)
    truth = debate.values[tree.root]
    bound = instance_bounds(debate, choices)
    return WorstCaseResult(
        debate.rule, rho, tree.depth, tree.is_uniform, catch[tree.root][1 - truth],
        catch[tree.root][truth], debate.theorem_bound, bound[tree.root][1 - truth],
        tuple(catch), tuple(choices), len(memo), _evaluations(tree, debate.rule))


def solve_node(spec: str, pairs, rho: Fraction, rule: str):
    """((catch for claim 0, for claim 1), (z for claim 0, for claim 1)) at a node with
    aggregator `spec` whose children (in order) have the catch pairs `pairs`."""
    (c0, z0), (c1, z1) = (solve_claim(spec, pairs, rho, rule, a) for a in (0, 1))
    return (c0, c1), (z0, z1)


def solve_claim(spec: str, pairs, rho: Fraction, rule: str, claim: int):
    """(catch, z) for one claim at such a node (z None: no claim vector passes)."""
    if by_weight(spec, rule):
        return _best_by_weight(weight_options(spec, rule), pairs, rho, claim)
    return _best(claim_options(spec, rule)[claim], pairs, rho)


def _best_alternative(pairs) -> tuple[tuple[Fraction, Fraction], tuple[int, int]]:
    """Per claim, the alternative with the smallest catch (ties: the first)."""
    chosen = tuple(min(range(len(pairs)), key=lambda j: (pairs[j][claim], j)) for claim in (0, 1))
    return (pairs[chosen[0]][0], pairs[chosen[1]][1]), chosen


def instance_bounds(debate: Debate, choices) -> list:
    """IB(u, a) for lying claims a != val(u) (None for true claims); see the module doc."""
    tree, values = debate.tree, debate.values
    bounds: list = [None] * tree.n_nodes
    for node in reversed(range(tree.n_nodes)):
        pair = []
        for claim in (0, 1):
            z = choices[node][claim]
            if tree.is_menu(node):
                pair.append(bounds[tree.children[node][z]][claim])
            elif claim == values[node]:
                pair.append(None)
            elif tree.is_leaf(node) or z is None:
                pair.append(ONE)
            else:
                fbs = bob_view(tree.aggregators[node], z, debate.rule).fbs
                lying = [bounds[c][z[i]] for i, c in enumerate(tree.children[node])
                         if z[i] != values[c]]
                pair.append(min(lying) / fbs)
        bounds[node] = tuple(pair)
    return bounds


def _evaluations(tree, rule: str) -> int:
    """Number of distinct fbs computations the DP needed: q + 1 weights or 2^q vectors."""
    specs = {tree.aggregators[i] for i in tree.internal()}
    return sum(spec.arity + 1 if spec.symmetric else 1 << spec.arity for spec in specs)
