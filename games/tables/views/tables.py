"""Tables: a new one, its page (edit and view links), the live check, its settings and its history."""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext
from django.utils.translation import gettext as _
from django.views.decorators.http import (
    require_http_methods,
    require_POST,
    require_safe,
)

from games.engines.table import InvalidTable
from games.lib.inputs import is_token, whole_number
from games.lib.limits import expensive, too_many, wait_for
from games.lib.text import isolate_text
from games.models import Change, Circle, FormerLink, RoundTable, Seat, Table
from games.registry import GAMES
from games.tables import services
from games.tables.common import attempt, device, editable, game_or_404, known_circles, remember, say
from games.tables.forms import JoinCircleForm, NewTableForm, RenameForm, RulesForm, submission_of, version_of
from games.tables.pages import game_hands, hand_rows, numbered_now, table_context
from games.tables.presentation import (
    deleted_hand,
    describe_change,
    describer,
    in_current_names,
    player_rows,
    rules_summary,
)


@require_safe
def new_table(request: HttpRequest) -> HttpResponse:
    return render(request, "games/choose_game.html", {"games": GAMES.values()})


@require_http_methods(["GET", "POST"])
def new_table_for(request: HttpRequest, game: str) -> HttpResponse:
    chosen = game_or_404(game)
    circle_token = request.POST.get("circle") or request.GET.get("circle")
    if circle_token and not is_token(circle_token):
        raise Http404()
    circle = get_object_or_404(Circle, token=circle_token) if circle_token else None
    form = NewTableForm(request.POST or None, engine=chosen.engine, current=circle.rules.get(game) if circle else None)
    if request.method == "POST" and form.is_valid():
        try:
            table = services.create_table(
                game=game,
                players=form.players(),
                rules=form.rules(len(form.players())),
                name=form.cleaned_data["name"],
                circle=circle,
            )
        except InvalidTable as error:
            form.add_error(None, error.said(_))
        else:
            remember(request, table)
            return redirect("table", token=table.edit_token)
    return render(request, "games/new_table.html", {"form": form, "game": chosen, "circle": circle})


PAGE_OF_HANDS = 50
DELETED_SHOWN = 100  # the latest deleted hands the history offers to restore


def _table(field: str, token: str) -> Table:
    return get_object_or_404(Table, **{field: token})


def table_response(request: HttpRequest, table: Table, *, can_edit: bool) -> HttpResponse:
    """The table page, rendered from what is stored: the same few queries at any length of table."""
    if can_edit:
        remember(request, table)
    return render(request, "games/table.html", table_context(table, can_edit=can_edit))


@require_safe
def table_page(request: HttpRequest, token: str) -> HttpResponse:
    table = Table.objects.filter(edit_token=token).first()
    if table is None:
        return _waiting_for_its_round(request, token)
    if request.htmx and request.htmx.trigger == WAITING:  # the round has started: the waiting page becomes the table
        response = HttpResponse()
        response["HX-Refresh"] = "true"
        return response
    return table_response(request, table, can_edit=True)


WAITING = "waiting-for-round"  # the element of a waiting tournament table that asks whether its round has started


def _waiting_for_its_round(request: HttpRequest, token: str) -> HttpResponse:
    """A tournament table's printed link opened before its round starts: which table it is, who sits there, and
    the page turns into the table by itself once the director starts the round. Any other unknown link: 404."""
    planned = (
        RoundTable.objects.filter(planned_token=token, table__isnull=True).select_related("round__tournament").first()
    )
    if planned is None:
        return _former_link(request, token)
    if request.htmx:
        return HttpResponse(status=204)  # still waiting: nothing to change
    seats = planned.seats.order_by("seat").values_list("entry__no", "entry__name")
    return render(
        request,
        "games/tournament/table_waiting.html",
        {"tournament": planned.round.tournament, "round": planned.round, "round_table": planned, "seats": seats},
    )


def _former_link(request: HttpRequest, token: str) -> HttpResponse:
    """A printed sheet of a table that a later draw of its round changed: where each of its players sits now.
    Any other unknown link: 404."""
    former = FormerLink.objects.filter(token=token).select_related("tournament").first()
    if former is None:
        raise Http404
    names = dict(former.tournament.entries.filter(no__in=former.seats).values_list("no", "name"))
    now = dict(
        Seat.objects.filter(
            round__tournament=former.tournament, round__number=former.round_no, entry__no__in=former.seats
        ).values_list("entry__no", "round_table__table_no")
    )
    drawn = former.tournament.rounds.filter(number=former.round_no).exists()
    return render(
        request,
        "games/tournament/table_moved.html",
        {
            "tournament": former.tournament,
            "former": former,
            "drawn": drawn,
            "players": [(no, names.get(no, ""), now.get(no)) for no in former.seats],
        },
    )


