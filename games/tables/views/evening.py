"""Beyond the hands: a penalty or a correction, totals carried over from a paper sheet, the end of the evening,
and a new evening with the same players."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from games.engines.table import InvalidTable
from games.models import RatingStep, Table
from games.ratings import shown as ratings_shown
from games.registry import GAMES
from games.tables import services
from games.tables.common import attempt, device, editable, remember, say
from games.tables.forms import CarryOverForm, PenaltyForm, new_submission, submission_of, version_of
from games.tables.lines import RuleLinks
from games.tables.pages import closed_page
from games.tables.presentation import ranked_totals, settle_up


def _record(request: HttpRequest, table: Table, form, done: str) -> HttpResponse | None:
    """Record the adjustment or closing a valid form describes; None (and the error on the form) if refused."""
    refusal = attempt(
        lambda: services.record_hand(
            table,
            form.to_data(),
            device=device(request),
            version=form.cleaned_data["version"],
            submission=form.cleaned_data.get("submission", ""),
        )
    )
    if refusal is not None and refusal.kind != "already":
        form.add_error(None, refusal.error.error.message(_) if refusal.kind == "invalid" else refusal.message)
        return None
    say(request, refusal, done=done, already=_("That was already recorded; it counts once."))
    return redirect("table", token=table.edit_token)


@require_http_methods(["GET", "POST"])
def adjust(request: HttpRequest, token: str) -> HttpResponse:
    """A penalty or correction (who, how much, why), or every player's total carried over from paper."""
    table = editable(request, token)
    if (table.summary or {}).get("closed"):
        return closed_page(request, table)
    game = GAMES[table.game]
    initial = {"version": table.version, "submission": new_submission()}
    which = request.POST.get("form") if request.method == "POST" else None
    penalty = PenaltyForm(
        request.POST if which == "penalty" else None,
        initial=initial,
        players=table.players,
        engine=game.engine,
        extras=game.web.adjustment_fields,
        out=game.web.penalty_out(table.summary or {}),
    )
    carry = CarryOverForm(
        request.POST if which == "carry" else None,
        initial=initial,
        players=table.players,
        extras=game.web.adjustment_fields,
        auto_id="carry_%s",  # the penalty's form is on the same page: each label finds its own form's field
    )
    form = penalty if which == "penalty" else carry if which == "carry" else None
    if form is not None and form.is_valid():
        done = _record(request, table, form, _("Penalty recorded.") if form is penalty else _("Totals carried over."))
        if done is not None:
            return done
    return render(
        request,
        "games/adjust.html",
        {"table": table, "game": game, "web": game.web, "penalty": penalty, "carry": carry},
    )


@require_http_methods(["GET", "POST"])
def end_evening(request: HttpRequest, token: str) -> HttpResponse:
    """The end of the evening: what closing does (the engine's words: marks paid for, a game abandoned), the final totals and
    who pays whom; then the closing hand."""
    table = editable(request, token)
    if (table.summary or {}).get("over"):
        return _ended(request, table)
    if request.method == "POST":
        refusal = attempt(
            lambda: services.record_hand(
                table,
                {"closing": True},
                device=device(request),
                version=version_of(request.POST.get("version")),
                submission=submission_of(request.POST.get("submission")),
            )
        )
        if refusal is not None and refusal.kind != "already":
            messages.error(request, refusal.message)
            return redirect("end_evening", token=token)
        if refusal is None:
            messages.success(request, _("The evening has ended."))
        return redirect("table", token=token)
    try:
        closing, summary = services.preview_closing(table)
    except InvalidTable as error:
        closing, summary, refused = None, None, error.said(_)
    else:
        refused = None
    final = {p: table.totals.get(p, 0) + (closing.scores[p] if closing else 0) for p in table.players}
    return render(
        request,
        "games/end_evening.html",
        {
            "table": table,
            "closing": closing,
            "refused": refused,
            "final": ranked_totals(table, final, summary),
            "settle_up": settle_up(table, final, summary) if closing else None,
            "links": RuleLinks.of(table.game, table.view_token),
            "web": GAMES[table.game].web,
        },
    )


def _ended(request: HttpRequest, table: Table) -> HttpResponse:
    """A closed table's end of the evening: what closing did, the final totals and who pays whom, and the way on
    (a new evening); ending it again changes nothing."""
    if request.method == "POST":
        messages.info(request, _("The evening has already ended."))
        return redirect("end_evening", token=table.edit_token)
    closing = table.hands.filter(deleted=False).order_by("-seq").first()  # nothing may follow a closing
    rated = ratings_shown.steps_by_event(RatingStep.objects.filter(event__table=table).order_by("event__part", "id"))
    return render(
        request,
        "games/end_evening.html",
        {
            "table": table,
            "ended": True,
            "closing": services.result_of(table, closing) if closing else None,
            "final": ranked_totals(table, {p: table.totals.get(p, 0) for p in table.players}),
            "settle_up": settle_up(table),
            "links": RuleLinks.of(table.game, table.view_token),
            "web": GAMES[table.game].web,
            "rated": rated,
            "can_edit": True,
        },
    )


@require_POST
def new_evening(request: HttpRequest, token: str) -> HttpResponse:
    """A new table with the same players in the same seats, the same rules, price and circle."""
    table = editable(request, token)
    try:
        submission = submission_of(request.POST.get("submission"))
    except ValidationError as error:
        messages.error(request, error.messages[0])
        return redirect("table", token=token)
    started = request.session.get("new_evenings", {})
    if submission and submission in started and Table.objects.filter(edit_token=started[submission]).exists():
        return redirect("table", token=started[submission])  # Back and the same tap again: that evening, once
    fresh = services.create_table(
        game=table.game, players=table.players, rules=table.rules, name=table.name, circle=table.circle
    )
    fresh.price_per_point, fresh.currency = table.price_per_point, table.currency
    fresh.save(update_fields=["price_per_point", "currency"])
    remember(request, fresh)
    if submission:
        request.session["new_evenings"] = {**dict(list(started.items())[-20:]), submission: fresh.edit_token}
    messages.success(request, _("A new evening with the same players."))
    return redirect("table", token=fresh.edit_token)
