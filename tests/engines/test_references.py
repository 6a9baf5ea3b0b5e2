"""Every path and module the prose names exists: a comment or docstring of games/, a test, a template, a script or
a README that names ``games/tables/services.py``, ``games.tables.signals.table_changed`` or
``templates/games/table.html`` names something there is. A module moved or renamed leaves no reference to its old
place (issue 46: 14 comments named modules that no longer existed). Read with the standard library (tokenize for
Python: comments and strings only, the code itself is checked by running it); nothing is imported."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# A path from the repository's root, or a dotted module of games/: what the prose names.
PATH = re.compile(r"(?<![\w./<{-])(?:games|tests|templates|static|scorekeeper|benchmarks)/[\w./-]*[\w/]")
DOTTED = re.compile(r"(?<![\w./<{-])games(?:\.[A-Za-z_]\w*)+")
SKIPPED = re.compile(r"[<{*]")  # a pattern (games/<game>/, test_*.py, {name}), not a path
TEMPLATE_DIRS = [ROOT / "templates", *sorted(ROOT.glob("games/**/templates")), *sorted(ROOT.glob("tests/**/templates"))]
STATIC_DIRS = [ROOT / "static", *sorted(ROOT.glob("games/**/static"))]


def sources() -> list[Path]:
    found = [ROOT / "README.md", *sorted(ROOT.glob("*.md")), *sorted(ROOT.glob("tests/**/*.md"))]
    found += [p for p in sorted(ROOT.glob("games/**/*.py")) if "migrations" not in p.parts]
    found += sorted(ROOT.glob("tests/**/*.py")) + sorted(ROOT.glob("scorekeeper/*.py"))
    found += sorted(ROOT.glob("benchmarks/*.py")) + sorted(ROOT.glob("templates/**/*.html"))
    found += sorted(ROOT.glob("games/**/templates/**/*.html"))
    found += [p for d in STATIC_DIRS for p in sorted(d.glob("js/**/*.js")) if "vendor" not in p.parts]
    return sorted({p for p in found if p.is_file() and not p.name.endswith(".min.js")} - OWN_EXAMPLES)


# The reader's own tests name what does not exist, on purpose.
OWN_EXAMPLES = {ROOT / "tests" / "engines" / "test_references.py", ROOT / "tests" / "engines" / "test_architecture.py"}
JS_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)


def prose(path: Path) -> list[tuple[int, str]]:
    """The lines a reader reads: of Python, its comments and strings (with the line each starts on); of a script,
    its comments (its code's ``games.key`` is a variable); else every line."""
    text = path.read_text()
    if path.suffix == ".js":
        return [(text.count("\n", 0, m.start()) + 1, m.group()) for m in JS_COMMENT.finditer(text)]
    if path.suffix != ".py":
        return list(enumerate(text.splitlines(), start=1))
    return [
        (token.start[0], token.string)
        for token in tokenize.generate_tokens(io.StringIO(text).readline)
        if token.type in (tokenize.COMMENT, tokenize.STRING)
    ]


def path_exists(name: str) -> bool:
    name = name.rstrip("./")
    candidates = [ROOT / name, ROOT / f"{name}.py"]
    if name.startswith(("games/", "templates/")):  # a template or a folder of them, as views and games name it
        candidates += [folder / name.removeprefix("templates/") for folder in TEMPLATE_DIRS]
    if name.startswith(("js/", "css/")):
        candidates += [folder / name for folder in STATIC_DIRS]
    return any(candidate.exists() for candidate in candidates)


def defines(module: Path, name: str) -> bool:
    """Whether ``module`` (a .py file) has ``name`` at its top level: defined, assigned or imported."""
    text = module.read_text()
    return bool(
        re.search(
            rf"^(?:async def|def|class) {name}\b|^{name}\b[^=\n]*=|^import .*\b{name}\b|^from \S+ import[^#\n]*\b{name}\b",
            text,
            re.M,
        )
        or re.search(rf"^from \S+ import \([^)]*\b{name}\b", text, re.M | re.S)
    )


def module_exists(name: str) -> bool:
    """``games.tables.services`` (a module or package), or a name in one (``games.tables.signals.table_changed``,
    ``games.engines.base.Engine.describe``: the first name after the module is looked up)."""
    parts = name.rstrip(".").split(".")
    for end in range(len(parts), 0, -1):
        base = ROOT.joinpath(*parts[:end])
        module = base.with_suffix(".py") if base.with_suffix(".py").is_file() else base / "__init__.py"
        if module.is_file() or (base.is_dir() and end == len(parts)):
            return end == len(parts) or (module.is_file() and defines(module, parts[end]))
    return False


def stale(path: Path) -> list[str]:
    found = []
    for line, text in prose(path):
        for match in PATH.finditer(text):
            tail = text[match.end() : match.end() + 1]
            if not SKIPPED.search(tail) and not path_exists(match.group()):
                found.append(f"{path.relative_to(ROOT)}:{line}: {match.group()}")
        for match in DOTTED.finditer(text):
            tail = text[match.end() : match.end() + 1]
            if not SKIPPED.search(tail) and not module_exists(match.group()):
                found.append(f"{path.relative_to(ROOT)}:{line}: {match.group()}")
    return found


def test_the_reader_finds_paths_and_modules_that_exist_and_those_that_do_not(tmp_path):
    assert path_exists("games/tables/services.py") and path_exists("games/tables/views/")
    assert path_exists("games/table.html"), "a template's name, found among the template folders"
    assert module_exists("games.tables.signals.table_changed") and module_exists("games.tables")
    assert not path_exists("games/views/offline.py") and not path_exists("games/phone.py")
    assert not module_exists("games.services") and not module_exists("games.views.common")
    assert not module_exists("games.tables.signals.no_such_name")


def test_no_prose_names_a_path_or_module_that_does_not_exist():
    found = [line for path in sources() for line in stale(path)]
    assert not found, "\n".join(found)
