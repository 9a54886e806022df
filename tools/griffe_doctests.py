"""A griffe extension of the documentation site (mkdocs.yml): the doctest examples of every
docstring are fenced as Python code, so the API reference shows them as code (and Markdown
never reads `x["a"]["b"]` in an example as a link)."""

from __future__ import annotations

import griffe


def fence_doctests(text: str) -> str:
    """Each run of lines from a `>>>` line to the next blank line, fenced as ```python."""
    out: list[str] = []
    inside = False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith(">>>") and not inside:
            out.append("```python")
            inside = True
        elif not stripped and inside:
            out.append("```")
            inside = False
        out.append(line)
    return "\n".join(out + (["```"] if inside else []))


class FenceDoctests(griffe.Extension):
    def on_object(self, *, obj, **kwargs) -> None:  # noqa: ARG002 (griffe's signature)
        if obj.docstring is not None and not obj.is_alias:
            obj.docstring.value = fence_doctests(obj.docstring.value)
