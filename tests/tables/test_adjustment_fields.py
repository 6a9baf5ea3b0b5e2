"""The shared penalty and carry-over forms name no game: what a game's adjustment takes beyond the amounts (Slovenian
Tarok's radelci) is declared by its web module (``GameWeb.adjustment_fields``), and the forms and the shared
templates ask for it and write it from that alone."""

import ast
import re
from pathlib import Path

import pytest

from games.registry import GAMES
from games.slovenian_tarok.engine import MOST_RADELCI
from games.tables.forms import CarryOverForm, PenaltyForm
from games.web import AdjustmentField

from .test_status_looks import GENERIC, game_words

ROOT = Path(__file__).resolve().parents[2]
SHARED = [
    ROOT / "games" / "tables" / "forms.py",
    ROOT / "games" / "web" / "forms.py",
    *sorted((ROOT / "templates").glob("*.html")),
    *sorted((ROOT / "templates" / "games").glob("*.html")),
    *sorted((ROOT / "templates" / "games" / "widgets").glob("*.html")),
]
PLAYERS = ["North", "East", "South"]


def named(words: set[str], text: str) -> list[str]:
    return sorted(word for word in words if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text))


CLASS = re.compile(r"""\bclass=("[^"]*"|'[^']*')""")
TAG = re.compile(r"{{.*?}}|{%.*?%}", re.S)
PROSE = re.compile(r""""[^"]*\s[^"]*"|'[^']*\s[^']*'""")  # a quoted text of words: a message, not a key


def read_as(path: Path, text: str) -> tuple[str, str]:
    """What of a shared file could read a game's marks (its Python's strings: keys are strings; a template's
    variables, lookups and one-word strings in its tags), and its CSS classes (a template's class attributes).
    A Python name or attribute (``COUNTER.cards``), a page's own layout class (``<ul class="cards">``) and its
    prose ("whoever had the cards") read no game's mark."""
    if path.suffix == ".py":
        strings = [
            node.value
            for node in ast.walk(ast.parse(text))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
        ]
        return "\n".join(strings), "\n".join(strings)
    return "\n".join(PROSE.sub("", tag) for tag in TAG.findall(text)), "\n".join(CLASS.findall(text))


def names_of_marks(slug: str, path: Path, text: str) -> list[str]:
    web = GAMES[slug].web
    classes = {name for mark in web.marks for name in mark.classes if mark.look == "circles"}
    words = (game_words(slug) | {field.key for field in web.adjustment_fields}) - GENERIC
    data, looks = read_as(path, text)
    return sorted(set(named(words - classes, data)) | set(named(words & classes, looks)))


@pytest.mark.parametrize("slug", GAMES)
def test_the_shared_forms_and_templates_name_no_games_marks(slug):
    for path in SHARED:
        found = names_of_marks(slug, path, path.read_text(encoding="utf-8"))
        assert not found, f"{path.relative_to(ROOT)} names {found} of {slug}"


def test_the_guard_sees_a_games_marks():
    marks = ROOT / "games/slovenian_tarok/templates/games/slovenian_tarok/marks.html"
    assert names_of_marks("slovenian-tarok", marks, marks.read_text())
    forms = ROOT / "games" / "tables" / "forms.py"
    assert names_of_marks("slovenian-tarok", forms, 'marks_of(status, "radelci")') == ["radelci"]
    assert names_of_marks("hearts", forms, 'marks["cards"]') == ["cards"]
    page = ROOT / "templates" / "games" / "table.html"
    assert names_of_marks("hearts", page, "{{ summary.table_marks.cards }}") == ["cards"]


def test_a_mark_may_share_its_name_with_a_word_the_shared_code_uses_otherwise():
    """Hearts' table mark ``cards`` is also a Python name in games/web/forms.py (a counter's ``cards``) and a layout
    class of the ratings page: neither reads the mark."""
    assert "cards" in game_words("hearts")
    forms = ROOT / "games" / "tables" / "forms.py"
    assert re.search(r"\bcards\b", forms.read_text()) and not names_of_marks("hearts", forms, forms.read_text())
    page = ROOT / "templates" / "games" / "_ratings.html"
    assert 'class="cards"' in page.read_text() and not names_of_marks("hearts", page, page.read_text())
    page = ROOT / "templates" / "games" / "rules_ratings.html"
    assert "the cards" in page.read_text() and not names_of_marks("hearts", page, page.read_text())


def test_slovenian_tarok_declares_its_radelci_with_todays_bounds():
    (radelci,) = GAMES["slovenian-tarok"].web.adjustment_fields
    assert radelci.key == "radelci"
    assert (radelci.low, radelci.high, radelci.carry_low, radelci.carry_high) == (-20, 20, 0, MOST_RADELCI)
    assert all(not game.web.adjustment_fields for slug, game in GAMES.items() if slug != "slovenian-tarok")


MOONS = AdjustmentField(
    "moons",
    label="Moons to add",
    help="1 adds a moon.",
    carry_label="%(player)s: moons",
    carry_short="moons",
    missing="Write how much (or the moons).",
    low=-3,
    high=3,
    carry_low=0,
    carry_high=9,
)


def test_any_declared_field_is_asked_for_and_written_by_the_penalty_form():
    engine = GAMES["hearts"].engine
    form = PenaltyForm({"who": "East", "moons": "2"}, players=PLAYERS, engine=engine, extras=(MOONS,))
    assert form.is_valid(), form.errors
    assert form.to_data() == {"adjustment": {}, "moons": {"East": 2}}
    assert [field.name for field in form.extra_fields()] == ["moons"]
    assert str(form["moons"].label) == "Moons to add" and form["moons"].help_text == "1 adds a moon."
    too_many = PenaltyForm({"who": "East", "moons": "4"}, players=PLAYERS, engine=engine, extras=(MOONS,))
    assert not too_many.is_valid() and "moons" in too_many.errors
    nothing = PenaltyForm({"who": "East"}, players=PLAYERS, engine=engine, extras=(MOONS,))
    assert not nothing.is_valid() and nothing.errors["amount"] == ["Write how much (or the moons)."]
    plain = PenaltyForm({"who": "East"}, players=PLAYERS, engine=engine)
    assert not plain.is_valid() and plain.errors["amount"] == ["Write how much."]


def test_any_declared_field_is_asked_for_and_written_by_the_carry_over_form():
    form = CarryOverForm({"total_0": "5", "moons_2": "3"}, players=PLAYERS, extras=(MOONS,))
    assert form.is_valid(), form.errors
    assert form.to_data() == {"adjustment": {"North": 5}, "moons": {"South": 3}}
    assert form["moons_1"].label == "East: moons"
    assert [[(label, field.name) for label, field in extras] for _name, _total, extras in form.rows()] == [
        [("moons", "moons_0")],
        [("moons", "moons_1")],
        [("moons", "moons_2")],
    ]
    only_moons = CarryOverForm({"moons_0": "1"}, players=PLAYERS, extras=(MOONS,))
    assert only_moons.is_valid() and only_moons.to_data() == {"adjustment": {}, "moons": {"North": 1}}
    too_many = CarryOverForm({"moons_0": "10"}, players=PLAYERS, extras=(MOONS,))
    assert not too_many.is_valid() and "moons_0" in too_many.errors
    assert not CarryOverForm({"moons_0": "1"}, players=PLAYERS).is_valid()  # a field the game does not declare
