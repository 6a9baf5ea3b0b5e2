"""What the director takes away: a round's table list and sheets (with their QR codes) to print, the tournament
document, the standings as CSV."""

from __future__ import annotations

import csv
import io
import json

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.html import mark_safe
from django.utils.text import capfirst, slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from games.lib.limits import expensive
from games.lib.numbers import plain_number
from games.lib.text import cell
from games.tournaments import services
from games.tournaments.boards import MEASURES, TIE_BREAKS, measure_of, standings_now, tie_value
from games.tournaments.common import director_of, round_of
from games.tournaments.pages import qr_svg, sitting_out, table_rows


@require_safe
@expensive
def print_round(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """The round's table list and one sheet per table: number, seats, a QR code of the table's edit link, the
    limit. A table's edit link is given at the draw, so the sheets can be printed before the round starts (the
    link opens the table once it has started)."""
    tournament = director_of(token)
    round_ = round_of(tournament, number)
    rows = table_rows(round_)
    for row in rows:
        table = row["rt"].table
        token = table.edit_token if table else row["rt"].planned_token
        row["link"] = request.build_absolute_uri(reverse("table", args=[token])) if token else ""
        row["qr"] = mark_safe(qr_svg(row["link"])) if token else ""  # noqa: S308 (segno's own SVG)
    return render(
        request,
        "games/tournament/print.html",
        {
            "tournament": tournament,
            "round": round_,
            "rows": rows,
            "sheets": True,
            "sitting_out": sitting_out(tournament, round_),
            "limit": tournament.settings.get("round_limit") or {},
        },
    )


@require_safe
@expensive
def export_json(request: HttpRequest, token: str) -> HttpResponse:
    tournament = director_of(token)
    response = HttpResponse(
        json.dumps(services.export(tournament), ensure_ascii=False, indent=2),
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="{slugify(tournament.name) or "tournament"}.json"'
    return response


@require_safe
def standings_csv(request: HttpRequest, token: str) -> HttpResponse:
    tournament = director_of(token)
    out = io.StringIO()
    writer = csv.writer(out)
    tie_breaks = (tournament.settings.get("scoring") or {}).get("tie_breaks") or []
    writer.writerow(
        [
            _("Place"),
            _("Start number"),
            _("Player"),
            MEASURES.get(measure_of(tournament), _("Measure")),
            *(capfirst(str(TIE_BREAKS.get(key, key))) for key in tie_breaks),  # a column each, named in words
        ]
    )
    for line in standings_now(tournament)[0]:
        values = [  # a number as a spreadsheet reads it; the places taken as text (a cell, never a formula)
            cell(tie_value(value, plain_number)) if isinstance(value, list) else tie_value(value, plain_number)
            for value in line.tie_breaks.values()
        ]
        writer.writerow([line.place, line.no, cell(line.name), plain_number(line.measure), *values])
    response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{slugify(tournament.name) or "tournament"}.csv"'
    return response
