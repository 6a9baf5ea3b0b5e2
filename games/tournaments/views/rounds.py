"""A round as the director runs it: its tables at a glance, started, closed and reopened, a paper table's result
typed or taken back, a closed round's result corrected with its reason (TN8)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST, require_safe

from games.lib.inputs import LARGEST
from games.lib.numbers import local_number
from games.models import Correction, Round, RoundTable, Tournament
from games.tournaments import services
from games.tournaments.boards import measure_of, shown_state
from games.tournaments.common import director_of, round_of, unconfirmed
from games.tournaments.forms import ResultForm
from games.tournaments.pages import ranked_marks, sitting_out, table_rows


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
            "rows": table_rows(round_),
            "shown": shown_state(tournament.public_token),
            "sitting_out": sitting_out(tournament, round_),
            "form": form or ResultForm(marks=ranked_marks(tournament), money=measure_of(tournament) == "balance"),
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
    tournament = director_of(token)
    return _round_page(request, tournament, round_of(tournament, number))


@require_safe
def director_round_live(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """The round's tables at a glance, asked every few seconds: 204 while nothing changed."""
    tournament = director_of(token)
    shown = shown_state(tournament.public_token)
    if request.GET.get("v", "") == shown:
        response = HttpResponse(status=204)
    else:
        round_ = round_of(tournament, number)
        response = render(
            request,
            "games/tournament/round.html#glance",
            {"tournament": tournament, "round": round_, "rows": table_rows(round_), "shown": shown},
        )
    response["Cache-Control"] = "no-store"
    return response


@require_POST
def start_round(request: HttpRequest, token: str, number: int) -> HttpResponse:
    return _round_step(request, token, number, services.start_round, _("Round %(number)s has started."))


@require_POST
def close_round(request: HttpRequest, token: str, number: int) -> HttpResponse:
    tournament = director_of(token)
    round_ = round_of(tournament, number)
    if round_.status == Round.STARTED:
        unfinished = [str(row["rt"].table_no) for row in table_rows(round_) if row["state"] == "playing"]
        lines = [
            _("Its results count as they stand now; the close can be taken back until round %(next)s starts.")
            % {"next": number + 1}
        ]
        if unfinished:
            lines.insert(0, _("Tables still playing: %(tables)s.") % {"tables": ", ".join(unfinished)})
        asked = unconfirmed(
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
    tournament = director_of(token)
    round_ = round_of(tournament, number)
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
    tournament = director_of(token)
    round_ = round_of(tournament, number)
    try:
        step(round_)
    except services.Refused as error:
        return _round_page(request, tournament, round_, error=error.message, status=400)
    messages.success(request, done % {"number": number})
    return redirect("director_round", token=token, number=number)


@require_POST
def round_result(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """A paper table's totals while the round is played; after it, a correction with its reason (TN8)."""
    tournament = director_of(token)
    round_ = round_of(tournament, number)
    form = ResultForm(request.POST, marks=ranked_marks(tournament), money=measure_of(tournament) == "balance")
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
    return unconfirmed(
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
    tournament = director_of(token)
    round_ = round_of(tournament, number)
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
    return unconfirmed(
        request,
        tournament,
        question=_("Take back the typed result of table %(table)s?") % words,
        consequences=[counts, _("Its phones take hands again.")],
        yes=_("Take back the typed result"),
        back=reverse("director_round", args=[tournament.director_token, round_table.round.number]),
    )
