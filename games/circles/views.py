"""Circles: a group's regular players across tables, one history of all their tables, statistics and a chart."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.db.models import Sum
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import (
    require_http_methods,
    require_POST,
    require_safe,
)

from games.circles import services as circle_services
from games.circles.forms import AddTableForm, CircleForm
from games.lib.charts import running_totals_chart, spread_points
from games.lib.inputs import whole_number
from games.lib.limits import too_many, wait_for
from games.lib.text import isolate_text
from games.models import Circle, HandFacts, RatingStep, Score
from games.ratings import core as ratings
from games.ratings import shown as ratings_shown
from games.ratings.charts import RECENT_EVENTS, rating_chart
from games.registry import GAMES
from games.tables import services
from games.tables.common import game_or_404, known_tables, remember_on
from games.tables.forms import RulesForm
from games.tables.stats import player_stats


def _remember_circle(request: HttpRequest, circle: Circle, *, can_edit: bool) -> None:
    """This browser's list of circles: those it can change, and those it may only look at."""
    remember_on(request, "circles" if can_edit else "circle_views", circle.pk)


@require_http_methods(["GET", "POST"])
def new_circle(request: HttpRequest) -> HttpResponse:
    form = CircleForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        circle = Circle.objects.create(name=form.cleaned_data["name"], players=form.player_names())
        _remember_circle(request, circle, can_edit=True)
        return redirect("circle", token=circle.token)
    return render(request, "games/circle_form.html", {"form": form})


CIRCLE_TABLES = 20


def _circle_chart(circle: Circle, game: str):
    """Each player's running total over the circle's tables of one game, a point per table (at most
    CHART_POINTS, evenly spread): a season is summarised, not drawn hand by hand."""
    rows = list(
        circle.tables.filter(game=game, hand_count__gt=0).order_by("created_at", "pk").values_list("players", "totals")
    )
    if len(rows) < 2:
        return None
    names = list(circle.players)
    for players, _totals in rows:
        names += [p for p in players if p not in names]
    series, running = [], [0] * len(names)
    for players, totals in rows:  # a player who did not play a table leaves a gap there, not a flat line
        running = [r + totals.get(name, 0) for r, name in zip(running, names)]
        series.append([r if name in players else None for r, name in zip(running, names)])
    numbers = spread_points(len(series))
    series = [series[n - 1] for n in numbers]
    return running_totals_chart(names, series, numbers=numbers, x_label=_("table"))


def _rating_chart(circle: Circle, game: str):
    """Each player's rating after each of the circle's events of one game (from the first they played; a
    rating stays as it was while its player is away), a point per event (at most CHART_POINTS, evenly spread)."""
    return rating_chart(circle.rating_steps.filter(game=game))


def _recent_events(circle: Circle, game: str) -> list[dict]:
    """The circle's last events of a game, newest first: each player's place, the place expected, the change."""
    last = circle.rating_steps.filter(game=game).order_by("-number").values_list("number", flat=True).first()
    if last is None:
        return []
    return ratings_shown.steps_by_event(
        RatingStep.objects.filter(circle=circle, game=game, number__gt=last - RECENT_EVENTS).order_by("-number", "id")
    )


def _tonight(request: HttpRequest, circle: Circle, game: str, pool: dict) -> dict | None:
    """Who plays tonight (picked on the page, by GET): each one's chance of finishing first as a whole
    percentage (together 100), the likeliest first; in a game of two fixed teams, each way of pairing them and each
    team's chance (a partner's is the team's). As many players as the game seats, else a message."""
    if request.GET.get("game") != game:
        return None
    known = set(circle.players)
    names = list(dict.fromkeys(name for name in request.GET.getlist("plays") if name in known))
    error = _seats_refusal(GAMES[game].engine.PLAYER_COUNTS, len(names))
    if error:
        return {"error": error, "names": names}
    if ratings.sides(game, len(names)) == 2:  # partners share their place: the chances are the teams'
        now = pool.get(game, {})
        splits = [
            list(zip(split, ratings.whole_percents(ratings.team_chances(now, split))))
            for split in ratings.pairings(names)
        ]
        return {"names": names, "teams": splits}
    found = ratings.chances(pool.get(game, {}), names)
    percents = dict(zip(names, ratings.whole_percents([found[name] for name in names])))
    order = sorted(names, key=lambda name: (-found[name], names.index(name)))
    return {"names": names, "chances": [(name, percents[name]) for name in order]}


def _seats_refusal(counts: tuple[int, ...], picked: int) -> str:
    """What is wrong with ``picked`` players for a game played by ``counts`` players; "" when nothing is."""
    if picked < 2:
        return _("Pick at least two players.")
    if picked in counts:
        return ""
    least, most = min(counts), max(counts)
    if least == most:
        return ngettext(
            "This game is played by %(count)s players: pick %(count)s.",
            "This game is played by %(count)s players: pick %(count)s.",
            most,
        ) % {"count": most}
    return _("This game is played by %(least)s to %(most)s players: pick between %(least)s and %(most)s.") % {
        "least": least,
        "most": most,
    }


