"""Sharing a table: QR codes of its links, the table document (export and import), CSV and the score sheet."""

from __future__ import annotations

import csv
import io
import json

import segno
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.text import slugify
from django.utils.translation import gettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from games.engines.table import InvalidTable
from games.lib.inputs import whole_number
from games.lib.limits import expensive, import_cost, sent_cost, too_many, wait_for, wait_for_more
from games.lib.text import cell
from games.lib.uploads import TOO_LARGE
from games.models import Table
from games.registry import GAMES
from games.tables import services
from games.tables.common import by_any_link, remember
from games.tables.forms import ImportForm
from games.tables.pages import closings_said, counted_numbers, hand_lines, milestones, other_rows
from games.tables.presentation import marks_on_paper, ranked_marks


@require_safe
def qr_code(request: HttpRequest, token: str, link: str) -> HttpResponse:
    """A QR code (SVG) of the table's view or edit link, for another phone's camera."""
    table = get_object_or_404(Table, edit_token=token)
    if link not in ("view", "edit"):
        raise Http404()
    path = reverse("view_table", args=[table.view_token]) if link == "view" else reverse("table", args=[token])
    svg = io.BytesIO()  # a standalone SVG document: with its namespace, or an <img> shows nothing
    segno.make(request.build_absolute_uri(path), error="m").save(
        svg, kind="svg", scale=5, dark="#15221c", xmldecl=False
    )
    response = HttpResponse(svg.getvalue(), content_type="image/svg+xml")
    response["Cache-Control"] = "private, max-age=86400"
    return response


CHUNK = 500  # hands read from the database, and written out, at a time


def _live_rows(table: Table, *fields: str):
    """The live hands' ``fields``, in order, a chunk at a time: one query, never the whole table in memory."""
    return table.hands.filter(deleted=False).order_by("seq").values_list(*fields).iterator(chunk_size=CHUNK)


@require_safe
@expensive
def export_json(request: HttpRequest, token: str) -> StreamingHttpResponse:
    """The table document, written out as the hands are read: the same bytes as json.dumps(…, indent=2)."""
    table = by_any_link(request, token)
    response = StreamingHttpResponse(_document(table), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_filename(table)}.json"'
    return response


def _document(table: Table):
    head = services.export_table(table, hands=False)
    yield json.dumps(head, ensure_ascii=False, indent=2)[:-2] + ',\n  "hands": ['
    encode = json.JSONEncoder(ensure_ascii=False, indent=2).encode
    written, chunk = False, []
    for (data,) in _live_rows(table, "data"):
        chunk.append(data)
        if len(chunk) == CHUNK:
            yield _hands_text(encode({"hands": chunk}), written)
            written, chunk = True, []
    if chunk:
        yield _hands_text(encode({"hands": chunk}), written)
        written = True
    yield "\n  ]\n}" if written else "]\n}"


HANDS_OPEN, HANDS_CLOSE = '{\n  "hands": [', "\n  ]\n}"


def _hands_text(encoded: str, after_others: bool) -> str:
    """Hands encoded inside {"hands": [...]} (so at the document's indent), without that wrapping."""
    return ("," if after_others else "") + encoded[len(HANDS_OPEN) : -len(HANDS_CLOSE)]


