"""Tables: a new one, its page (edit and view links), the live check, its settings and its history."""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from .. import services
from ..engines.table import InvalidTable
from ..forms import NewTableForm, RulesForm
from ..models import Change, Circle, Table
from ..presentation import (
    describer,
    player_rows,
    running_totals_chart,
    settle_up,
    winners,
)
from ..registry import GAMES
from .common import device, editable, game_or_404, hand_form, remember, whole_number


@require_safe
def new_table(request: HttpRequest) -> HttpResponse:
    return render(request, "games/choose_game.html", {"games": GAMES.values()})


@require_http_methods(["GET", "POST"])
def new_table_for(request: HttpRequest, game: str) -> HttpResponse:
    chosen = game_or_404(game)
    circle_token = request.POST.get("circle") or request.GET.get("circle")
    circle = get_object_or_404(Circle, token=circle_token) if circle_token else None
    form = NewTableForm(request.POST or None, engine=chosen.engine)
    if request.method == "POST" and form.is_valid():
        try:
            table = services.create_table(game=game, players=form.players(), rules=form.rules(),
                                          name=form.cleaned_data["name"], circle=circle)
        except InvalidTable as error:
            form.add_error(None, error.line(_))
        else:
            remember(request, table)
            return redirect("table", token=table.edit_token)
    return render(request, "games/new_table.html", {"form": form, "game": chosen, "circle": circle})


RECENT_HANDS = 30


def _table_context(table: Table, *, can_edit: bool, show_all: bool = False) -> dict:
    """Newest hands first (the one just recorded is where the thumb is); the latest 30 unless all are asked for,
    so the page costs the same for a season's table as for tonight's."""
    live = table.hands.filter(deleted=False)
    count = live.count()
    shown = live.order_by("-seq") if show_all else live.order_by("-seq")[:RECENT_HANDS]
    describe = describer(table)
    rows = [{"number": count - i, "what": describe(hand.data),
             "url": reverse("hand", args=[table.edit_token, hand.seq]) if can_edit
             else reverse("view_hand", args=[table.view_token, hand.seq]),
             "scores": list(zip(table.players, hand.scores))} for i, hand in enumerate(shown)]
    winning = winners(table)
    chart = running_totals_chart(table.players, list(live.order_by("seq").values_list("scores", flat=True))) \
        if count > 1 else None
    web = GAMES[table.game].web
    return {"table": table, "can_edit": can_edit, "rows": rows, "players": player_rows(table),
            "summary": table.summary, "undoable": services.last_undoable(table) if can_edit else None,
            "game": GAMES[table.game], "web": web, "winners": winning, "winner_names": ", ".join(winning),
            "quick_form": hand_form(table) if can_edit and web.quick_entry else None,
            "hand_count": count, "hidden_hands": count - len(rows), "settle_up": settle_up(table), "chart": chart}


def _lookup(field: str, token: str) -> tuple[int, int, str]:
    """(id, version, view token) of the table with this link: the one query of a cached table page, written
    as plain SQL because building it through the ORM costs more than running it."""
    assert field in ("edit_token", "view_token")
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT id, version, view_token FROM {Table._meta.db_table} WHERE {field} = %s", [token])
        row = cursor.fetchone()
    if row is None:
        raise Http404(_("No table at this link."))
    return row


def _lookup_recent(field: str, token: str, *, fresh: bool) -> tuple[int, int, str]:
    """The same, remembered for at most a second (services forgets it on every change made through them), so
    a phone that only watches costs no query; ``fresh`` reads the database, as right after a change."""
    key = services.link_cache_key(field, token)
    row = None if fresh else cache.get(key)
    if row is None:
        row = _lookup(field, token)
        cache.set(key, row, services.LINK_CACHE_SECONDS)
    return row


def _table_page(request: HttpRequest, field: str, token: str, *, can_edit: bool) -> HttpResponse:
    """This phone's whole page is cached, keyed by the table's version (which every change raises, so it cannot
    be stale) and by its CSRF cookie (so the token in its forms is its own); never while a message waits."""
    pk, version, view_token = _lookup_recent(field, token, fresh="messages" in request.COOKIES)
    show_all = "all" in request.GET
    secret = request.COOKIES.get(settings.CSRF_COOKIE_NAME, "")
    page_key = None
    if secret and "messages" not in request.COOKIES:
        phone = hashlib.sha256(f"{secret}|{request.scheme}|{request.get_host()}".encode()).hexdigest()[:32]
        page_key = f"table-page:{view_token}:{version}:{get_language()}:{int(can_edit)}:{int(show_all)}:{phone}"
        html = cache.get(page_key)
        if html is not None:
            return HttpResponse(html)
    table = Table.objects.get(pk=pk)
    if table.version != version:  # changed in between: do not cache what is rendered under the old key
        page_key = None
    if can_edit:
        remember(request, table)
    response = render(request, "games/table.html", _table_context(table, can_edit=can_edit, show_all=show_all))
    if page_key and request.META.get("CSRF_COOKIE") == secret:
        cache.set(page_key, response.content.decode(), 60 * 60)
    return response


@require_safe
def table_page(request: HttpRequest, token: str) -> HttpResponse:
    return _table_page(request, "edit_token", token, can_edit=True)


@require_safe
def view_page(request: HttpRequest, token: str) -> HttpResponse:
    return _table_page(request, "view_token", token, can_edit=False)


@require_safe
def live(request: HttpRequest, token: str) -> HttpResponse:
    """Asked every few seconds by a table page (view or edit link): 204 and nothing else while the table is at
    the version the page shows; when it changed, htmx is told to reload the page."""
    field = "view_token" if request.resolver_match.url_name == "view_live" else "edit_token"
    _pk, version, _view = _lookup_recent(field, token, fresh=False)
    response = HttpResponse(status=204)
    if str(version) != request.GET.get("v"):
        response = HttpResponse(status=200)
        response["HX-Refresh"] = "true"
    response["Cache-Control"] = "no-store"
    return response


@require_http_methods(["GET", "POST"])
def settings_page(request: HttpRequest, token: str) -> HttpResponse:
    table = editable(request, token)
    game = GAMES[table.game]
    form = RulesForm(request.POST or None, engine=game.engine, current=table.rules,
                     initial={"name": table.name, "price_per_point": table.price_per_point, "currency": table.currency})
    if request.method == "POST" and form.is_valid():
        try:
            plain = {"name": form.cleaned_data["name"], "price_per_point": form.cleaned_data["price_per_point"],
                     "currency": form.cleaned_data["currency"]}
            if any(getattr(table, key) != value for key, value in plain.items()):
                services.change_details(table, **plain)
            if form.rules() != table.rules:
                services.change_rules(table, form.rules(), device=device(request),
                                      version=whole_number(request.POST.get("version")))
        except services.Conflict as conflict:
            messages.error(request, str(conflict))
        except InvalidTable as error:
            form.add_error(None, error.line(_))
        else:
            messages.success(request, _("Settings saved; every hand was scored again."))
            return redirect("table", token=token)
    return render(request, "games/settings.html", {"table": table, "form": form, "game": game})


@require_safe
def history(request: HttpRequest, token: str) -> HttpResponse:
    table = editable(request, token)
    changes = table.changes.select_related("hand", "undoes").order_by("-id")[:300]
    return render(request, "games/history.html", {
        "table": table, "changes": changes, "undoable": services.last_undoable(table),
        "deleted": table.hands.filter(deleted=True).order_by("seq"), "kinds": dict(Change.KINDS)})
