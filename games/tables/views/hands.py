"""Hands: record, preview, read, edit, delete, restore, undo. Every change goes through games.tables.services."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import (
    require_http_methods,
    require_POST,
    require_safe,
)
from django.views.decorators.vary import vary_on_headers

from games.contract.words import N_, Line
from games.engines.table import InvalidTable
from games.lib.limits import too_many, wait_for_rescoring
from games.models import Hand, Table
from games.registry import GAMES
from games.tables import services
from games.tables.common import Refusal, attempt, device, editable, hand_form, hand_of, outcome, partial, say
from games.tables.forms import new_submission, submission_of, version_of
from games.tables.lines import RuleLinks
from games.tables.pages import (
    closed_page,
    counted_numbers,
    hand_lines,
    hand_numbers,
    is_closed,
    numbered_now,
    round_numbers,
    table_context,
    tournament_notice,
)
from games.tables.presentation import describe_change, describer
from games.web import HandWords


def _preview(table: Table, form, hand=None):
    """The engine's result for the form as it stands, or None; engine errors go next to their field."""
    if not form.is_valid():
        return None
    try:
        return services.preview_hand(table, form.to_data(), replacing=hand)
    except InvalidTable as error:
        form.show_engine_error(error)
        return None


def _render_hand_form(request, table, form, *, hand=None, number=None, conflict=None):
    result = _preview(table, form, hand) if form.is_bound else None
    edit_title = str(GAMES[table.game].web.words.edit) % {"number": _listed_number(table, number)} if hand else ""
    rejected = (
        form.is_bound
        and bool(form.errors)
        and "preview" not in request.POST
        and (not partial(request) or "save" in request.POST)
    )
    form.mark_invalid()
    context = {
        "table": table,
        "form": form,
        "result": result,
        "hand": hand,
        "number": number,
        "conflict": conflict,
        "edit_title": edit_title,
        "rejected": rejected,
        "tournament_notice": tournament_notice(table),
        "links": RuleLinks.of(table.game, table.view_token),
        "players": table.players,
        "counter": True,
        "web": GAMES[table.game].web,
        "preview_url": reverse("preview_edit", args=[table.edit_token, hand.seq])
        if hand
        else reverse("preview", args=[table.edit_token]),
    }
    if partial(request) and "save" not in request.POST:  # a live preview; a Save gets the whole page back
        return render(request, "games/hand_form.html#preview", context)
    return render(request, "games/hand_form.html", context)


def _listed_number(table: Table, number: int) -> int:
    """A deal's number as the list of hands shows it: its round in its game where the game counts rounds."""
    rounds = round_numbers(table, [number])
    return rounds.get(number, number) if rounds else number


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def record_hand(request: HttpRequest, token: str) -> HttpResponse:
    table = editable(request, token)
    if is_closed(table):
        return closed_page(request, table)
    if request.method == "GET":
        initial = GAMES[table.game].web.new_hand_initial(table.summary or {}) | {
            "version": table.version,
            "submission": new_submission(),
        }
        return _render_hand_form(request, table, hand_form(table, initial=initial))
    form = hand_form(table, request.POST)
    if "preview" not in request.POST and form.is_valid():
        recorded, refusal = outcome(
            lambda: services.record_hand(
                table,
                form.to_data(),
                device=device(request),
                version=form.cleaned_data["version"],
                submission=form.cleaned_data["submission"],
                parsed=form.parsed,
            )
        )
        return _after_save(
            request,
            table,
            form,
            recorded,
            refusal,
            done=str(GAMES[table.game].web.words.recorded),
            already=_("This hand was already recorded; it is recorded once."),
        )
    return _render_hand_form(request, table, form)


