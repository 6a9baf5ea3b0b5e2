"""The rules assistant: how each game goes and is scored, its house rules with their sources, a calculator."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_safe
from django.views.decorators.vary import vary_on_headers

from games.contract.options import parse_options
from games.contract.ranking import ranking_words
from games.engines.table import InvalidTable
from games.lib.inputs import is_token, whole_number
from games.models import Table
from games.ratings import core as ratings
from games.registry import GAMES
from games.tables import services
from games.tables.common import game_or_404, partial
from games.tables.forms import RulesForm
from games.tables.lines import RuleLinks

CALCULATOR_PLAYERS = ["A", "B", "C", "D", "E", "F"]


@require_safe
def rules_index(request: HttpRequest) -> HttpResponse:
    return render(request, "games/rules_index.html", {"games": GAMES.values()})


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def rules_page(request: HttpRequest, game: str) -> HttpResponse:
    """How the game goes and is scored; its rules by number, each option with its source (and its value at a
    table, for ``?t=<view link>``), the presets; a calculator that can also try other rules."""
    chosen = game_or_404(game)
    engine, web = chosen.engine, chosen.web
    link = request.GET.get("t")
    table = Table.objects.filter(view_token=link, game=game).first() if is_token(link) else None
    count = whole_number(request.GET.get("players"))
    count = count if count in engine.PLAYER_COUNTS else len(table.players) if table else web.calculator_players
    players = CALCULATOR_PLAYERS[:count]
    data = request.POST or None
    form = web.hand_form(data, initial=web.calculator_initial, players=players)
    rules_form = RulesForm(data, engine=engine, current=table.rules if table else None)
    result = rules = None
    if form.is_bound and form.is_valid() and rules_form.is_valid():
        rules = rules_form.rules(count)
        try:
            result = services.preview_without_table(
                game, players, rules, form.to_data(), lambda hand, state: web.calculator_state(data, hand, state)
            )
        except InvalidTable as error:
            form.show_engine_error(error)
    context = {
        "form": form,
        "rules_form": rules_form,
        "result": result,
        "players": players,
        "game": chosen,
        "web": web,
        "links": RuleLinks.of(game, table.view_token if table else ""),
        "table": table,
        "title": gettext(engine.TITLE),
        "options": _options(engine, table),
        "numbered": _numbered(engine),
        "presets": [
            (p.key, gettext(p.label), gettext(p.description), _preset_values(engine, p)) for p in engine.PRESETS
        ],
        "preview_url": request.get_full_path(),
    }
    if partial(request):
        return render(request, "games/hand_form.html#preview", context)
    return render(request, "games/rules.html", context)


def _value(option, value) -> str:
    for choice, label in option.choices:
        if choice == value and type(choice) is type(value):
            return gettext(label)
    return "…" if isinstance(value, (tuple, list, dict)) else str(value)


def _options(engine, table: Table | None) -> list[dict]:
    """Every option: its name, what it does, its source, its default; and its value at the table."""
    at_table = parse_options(table.rules, engine.OPTIONS, len(table.players), engine.PRESETS) if table else {}
    return [
        {
            "key": o.key,
            "label": gettext(o.label),
            "help": gettext(o.help),
            "source": gettext(o.source),
            "rule": o.rule,
            "default": ", ".join(f"{count}: {_value(o, v)}" for count, v in sorted(o.by_count.items()))
            if o.by_count
            else _value(o, o.default),
            "here": _value(o, at_table[o.key]) if table else None,
        }
        for o in engine.OPTIONS
    ]


def _numbered(engine) -> list[tuple[str, str, list[str]]]:
    """The rules by number, each with the options that change it."""
    return [
        (number, gettext(title), [gettext(o.label) for o in engine.OPTIONS if o.rule == number])
        for number, title in engine.RULES.items()
    ]


def _preset_values(engine, preset) -> list[tuple[str, str]]:
    labels = {o.key: o for o in engine.OPTIONS}
    return [(gettext(labels[key].label), _value(labels[key], value)) for key, value in preset.values.items()]


@require_safe
def ratings_rules(request: HttpRequest) -> HttpResponse:
    """How a circle's ratings work, in players' words (games.ratings: its thresholds are the page's numbers)."""
    return render(
        request,
        "games/rules_ratings.html",
        {
            "start": round(ratings.START_MU),
            "start_sigma": ratings.START_SIGMA,
            "unsure": ratings.UNSURE,
            "sure": ratings.SURE,
            "few": ratings.FEW_EVENTS,
            "orders": [
                (gettext(game.engine.TITLE), ranking_words(game.engine.RANKING, gettext)) for game in GAMES.values()
            ],
        },
    )
