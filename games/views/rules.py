"""The rules assistant: how each game goes and is scored, its house rules with their sources, a calculator."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_safe
from django.views.decorators.vary import vary_on_headers

from .. import services
from ..engines.table import InvalidTable
from ..registry import GAMES
from .common import game_or_404, partial

CALCULATOR_PLAYERS = ["A", "B", "C", "D", "E", "F"]


@require_safe
def rules_index(request: HttpRequest) -> HttpResponse:
    return render(request, "games/rules_index.html", {"games": GAMES.values()})


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def rules_page(request: HttpRequest, game: str) -> HttpResponse:
    chosen = game_or_404(game)
    engine, web = chosen.engine, chosen.web
    count = request.GET.get("players", "")
    count = int(count) if count.isdigit() and int(count) in engine.PLAYER_COUNTS else web.calculator_players
    players = CALCULATOR_PLAYERS[:count]
    form = web.hand_form(request.POST or None, initial=web.calculator_initial, players=players)
    result = None
    if form.is_bound and form.is_valid():
        try:
            result = services.preview_without_table(game, players, {}, form.to_data())
        except InvalidTable as error:
            form.show_engine_error(error)
    context = {"form": form, "result": result, "players": players, "game": chosen, "web": web,
               "title": gettext(engine.TITLE), "options": engine.OPTIONS, "preview_url": request.get_full_path(),
               **web.rules_context()}
    if partial(request):
        return render(request, "games/hand_form.html#preview", context)
    return render(request, "games/rules.html", context)
