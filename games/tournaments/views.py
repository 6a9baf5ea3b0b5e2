"""Tournaments (issue 23): the director's pages behind the director link, the public pages behind the public link.

Neither link opens the other's pages, and a table's links open neither: each page is found by its own token field
only (a 404 otherwise).
"""

from __future__ import annotations

import csv
import io
import json
import unicodedata
from decimal import Decimal
from fractions import Fraction

import segno
from django.contrib import messages
from django.core.cache import caches
from django.db import transaction
from django.db.models import Sum
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.html import mark_safe
from django.utils.text import capfirst, slugify
from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from games.circles.charts import RECENT_EVENTS, rating_chart
from games.engines.base import Rank, marks_ranked
from games.engines.table import NotJson, load_json
from games.lib.inputs import LARGEST, whole_number
from games.lib.limits import expensive, sent_cost, too_many, wait_for, wait_for_more
from games.lib.numbers import local_number
from games.lib.text import cell, isolate_text
from games.lib.uploads import TOO_LARGE
from games.models import Correction, Entry, League, Round, RoundTable, Seat, Table, Tournament
from games.ratings import store as ratings_store
from games.ratings.store import Pool
from games.registry import GAMES
from games.tables import services as table_services
from games.tables.common import game_or_404, remember_on
from games.tables.forms import ImportForm, not_json
from games.tournaments import engine, services
from games.tournaments.forms import (
    ImportTournamentForm,
    JoinLeagueForm,
    LeagueForm,
    PlayersForm,
    RenameEntryForm,
    ResultForm,
    TournamentForm,
    differences,
    initial_from,
    preset_label,
    rules_described,
)

FIELDS = {
    "table_size": "table_size",
    "rounds": "rounds",
    "round_limit": "hands",
    "scoring": "place_points",
    "draw": "seed",
    "tournament": "name",
}


def _director(token: str) -> Tournament:
    return get_object_or_404(Tournament, director_token=token)


def _public(token: str) -> Tournament:
    return get_object_or_404(Tournament, public_token=token)


def _round(tournament: Tournament, number: int) -> Round:
    if number > LARGEST:  # no such round, and no query a database column could not hold
        raise Http404()
    return get_object_or_404(Round, tournament=tournament, number=number)


def _entry(tournament: Tournament, no: int) -> Entry:
    if no > LARGEST:
        raise Http404()
    return get_object_or_404(Entry, tournament=tournament, no=no)


def _unconfirmed(
    request: HttpRequest, tournament: Tournament, *, question: str, consequences: list[str], yes: str, back: str
) -> HttpResponse | None:
    """A one-tap action that changes the room asks once: its page saying what will happen (None once confirmed).
    What was sent comes back with the confirmation, so the page works without JavaScript."""
    if request.POST.get("confirmed") == "1":
        return None
    fields = [(name, value) for name, value in request.POST.items() if name not in ("csrfmiddlewaretoken", "confirmed")]
    return render(
        request,
        "games/tournament/confirm.html",
        {
            "tournament": tournament,
            "question": question,
            "consequences": consequences,
            "yes": yes,
            "back": back,
            "fields": fields,
            "action": request.path,
        },
    )


# ---- creating and importing ---------------------------------------------------------------------------------


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


# ---- the director ------------------------------------------------------------------------------------------


def _director_page(
    request: HttpRequest,
    tournament: Tournament,
    *,
    players_form: PlayersForm | None = None,
    draw_error: str = "",
    rename_form: RenameEntryForm | None = None,
    status: int = 200,
) -> HttpResponse:
    rounds = list(tournament.rounds.order_by("number"))
    return render(
        request,
        "games/tournament/director.html",
        {
            "tournament": tournament,
            "game": GAMES[tournament.game],
            "entries": tournament.entries.order_by("no"),
            "rounds": rounds,
            "next_round": services.next_round(tournament),
            "redraw": bool(rounds) and rounds[-1].status == Round.DRAWN,
            "players_form": players_form or PlayersForm(),
            "draw_error": draw_error,
            "rename_form": rename_form or RenameEntryForm(),
            "differences": differences(services.settings_document(tournament), tournament.preset),
            "preset": preset_label(tournament.preset),
            "table_rules": table_rules(tournament),
            "can_draw": not tournament.rounds.filter(status=Round.STARTED).exists(),
            "by_ratings": by_ratings_offered(tournament),
            "final": services.is_final(tournament),
            "schedule": schedule_shown(tournament),
            "all_drawn": services.next_round(tournament) > services.last_round(tournament),
            "public_url": request.build_absolute_uri(reverse("tournament", args=[tournament.public_token])),
        },
        status=status,
    )


def schedule_shown(tournament: Tournament) -> list[dict]:
    """TN3: a schedule's every round, published before round 1 (start numbers and names by table, who sits out);
    empty for other draws or too few players for a table."""
    if (tournament.settings.get("draw") or {}).get("first") != "schedule" or tournament.entries.count() < (
        tournament.settings.get("table_size") or 0
    ):
        return []
    names = dict(tournament.entries.values_list("no", "name"))
    return [
        {
            "round": number,
            "tables": [
                [(no, names[no]) for no in sorted(seats)] for seats in tables
            ],  # who, not where: seats are drawn
            "out": [(no, names[no]) for no in out],
        }
        for number, (tables, out) in enumerate(
            engine.published_schedule(services.load(tournament, live=False)), start=1
        )
    ]


@require_safe
def director(request: HttpRequest, token: str) -> HttpResponse:
    tournament = _director(token)
    remember_on(request, "tournaments", tournament.pk)  # listed on this browser's home page
    return _director_page(request, tournament)


