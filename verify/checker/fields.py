"""Structural checks of certificate fields (certificates/FORMAT.md, "Fields")."""

from __future__ import annotations

from .dimacs import DimacsBudget
from .errors import CertificateMalformed
from .rationals import parse_number


def require_keys(obj: dict, required: set[str], optional: set[str], where: str) -> None:
    """All required keys present; no key outside required | optional."""
    keys = obj.keys()
    if keys == required or (keys >= required and not keys - required - optional):
        return
    missing = sorted(required - obj.keys())
    if missing:
        raise CertificateMalformed(f"{where}: missing field {missing[0]!r}")
    unknown = [key for key in obj if key not in required and key not in optional]
    if unknown:
        raise CertificateMalformed(f"{where}: unknown field {brief(unknown[0])}")


def get_typed(obj: dict, key: str, kind: type, where: str):
    """obj[key], which must have exactly this JSON type (bool is not an int)."""
    value = obj[key]
    if type(value) is not kind:
        raise CertificateMalformed(f"{where}: field {key!r} must be a JSON "
                                   f"{_JSON_NAMES[kind]}, got {_json_name(value)}")
    return value


def read_arity_and_input(obj: dict, q: int) -> str:
    """The certificate's `arity` (must equal the spec's q) and its `input` z: q bits."""
    if get_typed(obj, "arity", int, "certificate") != q:
        raise CertificateMalformed(f"arity: the spec has arity {q}, the certificate claims "
                                   f"{brief(obj['arity'])}")
    z = get_typed(obj, "input", str, "certificate")
    if len(z) != q or z.strip("01"):
        raise CertificateMalformed(f"input: expected a 0/1 string of length q = {q}")
    return z


def read_block(value: object, q: int, where: str) -> tuple[int, ...]:
    """A block: a nonempty list of strictly increasing 0-based coordinates < q."""
    if type(value) is not list or not value:
        raise CertificateMalformed(f"{where}: a block is a nonempty list of coordinates")
    if len(value) > q:  # strictly increasing in 0..q-1: checked before any coordinate
        raise CertificateMalformed(f"{where}: a block has at most q = {q} coordinates, "
                                   f"got {len(value)}")
    if len(value) == 1 and type(value[0]) is int and 0 <= value[0] < q:
        return (value[0],)  # the common singleton, without the loops below
    for index in value:
        if type(index) is not int or not 0 <= index < q:
            raise CertificateMalformed(f"{where}: coordinate {brief(index)} is not an "
                                       f"integer in 0..{q - 1}")
    if any(a >= b for a, b in zip(value, value[1:])):
        raise CertificateMalformed(f"{where}: coordinates must be strictly increasing")
    return tuple(value)


class Files(dict):
    """The `files` object: path -> DIMACS text, and `parsed`: path -> the parsed text, so that
    a file referenced many times is parsed (and its clauses stored) once."""

    def __init__(self, *args):
        super().__init__(*args)
        self.parsed: dict = {}
        self.dimacs_budget = DimacsBudget()  # lines and tokens of all its texts


def read_files(obj: dict) -> Files:
    """The optional `files` object: path -> DIMACS text (the checker never reads the disk)."""
    if "files" not in obj:
        return Files()
    files = get_typed(obj, "files", dict, "certificate")
    for path, text in files.items():
        if type(text) is not str:
            raise CertificateMalformed(f"files[{brief(path)}]: the DIMACS text must be a string")
    return Files(files)


def read_dual(obj: dict, q: int) -> list:
    """The `dual` field: exactly q number strings t_0 .. t_{q-1}."""
    dual = get_typed(obj, "dual", list, "certificate")
    if len(dual) != q:
        raise CertificateMalformed(f"dual: expected q = {q} entries, got {len(dual)}")
    return [parse_number(entry, f"dual[{i}]") for i, entry in enumerate(dual)]


def read_primal(entries: list, q: int, where: str = "primal", numbers: dict | None = None) -> list:
    """Primal entries {"block": [...], "weight": "p/q"}: valid, pairwise distinct blocks
    (`numbers`: a cache text -> Fraction shared by the caller)."""
    primal, seen = [], set()
    for k, entry in enumerate(entries):
        at = f"{where}[{k}]"
        if type(entry) is not dict:
            raise CertificateMalformed(f"{at}: expected an object with \"block\" and \"weight\"")
        require_keys(entry, {"block", "weight"}, set(), at)
        block = read_block(entry["block"], q, at)
        if block in seen:
            raise CertificateMalformed(f"{at}: duplicate block {list(block)}")
        seen.add(block)
        text = entry["weight"]
        weight = numbers.get(text) if numbers is not None and type(text) is str else None
        if weight is None:
            weight = parse_number(text, f"{at}.weight")
            if numbers is not None:
                numbers[text] = weight
        primal.append((block, weight))
    return primal


def brief(value: object) -> str:
    """A short rendering of a JSON value for messages (never str() of a huge int)."""
    if type(value) is int and value.bit_length() > 64:
        return "a huge integer"
    return repr(value)[:20] if type(value) in (int, float, bool, str) else _json_name(value)


_JSON_NAMES = {str: "string", int: "integer", list: "array", dict: "object"}


def _json_name(value: object) -> str:
    names = {bool: "boolean", type(None): "null", float: "number", **_JSON_NAMES}
    return names.get(type(value), type(value).__name__)
