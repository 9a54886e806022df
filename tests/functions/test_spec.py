"""The spec grammar against direct per-input reference definitions (issue 2)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import all_inputs

from verify.base.errors import BadInput, TooLarge
from verify.functions.spec import parse_spec


def weight(x):
    return sum(x)


REFERENCES = {
    "and:4": lambda x: int(all(x)),
    "or:4": lambda x: int(any(x)),
    "parity:5": lambda x: weight(x) % 2,
    "maj:4": lambda x: int(weight(x) > 2),
    "maj:5": lambda x: int(weight(x) >= 3),
    "thr:5:2": lambda x: int(weight(x) >= 2),
    "thr:3:0": lambda x: 1,
    "wthr:3,1,1,2:4": lambda x: int(3 * x[0] + x[1] + x[2] + 2 * x[3] >= 4),
    "sym:01101": lambda x: [0, 1, 1, 0, 1][weight(x)],
    "index:2": lambda x: x[2 + 2 * x[0] + x[1]],
    "tribes:2:3": lambda x: int((x[0] and x[1]) or (x[2] and x[3]) or (x[4] and x[5])),
    "tt:0110": lambda x: x[0] ^ x[1],
    "tt:0x1:2": lambda x: int(x[0] and x[1]),
    "tt:0x8:2": lambda x: int(x[0] == 0 and x[1] == 0),
    "tt:0x0f:3": lambda x: int(x[0] == 1),
    "expr:x1 & (x2 | ~x3) ^ x4": lambda x: (x[0] & (x[1] | (1 - x[2]))) ^ x[3],
    "expr:4:x2 | x1": lambda x: x[0] | x[1],
    "expr:~(x1 ^ x2) & 1": lambda x: 1 - (x[0] ^ x[1]),
    "compose(maj:3;and:2;or:2;parity:2)":
        lambda x: int((x[0] & x[1]) + (x[2] | x[3]) + (x[4] ^ x[5]) >= 2),
    "compose(compose(or:2;and:2;and:2);parity:1;maj:3;and:1;or:2)":
        lambda x: int((x[0] and int(sum(x[1:4]) >= 2)) or (x[4] and (x[5] or x[6]))),
}


@pytest.mark.parametrize("spec", sorted(REFERENCES))
def test_family_matches_reference_on_every_input(spec):
    function = parse_spec(spec)
    reference = REFERENCES[spec]
    table = function.truth_table()
    inputs = all_inputs(function.arity)
    assert len(table) == len(inputs)
    for position, x in enumerate(inputs):
        assert int(table[position]) == reference(x), (spec, x)
        assert function(x) == reference(x)


def test_cnf_from_dimacs(tmp_path):
    path = tmp_path / "f.cnf"
    path.write_text("c demo\np cnf 3 2\n1 -2 0\n2 3 0\n")
    function = parse_spec(f"cnf:{path}")
    for x in all_inputs(3):
        assert function(x) == int((x[0] or not x[1]) and (x[1] or x[2]))


def test_index_address_is_most_significant_first():
    function = parse_spec("index:3")
    assert function.arity == 3 + 8
    for a in range(8):
        address = [(a >> 2) & 1, (a >> 1) & 1, a & 1]
        data = [0] * 8
        data[a] = 1
        assert function(address + data) == 1
        data[a] = 0
        assert function(address + data) == 0


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 9), min_size=1, max_size=7), st.integers(-3, 40))
def test_weighted_threshold_property(weights, threshold):
    spec = f"wthr:{','.join(map(str, weights))}:{threshold}"
    function = parse_spec(spec)
    for x, value in zip(all_inputs(len(weights)), function.truth_table()):
        assert bool(value) == (sum(w * b for w, b in zip(weights, x)) >= threshold)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 5).flatmap(lambda q: st.lists(st.integers(0, 1), min_size=2**q, max_size=2**q)))
def test_truth_table_round_trip(bits):
    text = "".join(map(str, bits))
    function = parse_spec(f"tt:{text}")
    assert "".join(str(int(v)) for v in function.truth_table()) == text
    assert parse_spec(function.to_hex_spec()).truth_table().tolist() == function.truth_table().tolist()


BAD_SPECS = [
    "", "foo:3", "maj", "maj:", "maj:0", "maj:-3", "maj:x", "thr:5", "thr:5:a", "sym:2",
    "wthr:1,-2:1", "wthr:1.5,2:1", "wthr::1", "tt:011", "tt:012", "tt:0xZZ:2", "tt:0x1ff:2",
    "expr:x1 + x2", "expr:__import__('os')", "expr:x0 & x1", "expr:x1 &", "expr:(x1",
    "expr:1:x1 & x2", "compose(maj:3;and:2)", "compose(maj:3;and:2;or:2", "cnf:/nonexistent.cnf",
    "index:0", "tribes:0:3",
]


@pytest.mark.parametrize("spec", BAD_SPECS)
def test_bad_specs_raise_one_line_bad_input(spec):
    with pytest.raises(BadInput) as error:
        parse_spec(spec)
    assert "\n" not in str(error.value)


@pytest.mark.parametrize("text", ["p cnf 2 1\n1 3 0\n", "1 2 0\n", "p cnf 2 2\n1 2 0\n",
                                  "p cnf 2 1\n1 2\n", "p cnf x 1\n", "p cnf 2 1\n1 a 0\n"])
def test_malformed_dimacs(tmp_path, text):
    path = tmp_path / "bad.cnf"
    path.write_text(text)
    with pytest.raises(BadInput):
        parse_spec(f"cnf:{path}")


def test_limits_are_reported_as_too_large():
    with pytest.raises(TooLarge):
        parse_spec("maj:100000001")
    with pytest.raises(TooLarge):
        parse_spec("expr:x10001")
    with pytest.raises(TooLarge):
        parse_spec("maj:29").truth_table()