@require_POST
def register(request: HttpRequest, token: str) -> HttpResponse:
    tournament = _director(token)
    form = PlayersForm(request.POST, request.FILES)
    drawn = tournament.rounds.filter(status=Round.DRAWN).values_list("number", flat=True).first()
    if form.is_valid():
        try:
            added = services.register(tournament, form.entries())
        except services.Refused as error:
            form.add_error("players", error.message)
        else:
            messages.success(request, _("Players registered: %(count)s.") % {"count": len(added)})
            if drawn is not None:
                messages.info(
                    request, _("Round %(number)s was drawn before this change: draw it again.") % {"number": drawn}
                )
            return redirect("director", token=token)
    return _director_page(request, tournament, players_form=form, status=400)


@require_POST
def rename(request: HttpRequest, token: str) -> HttpResponse:
    """A registered name corrected everywhere in the tournament (its tables too)."""
    tournament = _director(token)
    form = RenameEntryForm(request.POST)
    if form.is_valid():
        entry = tournament.entries.filter(no=form.cleaned_data["no"]).first()
        try:
            if entry is None:
                raise services.Refused("no", _("No player has this start number."))
            old = entry.name
            services.rename_entry(entry, form.cleaned_data["name"])
        except services.Refused as error:
            form.add_error(error.field if error.field in form.fields else None, error.message)
        else:
            messages.success(
                request,
                _("%(old)s is now called %(new)s, in every hand.")
                % {"old": isolate_text(old), "new": isolate_text(form.cleaned_data["name"])},
            )
            return redirect("director", token=token)
    return _director_page(request, tournament, rename_form=form, status=400)


def _withdraw_question(request: HttpRequest, tournament: Tournament, entry: Entry) -> HttpResponse | None:
    drawn = tournament.rounds.filter(status=Round.DRAWN).values_list("number", flat=True).first()
    name = isolate_text(entry.name)
    if entry.withdrawn_after is None:
        question = _("Withdraw %(name)s?") % {"name": name}
        lines = [
            _(
                "%(name)s keeps the results played and is drawn no more. The withdrawal can be taken back "
                "until the next round starts."
            )
            % {"name": name}
        ]
        yes = _("Withdraw %(name)s") % {"name": name}
    else:
        question = _("Bring %(name)s back?") % {"name": name}
        lines = [
            _("%(name)s is drawn again from round %(number)s.") % {"name": name, "number": entry.withdrawn_after + 1}
        ]
        yes = _("Bring %(name)s back") % {"name": name}
    if drawn is not None:
        lines.append(
            _(
                "Round %(number)s is drawn: its draw is voided and must be made again; sheets whose table "
                "changes say where their players sit now."
            )
            % {"number": drawn}
        )
    return _unconfirmed(
        request,
        tournament,
        question=question,
        consequences=lines,
        yes=yes,
        back=reverse("director", args=[tournament.director_token]),
    )


@require_POST
def withdraw(request: HttpRequest, token: str, no: int) -> HttpResponse:
    tournament = _director(token)
    entry = _entry(tournament, no)
    if services.is_final(tournament):  # its players stand as they finished: not even asked
        messages.error(request, _("This tournament is final: every round has been played and closed."))
        return redirect("director", token=token)
    asked = _withdraw_question(request, tournament, entry)
    if asked is not None:
        return asked
    try:
        if entry.withdrawn_after is None:
            voided = services.withdraw(entry)
            messages.success(request, _("%(name)s is drawn no more.") % {"name": isolate_text(entry.name)})
        else:
            back_in = entry.withdrawn_after + 1  # the round after the last one started (round 1 before any)
            voided = services.reinstate(entry)
            messages.success(
                request,
                _("%(name)s plays again from round %(number)s.")
                % {"name": isolate_text(entry.name), "number": back_in},
            )
    except services.Refused as error:
        messages.error(request, error.message)
        voided = None
    if voided is not None:
        messages.info(request, _("Round %(number)s was drawn before this change: draw it again.") % {"number": voided})
    return redirect("director", token=token)


@require_POST
def draw(request: HttpRequest, token: str) -> HttpResponse:
    tournament = _director(token)
    number = whole_number(request.POST.get("round", ""))
    if number is not None and tournament.rounds.filter(number=min(number, LARGEST), status=Round.DRAWN).exists():
        asked = _unconfirmed(
            request,
            tournament,
            question=_("Draw round %(number)s again?") % {"number": number},
            consequences=[
                _(
                    "With the same players the draw is the same and every printed sheet stays valid; "
                    "a table whose seats change gets a new sheet, and its old sheet says where its "
                    "players sit now."
                )
            ],
            yes=_("Draw round %(number)s again") % {"number": number},
            back=reverse("director_round", args=[token, number]),
        )
        if asked is not None:
            return asked
    try:
        if number is None:
            raise services.Refused("round", _("Give the round's number."))
        with transaction.atomic():  # rankings filled from the ratings stay only with the draw made from them
            if request.POST.get("by_ratings") and number == 1:
                _rank_by_ratings(tournament)
            drawn = services.draw_round(tournament, number)
    except services.Refused as error:
        return _director_page(request, tournament, draw_error=error.message, status=400)
    messages.success(request, _("Round %(number)s is drawn.") % {"number": number})
    if drawn.repeats:
        messages.info(
            request,
            ngettext(
                "%(count)s pair of players meets again: no seating without a repeat was found.",
                "%(count)s pairs of players meet again: no seating without a repeat was found.",
                drawn.repeats,
            )
            % {"count": drawn.repeats},
        )
    return redirect("director_round", token=token, number=number)