def _after_save(
    request: HttpRequest,
    table: Table,
    form,
    changed: Hand | None,
    refusal: Refusal | None,
    *,
    done: str,
    already: str,
    hand=None,
    number: int | None = None,
) -> HttpResponse:
    """The answer to the hand form's Save: the table (saved: as the one change left it; or saved before), the hand
    kept against the new state (another phone first), or the form again with the engine's objection beside its
    field."""
    if refusal is None or refusal.kind == "already":
        say(request, refusal, done=done, already=already)
        return _saved(request, table, changed)
    if refusal.kind == "conflict":
        return _keep_the_hand(request, table, form, hand)
    form.show_engine_error(refusal.error)
    return _render_hand_form(request, table, form, hand=hand, number=number)


def _keep_the_hand(request: HttpRequest, table: Table, form, hand=None) -> HttpResponse:
    """Another phone changed the table first: the hand this phone entered is kept, shown filled in and scored
    against the new state, with what changed meanwhile, ready to be saved again."""
    table.refresh_from_db()
    seen = form.cleaned_data.get("version")
    since = table.changes.filter(version__gt=seen if seen is not None else table.version).order_by("id")[:10]
    changes = [describe_change(table, change) for change in numbered_now(table, list(since))]
    data = request.POST.copy()
    data["version"] = str(table.version)
    form = hand_form(table, data)
    if hand is not None:
        hand.refresh_from_db()
        if hand.deleted:
            messages.error(request, _("Another phone deleted this hand meanwhile; restore it first."))
            return redirect("history", token=table.edit_token)
    number = hand_numbers(table, [hand.number]).get(hand.number) if hand else None
    return _render_hand_form(
        request, table, form, hand=hand, number=number, conflict=changes or [Line(N_("the table's details changed"))]
    )


def _saved(request: HttpRequest, table: Table, changed: Hand | None) -> HttpResponse:
    """After a Save: with JavaScript (htmx), the answer is the table page as the change left it (the table the
    services stored with the hand ``changed``; saved before: as stored now), one round trip; without it,
    post/redirect/get."""
    if not partial(request):
        return redirect("table", token=table.edit_token)
    if changed is not None:
        table = changed.table
    else:
        table.refresh_from_db()
    here = reverse("table", args=[table.edit_token])
    context = table_context(table, can_edit=True)
    context["here"] = here  # the page shown is the table's: a language switch returns to it, not to the form
    response = render(request, "games/table.html", context)
    response["HX-Push-Url"] = here
    return response


@require_POST
@vary_on_headers("HX-Request")
def preview(request: HttpRequest, token: str, seq: int | None = None) -> HttpResponse:
    table = editable(request, token)
    if seq is None and is_closed(table):
        return render(request, "games/closed.html#notice", {"table": table})
    hand = hand_of(table, seq) if seq is not None else None
    form = hand_form(table, request.POST)
    result = _preview(table, form, hand)
    return render(
        request,
        "games/hand_form.html#preview",
        {"form": form, "result": result, "table": table, "links": RuleLinks.of(table.game, table.view_token)},
    )


@require_safe
def hand_detail(request: HttpRequest, token: str, seq: int) -> HttpResponse:
    table = editable(request, token)
    return _hand_detail(request, table, seq, can_edit=True)


@require_safe
def view_hand_detail(request: HttpRequest, token: str, seq: int) -> HttpResponse:
    table = get_object_or_404(Table, view_token=token)
    return _hand_detail(request, table, seq, can_edit=False)


