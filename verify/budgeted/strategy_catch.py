"""The exact catch probability of a budgeted strategy, honest subtrees not walked (ours;
docs/budgeted.md, sections 1 and 3; issue 29 section 3).

`compile_states` lists every state a strategy reaches with positive probability, so a liar
who plays honestly below some node costs a walk of that node's whole subtree. Such a state
is never caught: at an *honest-play* state (u, a, b) (claim a = val(u), budget b >= h(u),
the honest budget, and Alice decomposes into the true child values with the honest
children's budgets) the checks pass (phi_u(true values) = val(u); constant children hold
their values; W_u = h(u) <= b), Bob moves to a child state (c, val(c), h(c)), and a strategy
that plays honestly at every such state reaches only honest-play states and leaves answered
truly: the induction of Theorem B2 (ours). So its value is 0 without visiting it. The
sacrifice-and-inflate liar (verify.budgeted.liar_search) is such a strategy: at a state
(v, val(v), b >= h(v)) both its planned decision and its fallback are the honest one; `cut`
is for strategies of this kind only. In the mixed protocol (section 7) the paper's check
fbs_z <= rho applies too, so the cut holds there when rho >= every honest local fbs.

Every other state is evaluated as in `StateGraph.catch_probability`: 1 if Bob wins at it,
0 if Alice does, else sum_i p_i catch(child state i), exactly (Fractions).
"""

from __future__ import annotations

from fractions import Fraction

from verify.protocol.engine import BOB_WINS

from .engine import BudgetedDebate, root_step, step

ONE, ZERO = Fraction(1), Fraction(0)


def strategy_catch(debate: BudgetedDebate, alice, honest, rules=None, cut: bool = True,
                   key=None) -> Fraction:
    """Bob's exact catch probability against `alice` (rules: the engine's `step`, or a mixed
    branch's); honest-play states count 0 when `cut` (module docstring). States are memoised
    on (key(node), claim, budget): the node itself by default; a key shared by nodes with
    equal subtrees (verify.budgeted.described.ordered_keys) is for strategies whose moves
    depend only on the subtree, the claim and the budget."""
    rules = step if rules is None else rules
    key = (lambda node: node) if key is None else key
    claim, budget = alice.answer(debate)
    budget = Fraction(budget)
    failed = root_step(debate, claim, budget)
    if failed is not None:
        return Fraction(int(failed.outcome == BOB_WINS))
    tree = debate.tree
    memo: dict = {}
    pending: dict = {}
    stack = [(tree.root, claim, budget)]
    while stack:
        state = stack[-1]
        name = (key(state[0]), state[1], state[2])
        if name in memo:
            stack.pop()
            continue
        current = pending.get(name)
        if current is None:
            current = _step(debate, alice, honest, rules, cut, state)
            if not hasattr(current, "p"):  # a value: the state is decided
                memo[name] = current
                stack.pop()
                continue
        following = [((key(c), zi, bi), pi, (c, zi, bi)) for c, zi, bi, pi in
                     zip(tree.children[state[0]], current.z, current.child_budgets, current.p)
                     if pi]
        missing = [child for known, _, child in following if known not in memo]
        if missing:
            pending[name] = current
            stack.extend(missing)
            continue
        memo[name] = sum((pi * memo[known] for known, pi, _ in following), ZERO)
        pending.pop(name, None)
        stack.pop()
    return memo[(key(tree.root), claim, budget)]


def _step(debate, alice, honest, rules, cut, state):
    """The step at a state, or its value (a Fraction) if the state is decided there."""
    node, claim, budget = state
    tree = debate.tree
    if tree.is_leaf(node):
        return Fraction(int(rules(debate, node, claim, budget, None).caught))
    decomposition = alice.decompose(debate, node, claim, budget)
    if cut and _honest_play(debate, honest, node, claim, budget, decomposition):
        return ZERO
    current = rules(debate, node, claim, budget, decomposition)
    if current.outcome is not None:
        return Fraction(int(current.caught))
    return current


def _honest_play(debate, honest, node, claim, budget, decomposition) -> bool:
    if claim != debate.values[node] or budget < honest[node]:
        return False
    z, budgets = decomposition
    tree = debate.tree
    for c, zi, bi in zip(tree.children[node], z, budgets):
        if zi != debate.values[c] or (not tree.is_leaf(c) and bi != honest[c]):
            return False
    return True
