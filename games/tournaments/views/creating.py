"""A new tournament: the game and preset chosen, the settings form, or a tournament document imported."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from games.engines.table import NotJson, load_json
from games.lib.limits import sent_cost, too_many, wait_for, wait_for_more
from games.lib.uploads import TOO_LARGE
from games.registry import GAMES
from games.tables.common import game_or_404
from games.tables.forms import ImportForm, not_json
from games.tournaments import engine, services
from games.tournaments.forms import ImportTournamentForm, TournamentForm, initial_from, preset_label


@require_safe
def new_tournament(request: HttpRequest) -> HttpResponse:
    choices = [
        (
            game,
            [
                (key, preset_label(key))
                for key in engine.TOURNAMENT_PRESETS
                if engine.PRESETS[key]["game"] in (None, game.slug)
            ],
        )
        for game in GAMES.values()
    ]
    return render(request, "games/tournament/choose.html", {"choices": choices})


@require_http_methods(["GET", "POST"])
def new_tournament_for(request: HttpRequest, game: str) -> HttpResponse:
    chosen = game_or_404(game)
    allowed = [key for key in engine.TOURNAMENT_PRESETS if engine.PRESETS[key]["game"] in (None, game)]
    preset = request.GET.get("preset", "")
    preset = preset if preset in allowed else allowed[0]
    form = TournamentForm(request.POST or None, game=game, initial=initial_from(preset, game))
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.create_tournament(
                name=form.cleaned_data["name"], game=game, preset=form.cleaned_data["preset"], settings=form.settings()
            )
        except services.Refused as error:
            form.add_error(error.field if error.field in form.fields else None, error.message)
        else:
            return redirect("director", token=tournament.director_token)
    return render(request, "games/tournament/new.html", {"form": form, "game": chosen, "preset": preset_label(preset)})


@require_http_methods(["GET", "POST"])
def import_tournament(request: HttpRequest) -> HttpResponse:
    counted = sent_cost(request) if request.method == "POST" else 0  # by its size, before the document is read
    seconds = wait_for(request, counted) if counted else 0
    if seconds:
        return too_many(request, seconds)
    form = ImportTournamentForm(request.POST or None, request.FILES or None)
    if getattr(request, TOO_LARGE, False):
        form.add_error("document", ImportForm.too_large())
    if request.method == "POST" and form.is_valid():
        try:
            upload = form.cleaned_data["document"]
            raw = load_json(upload.read().decode("utf-8-sig"))
            seconds = wait_for_more(request, counted, services.import_cost(raw, upload.size))
            if seconds:
                return too_many(request, seconds)
            tournament = services.import_document(raw)
        except (UnicodeDecodeError, ValueError) as error:
            form.add_error("document", _refusal_of(error))
        else:
            return redirect("director", token=tournament.director_token)
    return render(request, "games/tournament/import.html", {"form": form})


def _refusal_of(error: Exception) -> str:
    """Why an uploaded tournament document was refused, in the director's language, as the table import says it:
    the service's reason, or where the text is no JSON Talon reads (a key twice, a number of 5,000 digits)."""
    if isinstance(error, services.Refused):
        return error.message
    if isinstance(error, NotJson):
        return not_json(error)
    if isinstance(error, UnicodeDecodeError):  # a bad byte: as the table import says it
        return _("That file is not text (UTF-8).")
    return _("This file is not a JSON document.")
