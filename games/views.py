"""Function views: get the table, bind the form, call a service, then redirect or render a partial for htmx.

Access: a table is reached only through its unguessable links. ``/t/<edit_token>/`` can change it;
``/v/<view_token>/`` only shows it. The browser that created or opened a table remembers it in its session,
and the home page lists just those tables: nothing else about other groups is ever shown.
"""

from __future__ import annotations

import csv
import hashlib
import json

import segno
from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django.utils.text import slugify
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import (
    require_http_methods,
    require_POST,
    require_safe,
)
from django.views.decorators.vary import vary_on_headers

from . import services
from .engines import czech_taroky as ct
from .engines import two_ten_jack as ttj
from .engines.table import ENGINES, InvalidTable
from .forms import (
    GAME_BLURBS,
    GAMES_WITH_UI,
    HAND_FORMS,
    CircleForm,
    ImportForm,
    NewTableForm,
    RulesForm,
)
from .models import Change, Circle, Hand, Table
from .presentation import (
    describe_hand,
    player_rows,
    running_totals_svg,
    settle_up,
    winners,
)
from .stats import player_stats, running_totals

REMEMBERED = "tables"
CALCULATOR_PLAYERS = ["A", "B", "C", "D"]


def _calculator_players(request: HttpRequest, game: str) -> list[str]:
    if game == "schnapsen":
        return CALCULATOR_PLAYERS[:2]
    if game == "two-ten-jack" or (game == "slovenian-tarok" and request.GET.get("players") == "3"):
        return CALCULATOR_PLAYERS[:3]
    return CALCULATOR_PLAYERS


# ---- access ----------------------------------------------------------------------------------

def _editable(request: HttpRequest, token: str) -> Table:
    table = get_object_or_404(Table, edit_token=token)
    _remember(request, table)
    return table


def _remember(request: HttpRequest, table: Table) -> None:
    remembered = request.session.get(REMEMBERED, [])
    if table.pk not in remembered:
        request.session[REMEMBERED] = [table.pk] + remembered[:199]


def _hand(table: Table, seq: int) -> Hand:
    return get_object_or_404(Hand, table=table, seq=seq)


def _device(request: HttpRequest) -> str:
    return request.session.get("device", "")


def _partial(request: HttpRequest) -> bool:
    """htmx asked for a piece of the page (not a boosted navigation or a history restore)."""
    return bool(request.htmx) and not request.htmx.boosted and not request.htmx.history_restore_request


# ---- pages -----------------------------------------------------------------------------------

@require_safe
def home(request: HttpRequest) -> HttpResponse:
    ids = request.session.get(REMEMBERED, [])
    tables = Table.objects.filter(pk__in=ids).order_by("-created_at") if ids else []
    circle_ids = request.session.get("circles", [])
    circles = Circle.objects.filter(pk__in=circle_ids).order_by("name") if circle_ids else []
    return render(request, "games/home.html", {"tables": tables, "circles": circles})


@require_safe
def new_table(request: HttpRequest) -> HttpResponse:
    games = [(game, label, GAME_BLURBS[game]) for game, label in Table.GAMES if game in GAMES_WITH_UI]
    return render(request, "games/choose_game.html", {"games": games})


@require_http_methods(["GET", "POST"])
def new_table_for(request: HttpRequest, game: str) -> HttpResponse:
    if game not in GAMES_WITH_UI:
        raise Http404(_("This game cannot be kept in the app yet."))
    circle_token = request.POST.get("circle") or request.GET.get("circle")
    circle = get_object_or_404(Circle, token=circle_token) if circle_token else None
    form = NewTableForm(request.POST or None, game=game)
    if request.method == "POST" and form.is_valid():
        try:
            table = services.create_table(game=game, players=form.players(), rules=form.rules(),
                                          name=form.cleaned_data["name"], circle=circle)
        except InvalidTable as error:
            form.add_error(None, error.line(_))
        else:
            _remember(request, table)
            return redirect("table", token=table.edit_token)
    return render(request, "games/new_table.html", {"form": form, "game_name": dict(Table.GAMES)[game],
                                                    "circle": circle})


