"""One place per game: the registry is the only list of games. Outside the engines, no file of the app names
more than one game, a table's game is checked against the registry, and every page iterates it."""

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from django.templatetags.static import static
from django.urls import reverse
from django.utils.html import escape

from games.models import Table
from games.registry import GAMES
from games.web import CIRCLES, POINTS

ROOT = Path(__file__).resolve().parents[2]
APP_FILES = [
    path
    for folder in ("games", "templates", "static", "scorekeeper")
    for path in (ROOT / folder).rglob("*")
    if path.is_file()
    and path.suffix in (".py", ".html", ".js", ".css")
    and "engines" not in path.relative_to(ROOT).parts
    and "migrations" not in path.parts
    and "tests" not in path.relative_to(ROOT).parts  # a game's own tests, in its folder, are no app file
]
ENGINE_FILES = sorted((ROOT / "games" / "engines").glob("*.py"))


def names_of(slug: str) -> list[str]:
    """What names a game in code: its slug and its modules' name. Not its title, an ordinary word that another
    game's rules may use (Two Ten Jack's hearts are a suit, not the game Hearts)."""
    return [slug, slug.replace("-", "_")]


def naming(name: str) -> str:
    """A name of two words or more (czech-taroky, two_ten_jack) names its game anywhere; a single word (hearts)
    only where code names a game: quoted, in a path or a dotted module name, or imported."""
    if "-" in name or "_" in name:
        return rf"(?<![\w-]){re.escape(name)}(?![\w-])"
    return rf"(?<=[\"'/.]){re.escape(name)}(?=[\"'/.])|\bimport {re.escape(name)}\b"


def games_named_in(text: str) -> set[str]:
    return {slug for slug in GAMES if any(re.search(naming(name), text) for name in names_of(slug))}


def test_a_game_is_named_by_its_slug_and_modules_not_by_a_word_of_its_title():
    assert games_named_in("games/two_ten_jack/entry.py") == {"two-ten-jack"}
    assert games_named_in('GAMES["hearts"], templates/games/hearts/') == {"hearts"}
    assert games_named_in("hearts first; the hearts score plus, spades minus") == set()


MORE_THAN_ONE_GAME = [
    "games/registry.py",  # the only list of games
    "games/tournaments/engine/presets.py",  # the tournament format's preset table (tournament.md): data naming the
]  # game each format was made for ("tarzs": Slovenian Tarok), not code


def test_only_the_registry_names_more_than_one_game():
    many = sorted(str(path.relative_to(ROOT)) for path in APP_FILES if len(games_named_in(path.read_text())) > 1)
    assert many == MORE_THAN_ONE_GAME


# A game's own words (its marks, contracts, roles), which only its own files may name: its engine, entry, web
# side and templates. Shared code reads them as data from the engine (its RANKING, marks, labels).
CONCEPTS = {
    "schnapsen": ("bummerl",),
    "slovenian-tarok": ("radelc", "klop", "valat", "trula"),
    "czech-taroky": ("povinnost", "prever", "pagát", "valat", "trula"),
    "koenigrufen": ("valat", "trischaken", "bürgermeister", "jungfrau", "sküs"),
    "bauernschnapsen": ("bummerl",),
    "dreierschnapsen": ("bummerl",),
    "schnapsen-family": ("bummerl",),  # what the two share: games/schnapsen_family/
}
RANKING_FILES = (
    "games/tournaments/",
    "games/ratings/",
    "games/tables/stats.py",
    "templates/games/tournament/",
    "templates/games/end_evening.html",
    "games/tables/views/rules.py",
)


def own_files(slug: str) -> tuple[str, ...]:
    module = slug.replace("-", "_")
    family = (f"games/engines/{module}",) if slug.endswith("-family") else ()  # a family's modules, fields too
    return (
        *family,
        f"games/{module}/",  # its folder (engine, entry, web side, templates, stylesheet, tests), or a family's
        f"games/engines/{module}.py",
        f"games/entry/{module}.py",
    )


def concepts_named(path: Path) -> set[str]:
    where = str(path.relative_to(ROOT))
    text = path.read_text().lower()
    owners = {
        word: [slug for slug, words in CONCEPTS.items() if word in words]
        for words in CONCEPTS.values()
        for word in words
    }
    return {
        word
        for word, slugs in owners.items()
        if word in text and not any(where.startswith(own_files(slug)) for slug in slugs)
    }


def test_no_shared_file_names_a_games_own_words():
    """Not even in a comment: a shared file (code, template, stylesheet, script) reads a game's own words as data
    from its engine or web side, and the game's own files (its engine, entry, web side, templates and stylesheet)
    say them."""
    named = {str(path.relative_to(ROOT)): words for path in APP_FILES + ENGINE_FILES if (words := concepts_named(path))}
    assert named == {}