@require_http_methods(["GET", "POST"])
def circle_page(request: HttpRequest, token: str) -> HttpResponse:
    """The circle by its edit link: its players (editable), new tables with them, its tables to edit."""
    circle = get_object_or_404(Circle, token=token)
    _remember_circle(request, circle, can_edit=True)
    form = CircleForm(request.POST or None, initial={"name": circle.name, "players": "\n".join(circle.players)})
    if request.method == "POST" and form.is_valid():
        circle_services.save_circle(circle, name=form.cleaned_data["name"], players=form.player_names())
        messages.success(request, _("Circle saved."))
        return redirect("circle", token=token)
    return _circle(request, circle, can_edit=True, form=form)


@require_POST
def add_table(request: HttpRequest, token: str) -> HttpResponse:
    """One of this phone's tables (it holds their edit links) joins the circle, by the circle's edit link."""
    circle = get_object_or_404(Circle, token=token)
    form = AddTableForm(request.POST, tables=known_tables(request), circle=circle)
    if not form.is_valid():
        return _circle(request, circle, can_edit=True, add_form=form)
    services.add_to_circle(form.chosen(), circle)
    messages.success(request, _("%(table)s is now in the circle.") % {"table": isolate_text(form.chosen())})
    return redirect("circle", token=token)


@require_safe
def circle_view(request: HttpRequest, token: str) -> HttpResponse:
    """The circle by its view link: the same statistics and chart; its tables only by their view links."""
    circle = get_object_or_404(Circle, view_token=token)
    _remember_circle(request, circle, can_edit=False)
    return _circle(request, circle, can_edit=False)


def _circle(
    request: HttpRequest,
    circle: Circle,
    *,
    can_edit: bool,
    form: CircleForm | None = None,
    add_form: AddTableForm | None = None,
) -> HttpResponse:
    """Its tables (newest first, a page at a time), and each game's statistics and chart, all from grouped
    queries: the page costs the same after a season as after an evening. Those queries still read every hand of
    the circle: a circle holding more hands than the longest table counts as long pages (one per TALON_MAX_HANDS
    hands), since anyone may fill a circle with the longest tables."""
    hands = circle.tables.aggregate(hands=Sum("hand_count"))["hands"] or 0
    if hands > settings.TALON_MAX_HANDS:
        seconds = wait_for(request, hands // settings.TALON_MAX_HANDS)
        if seconds:
            return too_many(request, seconds)
    count = circle.tables.count()
    pages = max(1, -(-count // CIRCLE_TABLES))
    page = min(whole_number(request.GET.get("page")) or 1, pages)
    tables = circle.tables.order_by("-created_at", "-pk")[(page - 1) * CIRCLE_TABLES : page * CIRCLE_TABLES]
    played = set(circle.tables.values_list("game", flat=True).distinct())
    games = []
    pool = ratings_shown.ratings_now(ratings_shown.Pool(circle=circle))
    for game in GAMES.values():
        if game.slug not in played:
            continue
        scores = Score.objects.filter(table__circle=circle, table__game=game.slug, hand__deleted=False)
        facts = HandFacts.objects.filter(table__circle=circle, table__game=game.slug, hand__deleted=False)
        games.append(
            {
                "game": game,
                "web": game.web,
                "stats": player_stats(game.slug, scores, facts),
                "chart": _circle_chart(circle, game.slug),
                "ratings": ratings_shown.shown(ratings_shown.Pool(circle=circle), game.slug),
                "rating_chart": _rating_chart(circle, game.slug),
                "recent": _recent_events(circle, game.slug),
                "tonight": _tonight(request, circle, game.slug, pool),
                "tables": circle.tables.filter(game=game.slug).count(),
            }
        )
    if can_edit and add_form is None:
        add_form = AddTableForm(tables=[table for table in known_tables(request) if table.circle_id != circle.pk])
    return render(
        request,
        "games/circle.html",
        {
            "circle": circle,
            "form": form,
            "tables": tables,
            "games": games,
            "new_games": GAMES.values(),
            "page": page,
            "pages": pages,
            "can_edit": can_edit,
            "add_form": add_form,
        },
    )


@require_http_methods(["GET", "POST"])
def circle_rules(request: HttpRequest, token: str, game: str) -> HttpResponse:
    """The circle's own house rules for a game ("our rules"): every new table of it in the circle starts from them."""
    circle = get_object_or_404(Circle, token=token)
    chosen = game_or_404(game)
    form = RulesForm(request.POST or None, engine=chosen.engine, current=circle.rules.get(game))
    if request.method == "POST" and form.is_valid():
        rules = form.rules()
        chosen_preset = form.cleaned_data.get("preset")
        if chosen_preset and chosen_preset in {p.key for p in chosen.engine.PRESETS}:
            rules = {"preset": chosen_preset, **rules}  # kept whatever the number of players at a new table
        circle.rules = {**circle.rules, game: rules}
        circle.save(update_fields=["rules"])
        messages.success(request, _("Our rules are saved: new tables of the circle start from them."))
        return redirect("circle", token=token)
    return render(request, "games/circle_rules.html", {"circle": circle, "form": form, "game": chosen})