# ---- circles: a group's regular players across tables ------------------------------------------

def _remember_circle(request: HttpRequest, circle: Circle) -> None:
    remembered = request.session.get("circles", [])
    if circle.pk not in remembered:
        request.session["circles"] = [circle.pk] + remembered[:49]


@require_http_methods(["GET", "POST"])
def new_circle(request: HttpRequest) -> HttpResponse:
    form = CircleForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        circle = Circle.objects.create(name=form.cleaned_data["name"], players=form.player_names())
        _remember_circle(request, circle)
        return redirect("circle", token=circle.token)
    return render(request, "games/circle_form.html", {"form": form})


@require_http_methods(["GET", "POST"])
def circle_page(request: HttpRequest, token: str) -> HttpResponse:
    """The circle's players, every table it played (one history), and each game's statistics and chart."""
    circle = get_object_or_404(Circle, token=token)
    _remember_circle(request, circle)
    form = CircleForm(request.POST or None, initial={"name": circle.name, "players": "\n".join(circle.players)})
    if request.method == "POST" and form.is_valid():
        Circle.objects.filter(pk=circle.pk).update(name=form.cleaned_data["name"], players=form.player_names())
        messages.success(request, _("Circle saved."))
        return redirect("circle", token=token)
    tables = list(circle.tables.order_by("-created_at"))
    hands_by_table: dict[int, list] = {}
    for table_id, data, scores in (Hand.objects.filter(table__circle=circle, deleted=False)
                                   .order_by("table_id", "seq").values_list("table_id", "data", "scores")):
        hands_by_table.setdefault(table_id, []).append((data, scores))
    games = []
    for game, label in Table.GAMES:
        played = [(t.players, hands_by_table.get(t.pk, [])) for t in reversed(tables) if t.game == game]
        if not played:
            continue
        names, rows = running_totals(circle.players, played)
        games.append({"game": game, "label": label, "stats": player_stats(game, played),
                      "chart": mark_safe(running_totals_svg(names, rows)), "tables": len(played)})
    return render(request, "games/circle.html", {"circle": circle, "form": form, "tables": tables, "games": games,
                                                 "new_games": [(g, l) for g, l in Table.GAMES if g in GAMES_WITH_UI]})


RECENT_HANDS = 30