@require_safe
def view_page(request: HttpRequest, token: str) -> HttpResponse:
    return table_response(request, _table("view_token", token), can_edit=False)


@require_safe
def all_hands(request: HttpRequest, token: str) -> HttpResponse:
    """Every hand, a page at a time, newest first; or only the hands of one contract or mode, or those a player
    declared ("the games Anna played alone", "every hand of one contract"): a query on what each hand was, stored when it was saved."""
    can_edit = request.resolver_match.url_name == "hands"
    table = _table("edit_token" if can_edit else "view_token", token)
    engine = GAMES[table.game].engine
    mode = request.GET.get("mode", "")
    player = request.GET.get("player", "")
    hands = table.hands.filter(deleted=False)
    if mode in engine.MODES:
        hands = hands.filter(facts__mode=mode)
    if player in table.players:
        hands = hands.filter(Q(facts__declarer=player) | Q(facts__partner=player))
    filtered = mode in engine.MODES or player in table.players
    count = hands.count() if filtered else table.hand_count  # rows, for the pages
    shown_hands = count if filtered else game_hands(table)  # all rows: said as the hands of the game
    pages = max(1, -(-count // PAGE_OF_HANDS))
    page = min(whole_number(request.GET.get("page")) or 1, pages)
    shown = hands.order_by("-number").defer("state")[(page - 1) * PAGE_OF_HANDS : page * PAGE_OF_HANDS]
    modes = [(key, gettext(label)) for key, label in engine.MODES.items()]
    return render(
        request,
        "games/hands.html",
        {
            "table": table,
            "web": GAMES[table.game].web,
            "can_edit": can_edit,
            "rows": hand_rows(table, shown, can_edit=can_edit),
            "players": player_rows(table),
            "page": page,
            "pages": pages,
            "count": shown_hands,
            "modes": modes,
            "mode": mode,
            "player": player,
            "query": urlencode({k: v for k, v in (("mode", mode), ("player", player)) if v}),
            "back": reverse("table", args=[token]) if can_edit else reverse("view_table", args=[token]),
        },
    )


@require_safe
def live(request: HttpRequest, token: str) -> HttpResponse:
    """Asked every few seconds by a table page (view or edit link) with the version it shows: 204 and nothing
    else while the table is at that version (one query); when it changed, only what changed: the totals and the
    new or changed rows of the list of hands, swapped into the page out of band."""
    can_edit = request.resolver_match.url_name == "live"
    field = "edit_token" if can_edit else "view_token"
    version = Table.objects.filter(**{field: token}).values_list("version", flat=True).first()
    if version is None:
        raise Http404(_("No table at this link."))
    seen = request.GET.get("v", "")
    if str(version) == seen:
        response = HttpResponse(status=204)
    else:
        table = _table(field, token)
        context = table_context(table, can_edit=can_edit)
        since = whole_number(seen)
        since = -1 if since is None else since
        changes = list(table.changes.filter(version__gt=since).order_by("id").values_list("kind", "hand__number"))
        appended = since >= 0 and only_appended(changes, table.hand_count)
        if appended:  # only new hands at the end: they go on top of the list
            first = table.hand_count - len(changes) + 1
            context["rows"] = [row for row in context["rows"] if row["number"] >= first]
        context["appended"] = appended
        response = render(request, "games/table.html#live", context)
    response["Cache-Control"] = "no-store"
    return response  # the engine's release is named on its way out (games.offline.middleware.name_the_engine)


def only_appended(changes: list[tuple[str, int | None]], hand_count: int) -> bool:
    """Whether these changes (kind, the place of their hand now), oldest first, only recorded hands at the end of
    the table, which a
    watching page can put on top of its list. A hand put before others ("mine before theirs") is recorded too,
    but moves every later hand on: then the numbers are not the last ones in order, and the page takes the whole
    list again."""
    first = hand_count - len(changes) + 1
    return bool(changes) and all(
        kind == Change.RECORDED and number == first + i for i, (kind, number) in enumerate(changes)
    )


def settings_form(table: Table, data=None, *, played_as=None) -> RulesForm:
    """The table's settings: its name (not a tournament's table's: the tournament named it, round and table), the
    price per point and currency, the house rules."""
    form = RulesForm(
        data,
        engine=GAMES[table.game].engine,
        current=table.rules,
        initial={"name": table.name, "price_per_point": table.price_per_point, "currency": table.currency},
    )
    if played_as is not None:
        del form.fields["name"]
    return form


@require_http_methods(["GET", "POST"])
def settings_page(request: HttpRequest, token: str) -> HttpResponse:
    table = editable(request, token)
    played_as = services.tournament_table(table)
    form = settings_form(table, request.POST or None, played_as=played_as)
    if request.method == "POST" and form.is_valid():
        rules = table.rules if played_as else form.rules(len(table.players))
        rescored = rules != table.rules
        if rescored:  # every hand scored again: a long page
            seconds = wait_for(request)
            if seconds:
                return too_many(request, seconds)
        refusal = attempt(
            lambda: services.change_settings(
                table,
                details={key: form.cleaned_data.get(key, getattr(table, key)) for key in services.DETAILS},
                rules=rules,  # a tournament's table keeps the tournament's house rules
                device=device(request),
                version=version_of(request.POST.get("version")),
                submission=submission_of(request.POST.get("submission")),
            )
        )
        if refusal is None or refusal.kind == "already":
            say(
                request,
                refusal,
                done=_("Settings saved; every hand was scored again.") if rescored else _("Settings saved."),
                already=_("These settings were already saved."),
            )
            return redirect("table", token=token)
        form.add_error(None, refusal.error if refusal.kind == "input" else refusal.message)
    return _settings(request, table, form=form)


def _settings(
    request: HttpRequest,
    table: Table,
    *,
    form: RulesForm | None = None,
    rename_form: RenameForm | None = None,
    join_form: JoinCircleForm | None = None,
) -> HttpResponse:
    game = GAMES[table.game]
    played_as = services.tournament_table(table)
    form = form or settings_form(table, played_as=played_as)
    known = [circle for circle in known_circles(request) if circle.pk != table.circle_id]
    return render(
        request,
        "games/settings.html",
        {
            "table": table,
            "form": form,
            "game": game,
            "summary": rules_summary(table),
            "played_as": played_as,
            "rename_form": rename_form or RenameForm(players=table.players),
            "join_form": join_form or JoinCircleForm(known=known),
        },
    )


@require_POST
def join_circle(request: HttpRequest, token: str) -> HttpResponse:
    """The table joins a circle whose edit link this phone holds (pasted, or one it opened)."""
    table = editable(request, token)
    form = JoinCircleForm(request.POST, known=known_circles(request), players=table.players)
    if not form.is_valid():
        return _settings(request, table, join_form=form)
    circle = form.circle()
    services.add_to_circle(table, circle)
    messages.success(request, _("This table is now in the circle %(circle)s.") % {"circle": isolate_text(circle)})
    return redirect("settings", token=token)


@require_POST
@expensive  # every hand's data rewritten and scored again
def rename_player(request: HttpRequest, token: str) -> HttpResponse:
    """A player's name corrected everywhere at the table; the form's message sits beside the field."""
    table = editable(request, token)
    circle_players = table.circle.players if table.circle_id else []
    form = RenameForm(request.POST, players=table.players, circle_players=circle_players)
    if form.is_valid():
        old, new = form.cleaned_data["old"], form.cleaned_data["new"]
        refusal = attempt(
            lambda: services.rename_player(
                table,
                old,
                new,
                device=device(request),
                version=form.cleaned_data["version"],
                submission=form.cleaned_data["submission"],
            )
        )
        if refusal is None or refusal.kind == "already":
            say(
                request,
                refusal,
                done=_("%(old)s is now called %(new)s, in every hand.")
                % {"old": isolate_text(old), "new": isolate_text(new)},
                already=_("This name was already changed."),
            )
            return redirect("settings", token=token)
        form.add_error("new" if refusal.kind == "invalid" else None, refusal.message)
        table.refresh_from_db()
    return _settings(request, table, rename_form=form)


@require_safe
def history(request: HttpRequest, token: str) -> HttpResponse:
    table = editable(request, token)
    describe = describer(table)
    recent = list(table.changes.select_related("undoes").order_by("-id")[:300])
    changes = [
        (change, describe_change(table, view, describe))
        for change, (_numbered, view) in zip(recent, in_current_names(table, numbered_now(table, recent)))
    ]
    latest = sorted(
        table.hands.filter(deleted=True).defer("state").order_by("-updated_at", "-seq")[:DELETED_SHOWN],
        key=lambda hand: hand.seq,
    )
    more = table.hands.filter(deleted=True).count() - DELETED_SHOWN if len(latest) == DELETED_SHOWN else 0
    deleted_as = dict(  # each hand's number when it was deleted: its latest deletion's
        table.changes.filter(kind=Change.DELETED, hand__in=latest).order_by("id").values_list("hand_id", "number")
    )
    deleted = [(hand, deleted_hand(table, describe(hand.data), deleted_as.get(hand.id))) for hand in latest]
    return render(
        request,
        "games/history.html",
        {
            "table": table,
            "changes": changes,
            "undoable": services.last_undoable(table),
            "deleted": deleted,
            "more_deleted": more,
            "kinds": dict(Change.KINDS),
        },
    )
