"""The one exact simplex (verify.sensitivity.exact_lp.integer_simplex) and PackingLP's use of
it when the float basis is not optimal, against an independent route: every basis of the
small LP enumerated and solved by Gauss-Jordan elimination over Fractions (the optimum of a
bounded LP with a feasible point is at a basic feasible solution); and the returned primal and
dual checked feasible with equal objectives (weak duality: both optimal)."""

import itertools
import random
from fractions import Fraction

from verify.sensitivity.exact_lp import PackingLP, integer_simplex


def _solve(matrix: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction] | None:
    """x with matrix x = rhs (square), or None if singular."""
    m = len(rhs)
    rows = [row[:] + [b] for row, b in zip(matrix, rhs)]
    for k in range(m):
        pivot = next((i for i in range(k, m) if rows[i][k]), None)
        if pivot is None:
            return None
        rows[k], rows[pivot] = rows[pivot], rows[k]
        rows[k] = [x / rows[k][k] for x in rows[k]]
        for i in range(m):
            if i != k and rows[i][k]:
                rows[i] = [x - rows[i][k] * y for x, y in zip(rows[i], rows[k])]
    return [row[-1] for row in rows]


def _vertex_optimum(columns, rhs, costs) -> Fraction:
    """max c.w s.t. A w <= b, w >= 0, over all basic feasible solutions."""
    m, n = len(rhs), len(columns)
    full = [[c.get(i, Fraction(0)) for c in columns] + [Fraction(int(k == i)) for k in range(m)]
            for i in range(m)]
    extended = list(costs) + [Fraction(0)] * m
    best = None
    for basis in itertools.combinations(range(n + m), m):
        x = _solve([[full[i][j] for j in basis] for i in range(m)], list(rhs))
        if x is not None and min(x) >= 0:
            value = sum(extended[j] * v for j, v in zip(basis, x))
            best = value if best is None else max(best, value)
    return best


def _random_lp(rng: random.Random):
    m, n = rng.randint(1, 3), rng.randint(1, 4)
    fraction = lambda: Fraction(rng.randint(0, 6), rng.randint(1, 5))  # noqa: E731
    columns = []
    for _ in range(n):
        column = {i: fraction() for i in range(m)}
        column[rng.randrange(m)] += Fraction(1, rng.randint(1, 7))  # bounded: a positive entry
        columns.append({i: a for i, a in column.items() if a})
    rhs = [Fraction(rng.randint(1, 9), rng.randint(1, 4)) for _ in range(m)]
    costs = [Fraction(rng.randint(-2, 7), rng.randint(1, 6)) for _ in range(n)]
    return columns, rhs, costs


def _assert_optimal(optimum, columns, rhs, costs):
    for i, b in enumerate(rhs):
        assert sum(columns[j].get(i, 0) * w for j, w in optimum.primal.items()) <= b
    assert all(w > 0 for w in optimum.primal.values()) and min(optimum.dual) >= 0
    for column, cost in zip(columns, costs):
        assert sum(optimum.dual[i] * a for i, a in column.items()) >= cost
    assert optimum.value == sum(costs[j] * w for j, w in optimum.primal.items())
    assert optimum.value == sum(t * b for t, b in zip(optimum.dual, rhs))


def test_integer_simplex_on_rational_lps_against_vertex_enumeration():
    rng = random.Random(30)
    for _ in range(300):
        columns, rhs, costs = _random_lp(rng)
        optimum = integer_simplex(columns, rhs, costs)
        assert optimum.value == _vertex_optimum(columns, rhs, costs)
        _assert_optimal(optimum, columns, rhs, costs)


def test_closed_forms():
    # singleton columns with rhs b: sum of b; the triangle's edges: 3/2 (t = 1/2 everywhere)
    b = [Fraction(1, 3), Fraction(5, 7), Fraction(2)]
    assert integer_simplex([{0: 1}, {1: 1}, {2: 1}], b, [1, 1, 1]).value == sum(b)
    triangle = [{0: 1, 1: 1}, {1: 1, 2: 1}, {0: 1, 2: 1}]
    optimum = integer_simplex(triangle, [1, 1, 1], [1, 1, 1])
    assert optimum.value == Fraction(3, 2) and optimum.dual == (Fraction(1, 2),) * 3
    assert integer_simplex([], [1, 1], []).value == 0


def test_packing_lp_falls_back_to_the_exact_simplex_when_the_float_basis_is_not_optimal(
        monkeypatch):
    rng = random.Random(31)
    slack = lambda self: [len(self.columns) + i for i in range(self.n_rows)]  # noqa: E731
    monkeypatch.setattr(PackingLP, "float_basis", slack)
    fell_back = 0
    for _ in range(60):
        columns, rhs, costs = _random_lp(rng)
        lp = PackingLP(rhs)
        lp.add_columns(columns, costs)
        optimum = lp.solve_exact()
        assert optimum.value == _vertex_optimum(columns, rhs, costs)
        _assert_optimal(optimum, columns, rhs, costs)
        fell_back += optimum.pivots > 0
    assert fell_back > 30  # the slack basis was not optimal: the simplex pivoted


def test_an_optimal_float_basis_is_taken_without_pivots():
    lp = PackingLP([Fraction(1)] * 3)
    lp.add_columns([{0: 1, 1: 1}, {1: 1, 2: 1}, {0: 1, 2: 1}], [1, 1, 1])
    optimum = lp.solve_exact()
    assert optimum.value == Fraction(3, 2) and optimum.pivots == 0