def by_ratings_offered(tournament: Tournament) -> bool:
    """Round 1 of a seeded draw may be ranked by the league's ratings (a tournament in no league has none before
    its first round)."""
    return tournament.league_id is not None and (tournament.settings.get("draw") or {}).get("first") == "seeded-thirds"


def _rank_by_ratings(tournament: Tournament) -> None:
    """Each entry's ranking from the league's current ratings of the game, or refused when there are none."""
    if not by_ratings_offered(tournament):
        raise services.Refused("round", _("Only the first round of a seeded draw in a league is ranked by ratings."))
    if not ratings_store.ratings_now(services.pool_of(tournament)).get(tournament.game):
        raise services.Refused(
            "round", _("The league has no ratings of this game yet: type the rankings, or draw without them.")
        )
    services.rank_by_ratings(tournament)


def _table_rows(round_: Round) -> list[dict]:
    round_tables = list(round_.tables.select_related("table").order_by("table_no"))
    seats: dict[int, list] = {}
    for rt_id, no, name in (
        Seat.objects.filter(round_table__round=round_)
        .order_by("round_table", "seat")
        .values_list("round_table", "entry__no", "entry__name")
    ):
        seats.setdefault(rt_id, []).append((no, name))
    latest = {
        correction.round_table_id: correction
        for correction in Correction.objects.filter(round_table__round=round_).order_by("at", "id")
    }  # the last one wins
    played = services.hands_at(round_tables)
    rows = []
    for rt in round_tables:
        if rt.totals is not None:
            state, totals = ("replaced" if services.replaces_played(rt) else "typed"), services.typed_totals(rt.totals)
        elif rt.table is None:
            state, totals = "waiting", None
        elif rt.table.hand_count == 0:
            state, totals = "not-started", None
        else:
            limit = (round_.tournament.settings.get("round_limit") or {}).get("hands")
            finished = (
                round_.status == Round.CLOSED
                or table_services.game_over(rt.table)  # the game is over: so is its round there
                or (limit and played[rt.pk] >= limit)
                or (round_.ends_at and timezone.now() >= round_.ends_at)
            )
            state, totals = ("finished" if finished else "playing"), services.played_totals(rt.table)
        if rt.pk in latest:  # TN8: the result as it is now (the first one stays in the document)
            totals = services.typed_totals(latest[rt.pk].totals)
        rows.append(
            {
                "rt": rt,
                "seats": seats.get(rt.pk, []),
                "state": state,
                "totals": totals,
                "hands": played.get(rt.pk),
                "correction": latest.get(rt.pk),
                "seated": list(zip(seats.get(rt.pk, []), totals or [None] * len(seats.get(rt.pk, [])))),
            }
        )
    return rows


def _marks(tournament: Tournament) -> tuple[Rank, ...]:
    """The marks the game's ranking reads besides the totals: a typed result gives them too."""
    return marks_ranked(GAMES[tournament.game].engine.RANKING)


def sitting_out(tournament: Tournament, round_: Round) -> list[Entry]:
    """The players of this round (registered for it, not withdrawn) who sit at no table of it (TN2)."""
    seated = set(Seat.objects.filter(round=round_).values_list("entry_id", flat=True))
    return [
        entry
        for entry in tournament.entries.order_by("no")
        if entry.pk not in seated
        and entry.joins <= round_.number
        and (entry.withdrawn_after is None or entry.withdrawn_after >= round_.number)
    ]


def corrected_since(round_: Round) -> list[Correction]:
    """TN8: the corrections of earlier rounds made after this round was drawn and started: its draw stands as it
    was made, from the standings before them."""
    if round_.started_at is None:
        return []
    return list(
        Correction.objects.filter(
            round_table__round__tournament_id=round_.tournament_id,
            round_table__round__number__lt=round_.number,
            at__gt=round_.started_at,
        )
        .select_related("round_table__round")
        .order_by("at", "id")
    )


def _round_page(
    request: HttpRequest,
    tournament: Tournament,
    round_: Round,
    *,
    form: ResultForm | None = None,
    error: str = "",
    status: int = 200,
) -> HttpResponse:
    return render(
        request,
        "games/tournament/round.html",
        {
            "corrected_since": corrected_since(round_),
            "tournament": tournament,
            "round": round_,
            "rows": _table_rows(round_),
            "shown": shown_state(tournament.public_token),
            "sitting_out": sitting_out(tournament, round_),
            "form": form or ResultForm(marks=_marks(tournament), money=measure_of(tournament) == "balance"),
            "can_reopen": can_reopen(tournament, round_),
            "error": error,
            "now": timezone.now(),
        },
        status=status,
    )


def can_reopen(tournament: Tournament, round_: Round) -> bool:
    """A closed round's close can be taken back until the next round starts."""
    return (
        round_.status == Round.CLOSED
        and not tournament.rounds.filter(number__gt=round_.number).exclude(status=Round.DRAWN).exists()
    )


@require_safe
def director_round(request: HttpRequest, token: str, number: int) -> HttpResponse:
    tournament = _director(token)
    return _round_page(request, tournament, _round(tournament, number))