def test_the_ranking_is_read_as_data_where_players_are_placed():
    """The end of the evening, statistics, ratings and tournaments place players by the engine's RANKING: none of
    them names a game's word, not even in a comment."""
    for path in APP_FILES + ENGINE_FILES:
        where = str(path.relative_to(ROOT))
        if where.startswith(RANKING_FILES):
            assert not concepts_named(path), where


@pytest.mark.parametrize("slug", GAMES)
def test_a_game_that_settles_other_than_points_words_what_it_counts(slug):
    """Settle-up's words (the price's field, "per point", "24 points") are the game's web side's: the shared
    ones are a point's, and a game whose settle-up counts something else words it itself."""
    game = GAMES[slug]
    assert (game.engine.SETTLE_UNIT == "point") == (game.web.settle is POINTS), game.engine.SETTLE_UNIT


STYLESHEETS = [(slug, game.web.stylesheet) for slug, game in GAMES.items() if game.web.stylesheet]


def selectors(css: str) -> set[str]:
    return set(re.findall(r"\.([\w-]+)", re.sub(r"/\*.*?\*/", "", css, flags=re.S)))


@pytest.mark.parametrize("slug", GAMES)
def test_the_circles_of_a_games_marks_are_drawn_by_its_own_stylesheet(slug):
    """A game's marks drawn as circles (on the server and on the phone, by ``Mark.classes``) look as its own
    stylesheet says: the shared one draws no game's marks."""
    web = GAMES[slug].web
    classes = {name for mark in web.marks if mark.look == CIRCLES for name in mark.classes}
    if classes:
        assert web.stylesheet, f"{slug} draws circles without a stylesheet of its own"
        own = selectors((GAMES[slug].folder / "static" / web.stylesheet).read_text())
        assert classes <= own, classes - own
        assert not classes & selectors((ROOT / "static/css/talon.css").read_text())


@pytest.mark.django_db
@pytest.mark.parametrize(("slug", "sheet"), STYLESHEETS)
def test_a_games_own_stylesheet_is_on_every_page_and_kept_for_no_signal(client, slug, sheet):
    assert sheet.startswith("css/games/") and (GAMES[slug].folder / "static" / sheet).is_file()  # in its folder
    link = f'<link rel="stylesheet" href="{static(sheet)}">'
    for page in (reverse("home"), reverse("rules", args=[slug]), reverse("offline")):
        text = client.get(page).content.decode()
        assert text.index(link) > text.index(static("css/talon.css")), page  # after the shared one
    assert f'"{static(sheet)}"' in client.get(reverse("service_worker")).content.decode()


@pytest.mark.django_db
def test_a_table_of_an_unknown_game_is_refused_by_the_model():
    with pytest.raises(ValidationError):
        Table(game="poker", players=["A", "B"]).full_clean()


@pytest.mark.django_db
@pytest.mark.parametrize("page", ["home", "new_table", "rules_index"])
def test_pages_list_every_registered_game(client, page):
    text = client.get(reverse(page)).content.decode()
    for slug in GAMES:
        assert f"/{slug}/" in text


@pytest.mark.django_db
@pytest.mark.parametrize("slug", GAMES)
def test_every_option_of_an_engine_is_on_the_new_table_settings_and_rules_pages(client, slug):
    from ..factories import make_sample

    table = make_sample(slug)
    pages = [
        client.get(reverse("new_table_for", args=[slug])),
        client.get(reverse("settings", args=[table.edit_token])),
    ]
    rules = client.get(reverse("rules", args=[slug])).content.decode()
    for option in GAMES[slug].engine.OPTIONS:
        if option.kind == "card-points":  # one box per card of its groups
            expected = {f"points_{card}" for _group, cards in option.groups for card, _label in cards}
        else:
            expected = {f"rule_{option.key}"}
        for page in pages:
            assert expected <= set(page.context["form"].fields), option.key
        assert escape(option.label) in rules, option.key


@pytest.mark.django_db
def test_a_new_option_in_an_engine_appears_in_the_forms_without_form_code(client, monkeypatch):
    from games.contract.options import Option
    from games.czech_taroky import engine as czech_taroky

    @dataclass(frozen=True)
    class Rules(czech_taroky.Rules):  # the engine scores with its new option
        extra_rule: int = 1

    extra = Option("extra_rule", "Extra rule", "What it does.", default=1, kind="whole", low=0, high=9)
    monkeypatch.setattr(czech_taroky, "OPTIONS", (*czech_taroky.OPTIONS, extra))
    monkeypatch.setattr(czech_taroky, "Rules", Rules)
    page = client.get(reverse("new_table_for", args=["czech-taroky"]))
    assert "rule_extra_rule" in page.context["form"].fields and "What it does." in page.content.decode()
    assert "Extra rule" in client.get(reverse("rules", args=["czech-taroky"])).content.decode()
