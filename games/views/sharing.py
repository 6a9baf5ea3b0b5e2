"""Sharing a table: QR codes of its links, the table document (export and import), CSV and the score sheet."""

from __future__ import annotations

import csv
import io
import json

import segno
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from .. import services
from ..engines.table import InvalidTable
from ..forms import ImportForm
from ..models import Table
from ..presentation import describer
from ..registry import GAMES
from .common import by_any_link, remember


@require_safe
def qr_code(request: HttpRequest, token: str, link: str) -> HttpResponse:
    """A QR code (SVG) of the table's view or edit link, for another phone's camera."""
    table = get_object_or_404(Table, edit_token=token)
    if link not in ("view", "edit"):
        raise Http404()
    path = reverse("view_table", args=[table.view_token]) if link == "view" else reverse("table", args=[token])
    svg = io.BytesIO()  # a standalone SVG document: with its namespace, or an <img> shows nothing
    segno.make(request.build_absolute_uri(path), error="m").save(svg, kind="svg", scale=5, dark="#15221c",
                                                                  xmldecl=False)
    response = HttpResponse(svg.getvalue(), content_type="image/svg+xml")
    response["Cache-Control"] = "private, max-age=86400"
    return response


@require_safe
def export_json(request: HttpRequest, token: str) -> HttpResponse:
    table = by_any_link(request, token)
    response = HttpResponse(json.dumps(services.export_table(table), ensure_ascii=False, indent=2),
                            content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_filename(table)}.json"'
    return response


@require_safe
def export_csv(request: HttpRequest, token: str) -> HttpResponse:
    """One row per hand, one column per player, with what was played; totals at the end."""
    table = by_any_link(request, token)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_filename(table)}.csv"'
    writer = csv.writer(response)
    writer.writerow(map(cell, [_("hand"), *table.players, _("what")]))
    describe = describer(table)
    for number, hand in enumerate(services.live_hands(table), start=1):
        writer.writerow(map(cell, [number, *hand.scores, describe(hand.data).render(gettext)]))
    writer.writerow(map(cell, [_("total"), *(table.totals.get(p, 0) for p in table.players), ""]))
    return response


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def cell(value) -> object:
    """A CSV cell a spreadsheet will not run: text that starts like a formula gets a leading apostrophe (shown
    as text, never evaluated); numbers stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _filename(table: Table) -> str:
    return slugify(str(table))[:60] or "talon"


@require_safe
def score_sheet(request: HttpRequest, token: str) -> HttpResponse:
    """The paper score sheet the players know: a line per hand with running totals, ready to print."""
    table = by_any_link(request, token)
    running, lines = [0] * len(table.players), []
    describe = describer(table)
    for number, hand in enumerate(services.live_hands(table), start=1):
        running = [r + s for r, s in zip(running, hand.scores)]
        lines.append({"number": number, "what": describe(hand.data), "scores": hand.scores,
                      "running": list(running)})
    back = (reverse("view_table", args=[token]) if request.resolver_match.url_name.startswith("view_")
            else reverse("table", args=[token]))
    return render(request, "games/sheet.html", {"table": table, "lines": lines, "back": back,
                                                "game": GAMES[table.game]})


@require_http_methods(["GET", "POST"])
def import_table(request: HttpRequest) -> HttpResponse:
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            table = services.import_table(form.parsed())
        except InvalidTable as error:
            form.add_error("document", error.line(_))
        else:
            remember(request, table)
            messages.success(request, _("Table imported."))
            return redirect("table", token=table.edit_token)
    return render(request, "games/import.html", {"form": form.without_a_large_document()})