def _table_context(table: Table, *, can_edit: bool, show_all: bool = False) -> dict:
    """Newest hands first (the one just recorded is where the thumb is); the latest 30 unless all are asked for,
    so the page costs the same for a season's table as for tonight's."""
    live = table.hands.filter(deleted=False)
    count = live.count()
    shown = live.order_by("-seq") if show_all else live.order_by("-seq")[:RECENT_HANDS]
    rows = [{"number": count - i, "what": describe_hand(table, hand.data),
             "url": reverse("hand", args=[table.edit_token, hand.seq]) if can_edit
             else reverse("view_hand", args=[table.view_token, hand.seq]),
             "scores": list(zip(table.players, hand.scores))} for i, hand in enumerate(shown)]
    winning = winners(table)
    chart = running_totals_svg(table.players, list(live.order_by("seq").values_list("scores", flat=True))) if count > 1 else ""
    return {"table": table, "can_edit": can_edit, "rows": rows, "players": player_rows(table),
            "summary": table.summary, "undoable": services.last_undoable(table) if can_edit else None,
            "game_name": dict(Table.GAMES)[table.game], "winners": winning, "winner_names": ", ".join(winning),
            "target": (table.rules or {}).get("target", 7),
            "quick_form": _hand_form(table) if can_edit and table.game == "schnapsen" else None,
            "hand_count": count, "hidden_hands": count - len(rows), "settle_up": settle_up(table),
            "chart": mark_safe(chart)}


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
    """Two caches, both keyed by the table's version, which every change raises, so neither can be stale:
    the rendered totals and hands (shared by every phone), and this phone's whole page (keyed by its CSRF
    cookie too, so the token in its forms is its own; never used while a message is waiting to be shown)."""
    pk, version, view_token = _lookup_recent(field, token, fresh="messages" in request.COOKIES)
    show_all = "all" in request.GET
    version_key = f"{view_token}:{version}:{get_language()}:{int(can_edit)}:{int(show_all)}"
    secret = request.COOKIES.get(settings.CSRF_COOKIE_NAME, "")
    page_key = None
    if secret and "messages" not in request.COOKIES:
        device = hashlib.sha256(f"{secret}|{request.scheme}|{request.get_host()}".encode()).hexdigest()[:32]
        page_key = f"table-page:{version_key}:{device}"
        html = cache.get(page_key)
        if html is not None:
            return HttpResponse(html)
    table = Table.objects.get(pk=pk)
    if table.version != version:  # changed in between: key the caches by what is rendered
        version_key = f"{view_token}:{table.version}:{get_language()}:{int(can_edit)}:{int(show_all)}"
        page_key = None
    if can_edit:
        _remember(request, table)
    parts = cache.get(f"table-parts:{version_key}")
    if parts is None:
        context = _table_context(table, can_edit=can_edit, show_all=show_all)
        parts = {"top": render_to_string("games/table.html#top", context),
                 "hands": render_to_string("games/table.html#hands", context),
                 "undoable": context["undoable"] is not None}
        cache.set(f"table-parts:{version_key}", parts, 60 * 60 * 24)
    quick_form = _hand_form(table) if can_edit and table.game == "schnapsen" else None
    response = render(request, "games/table.html", {"table": table, "can_edit": can_edit, "parts": parts,
                                                    "quick_form": quick_form})
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


def _by_any_link(request: HttpRequest, token: str) -> Table:
    field = "view_token" if request.resolver_match.url_name.startswith("view_") else "edit_token"
    return get_object_or_404(Table, **{field: token})


@require_safe
def qr_code(request: HttpRequest, token: str, link: str) -> HttpResponse:
    """A QR code (SVG) of the table's view or edit link, for another phone's camera."""
    table = get_object_or_404(Table, edit_token=token)
    if link not in ("view", "edit"):
        raise Http404()
    path = reverse("view_table", args=[table.view_token]) if link == "view" else reverse("table", args=[token])
    svg = segno.make(request.build_absolute_uri(path), error="m").svg_inline(scale=5, dark="#15221c")
    return HttpResponse(svg, content_type="image/svg+xml")


@require_safe
def export_json(request: HttpRequest, token: str) -> HttpResponse:
    table = _by_any_link(request, token)
    response = HttpResponse(json.dumps(services.export_table(table), ensure_ascii=False, indent=2),
                            content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_filename(table)}.json"'
    return response


@require_safe
def export_csv(request: HttpRequest, token: str) -> HttpResponse:
    """One row per hand, one column per player, with what was played; totals at the end."""
    table = _by_any_link(request, token)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_filename(table)}.csv"'
    writer = csv.writer(response)
    writer.writerow([_("hand"), *table.players, _("what")])
    for number, hand in enumerate(services.live_hands(table), start=1):
        writer.writerow([number, *hand.scores, describe_hand(table, hand.data)])
    writer.writerow([_("total"), *(table.totals.get(p, 0) for p in table.players), ""])
    return response


def _filename(table: Table) -> str:
    return slugify(str(table))[:60] or "talon"


@require_safe
def score_sheet(request: HttpRequest, token: str) -> HttpResponse:
    """The paper score sheet the players know: a line per hand with running totals, ready to print."""
    table = _by_any_link(request, token)
    running, lines = [0] * len(table.players), []
    for number, hand in enumerate(services.live_hands(table), start=1):
        running = [r + s for r, s in zip(running, hand.scores)]
        lines.append({"number": number, "what": describe_hand(table, hand.data), "scores": hand.scores,
                      "running": list(running)})
    back = (reverse("view_table", args=[token]) if request.resolver_match.url_name.startswith("view_")
            else reverse("table", args=[token]))
    return render(request, "games/sheet.html", {"table": table, "lines": lines, "back": back,
                                                "game_name": dict(Table.GAMES)[table.game]})


