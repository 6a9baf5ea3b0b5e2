"""Circles: a group's regular players across tables, one history of all their tables, statistics and a chart."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from ..forms import CircleForm
from ..models import Circle, Hand
from ..presentation import running_totals_chart
from ..registry import GAMES
from ..stats import player_stats, running_totals


def _remember_circle(request: HttpRequest, circle: Circle) -> None:
    remembered = request.session.get("circles", [])
    if circle.pk not in remembered:
        request.session["circles"] = [circle.pk] + remembered[:49]


@require_http_methods(["GET", "POST"])
def new_circle(request: HttpRequest) -> HttpResponse:
    form = CircleForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        circle = Circle.objects.create(name=form.cleaned_data["name"], players=form.player_names())
        _remember_circle(request, circle)
        return redirect("circle", token=circle.token)
    return render(request, "games/circle_form.html", {"form": form})


@require_http_methods(["GET", "POST"])
def circle_page(request: HttpRequest, token: str) -> HttpResponse:
    """The circle's players, every table it played (one history), and each game's statistics and chart."""
    circle = get_object_or_404(Circle, token=token)
    _remember_circle(request, circle)
    form = CircleForm(request.POST or None, initial={"name": circle.name, "players": "\n".join(circle.players)})
    if request.method == "POST" and form.is_valid():
        Circle.objects.filter(pk=circle.pk).update(name=form.cleaned_data["name"], players=form.player_names())
        messages.success(request, _("Circle saved."))
        return redirect("circle", token=token)
    tables = list(circle.tables.order_by("-created_at"))
    hands_by_table: dict[int, list] = {}
    for table_id, data, scores in (Hand.objects.filter(table__circle=circle, deleted=False)
                                   .order_by("table_id", "seq").values_list("table_id", "data", "scores")):
        hands_by_table.setdefault(table_id, []).append((data, scores))
    games = []
    for game in GAMES.values():
        played = [(t.players, hands_by_table.get(t.pk, [])) for t in reversed(tables) if t.game == game.slug]
        if not played:
            continue
        names, rows = running_totals(circle.players, played)
        games.append({"game": game, "web": game.web, "stats": player_stats(game.slug, played),
                      "chart": running_totals_chart(names, rows), "tables": len(played)})
    return render(request, "games/circle.html", {"circle": circle, "form": form, "tables": tables, "games": games,
                                                 "new_games": GAMES.values()})
