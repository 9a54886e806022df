"""The Markdown of `fbs census --exhaustive Q` says *certified* of the global measures' class
values only when the checker ran: with --uncertified it said "from the certified class
values" although no certificate had been checked."""

from verify.sweep.exhaustive_census import exhaustive_census
from verify.sweep.exhaustive_report import markdown


def _global_paragraph(text: str) -> str:
    section = text.split("## The global measures", 1)[1]
    return section.split("| measure |", 1)[0]


def test_uncertified_global_section_does_not_say_certified():
    paragraph = _global_paragraph(markdown(exhaustive_census(3, certify=False)))
    assert "certified class values" not in paragraph
    assert "not certified" in paragraph and "exact" in paragraph


def test_certified_global_section_says_which_part_is_certified():
    paragraph = _global_paragraph(markdown(exhaustive_census(3)))
    assert "from the certified class values" in paragraph
    assert "the maximum over x is computed, not certified" in paragraph