@require_http_methods(["GET", "POST"])
def import_table(request: HttpRequest) -> HttpResponse:
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            table = services.import_table(form.parsed())
        except InvalidTable as error:
            form.add_error("document", error.line(_))
        else:
            _remember(request, table)
            messages.success(request, _("Table imported."))
            return redirect("table", token=table.edit_token)
    return render(request, "games/import.html", {"form": form})


@require_POST
def device_name(request: HttpRequest) -> HttpResponse:
    """This phone's name, written beside every change it makes in the history."""
    request.session["device"] = request.POST.get("device", "").strip()[:40]
    target = request.POST.get("next", "/")
    if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        target = "/"
    messages.success(request, _("This phone's name is saved."))
    return redirect(target)


# ---- the installable app ----------------------------------------------------------------------

SHELL_ASSETS = ["css/talon.css", "js/talon.js", "django_htmx/htmx-2.min.js", "django_htmx/django-htmx.js",
                "icons/talon-192.png", "icons/talon-512.png"]


@require_safe
def manifest(request: HttpRequest) -> HttpResponse:
    """The web app manifest: what "Add to home screen" installs, in the player's language."""
    icons = [{"src": static("icons/talon-192.png"), "sizes": "192x192", "type": "image/png", "purpose": "any"},
             {"src": static("icons/talon-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "any"},
             {"src": static("icons/talon-maskable-512.png"), "sizes": "512x512", "type": "image/png",
              "purpose": "maskable"}]
    data = {"name": _("Talon — card game scorekeeper"), "short_name": "Talon", "lang": get_language(),
            "description": _("Keeps score for Czech Taroky, Slovenian Tarok, Schnapsen and Two Ten Jack at the "
                             "table."),
            "start_url": "/?source=home-screen", "scope": "/", "display": "standalone", "orientation": "portrait",
            "background_color": "#fbfaf6", "theme_color": "#1f4d3a", "icons": icons}
    return HttpResponse(json.dumps(data, ensure_ascii=False), content_type="application/manifest+json")


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """Served from the root so that it may look after every page; it caches the app shell and static files."""
    shell = [reverse("offline"), *(static(asset) for asset in SHELL_ASSETS)]
    version = hashlib.sha256("|".join(shell).encode()).hexdigest()[:12]
    response = render(request, "sw.js", {"shell": json.dumps(shell), "version": version,
                                         "offline": reverse("offline")}, content_type="text/javascript")
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


@require_safe
def offline(request: HttpRequest) -> HttpResponse:
    return render(request, "offline.html")


def healthz(request: HttpRequest) -> HttpResponse:
    """For load balancers (and the benchmarks' baseline): answers without touching the database."""
    return HttpResponse("ok", content_type="text/plain")


# ---- recording and editing hands -------------------------------------------------------------

def _hand_form(table: Table, data=None, initial=None):
    if table.game not in HAND_FORMS:
        raise Http404(_("Hands of this game cannot be recorded in the app yet."))
    return HAND_FORMS[table.game](data, initial=initial, players=table.players, rules=table.rules)


def _preview(table: Table, form, hand: Hand | None = None):
    """The engine's result for the form as it stands, or None; engine errors go next to their field."""
    if not form.is_valid():
        return None
    try:
        return services.preview_hand(table, form.to_data(), replacing=hand)
    except InvalidTable as error:
        form.show_engine_error(error)
        return None


def _render_hand_form(request, table, form, *, hand=None, number=None):
    result = _preview(table, form, hand) if form.is_bound else None
    context = {"table": table, "form": form, "result": result, "hand": hand, "number": number,
               "players": table.players, "counter": True,
               "preview_url": reverse("preview_edit", args=[table.edit_token, hand.seq]) if hand
               else reverse("preview", args=[table.edit_token])}
    if _partial(request):
        return render(request, "games/hand_form.html#preview", context)
    return render(request, "games/hand_form.html", context)


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def record_hand(request: HttpRequest, token: str) -> HttpResponse:
    table = _editable(request, token)
    if request.method == "GET":
        initial = {"povinnost": table.summary.get("next_povinnost"), "version": table.version}
        return _render_hand_form(request, table, _hand_form(table, initial=initial))
    form = _hand_form(table, request.POST)
    if "preview" not in request.POST and form.is_valid():
        try:
            services.record_hand(table, form.to_data(), device=_device(request),
                                 version=form.cleaned_data.get("version"))
        except services.Conflict as conflict:
            messages.error(request, str(conflict))
            return redirect("table", token=token)
        except InvalidTable as error:
            form.show_engine_error(error)
        else:
            messages.success(request, _("Hand recorded."))
            return redirect("table", token=token)
    return _render_hand_form(request, table, form)


@require_POST
@vary_on_headers("HX-Request")
def preview(request: HttpRequest, token: str, seq: int | None = None) -> HttpResponse:
    table = _editable(request, token)
    hand = _hand(table, seq) if seq is not None else None
    form = _hand_form(table, request.POST)
    result = _preview(table, form, hand)
    return render(request, "games/hand_form.html#preview", {"form": form, "result": result, "table": table})


@require_safe
def hand_detail(request: HttpRequest, token: str, seq: int) -> HttpResponse:
    table = _editable(request, token)
    return _hand_detail(request, table, seq, can_edit=True)


@require_safe
def view_hand_detail(request: HttpRequest, token: str, seq: int) -> HttpResponse:
    table = get_object_or_404(Table, view_token=token)
    return _hand_detail(request, table, seq, can_edit=False)


def _hand_detail(request, table: Table, seq: int, *, can_edit: bool) -> HttpResponse:
    hand = _hand(table, seq)
    hands = services.live_hands(table)
    result = number = None
    if not hand.deleted:
        number = next(n for n, h in enumerate(hands, start=1) if h.pk == hand.pk)
        replay = services.replay_table(table, hands[:number])
        result = replay.results[-1]
    return render(request, "games/hand_detail.html", {
        "table": table, "hand": hand, "number": number, "result": result, "can_edit": can_edit,
        "what": describe_hand(table, hand.data), "explanation": result.explanation(_) if result else []})


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def edit_hand(request: HttpRequest, token: str, seq: int) -> HttpResponse:
    table = _editable(request, token)
    hand = _hand(table, seq)
    if hand.deleted:
        messages.error(request, _("This hand is deleted; restore it first."))
        return redirect("history", token=token)
    number = [h.pk for h in services.live_hands(table)].index(hand.pk) + 1
    if request.method == "GET":
        initial = HAND_FORMS[table.game].initial_from(hand.data, table.players) | {"version": table.version}
        return _render_hand_form(request, table, _hand_form(table, initial=initial), hand=hand, number=number)
    form = _hand_form(table, request.POST)
    if "preview" not in request.POST and form.is_valid():
        try:
            services.edit_hand(hand, form.to_data(), device=_device(request), version=form.cleaned_data.get("version"))
        except services.Conflict as conflict:
            messages.error(request, str(conflict))
            return redirect("table", token=token)
        except InvalidTable as error:
            form.show_engine_error(error)
        else:
            messages.success(request, _("Hand %(number)s changed; every later hand was recomputed.") % {
                "number": number})
            return redirect("table", token=token)
    return _render_hand_form(request, table, form, hand=hand, number=number)


@require_POST
def delete_hand(request: HttpRequest, token: str, seq: int) -> HttpResponse:
    table = _editable(request, token)
    return _change(request, table, lambda version: services.delete_hand(
        _hand(table, seq), device=_device(request), version=version), _("Hand deleted. You can undo it."))


@require_POST
def restore_hand(request: HttpRequest, token: str, seq: int) -> HttpResponse:
    table = _editable(request, token)
    return _change(request, table, lambda version: services.restore_hand(
        _hand(table, seq), device=_device(request), version=version), _("Hand restored."))


@require_POST
def undo(request: HttpRequest, token: str) -> HttpResponse:
    table = _editable(request, token)
    return _change(request, table, lambda version: services.undo_last(
        table, device=_device(request), version=version), _("Undone."))


def _change(request, table: Table, apply, done: str) -> HttpResponse:
    try:
        apply(_int(request.POST.get("version")))
    except services.Conflict as conflict:
        messages.error(request, str(conflict))
    except InvalidTable as error:
        messages.error(request, _("That change would make the table invalid: %(error)s") % {"error": error.line(_)})
    else:
        messages.success(request, done)
    return redirect("table", token=table.edit_token)


@require_http_methods(["GET", "POST"])
def settings_page(request: HttpRequest, token: str) -> HttpResponse:
    table = _editable(request, token)
    form = RulesForm(request.POST or None, game=table.game, current=table.rules,
                     initial={"name": table.name, "price_per_point": table.price_per_point, "currency": table.currency})
    if request.method == "POST" and form.is_valid():
        try:
            plain = {"name": form.cleaned_data["name"], "price_per_point": form.cleaned_data["price_per_point"],
                     "currency": form.cleaned_data["currency"]}
            if any(getattr(table, key) != value for key, value in plain.items()):
                services.change_details(table, **plain)
            if form.rules() != table.rules:
                services.change_rules(table, form.rules(), device=_device(request),
                                      version=_int(request.POST.get("version")))
        except services.Conflict as conflict:
            messages.error(request, str(conflict))
        except InvalidTable as error:
            form.add_error(None, error.line(_))
        else:
            messages.success(request, _("Settings saved; every hand was scored again."))
            return redirect("table", token=token)
    return render(request, "games/settings.html", {"table": table, "form": form,
                                                   "game_name": dict(Table.GAMES)[table.game]})


def _int(text: str | None) -> int | None:
    return int(text) if text and text.isdigit() and len(text) < 12 else None


@require_safe
def history(request: HttpRequest, token: str) -> HttpResponse:
    table = _editable(request, token)
    changes = table.changes.select_related("hand", "undoes").order_by("-id")[:300]
    return render(request, "games/history.html", {
        "table": table, "changes": changes, "undoable": services.last_undoable(table),
        "deleted": table.hands.filter(deleted=True).order_by("seq"), "kinds": dict(Change.KINDS)})


# ---- the rules assistant -----------------------------------------------------------------------

@require_safe
def rules_index(request: HttpRequest) -> HttpResponse:
    return render(request, "games/rules_index.html", {"games": Table.GAMES})


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def rules_page(request: HttpRequest, game: str) -> HttpResponse:
    if game not in GAMES_WITH_UI:
        raise Http404(_("No rules page for this game yet."))
    players = _calculator_players(request, game)
    form = HAND_FORMS[game](request.POST or None, initial={"povinnost": "A", "contract": "three",
                                                           "declarer": "A"}, players=players)
    result = None
    if form.is_bound and form.is_valid():
        try:
            result = services.preview_without_table(game, players, {}, form.to_data())
        except InvalidTable as error:
            form.show_engine_error(error)
    engine = ENGINES[game]
    context = {"form": form, "result": result, "players": players, "game": game,
               "preview_url": request.get_full_path(),
               "rule_help": [(key, engine.RULE_HELP[key]) for key in engine.RULE_HELP],
               "point_cards": [(kind, ct.POINT_CARD_NAMES[kind], value[1]) for kind, value in ct.POINT_CARDS.items()],
               "scoring_cards": [(ttj.show_card(card), value, card[-1] == "H") for card, value in
                                 ttj.FIXED_HEARTS.items()]}
    if _partial(request):
        return render(request, "games/hand_form.html#preview", context)
    return render(request, f"games/rules_{game.replace('-', '_')}.html", context)