@require_safe
def director_round_live(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """The round's tables at a glance, asked every few seconds: 204 while nothing changed."""
    tournament = _director(token)
    shown = shown_state(tournament.public_token)
    if request.GET.get("v", "") == shown:
        response = HttpResponse(status=204)
    else:
        round_ = _round(tournament, number)
        response = render(
            request,
            "games/tournament/round.html#glance",
            {"tournament": tournament, "round": round_, "rows": _table_rows(round_), "shown": shown},
        )
    response["Cache-Control"] = "no-store"
    return response


@require_POST
def start_round(request: HttpRequest, token: str, number: int) -> HttpResponse:
    return _round_step(request, token, number, services.start_round, _("Round %(number)s has started."))


@require_POST
def close_round(request: HttpRequest, token: str, number: int) -> HttpResponse:
    tournament = _director(token)
    round_ = _round(tournament, number)
    if round_.status == Round.STARTED:
        unfinished = [str(row["rt"].table_no) for row in _table_rows(round_) if row["state"] == "playing"]
        lines = [
            _("Its results count as they stand now; the close can be taken back until round %(next)s starts.")
            % {"next": number + 1}
        ]
        if unfinished:
            lines.insert(0, _("Tables still playing: %(tables)s.") % {"tables": ", ".join(unfinished)})
        asked = _unconfirmed(
            request,
            tournament,
            question=_("Close round %(number)s?") % {"number": number},
            consequences=lines,
            yes=_("Close round %(number)s") % {"number": number},
            back=reverse("director_round", args=[token, number]),
        )
        if asked is not None:
            return asked
    return _round_step(request, token, number, services.close_round, _("Round %(number)s is closed."))


@require_POST
def reopen_round(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """A round's close taken back, until the next round starts."""
    tournament = _director(token)
    round_ = _round(tournament, number)
    try:
        voided = services.reopen_round(round_)
    except services.Refused as error:
        return _round_page(request, tournament, round_, error=error.message, status=400)
    messages.success(request, _("Round %(number)s is open again: its tables take results.") % {"number": number})
    if voided is not None:
        messages.info(request, _("Round %(number)s was drawn before this change: draw it again.") % {"number": voided})
    return redirect("director_round", token=token, number=number)


def _round_step(request: HttpRequest, token: str, number: int, step, done: str) -> HttpResponse:
    """Start or close a round (``step``): the round's page with the refusal beside it, or back to it saying
    ``done``."""
    tournament = _director(token)
    round_ = _round(tournament, number)
    try:
        step(round_)
    except services.Refused as error:
        return _round_page(request, tournament, round_, error=error.message, status=400)
    messages.success(request, done % {"number": number})
    return redirect("director_round", token=token, number=number)


@require_POST
def round_result(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """A paper table's totals while the round is played; after it, a correction with its reason (TN8)."""
    tournament = _director(token)
    round_ = _round(tournament, number)
    form = ResultForm(request.POST, marks=_marks(tournament), money=measure_of(tournament) == "balance")
    if form.is_valid():
        round_table = RoundTable.objects.filter(
            round__tournament=tournament, table_no=form.cleaned_data["table"], round=round_
        ).first()
        try:
            if round_table is None:
                raise services.Refused(
                    "table",
                    _("Table %(table)s is not a table of round %(round)s.")
                    % {"table": form.cleaned_data["table"], "round": number},
                )
            marks = form.marks()
            if round_.status == Round.CLOSED and request.POST.get("confirmed") != "1":
                services.correct(
                    round_, round_table, form.cleaned_data["totals"], form.cleaned_data["reason"], marks, keep=False
                )
                return _correction_question(request, tournament, round_table, form.cleaned_data["totals"])
            if round_.status == Round.CLOSED:
                services.correct(round_, round_table, form.cleaned_data["totals"], form.cleaned_data["reason"], marks)
            else:
                services.type_result(
                    round_, round_table, form.cleaned_data["totals"], marks, replace=form.cleaned_data["replace"]
                )
        except services.Refused as error:
            form.add_error(error.field if error.field in form.fields else None, error.message)
        else:
            messages.success(request, _("The result of table %(table)s is saved.") % {"table": round_table.table_no})
            return redirect("director_round", token=token, number=number)
    return _round_page(request, tournament, round_, form=form, status=400)


def _correction_question(
    request: HttpRequest, tournament: Tournament, round_table: RoundTable, totals: list[int]
) -> HttpResponse:
    number = round_table.round.number
    return _unconfirmed(
        request,
        tournament,
        question=_("Correct round %(round)s, table %(table)s to %(totals)s?")
        % {"round": number, "table": round_table.table_no, "totals": " ".join(local_number(t) for t in totals)},
        consequences=[
            _(
                "The correction is kept with its time and reason; the standings show the places as they "
                "were and as they are; a draw already played stands."
            )
        ],
        yes=_("Save the correction"),
        back=reverse("director_round", args=[tournament.director_token, number]),
    )


@require_POST
def take_back_result(request: HttpRequest, token: str, number: int, table: int) -> HttpResponse:
    """A typed result taken back while the round is played: the table's hands played in Talon count again."""
    tournament = _director(token)
    round_ = _round(tournament, number)
    round_table = get_object_or_404(RoundTable, round=round_, table_no=min(table, LARGEST))
    if round_.status == Round.STARTED and round_table.totals is not None:  # else refused below, saying why
        asked = _take_back_question(request, tournament, round_table)
        if asked is not None:
            return asked
    try:
        services.take_back_result(round_, round_table)
    except services.Refused as error:
        return _round_page(request, tournament, round_, error=error.message, status=400)
    messages.success(request, _("The typed result of table %(table)s is taken back.") % {"table": table})
    return redirect("director_round", token=token, number=number)


def _take_back_question(request: HttpRequest, tournament: Tournament, round_table: RoundTable) -> HttpResponse | None:
    """Taking a typed result back changes the standings (the hands played count again): asked once, saying what
    will count instead."""
    table, typed = round_table.table, services.typed_totals(round_table.totals) or []
    words = {
        "table": round_table.table_no,
        "typed": " / ".join(local_number(total) for total in typed),
        "played": " / ".join(local_number(total) for total in services.played_totals(table)) if table else "",
    }
    played = services.hands_of(round_table) if table is not None else 0  # a penalty is no hand played (TN4)
    if played:
        counts = ngettext(
            "Table %(table)s's %(count)s hand played in Talon counts again (totals %(played)s), not the typed "
            "%(typed)s.",
            "Table %(table)s's %(count)s hands played in Talon count again (totals %(played)s), not the typed "
            "%(typed)s.",
            played,
        ) % {**words, "count": played}
    elif table is not None and any(services.played_totals(table)):  # no hand, but a penalty moved its totals
        counts = (
            _(
                "Table %(table)s's totals in Talon count again (%(played)s: no hand played, a penalty), not the typed "
                "%(typed)s."
            )
            % words
        )
    else:
        counts = _("Table %(table)s has no result again (the typed %(typed)s no longer counts).") % words
    return _unconfirmed(
        request,
        tournament,
        question=_("Take back the typed result of table %(table)s?") % words,
        consequences=[counts, _("Its phones take hands again.")],
        yes=_("Take back the typed result"),
        back=reverse("director_round", args=[tournament.director_token, round_table.round.number]),
    )


def qr_svg(url: str) -> str:
    """A QR code as inline SVG (segno), without the XML declaration."""
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=4, xmldecl=False, svgns=True, dark="#000", omitsize=True)
    return out.getvalue().decode()


@require_safe
@expensive
def print_round(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """The round's table list and one sheet per table: number, seats, a QR code of the table's edit link, the
    limit. A table's edit link is given at the draw, so the sheets can be printed before the round starts (the
    link opens the table once it has started)."""
    tournament = _director(token)
    round_ = _round(tournament, number)
    rows = _table_rows(round_)
    for row in rows:
        table = row["rt"].table
        token = table.edit_token if table else row["rt"].planned_token
        row["link"] = request.build_absolute_uri(reverse("table", args=[token])) if token else ""
        row["qr"] = mark_safe(qr_svg(row["link"])) if token else ""  # noqa: S308 (segno's own SVG)
    return render(
        request,
        "games/tournament/print.html",
        {
            "tournament": tournament,
            "round": round_,
            "rows": rows,
            "sheets": True,
            "sitting_out": sitting_out(tournament, round_),
            "limit": tournament.settings.get("round_limit") or {},
        },
    )


@require_safe
@expensive
def export_json(request: HttpRequest, token: str) -> HttpResponse:
    tournament = _director(token)
    response = HttpResponse(
        json.dumps(services.export(tournament), ensure_ascii=False, indent=2),
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="{slugify(tournament.name) or "tournament"}.json"'
    return response


@require_safe
def standings_csv(request: HttpRequest, token: str) -> HttpResponse:
    tournament = _director(token)
    out = io.StringIO()
    writer = csv.writer(out)
    tie_breaks = (tournament.settings.get("scoring") or {}).get("tie_breaks") or []
    writer.writerow(
        [
            _("Place"),
            _("Start number"),
            _("Player"),
            MEASURES.get(measure_of(tournament), _("Measure")),
            *(capfirst(str(TIE_BREAKS.get(key, key))) for key in tie_breaks),  # a column each, named in words
        ]
    )
    for line in standings_now(tournament)[0]:
        values = [  # a number as a spreadsheet reads it; the places taken as text (a cell, never a formula)
            cell(tie_value(value, _plain)) if isinstance(value, list) else tie_value(value, _plain)
            for value in line.tie_breaks.values()
        ]
        writer.writerow([line.place, line.no, cell(line.name), _plain(line.measure), *values])
    response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{slugify(tournament.name) or "tournament"}.csv"'
    return response


def _plain(value) -> str:
    """A number as a spreadsheet reads it from a CSV: 4, -3, 4.5, 4.67 (a fraction to two decimal places)."""
    if isinstance(value, Fraction) and value.denominator != 1:
        rounded = round(value * 100)  # an int: exact, half to even
        return str(Decimal(rounded).scaleb(-2)) if rounded % 100 else str(rounded // 100)
    return str(int(value)) if isinstance(value, Fraction) else str(value)


# ---- the public link ---------------------------------------------------------------------------------------

MEASURES = {
    "place-points": gettext_lazy("Place points"),
    "balance": gettext_lazy("Balance"),
    "points": gettext_lazy("Points"),
}


def measure_of(tournament: Tournament) -> str:
    """What ranks the tournament's players (its settings' scoring measure: place-points, balance, points)."""
    return (tournament.settings.get("scoring") or {}).get("measure", "")


def measure_label(tournament: Tournament) -> str:
    """The measure's name, as the standings' column and a player's page write it."""
    measure = measure_of(tournament)
    return MEASURES.get(measure, measure)


TIE_BREAKS = {
    "score": gettext_lazy("table scores"),  # beside place points: the sum of the scores at the tables
    "wins": gettext_lazy("table wins"),
    "places": gettext_lazy("places"),
    "best-round": gettext_lazy("best round"),
    "head-to-head": gettext_lazy("head-to-head"),
}


def tie_value(value, number=local_number) -> str:
    """A tie-break's value as a player reads it: a number, or better table places as the places a player took
    ("1× place 1, 2× place 3": more firsts, then more seconds …); "—" before any round is played."""
    if value is None:
        return "—"
    if isinstance(value, list):
        taken = [
            _("%(count)s× place %(place)s") % {"count": number(count), "place": place}
            for place, count in enumerate(value, start=1)
            if count
        ]
        return ", ".join(taken) or "—"
    return number(value)


def tie_rule(tie_breaks: list[str] | None = None, measure: str = "place-points") -> str:
    """How the standings treat a tie, as the tournament scores: place points shared at a table only where places
    score (another measure has no place points to share)."""
    rule = _("Players still equal after every tie-break share the place and are listed by start number.")
    if measure == "place-points":
        shared = _(
            "Players who tie at a table share the place points of the places they occupy equally (two tied for "
            "first at a table of three get (2 + 1) / 2 = %(each)s each): Talon's choice, as the sources are silent."
        ) % {"each": local_number(Fraction(3, 2))}  # written as the standings write it
        rule = f"{shared} {rule}"
    if not tie_breaks:
        return rule
    named = ", ".join(str(TIE_BREAKS.get(key, key)) for key in tie_breaks)
    return _("Equal measures are decided by: %(tie_breaks)s.") % {"tie_breaks": named} + " " + rule


def standings_now(tournament: Tournament) -> tuple[list, dict[int, int], bool]:
    """The standings as they are, each player's place before any correction ({} when there is none), and whether
    every round there is has been played (engine.finished): worked
    out once per state of the tournament (shown_state: a result, a correction, a hand at a table of the round
    moves it) and kept for every page and phone that shows that state, so that the largest tournament's pages
    do not read and rank it again for each visitor."""
    key = f"standings:{tournament.pk}:{shown_state(tournament.public_token)}"
    kept = caches["boards"].get(key)
    if kept is None:
        read = services.load(tournament)  # once: the standings as they are, and as they were before corrections
        was = {line.no: line.place for line in engine.standings(read, corrected=False)} if read.corrections else {}
        kept = (list(engine.standings(read)), was, engine.finished(read))
        caches["boards"].set(key, kept)
    return kept


def _standings_context(tournament: Tournament) -> dict:
    lines, was, finished = standings_now(tournament)
    corrected = bool(was)
    current = (
        tournament.rounds.exclude(status=Round.CLOSED).order_by("-number").first()
        or tournament.rounds.order_by("-number").first()
    )
    measure = measure_of(tournament)
    withdrawn = dict(tournament.entries.filter(withdrawn_after__isnull=False).values_list("no", "withdrawn_after"))
    rows = [
        {
            "no": line.no,
            "name": line.name,
            "place": line.place,
            "was": was.get(line.no),
            "withdrawn": withdrawn.get(line.no),
            "measure": local_number(line.measure),
            "tie_breaks": [(TIE_BREAKS.get(key, key), tie_value(value)) for key, value in line.tie_breaks.items()],
        }
        for line in lines
    ]
    running = current.ends_at if current is not None and current.status == Round.STARTED else None
    final = current is not None and current.status == Round.CLOSED and finished  # every round closed
    return {
        "tournament": tournament,
        "lines": rows,
        "round": current,
        "corrected": corrected,
        "final": final,
        "replaced": replaced_tables(tournament),
        "minutes_left": minutes_left(running),
        "shown": shown_state(tournament.public_token),
        "measure_label": measure_label(tournament),
        "tie_rule": tie_rule((tournament.settings.get("scoring") or {}).get("tie_breaks"), measure),
        "game": GAMES[tournament.game],
        "now": timezone.now(),
        "table_rules": table_rules(tournament),
    }


def table_rules(tournament: Tournament) -> str:
    """The rules every table of the tournament plays, in the reader's words (a cup's sheet: Kontra not counted)."""
    t = engine.load(services.settings_document(tournament))  # the preset's rules where the document says none
    return rules_described(t.game, t.rules, t.table_size)


def replaced_tables(tournament: Tournament) -> list[RoundTable]:
    """The tables whose typed result counts instead of the hands played at them in Talon (which are kept)."""
    return list(
        RoundTable.objects.filter(round__tournament=tournament, totals__isnull=False, table__hand_count__gt=0)
        .select_related("round")
        .order_by("round__number", "table_no")
    )


@require_safe
def standings_page(request: HttpRequest, token: str) -> HttpResponse:
    tournament = _public(token)
    own = [] if tournament.league_id is not None else pool_ratings(Pool(tournament=tournament))
    return render(request, "games/tournament/standings.html", {**_standings_context(tournament), "ratings": own})


@require_safe
def player(request: HttpRequest, token: str, no: int) -> HttpResponse:
    """One player's rounds: the table, the opponents, the place at the table and the score."""
    tournament = _public(token)
    entry = _entry(tournament, no)
    lines = {line.no: line for line in standings_now(tournament)[0]}
    opponents = player_tables(entry)
    line = lines.get(no)
    played = {r.round: r for r in line.rounds} if line else {}
    rows = [
        {"round": number, "table": table, "opponents": others, "line": played.get(number)}
        for number, (table, others) in sorted(opponents.items())
    ]
    rows = sorted(
        rows
        + [
            {"round": number, "sits_out": True}
            for number in tournament.rounds.values_list("number", flat=True)
            if number not in opponents and active_in(entry, number)
        ],
        key=lambda row: row["round"],
    )
    context = {"tournament": tournament, "entry": entry, "line": line, "rows": rows}
    if line is not None:  # written and named as the standings write it
        context |= {"measure_label": measure_label(tournament), "measure": local_number(line.measure)}
    return render(request, "games/tournament/player.html", context)


def player_tables(entry: Entry) -> dict[int, tuple[int, list[tuple[int, str]]]]:
    """Each round the player sat at a table of: (its table number, the others at it in seat order), in two
    queries whatever the number of rounds."""
    tables = {
        round_table: (number, table_no)
        for round_table, number, table_no in Seat.objects.filter(entry=entry).values_list(
            "round_table", "round_table__round__number", "round_table__table_no"
        )
    }
    others: dict[int, list[tuple[int, str]]] = {}
    for round_table, no, name in (
        Seat.objects.filter(round_table__in=list(tables))
        .exclude(entry=entry)
        .order_by("round_table", "seat")
        .values_list("round_table", "entry__no", "entry__name")
    ):
        others.setdefault(round_table, []).append((no, name))
    return {number: (table_no, others.get(round_table, [])) for round_table, (number, table_no) in tables.items()}


def active_in(entry: Entry, number: int) -> bool:
    """Registered for round ``number`` and not withdrawn before it (TN1)."""
    return entry.joins <= number and (entry.withdrawn_after is None or entry.withdrawn_after >= number)


LETTERS = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "æ": "ae", "œ": "oe", "ı": "i"})


def searchable(name: str) -> str:
    """A name as a phone without the player's keyboard types it: any case, without accents (Žiga Kovačič is
    found as "ziga kovacic", Đurđica as "durdica", Großhain as "grosshain")."""
    folded = unicodedata.normalize("NFKD", name.casefold()).translate(LETTERS)
    return " ".join("".join(c for c in folded if not unicodedata.combining(c)).split())


MOST_FOUND = 20  # a part of a name common to more players than this asks for more of it


def matching_entries(tournament: Tournament, query: str) -> list[Entry]:
    """The players a query names: its start number, else every name containing it (whole names first)."""
    no = whole_number(query)
    if no is not None:
        return list(tournament.entries.filter(no=no))
    wanted = searchable(query)
    named = [(searchable(entry.name), entry) for entry in tournament.entries.order_by("no")]
    return [entry for name, entry in named if name == wanted] + [
        entry for name, entry in named if wanted in name and name != wanted
    ]


def _seated(entries: list[Entry], round_: Round | None) -> list[dict]:
    """Where each of ``entries`` sits in ``round_`` and with whom (no seat: not at a table of it), in two
    queries however many."""
    seats = (
        {
            seat.entry_id: seat
            for seat in Seat.objects.filter(entry__in=entries, round=round_).select_related("round_table__table")
        }
        if round_
        else {}
    )
    others: dict[int, list] = {}
    for table_id, no, name in (
        Seat.objects.filter(round_table__in=[seat.round_table_id for seat in seats.values()])
        .order_by("seat")
        .values_list("round_table", "entry__no", "entry__name")
    ):
        others.setdefault(table_id, []).append((no, name))
    return [
        {
            "entry": entry,
            "seat": seats.get(entry.pk),
            "others": others.get(seats[entry.pk].round_table_id, []) if entry.pk in seats else [],
        }
        for entry in entries
    ]


@require_safe
def find_table(request: HttpRequest, token: str) -> HttpResponse:
    """A player finds their table of the current round by start number or name: every player it matches."""
    tournament = _public(token)
    query = request.GET.get("q", "").replace("\x00", "").strip()[:40]  # NUL reaches no database
    found, error = [], ""
    round_ = tournament.rounds.order_by("-number").first()
    if query:
        entries = matching_entries(tournament, query)
        if not entries:
            error = _("No player has this start number or name.")
        elif len(entries) > MOST_FOUND:
            error = _("%(count)s players match: type more of the name.") % {"count": len(entries)}
        else:
            found = _seated(entries, round_)
    return render(
        request,
        "games/tournament/find.html",
        {
            "tournament": tournament,
            "query": query,
            "found": found,
            "error": error,
            "round": round_,
            "final": services.is_final(tournament),
        },
    )


@require_safe
def public_round(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """The round's printable table list (no edit links: those are on the director's sheets)."""
    tournament = _public(token)
    round_ = _round(tournament, number)
    return render(
        request,
        "games/tournament/print.html",
        {
            "tournament": tournament,
            "round": round_,
            "rows": _table_rows(round_),
            "sheets": False,
            "sitting_out": sitting_out(tournament, round_),
            "limit": tournament.settings.get("round_limit") or {},
        },
    )


@require_safe
def projector(request: HttpRequest, token: str) -> HttpResponse:
    tournament = _public(token)
    return render(request, "games/tournament/projector.html", _standings_context(tournament))


def minutes_left(ends_at) -> int | None:
    """Whole minutes left (rounded up) until ``ends_at``; None without a time limit or a round under way."""
    if ends_at is None:
        return None
    return max(0, -(-int((ends_at - timezone.now()).total_seconds()) // 60))


def shown_state(token: str) -> str | None:
    """What a watching page shows, as one word, in three small queries (None: no such tournament): the
    tournament's version, the sum of the versions of its round's Talon tables (each hand recorded at one moves it;
    the standings read the tables' totals) and the minute of the countdown."""
    version = Tournament.objects.filter(public_token=token).values_list("version", flat=True).first()
    if version is None:
        return None
    ends_at = (
        Round.objects.filter(tournament__public_token=token, status=Round.STARTED)
        .values_list("ends_at", flat=True)
        .first()
    )
    tables = Table.objects.filter(
        tournament_tables__round__tournament__public_token=token, tournament_tables__round__status=Round.STARTED
    ).aggregate(total=Sum("version"))
    left = minutes_left(ends_at)
    return f"{version}.{tables['total'] or 0}" + ("" if left is None else f"-{left}")


@require_safe
def projector_live(request: HttpRequest, token: str) -> HttpResponse:
    """Asked every few seconds with what the projector shows: 204 (two small queries) while nothing changed;
    else the new standings and countdown, once a minute while a round's time runs."""
    return _live(request, token, "games/tournament/projector.html#board")


@require_safe
def standings_live(request: HttpRequest, token: str) -> HttpResponse:
    """The same for a phone on the public standings page."""
    return _live(request, token, "games/tournament/standings.html#board")


def _live(request: HttpRequest, token: str, template: str) -> HttpResponse:
    shown = shown_state(token)
    if shown is None:
        return HttpResponse(status=404)
    if request.GET.get("v", "") == shown:
        response = HttpResponse(status=204)
    else:
        # Every phone watching the same state gets the same board: rendered once per state and language.
        key = f"{template}:{token}:{shown}:{get_language()}"
        board = caches["boards"].get(key)
        if board is None:
            board = render_to_string(template, _standings_context(_public(token)), request=None)
            caches["boards"].set(key, board)
        response = HttpResponse(board)
    response["Cache-Control"] = "no-store"
    return response


# ---- a league (TN9) ------------------------------------------------------------------------------------------

CHART_LEADERS = 8  # a league's chart draws its best rated players' lines, not every player's


def pool_ratings(pool: Pool) -> list[dict]:
    """Each game's ratings of a league (or a tournament in none), as stored: the list, a chart of the leaders,
    the last results against what was expected. A few queries, never a replay."""
    shown = []
    for game in ratings_store.games(pool):
        rows = ratings_store.shown(pool, game)
        steps = ratings_store.steps(pool, game)
        last = steps.order_by("-number").values_list("number", flat=True).first() or 0
        shown.append(
            {
                "game": GAMES[game],
                "ratings": rows,
                "chart": rating_chart(steps, only=[row.player for row in rows[:CHART_LEADERS]]),
                "recent": ratings_store.steps_by_event(
                    steps.filter(number__gt=last - RECENT_EVENTS).order_by("-number", "id")
                ),
            }
        )
    return shown


def _league_lines(league: League) -> list[dict]:
    names = list(league.tournaments.order_by("created_at", "pk"))
    return [
        {
            "line": line,
            "points": local_number(line.points),
            "results": [
                (tournament, None if value is None else local_number(value), index in line.counted)
                for index, (tournament, value) in enumerate(zip(names, line.results))
            ],
        }
        for line in services.stored_league_standings(league)
    ]


@require_http_methods(["GET", "POST"])
def new_league(request: HttpRequest) -> HttpResponse:
    form = LeagueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        league = League.objects.create(name=form.cleaned_data["name"], settings=form.settings())
        return redirect("league_director", token=league.director_token)
    return render(request, "games/tournament/new_league.html", {"form": form})


def _league_page(
    request: HttpRequest, league: League, *, form: JoinLeagueForm | None = None, status: int = 200
) -> HttpResponse:
    return render(
        request,
        "games/tournament/league.html",
        {
            "league": league,
            "director": True,
            "form": form or JoinLeagueForm(),
            "tournaments": league.tournaments.order_by("created_at", "pk"),
            "lines": _league_lines(league),
            "players": services.league_players(league),
            "ratings": pool_ratings(Pool(league=league)),
            "public_url": request.build_absolute_uri(reverse("league", args=[league.public_token])),
        },
        status=status,
    )


@require_safe
def league_director(request: HttpRequest, token: str) -> HttpResponse:
    league = get_object_or_404(League, director_token=token)
    refused = _league_wait(request, league, _page_cost(league))
    if refused:
        return refused
    remember_on(request, "leagues", league.pk)  # listed on this browser's home page
    return _league_page(request, league)


LEAGUE_PER_PAGE = 10  # tournaments of a league that adding one may read again, for the cost of one long page
LEAGUE_CELLS_PER_PAGE = 5_000  # a league page's results (players × tournaments) for the cost of one long page


def _league_wait(request: HttpRequest, league: League, cost: int) -> HttpResponse | None:
    """429 when ``cost`` long pages (counted before any work) take the client beyond its allowance."""
    seconds = wait_for(request, cost) if cost else 0
    return too_many(request, seconds) if seconds else None


def _page_cost(league: League) -> int:
    """A league page writes each player's result in each tournament: a season's page (a few thousand) costs
    nothing; the largest (500 players × 50 tournaments, 500 KB) counts as five long pages."""
    return len(league.standings or []) * league.tournaments.count() // LEAGUE_CELLS_PER_PAGE


@require_POST
def league_add(request: HttpRequest, token: str) -> HttpResponse:
    league = get_object_or_404(League, director_token=token)
    refused = _league_wait(request, league, 1 + league.tournaments.count() // LEAGUE_PER_PAGE)
    if refused:  # a tournament joining before the others rates the whole league again
        return refused
    form = JoinLeagueForm(request.POST)
    if form.is_valid():
        tournament = Tournament.objects.filter(director_token=form.cleaned_data["link"]).first()
        try:
            if tournament is None:
                raise services.Refused("link", _("No tournament has this director link."))
            services.add_to_league(league, tournament)
        except services.Refused as error:
            form.add_error("link", error.message)
        else:
            messages.success(
                request, _("%(tournament)s is in the league.") % {"tournament": isolate_text(tournament.name)}
            )
            return redirect("league_director", token=token)
    return _league_page(request, league, form=form, status=400)


@require_POST
def league_register(request: HttpRequest, token: str, tournament: str) -> HttpResponse:
    """The league's one player list registered in one of its tournaments."""
    league = get_object_or_404(League, director_token=token)
    chosen = get_object_or_404(Tournament, league=league, public_token=tournament)
    try:
        added = services.register_league_players(league, chosen)
    except services.Refused as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Players registered: %(count)s.") % {"count": len(added)})
    return redirect("league_director", token=token)


@require_safe
def league(request: HttpRequest, token: str) -> HttpResponse:
    chosen = get_object_or_404(League, public_token=token)
    refused = _league_wait(request, chosen, _page_cost(chosen))
    if refused:
        return refused
    return render(
        request,
        "games/tournament/league.html",
        {
            "league": chosen,
            "director": False,
            "tournaments": chosen.tournaments.order_by("created_at", "pk"),
            "lines": _league_lines(chosen),
            "ratings": pool_ratings(Pool(league=chosen)),
        },
    )
