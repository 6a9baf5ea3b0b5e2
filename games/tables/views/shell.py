"""The app shell: the home page, this phone's name, the installable app (manifest, service worker, offline page)."""

from __future__ import annotations

import hashlib
import json
import time

from django.contrib import messages
from django.core.exceptions import RequestDataTooBig
from django.db.models import Max, Q
from django.db.models.functions import Coalesce
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from games.contract.names import name_problem
from games.lib.text import isolate_text
from games.models import Circle, League, Table, Tournament
from games.registry import GAMES
from games.tables.common import REMEMBERED
from games.tables.forms import ImportForm


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    ids = request.session.get(REMEMBERED, [])
    found = (
        (
            Table.objects.filter(pk__in=ids)
            .annotate(last_played=Max("hands__created_at", filter=Q(hands__deleted=False)))
            .order_by(Coalesce("last_played", "created_at").desc(), "-pk")
        )
        if ids
        else []
    )
    tables = [(table, [(name, table.totals.get(name, 0)) for name in table.players]) for table in found]
    editable = request.session.get("circles", [])
    viewable = [pk for pk in request.session.get("circle_views", []) if pk not in editable]
    circles = (
        [
            (circle, circle.pk in editable)
            for circle in Circle.objects.filter(pk__in=editable + viewable).order_by("name")
        ]
        if editable or viewable
        else []
    )
    return render(
        request,
        "games/home.html",
        {"tables": tables, "circles": circles, "games": GAMES.values(), "organised": directed(request.session)},
    )


def directed(session) -> list[tuple[str, str, str]]:
    """The tournaments and leagues this browser directs (their director pages opened here), newest first: each
    one's kind, name and director link."""
    tournaments = Tournament.objects.filter(pk__in=session.get("tournaments", [])).order_by("-created_at", "-pk")
    leagues = League.objects.filter(pk__in=session.get("leagues", [])).order_by("-created_at", "-pk")
    return [("league", league.name, reverse("league_director", args=[league.director_token])) for league in leagues] + [
        ("tournament", tournament.name, reverse("director", args=[tournament.director_token]))
        for tournament in tournaments
    ]


@require_POST
def forget_table(request: HttpRequest, token: str) -> HttpResponse:
    """Take a table off this phone's list; its links still open it (and put it back on the list)."""
    table = get_object_or_404(Table, edit_token=token)
    remembered = request.session.get(REMEMBERED, [])
    if table.pk in remembered:  # nothing to write (and no session to make) for a table not on the list
        request.session[REMEMBERED] = [pk for pk in remembered if pk != table.pk]
    messages.success(
        request,
        _("%(table)s is no longer listed on this phone. Its links still open it.") % {"table": isolate_text(table)},
    )
    return redirect("home")


@require_POST
def device_name(request: HttpRequest) -> HttpResponse:
    """This phone's name, written beside every change it makes in the history."""
    name = request.POST.get("device", "").strip()
    target = request.POST.get("next", "/")
    if not target.startswith("/") or not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        target = "/"  # only a page of this site (redirect() would also try a view's name: "²" is none)
    problem = name_problem(name) if name else None
    if problem is not None:
        messages.error(
            request, _("This phone's name was not saved: the name %(problem)s.") % {"problem": problem.render(gettext)}
        )
    else:
        request.session["device"] = name
        messages.success(request, _("This phone's name is saved."))
    return HttpResponseRedirect(target)


# The script of every page (an ES module, static/js/talon.js) and each module it imports (static/js/talon/): the
# service worker keeps them all with the shell, so that a page seen before works without signal as it did with it
# (tests/offline/test_offline_modules.py checks that every module it imports is here).
PAGE_SCRIPT = "js/talon.js"
PAGE_MODULES = (
    PAGE_SCRIPT,
    "js/talon/form.js",
    "js/talon/page.js",
    "js/talon/fields.js",
    "js/talon/save.js",
    "js/talon/offline.js",
)
SHELL_ASSETS = [
    "css/talon.css",
    *PAGE_MODULES,
    "django_htmx/htmx-2.min.js",
    "django_htmx/django-htmx.js",
    "icons/talon-192.png",
    "icons/talon-512.png",
]


@require_safe
def manifest(request: HttpRequest) -> HttpResponse:
    """The web app manifest: what "Add to home screen" installs, in the player's language."""
    icons = [
        {"src": static("icons/talon-192.png"), "sizes": "192x192", "type": "image/png", "purpose": "any"},
        {"src": static("icons/talon-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "any"},
        {"src": static("icons/talon-maskable-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
    ]
    data = {
        "name": _("Talon — card game scorekeeper"),
        "short_name": "Talon",
        "lang": get_language(),
        "description": _("Keeps score at the card table: %(games)s.")
        % {"games": ", ".join(gettext(game.engine.TITLE) for game in GAMES.values())},
        "start_url": "/?source=home-screen",
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "background_color": "#fbfaf6",
        "theme_color": "#1f4d3a",
        "icons": icons,
    }
    return HttpResponse(json.dumps(data, ensure_ascii=False), content_type="application/manifest+json")


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """Served from the root so that it may look after every page; it caches the app shell and static files."""
    own = [game.web.stylesheet for game in GAMES.values() if game.web.stylesheet]  # as base.html links them
    shell = [reverse("offline"), *(static(asset) for asset in [*SHELL_ASSETS, *own])]
    version = hashlib.sha256("|".join(shell).encode()).hexdigest()[:12]
    response = render(
        request,
        "sw.js",
        {
            "shell": json.dumps(shell),
            "version": version,
            "offline": reverse("offline"),
            "stdlib": reverse("offline_stdlib"),
        },
        content_type="text/javascript",
    )
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


@require_safe
def offline(request: HttpRequest) -> HttpResponse:
    return render(request, "offline.html")


def healthz(request: HttpRequest) -> HttpResponse:
    """For load balancers (and the benchmarks' baseline): answers without touching the database. Its X-Talon-Time
    (the server's clock, in seconds) gives a phone's change its deadline (games.middleware.refuse_what_came_too_late)."""
    response = HttpResponse("ok", content_type="text/plain")
    response["X-Talon-Time"] = str(int(time.time()))
    return response


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """400: a document pasted beyond what the server reads gets the import form's own message; anything else a
    page that says what happened."""
    if isinstance(exception, RequestDataTooBig) and request.path == reverse("import"):
        form = ImportForm({})
        form.full_clean()
        form.errors.clear()
        form.add_error("document", ImportForm.too_large())
        return render(request, "games/import.html", {"form": form}, status=400)
    return render(request, "400.html", status=400)
