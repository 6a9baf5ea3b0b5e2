"""Templates fit a screen: no line of a template is longer than 200 characters (issue 31). Django's tags cannot span
lines, so a long text is written in {% blocktranslate trimmed %} over several lines: trimmed joins them with one
space, so its message (and every translation of it) is the same however the lines are broken. Without trimmed, the
line breaks would be part of the message, and the catalogues' translations would no longer match it."""

import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LONGEST = 200
SKIPPED = {".git", ".venv", "node_modules", "staticfiles", "__pycache__"}


def template_folders() -> list[Path]:
    found = []
    for folder, subfolders, _files in os.walk(ROOT):
        subfolders[:] = [name for name in subfolders if name not in SKIPPED]
        if Path(folder).name == "templates":
            found.append(Path(folder))
            subfolders[:] = []
    return sorted(found)


TEMPLATES = sorted(path for folder in template_folders() for path in folder.rglob("*") if path.is_file())
BLOCK = re.compile(r"{% blocktranslate\b([^%]*)%}(.*?){% endblocktranslate %}", re.S)


def long_lines(text: str) -> list[tuple[int, int]]:
    return [(number, len(line)) for number, line in enumerate(text.splitlines(), 1) if len(line) > LONGEST]


def untrimmed_blocks(text: str) -> list[int]:
    """The lines where a {% blocktranslate %} whose text spans lines starts without trimmed."""
    return [
        text.count("\n", 0, m.start()) + 1
        for m in BLOCK.finditer(text)
        if "\n" in m.group(2) and "trimmed" not in m.group(1).split()
    ]


def test_every_folder_of_templates_is_read():
    assert {str(folder.relative_to(ROOT)) for folder in template_folders()} >= {
        "templates",
        "games/slovenian_tarok/templates",
        "tests/hearts/templates",
    }
    assert (
        ROOT / "games/slovenian_tarok/templates/games/slovenian_tarok/marks.html" in TEMPLATES and len(TEMPLATES) > 80
    )


def test_no_template_line_is_longer_than_200_characters():
    found = [
        f"{path.relative_to(ROOT)}:{number}: {length} characters"
        for path in TEMPLATES
        for number, length in long_lines(path.read_text(encoding="utf-8"))
    ]
    assert not found, found


def test_a_translated_text_over_several_lines_is_trimmed():
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in TEMPLATES
        for line in untrimmed_blocks(path.read_text(encoding="utf-8"))
    ]
    assert not found, found


def test_the_guards_see_what_they_guard():
    assert long_lines("short\n" + "x" * 201) == [(2, 201)] and not long_lines("x" * 200)
    assert untrimmed_blocks("<p>\n{% blocktranslate %}One\ntwo{% endblocktranslate %}") == [2]
    assert not untrimmed_blocks(
        "{% blocktranslate count n=x trimmed %}\n  One\n{% plural %}\n  Two\n{% endblocktranslate %}"
    )
    assert not untrimmed_blocks("{% blocktranslate %}One line{% endblocktranslate %}\n")
