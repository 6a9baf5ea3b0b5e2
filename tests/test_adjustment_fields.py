"""The shared penalty and carry-over forms name no game: what a game's adjustment takes beyond the amounts (Slovenian
Tarok's radelci) is declared by its web module (``GameWeb.adjustment_fields``), and the forms and the shared
templates ask for it and write it from that alone."""

import re
from pathlib import Path

import pytest

from games.engines.base import MOST_RADELCI
from games.tables.forms import CarryOverForm, PenaltyForm
from games.registry import GAMES
from games.web import AdjustmentField

from .test_status_looks import GENERIC, game_words

ROOT = Path(__file__).resolve().parents[1]
SHARED = [ROOT / "games" / "forms.py", *sorted((ROOT / "templates").glob("*.html")),
          *sorted((ROOT / "templates" / "games").glob("*.html")),
          *sorted((ROOT / "templates" / "games" / "widgets").glob("*.html"))]
PLAYERS = ["North", "East", "South"]


def named(words: set[str], text: str) -> list[str]:
    return sorted(word for word in words if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text))


@pytest.mark.parametrize("slug", GAMES)
def test_the_shared_forms_and_templates_name_no_games_marks(slug):
    words = (game_words(slug) | {field.key for field in GAMES[slug].web.adjustment_fields}) - GENERIC
    for path in SHARED:
        found = named(words, path.read_text(encoding="utf-8"))
        assert not found, f"{path.relative_to(ROOT)} names {found} of {slug}"


def test_the_guard_sees_a_games_marks():
    assert named(game_words("slovenian-tarok"), (ROOT / "templates/games/slovenian_tarok/marks.html").read_text())


def test_slovenian_tarok_declares_its_radelci_with_todays_bounds():
    (radelci,) = GAMES["slovenian-tarok"].web.adjustment_fields
    assert radelci.key == "radelci"
    assert (radelci.low, radelci.high, radelci.carry_low, radelci.carry_high) == (-20, 20, 0, MOST_RADELCI)
    assert all(not game.web.adjustment_fields for slug, game in GAMES.items() if slug != "slovenian-tarok")


MOONS = AdjustmentField("moons", label="Moons to add", help="1 adds a moon.", carry_label="%(player)s: moons",
                        carry_short="moons", missing="Write how much (or the moons).", low=-3, high=3,
                        carry_low=0, carry_high=9)


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
        [("moons", "moons_0")], [("moons", "moons_1")], [("moons", "moons_2")]]
    only_moons = CarryOverForm({"moons_0": "1"}, players=PLAYERS, extras=(MOONS,))
    assert only_moons.is_valid() and only_moons.to_data() == {"adjustment": {}, "moons": {"North": 1}}
    too_many = CarryOverForm({"moons_0": "10"}, players=PLAYERS, extras=(MOONS,))
    assert not too_many.is_valid() and "moons_0" in too_many.errors
    assert not CarryOverForm({"moons_0": "1"}, players=PLAYERS).is_valid()  # a field the game does not declare