@require_safe
@expensive
def export_csv(request: HttpRequest, token: str) -> StreamingHttpResponse:
    """One row per hand, one column per player, with what was played; totals at the end. Written out as the
    hands are read; the totals are the sum of the rows written."""
    table = by_any_link(request, token)
    response = StreamingHttpResponse(
        _csv_rows(table, translation.get_language()), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{_filename(table)}.csv"'
    return response


class _Line:
    def write(self, text: str) -> str:
        return text


def _csv_rows(table: Table, language: str):
    writer = csv.writer(_Line())
    with translation.override(language):
        yield writer.writerow(map(cell, [_("hand"), *table.players, _("what")]))
        totals, others, rows = [0] * len(table.players), other_rows(table), []
        for row in _live_rows(table, "number", "scores", "data"):
            rows.append(row)
            totals = [t + s for t, s in zip(totals, row[1])]
            if len(rows) == CHUNK:
                yield _csv_chunk(table, rows, others, writer)
                rows = []
        yield _csv_chunk(table, rows, others, writer) + writer.writerow(map(cell, [_("total"), *totals, ""]))
        marks = [*ranked_marks(table), *marks_on_paper(table)]
        yield "".join(writer.writerow(map(cell, [label, *counts, ""])) for label, counts in marks)


def _csv_chunk(table: Table, rows: list, others: list[int], writer) -> str:
    """Rows of the CSV, each named as the table page names it: its hand's or round's number, ± for a penalty, a
    correction or the closing."""
    numbers = [number for number, _scores, _data in rows]
    counted, _rounds = counted_numbers(table, numbers, others)
    notes = milestones(table, numbers)
    said = closings_said(table, [(number, data) for number, _scores, data in rows])
    lines = hand_lines(table, [(number, data) for number, _scores, data in rows])
    return "".join(
        writer.writerow(
            map(
                cell,
                [
                    counted.get(number, "±"),
                    *scores,
                    _what(lines[number], said.get(number), notes.get(number)),
                ],
            )
        )
        for number, scores, data in rows
    )


def _what(*lines) -> str:
    """What was played (what a closing did beyond ending), and what it ended, as the table page writes its row."""
    return " · ".join(line.render(gettext) for line in lines if line is not None)


def _filename(table: Table) -> str:
    return slugify(str(table))[:60] or "talon"


SHEET_PAGE = 500  # lines of the score sheet on one page: an evening's whole sheet, a long table's in pages


@require_safe
@expensive
def score_sheet(request: HttpRequest, token: str) -> HttpResponse:
    """The paper score sheet the players know: a line per hand with running totals, ready to print; a page of
    SHEET_PAGE hands at a time, each with the running totals each hand stored."""
    table = by_any_link(request, token)
    pages = max(1, -(-table.hand_count // SHEET_PAGE))
    page = min(max(whole_number(request.GET.get("page")) or 1, 1), pages)
    first = (page - 1) * SHEET_PAGE
    rows = list(
        table.hands.filter(deleted=False, number__gt=first, number__lte=first + SHEET_PAGE)
        .order_by("number")
        .values_list("number", "data", "scores", "totals")
    )
    numbers = [number for number, *_rest in rows]
    counted, _rounds = counted_numbers(table, numbers)  # as the table page names them
    notes = milestones(table, numbers)
    said = closings_said(table, [(number, data) for number, data, *_rest in rows])
    what = hand_lines(table, [(number, data) for number, data, *_rest in rows])
    lines = [
        {
            "number": number,
            "label": counted.get(number, "±"),
            "what": what[number],
            "said": said.get(number),
            "note": notes.get(number),
            "scores": scores,
            "running": running,
        }
        for number, data, scores, running in rows
    ]
    back = (
        reverse("view_table", args=[token])
        if request.resolver_match.url_name.startswith("view_")
        else reverse("table", args=[token])
    )
    return render(
        request,
        "games/sheet.html",
        {
            "table": table,
            "lines": lines,
            "marks": [*ranked_marks(table), *marks_on_paper(table)],
            "back": back,
            "game": GAMES[table.game],
            "page": page,
            "pages": pages,
            "first": first + 1,
            "last": min(first + SHEET_PAGE, table.hand_count),
        },
    )


@require_http_methods(["GET", "POST"])
def import_table(request: HttpRequest) -> HttpResponse:
    posted = request.method == "POST"  # bound even when all it sent was an upload skipped as too large
    counted = sent_cost(request) if posted else 0  # counted by its size before the document is read
    seconds = wait_for(request, counted) if posted else 0
    if seconds:
        return too_many(request, seconds)
    form = ImportForm(request.POST if posted else None, request.FILES if posted else None)
    form.upload_too_large = getattr(request, TOO_LARGE, False)
    if posted and form.is_valid():
        seconds = wait_for_more(request, counted, import_cost(form.parsed()))
        if seconds:
            return too_many(request, seconds)
        try:
            table = services.import_table(form.parsed())
        except InvalidTable as error:
            form.add_error(form.source, error.line(_))
        else:
            remember(request, table)
            messages.success(request, _("Table imported."))
            return redirect("table", token=table.edit_token)
    return render(request, "games/import.html", {"form": form.without_a_large_document()})
