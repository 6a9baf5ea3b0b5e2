"""What if: the table's hands scored under other rules (another preset, any option flipped), beside what was
recorded, the differences marked. Nothing changes until "use these rules for this table" (kept in the history,
undoable, like any change of the settings)."""

from __future__ import annotations

import hashlib
import json

from django.contrib import messages
from django.core.cache import caches
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from games.contract.ranking import marks_ranked
from games.engines import table as engine_table
from games.engines.table import InvalidTable
from games.lib.inputs import whole_number
from games.lib.limits import too_many, wait_for
from games.models import Table
from games.registry import GAMES
from games.tables import services
from games.tables.common import attempt, device, remember, say
from games.tables.forms import RulesForm, submission_of, version_of
from games.tables.lines import RuleLinks
from games.tables.pages import counted_numbers
from games.tables.presentation import describer

SHOWN = 50  # hands listed whose payout would change


@require_http_methods(["GET", "POST"])
def what_if(request: HttpRequest, token: str) -> HttpResponse:
    can_edit = request.resolver_match.url_name == "what_if"
    table = get_object_or_404(Table, **{"edit_token" if can_edit else "view_token": token})
    if can_edit:
        remember(request, table)
    engine = GAMES[table.game].engine
    form = RulesForm(
        request.POST if request.method == "POST" else request.GET or None, engine=engine, current=table.rules
    )
    count = len(table.players)
    if form.is_bound:  # every hand scored under other rules, or adopting them: a page that costs
        seconds = wait_for(request)
        if seconds:
            return too_many(request, seconds)
    if request.method == "POST" and can_edit and form.is_valid():
        return _use(request, table, form.rules(count))
    context = {
        "table": table,
        "form": form,
        "can_edit": can_edit,
        "game": GAMES[table.game],
        "links": RuleLinks.of(table.game, table.view_token),
        "back": reverse("table", args=[token]) if can_edit else reverse("view_table", args=[token]),
    }
    if form.is_bound and form.is_valid():
        context.update(_compare(table, form.rules(count), request.GET.get("hand")))
    return render(request, "games/what_if.html", context)


def _compare(table: Table, rules: dict, hand: str | None) -> dict:
    """Every live hand scored under ``rules``: the totals beside the recorded ones, and the hands that would pay
    differently (or one hand's whole explanation). Scored once per table version and rules, then kept."""
    key = f"{table.pk}:{table.version}:{hashlib.sha256(json.dumps(rules, sort_keys=True).encode()).hexdigest()}"
    cache = caches["what_if"]
    found = cache.get(key)
    if found is None:
        try:
            found = _scored(table, rules)
        except InvalidTable as error:
            return {"refused": error.said(_)}
        cache.set(key, found)
    describe = describer(table)
    changed = [
        {
            "number": number,
            "what": describe(data),
            "seq": seq,
            "scores": [(name, was, would) for name, was, would in zip(table.players, recorded, scores) if was != would],
        }  # only the scores that differ, each shown once
        for seq, number, data, recorded, scores in found["changed"]
    ]
    wanted = whole_number(hand)
    focus = _focus(table, rules, wanted, describe) if wanted is not None else None
    counted, in_rounds = counted_numbers(
        table, [row["number"] for row in changed] + ([focus["number"]] if focus else [])
    )
    for row in [*changed, *([focus] if focus else [])]:  # named as the table page names it: "Hand 4", "Round 2"
        row["label"] = counted.get(row["number"])
    return {
        "rules": rules,
        "totals": found["totals"],
        "marks": [(_(label), rows) for label, rows in found.get("marks", [])],
        "changed": changed,
        "in_rounds": in_rounds,
        "more": max(0, found["changed_count"] - SHOWN),
        "changed_count": found["changed_count"],
        "focus": focus,
    }


def _scored(table: Table, rules: dict) -> dict:
    """The replay under ``rules``, as little as a page shows of it: totals, the first SHOWN hands that differ."""
    hands = table.hands.filter(deleted=False).order_by("seq").values_list("seq", "number", "data", "scores")
    setup = engine_table.setup(table.game, rules, table.players)
    state = setup.engine.new_state(setup.players, setup.rules)
    totals = {p: 0 for p in table.players}
    changed, count = [], 0
    for seq, number, data, recorded in hands.iterator(chunk_size=1000):
        result, state = engine_table.score_next(setup, state, data, number)
        scores = [result.scores[p] for p in table.players]
        for p, score in zip(table.players, scores):
            totals[p] += score
        if scores != recorded:
            count += 1
            if len(changed) < SHOWN:
                changed.append((seq, number, data, recorded, scores))
    return {
        "totals": [(p, table.totals.get(p, 0), totals[p]) for p in table.players],
        "marks": _marks(table, setup.engine, setup.engine.status(state).as_json()),
        "changed": changed,
        "changed_count": count,
    }


def _marks(table: Table, engine, would: dict) -> list[tuple[str, list[tuple[str, int, int]]]]:
    """The marks the game ranks by beside the totals (what is paid for, as the game ranks), recorded and under the
    other rules: an option may change no hand's points, only those marks."""
    recorded = (table.summary or {}).get("marks") or {}
    shown = (would or {}).get("marks") or {}
    return [
        (
            rank.label,
            [
                (p, (recorded.get(p) or {}).get(rank.key, 0), (shown.get(p) or {}).get(rank.key, 0))
                for p in table.players
            ],
        )
        for rank in marks_ranked(engine.RANKING)
    ]


def _focus(table: Table, rules: dict, hand: int, describe) -> dict | None:
    """One hand's whole explanation under ``rules``: the hands up to it scored again, none after it."""
    hands = (
        table.hands.filter(deleted=False, seq__lte=hand).order_by("seq").values_list("seq", "number", "data", "scores")
    )
    setup = engine_table.setup(table.game, rules, table.players)
    state = setup.engine.new_state(setup.players, setup.rules)
    for seq, number, data, recorded in hands.iterator(chunk_size=1000):
        result, state = engine_table.score_next(setup, state, data, number)
        if seq == hand:
            return {
                "number": number,
                "what": describe(data),
                "lines": result.lines,
                "scores": list(zip(table.players, recorded, (result.scores[p] for p in table.players))),
            }
    return None


def _use(request: HttpRequest, table: Table, rules: dict) -> HttpResponse:
    """Use these rules for this table: a change of the settings like any other, in the history, undoable."""
    if rules == table.rules:
        messages.info(request, _("The table already plays these rules."))
        return redirect("table", token=table.edit_token)
    refusal = attempt(
        lambda: services.change_settings(
            table,
            details={},
            rules=rules,
            device=device(request),
            version=version_of(request.POST.get("version")),
            submission=submission_of(request.POST.get("submission")),
        )
    )
    say(
        request,
        refusal,
        done=_("The table now plays these rules; every hand was scored again. You can undo it."),
        already=_("These rules were already taken."),
        invalid=_("These rules cannot score this table: %(error)s"),
    )
    return redirect("table", token=table.edit_token)