def _hand_detail(request, table: Table, seq: int, *, can_edit: bool) -> HttpResponse:
    """A hand and how it was scored, from the state the hand before it left; a deleted hand says so."""
    hand = hand_of(table, seq)
    number = hand.number
    result = None if hand.deleted else services.result_of(table, hand)
    counted, in_rounds = counted_numbers(table, [number] if number else [])
    rounds = counted if in_rounds else None
    return render(
        request,
        "games/hand_detail.html",
        {
            "table": table,
            "hand": hand,
            "number": number,
            "result": result,
            "can_edit": can_edit,
            "hand_no": counted.get(number),
            "round": rounds.get(number) if rounds else None,
            "no_round": bool(number) and number not in counted,
            "a_deal": services.is_a_deal(hand.data),
            "what": hand_lines(table, [(number, hand.data)])[number] if number else describer(table)(hand.data),
            "links": RuleLinks.of(table.game, table.view_token),
            "words": GAMES[table.game].web.words,
        },
    )


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def edit_hand(request: HttpRequest, token: str, seq: int) -> HttpResponse:
    table = editable(request, token)
    hand = hand_of(table, seq)
    if hand.deleted:
        messages.error(request, _("This hand is deleted; restore it first."))
        return redirect("history", token=token)
    number = hand_numbers(table, [hand.number]).get(hand.number)  # among the game's hands, as the list counts
    if not services.is_a_deal(
        hand.data
    ):  # a penalty, a carry-over or the closing: deleted and written again, not edited
        messages.info(
            request, _("A penalty, a correction or the end of the evening is not edited: delete it and write it again.")
        )
        return redirect("hand", token=token, seq=seq)
    if request.method == "GET":
        form_class = GAMES[table.game].web.hand_form
        initial = form_class.initial_from(hand.data, table.players) | {
            "version": table.version,
            "submission": new_submission(),
        }
        return _render_hand_form(request, table, hand_form(table, initial=initial), hand=hand, number=number)
    words = GAMES[table.game].web.words
    form = hand_form(table, request.POST)
    if "preview" not in request.POST and form.is_valid():
        seconds = wait_for_rescoring(request, table, seq)
        if seconds:
            return too_many(request, seconds)
        edited, refusal = outcome(
            lambda: services.edit_hand(
                hand,
                form.to_data(),
                device=device(request),
                version=form.cleaned_data["version"],
                submission=form.cleaned_data["submission"],
            )
        )
        return _after_save(
            request,
            table,
            form,
            edited,
            refusal,
            hand=hand,
            number=number,
            done=str(words.changed) % {"number": _listed_number(table, number)},
            already=_("This change was already saved; it is recorded once."),
        )
    return _render_hand_form(request, table, form, hand=hand, number=number)


@require_POST
def delete_hand(request: HttpRequest, token: str, seq: int) -> HttpResponse:
    table = editable(request, token)
    seconds = wait_for_rescoring(request, table, seq)
    if seconds:
        return too_many(request, seconds)
    hand = hand_of(table, seq)
    words = GAMES[table.game].web.words if services.is_a_deal(hand.data) else HandWords()
    return _change(
        request,
        table,
        lambda version, submission: services.delete_hand(
            hand, device=device(request), version=version, submission=submission
        ),
        str(words.deleted),
        undo=True,
    )


@require_POST
def restore_hand(request: HttpRequest, token: str, seq: int) -> HttpResponse:
    table = editable(request, token)
    seconds = wait_for_rescoring(request, table, seq)
    if seconds:
        return too_many(request, seconds)
    return _change(
        request,
        table,
        lambda version, submission: services.restore_hand(
            hand_of(table, seq), device=device(request), version=version, submission=submission
        ),
        _("Hand restored."),
    )


@require_POST
def undo(request: HttpRequest, token: str) -> HttpResponse:
    table = editable(request, token)
    target = services.last_undoable(table)  # what undoing it scores again: every hand after its hand, or all
    if target is not None and target.kind != target.DETAILS:
        seconds = wait_for_rescoring(request, table, target.hand.seq if target.hand_id else None)
        if seconds:
            return too_many(request, seconds)
    return _change(
        request,
        table,
        lambda version, submission: services.undo_last(
            table, device=device(request), version=version, submission=submission
        ),
        _("Undone."),
    )


def _change(request, table: Table, apply, done: str, *, undo: bool = False) -> HttpResponse:
    """Delete, restore, undo: the version the page showed is checked, the form counts once. ``undo``: the message
    carries the Undo button (the table page draws it beside the message, not only at the foot of the page)."""
    refusal = attempt(
        lambda: apply(version_of(request.POST.get("version")), submission_of(request.POST.get("submission")))
    )
    say(
        request,
        refusal,
        done=done,
        already=_("That was already done; it counts once."),
        invalid=_("That change would make the table invalid: %(error)s"),
        tags="undo" if undo else "",
    )
    return redirect("table", token=table.edit_token)
