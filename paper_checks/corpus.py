"""A seeded corpus of (spec, input) instances shared by the duality and chain checks."""

import random


def corpus(seed: int = 2026, random_tables: int = 60) -> list[tuple[str, str]]:
    """Named families at several inputs plus seeded random truth tables (q <= 8)."""
    rng = random.Random(seed)
    cases = [("maj:6", "111100"), ("maj:9", "111110000"), ("thr:7:3", "1100000"),
             ("parity:6", "010110"), ("and:5", "11111"), ("or:5", "00100"),
             ("tribes:2:3", "110100"), ("index:2", "100110"), ("wthr:3,2,2,1,1:5", "11111"),
             ("expr:(x1 & x2) | (x3 ^ x4)", "1010"), ("compose(maj:3;and:2;or:2;parity:2)", "110110")]
    for _ in range(random_tables):
        q = rng.randint(2, 8)
        table = "".join(rng.choice("01") for _ in range(2**q))
        cases.append((f"tt:{table}", "".join(rng.choice("01") for _ in range(q))))
    return cases
