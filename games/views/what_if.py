"""What if: the table's hands scored under other rules (another preset, any option flipped), beside what was
recorded, the differences marked. Nothing changes until "use these rules for this table" (kept in the history,
undoable, like any change of the settings)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from .. import services
from ..engines import table as engine_table
from ..engines.table import InvalidTable
from ..forms import RulesForm, submission_of, version_of
from ..inputs import whole_number
from ..models import Table
from ..presentation import describer
from ..registry import GAMES
from ..templatetags.talon import RuleLinks
from .common import device, remember

SHOWN = 50  # hands listed whose payout would change


@require_http_methods(["GET", "POST"])
def what_if(request: HttpRequest, token: str) -> HttpResponse:
    can_edit = request.resolver_match.url_name == "what_if"
    table = get_object_or_404(Table, **{"edit_token" if can_edit else "view_token": token})
    if can_edit:
        remember(request, table)
    engine = GAMES[table.game].engine
    form = RulesForm(request.POST if request.method == "POST" else request.GET or None, engine=engine,
                     current=table.rules)
    count = len(table.players)
    if request.method == "POST" and can_edit and form.is_valid():
        return _use(request, table, form.rules(count))
    context = {"table": table, "form": form, "can_edit": can_edit, "game": GAMES[table.game],
               "links": RuleLinks.of(table.game, table.view_token),
               "back": reverse("table", args=[token]) if can_edit else reverse("view_table", args=[token])}
    if form.is_bound and form.is_valid():
        context.update(_compare(table, form.rules(count), request.GET.get("hand")))
    return render(request, "games/what_if.html", context)


def _compare(table: Table, rules: dict, hand: str | None) -> dict:
    """Every live hand scored under ``rules``: the totals beside the recorded ones, and the hands that would pay
    differently (or one hand's whole explanation)."""
    hands = list(table.hands.filter(deleted=False).order_by("seq").values_list("seq", "number", "data", "scores"))
    try:
        setup = engine_table.setup(table.game, rules, table.players)
        replay = engine_table.replay(setup, [data for _seq, _number, data, _scores in hands])
    except InvalidTable as error:
        return {"refused": error.line(_)}
    describe = describer(table)
    changed = []
    for (seq, number, data, recorded), result in zip(hands, replay.results):
        scores = [result.scores[p] for p in table.players]
        if scores != recorded:
            changed.append({"number": number, "what": describe(data), "seq": seq,
                            "scores": list(zip(table.players, recorded, scores))})
    totals = [(p, table.totals.get(p, 0), replay.totals[p]) for p in table.players]
    focus, wanted = None, whole_number(hand)
    if wanted is not None:
        for (seq, number, data, recorded), result in zip(hands, replay.results):
            if seq == wanted:
                focus = {"number": number, "what": describe(data), "lines": result.lines,
                         "scores": list(zip(table.players, recorded, (result.scores[p] for p in table.players)))}
    return {"rules": rules, "totals": totals, "changed": changed[:SHOWN], "more": max(0, len(changed) - SHOWN),
            "changed_count": len(changed), "focus": focus}


def _use(request: HttpRequest, table: Table, rules: dict) -> HttpResponse:
    """Use these rules for this table: a change of the settings like any other, in the history, undoable."""
    if rules == table.rules:
        messages.info(request, _("The table already plays these rules."))
        return redirect("table", token=table.edit_token)
    try:
        services.change_settings(table, details={}, rules=rules, device=device(request),
                                 version=version_of(request.POST.get("version")),
                                 submission=submission_of(request.POST.get("submission")))
    except ValidationError as error:
        messages.error(request, error.messages[0])
    except services.AlreadyDone:
        messages.info(request, _("These rules were already taken."))
    except services.Conflict as conflict:
        messages.error(request, str(conflict))
    except InvalidTable as error:
        messages.error(request, _("These rules cannot score this table: %(error)s") % {"error": error.line(_)})
    else:
        messages.success(request, _("The table now plays these rules; every hand was scored again. You can undo it."))
    return redirect("table", token=table.edit_token)
