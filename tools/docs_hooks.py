"""MkDocs hooks of the documentation site (mkdocs.yml, `hooks:`).

* The command reference is generated from the `fbs` argparse parser: the marker
  `<!-- fbs command reference -->` in docs/commands.md becomes one section per command, with
  its one-line summary and its `--help` (no hand-kept table).
* A link from docs/ to a repository file outside docs/ (`../bench/RESULTS.md`) points at a
  file a reader of the site does not have: it becomes the path in code (`bench/RESULTS.md`, a
  file of the repository), except certificates/FORMAT.md, which the site carries (format.md).
"""

from __future__ import annotations

import argparse
import os
import posixpath
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

MARKER = "<!-- fbs command reference -->"
IN_SITE = {"certificates/FORMAT.md": "format.md", "CHANGELOG.md": "changelog.md"}
LINK = re.compile(r"\[([^\]]*)\]\(([^)\s#]+)(#[^)\s]*)?\)")


def commands(parser: argparse.ArgumentParser, prefix: str = "fbs"):
    """(name, one-line summary, parser) of every command, depth first, in the parser's order."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            summaries = {a.dest: a.help or "" for a in action._choices_actions}
            for name, sub in action.choices.items():
                yield f"{prefix} {name}", summaries.get(name, ""), sub
                yield from commands(sub, f"{prefix} {name}")


def command_reference() -> str:
    """The Markdown of every command's summary and --help, from verify.cli.build_parser()."""
    from verify.cli import build_parser

    previous = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "100"  # argparse wraps --help to the terminal's width
    try:
        parser = build_parser()
        found = list(commands(parser))
        out = ["| command | what it does |", "|---|---|"]
        out += [f"| [`{name}`](#{_anchor(name)}) | {' '.join(summary.split())} |"
                for name, summary, _ in found]
        out += ["", "### `fbs`", "", "```text", parser.format_help().rstrip(), "```", ""]
        for name, _, sub in found:
            out += [f"### `{name}`", "", "```text", sub.format_help().rstrip(), "```", ""]
    finally:
        if previous is None:
            os.environ.pop("COLUMNS", None)
        else:
            os.environ["COLUMNS"] = previous
    return "\n".join(out)


def _anchor(name: str) -> str:
    return name.replace(" ", "-")


def outside_links(markdown: str, page_path: str) -> str:
    """Links from the page at docs/`page_path` to files outside docs/, rewritten (see above)."""
    folder = posixpath.dirname(page_path)

    def rewrite(match: re.Match) -> str:
        text, target, fragment = match.group(1), match.group(2), match.group(3) or ""
        if "://" in target or target.startswith(("mailto:", "#")):
            return match.group(0)
        resolved = posixpath.normpath(posixpath.join("docs", folder, target))
        if resolved.startswith("docs/"):
            return match.group(0)
        if resolved in IN_SITE:
            return f"[{text}]({posixpath.relpath(IN_SITE[resolved], folder or '.')}{fragment})"
        return text if text.strip("`") == resolved else f"{text} (`{resolved}`)"

    return LINK.sub(rewrite, markdown)


def on_page_markdown(markdown, page, config, files):  # noqa: ARG001 (MkDocs' signature)
    if MARKER in markdown:
        markdown = markdown.replace(MARKER, command_reference())
    return outside_links(markdown, page.file.src_path)
