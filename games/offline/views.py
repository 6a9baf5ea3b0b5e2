"""A table that keeps working without signal: what a phone downloads once (the Python runtime, the engine's own
files, the words in its language), the table as the server holds it, and the hands the phone recorded offline,
sent back one at a time in order, each with the version it was based on.

The phone computes with games/offline/phone.py in Pyodide; these views only hand it the files and take the hands back
through games.tables.services, which stays the record.
"""

from __future__ import annotations

import json
import re
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.formats import get_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, trans_real
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe

from games.engines.table import InvalidTable, load_json
from games.lib.inputs import LARGEST, is_submission
from games.lib.limits import wait_for_rescoring
from games.models import Round, Table
from games.offline.bundle import (
    RUNTIME_FILES,
    STDLIB,
    engine_bundle,
    engine_version,  # noqa: F401 (the tests clear and read the bundle here)
    offline_scripts,
    phone_words,
    runtime_url,
    stdlib_bundle,
)
from games.offline.phone import FORMATS
from games.offline.runtime import ENCODERS, compressed
from games.tables import services
from games.tables.common import Refusal, device, editable, outcome
from games.tables.forms import version_of
from games.tables.lines import line_html
from games.tables.pages import counted_numbers, hand_lines, numbered_now
from games.tables.presentation import describe_change


@require_safe
def runtime(request: HttpRequest) -> JsonResponse:
    """What "keep this table working without signal" downloads, with each file's size, so that the phone can say
    how much before it starts and show its progress; and the offline part's modules, which the phone keeps too."""
    files = []
    for name in (*RUNTIME_FILES, STDLIB):
        path = settings.PYODIDE_DIR / name
        if not path.is_file():
            return JsonResponse({"error": _("The offline runtime is not installed on this server.")}, status=503)
        if name != STDLIB:
            files.append({"url": runtime_url(name), "bytes": path.stat().st_size})
    zipped, cut = stdlib_bundle()
    stdlib_url = reverse("offline_stdlib") + f"?v={cut}"
    files.append({"url": stdlib_url, "bytes": len(zipped)})
    body, version = engine_bundle()
    files.append({"url": reverse("offline_engine") + f"?v={version}", "bytes": len(body.encode())})
    response = JsonResponse(
        {
            "version": settings.PYODIDE_VERSION,
            "engine": version,
            "index": runtime_url(""),
            "stdlib": stdlib_url,
            "files": files,
            "bytes": sum(f["bytes"] for f in files),
            "scripts": offline_scripts(),
        }
    )
    response["Cache-Control"] = "no-cache"
    return response


ACCEPTS_BROTLI = re.compile(r"\bbr\b")


def _kept_file(request: HttpRequest, body: bytes, content_type: str, version: str = "") -> HttpResponse:
    """A file the phone keeps, sent with brotli to a browser that accepts it (from the cache by content: the
    library's 3.1 MB in 0.59 MB, where the pages' gzip would send 0.77); else as it is, which the gzip middleware
    compresses. Asked again each time (no-cache), answered by its ETag when ``version`` names it."""
    response = HttpResponse(content_type=content_type)
    if "br" in ENCODERS and ACCEPTS_BROTLI.search(request.headers.get("Accept-Encoding", "")):
        response.content = compressed(body, "br")
        response["Content-Encoding"] = "br"
    else:
        response.content = body
    patch_vary_headers(response, ("Accept-Encoding",))
    if version:  # weak once compressed, as the gzip middleware makes it
        response["ETag"] = f'W/"{version}"' if response.has_header("Content-Encoding") else f'"{version}"'
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def engine(request: HttpRequest) -> HttpResponse:
    """The engine's own source files, as one JSON document the phone writes into its runtime's file system."""
    body, version = engine_bundle()
    return _kept_file(request, body.encode(), "application/json; charset=utf-8", version)


@require_safe
def stdlib(request: HttpRequest) -> HttpResponse:
    """The runtime's standard library cut to what the phone's Python runs (the same bytes until a release)."""
    if not (settings.PYODIDE_DIR / STDLIB).is_file():
        raise Http404(_("The offline runtime is not installed on this server."))
    body, version = stdlib_bundle()
    return _kept_file(request, body, "application/zip", version)


@require_safe
def words(request: HttpRequest, language: str) -> HttpResponse:
    """What the engine's explanations say on the phone, in one language (msgid → translation): the entries of the
    server's catalogue (Talon's, then Django's) that the phone's engine can look up."""
    if language not in dict(settings.LANGUAGES):
        raise Http404(_("No such language."))
    words: dict[str, Any] = phone_words(trans_real.translation(language)._catalog)
    words[FORMATS] = {
        "decimal": get_format("DECIMAL_SEPARATOR", language),
        "thousands": get_format("THOUSAND_SEPARATOR", language),
        "grouping": get_format("NUMBER_GROUPING", language),
    }  # as games.lib.numbers writes them
    body = json.dumps(words, ensure_ascii=False, separators=(",", ":"))
    return _kept_file(request, body.encode(), "application/json")


def snapshot_of(table: Table) -> dict[str, Any]:
    """The table as the server holds it: what the phone scores its unsent hands after."""
    last = table.hands.filter(deleted=False).order_by("-seq").values_list("seq", flat=True).first() or 0
    return {
        "game": table.game,
        "rules": table.rules,
        "players": list(table.players),
        "state": table.state,
        "totals": table.totals,
        "hand_count": table.hand_count,
        "hands": services.hands_played(table),  # the game's hands: what the list numbers the next one after
        "version": table.version,
        "last_seq": last,
        "status": table.summary or {},
        "engine": engine_bundle()[1],
        "round": _round_of(table),
    }


def _round_of(table: Table) -> dict[str, Any] | None:
    """A tournament table's round as the phone must keep to it offline: its limit of hands while it is played
    (None: no limit), or closed (no hand is taken)."""
    round_table = services.tournament_table(table)
    if round_table is None:
        return None
    limit = services.limit_of(round_table)
    return {
        "hands": limit and limit["hands"],
        "played": services.hands_played(table),  # the round's hands so far: its penalties are none
        "closed": round_table.round.status == Round.CLOSED,
    }


@never_cache
@require_safe
def snapshot(request: HttpRequest, token: str) -> JsonResponse:
    return JsonResponse(snapshot_of(editable(request, token)), json_dumps_params={"ensure_ascii": False})


def _since(table: Table, version: int) -> list[str]:
    """What another phone changed after ``version``, a line each, in the player's language."""
    since = list(table.changes.filter(version__gt=version).order_by("id")[:50])
    return [line_html(describe_change(table, change)) for change in numbered_now(table, since)]


def _recent(table: Table, count: int) -> list[dict[str, Any]]:
    """The last ``count`` live hands, each as the table page writes it (number, one line, scores)."""
    hands = list(table.hands.filter(deleted=False).order_by("-seq")[:count])[::-1]
    counted = listed_number(table, [hand.number for hand in hands])
    lines = hand_lines(table, [(hand.number, hand.data) for hand in hands])
    return [
        {"number": counted.get(hand.number), "what": line_html(lines[hand.number]), "scores": hand.scores}
        for hand in hands
    ]


def listed_number(table: Table, places: list[int | None]) -> dict[int, int]:
    """Each of these rows' number as the list of hands writes it, by its place (``Hand.number``): its round in a
    game counted in rounds, else its place among the game's hands; none for a penalty, a correction or the closing."""
    return counted_numbers(table, [place for place in places if place is not None])[0]


def _after_lost_answer(request: HttpRequest, table: Table, body: dict[str, Any]) -> JsonResponse | None:
    """A hand kept on the phone after a Save whose answer was lost, then edited or deleted there ("then"), with the
    table held (services.holding): a Save of it still being stored has been waited for. When the server did record
    it, the edit or the delete is made to that hand (under the phone's own id for it, "change", so that it counts
    once; each change the phone makes has its own, and "earlier" names the ids of its changes before, whose answers
    may have been lost too: those are this phone's, not another's); a delete of a hand the server never recorded is done, and its Save, should it come later, records nothing.
    None: record the hand as sent (still held, so that a Save of it that comes later is the copy, not the edit)."""
    change, earlier = body.get("change"), body.get("earlier", [])
    if not is_submission(change) or not _ids(earlier):
        return JsonResponse(
            {
                "error": _(
                    "This hand carries no valid submission id, so the server could not tell "
                    "it from a copy; it stays on the phone."
                )
            },
            status=400,
        )
    done = table.changes.filter(submission=body["submission"]).select_related("hand").first()
    if done is None or done.hand is None:
        if body["then"] == "delete":  # and should the Save still come, it records nothing
            services.withdraw(table, body["submission"])
            return JsonResponse({"sent": True, "deleted": True, "snapshot": snapshot_of(table)})
        return None
    hand, who = done.hand, device(request)
    if table.changes.filter(submission=change).exists():  # this very change came before: a copy, counted once
        return JsonResponse({"sent": True, "already": True, "snapshot": snapshot_of(table)})
    mine = [change, *earlier]  # this phone's changes of the hand: its own earlier edit is no other phone's
    if table.changes.filter(hand=hand, id__gt=done.id).exclude(submission__in=mine).exists():
        return JsonResponse(  # kept apart on the phone (422): another phone's correction is never overwritten unseen
            {
                "error": _(
                    "Another phone changed this hand after it was saved here: this phone's change of it stays "
                    "here. Look at the table, then make it again if it still holds."
                )
            },
            status=422,
        )
    if body["then"] == "edit":
        refusal = outcome(lambda: services.edit_hand(hand, body["data"], device=who, submission=change))[1]
    else:
        refusal = outcome(lambda: services.delete_hand(hand, device=who, submission=change))[1]
    table.refresh_from_db()
    if refusal is None or refusal.kind == "already":
        return JsonResponse({"sent": True, "number": _listed(table, hand), "snapshot": snapshot_of(table)})
    return _refused(table, refusal)


def _listed(table: Table, hand) -> int | None:
    """The hand's number on the list of hands now (None: a penalty, a correction, the closing, a deleted hand)."""
    hand.refresh_from_db(fields=["number"])
    return listed_number(table, [hand.number]).get(hand.number)


def _others_before(table: Table, place: int) -> int:
    """How many penalties, corrections and closings the table holds before the row at ``place``."""
    return services.others(table, up_to=place - 1).count()


EARLIER = 100  # a phone's earlier changes of one hand it names: more is no phone's


def _ids(earlier: Any) -> bool:
    """The ids of a phone's earlier changes of a hand (each change it makes has its own): a short list of ids."""
    return isinstance(earlier, list) and len(earlier) <= EARLIER and all(is_submission(one) for one in earlier)


def _refused(table: Table, refusal: Refusal) -> JsonResponse:
    """A phone's hand the server refuses (422: kept apart on the phone, shown): where, the hand's field and why, as
    settle and an import say it (``hand 3: points: …``): the phone has no field of a form to put it beside."""
    error = refusal.error
    if isinstance(error, InvalidTable) and error.number is not None:  # the hand named as the list numbers it
        error = InvalidTable(error.where, error.error, error.number - _others_before(table, error.number))
    reason = error.line(_) if isinstance(error, InvalidTable) else refusal.message
    return JsonResponse({"error": _("The server refused this hand: %(error)s") % {"error": reason}}, status=422)


@never_cache
@require_POST
def send(request: HttpRequest, token: str) -> JsonResponse:
    """One hand recorded without signal: {"data", "version" it was based on, "submission", and "after_seq" to put
    it before later hands}. The same submission counts once; a version another phone moved on is a conflict,
    answered with what changed so that the scorekeeper can choose where the hand goes."""
    table = editable(request, token)
    try:
        body = load_json(request.body.decode("utf-8"))
        if not isinstance(body, dict) or not isinstance(body.get("data"), dict):
            raise ValueError
        version = version_of(str(body.get("version", "")))
        after = body.get("after_seq")
        if after is not None and (not isinstance(after, int) or isinstance(after, bool) or not 0 <= after <= LARGEST):
            raise ValueError
    except (ValueError, UnicodeDecodeError, ValidationError):
        return JsonResponse({"error": _("This hand could not be read; it stays on the phone.")}, status=400)
    submission = body.get("submission")
    if not is_submission(submission):  # without it a hand sent twice would be recorded twice
        return JsonResponse(
            {
                "error": _(
                    "This hand carries no valid submission id, so the server could not tell "
                    "it from a copy; it stays on the phone."
                )
            },
            status=400,
        )
    if body.get("then") in ("edit", "delete"):  # changed on the phone after a Save whose answer was lost
        with services.holding(table) as locked:  # that Save, if it is still being stored, is waited for
            answer = _after_lost_answer(request, locked, body)
            return _record_sent(request, locked, body, version, after) if answer is None else answer
    return _record_sent(request, table, body, version, after)


def _record_sent(
    request: HttpRequest, table: Table, body: dict[str, Any], version: int | None, after: int | None
) -> JsonResponse:
    """The sent hand recorded (at the end, or put in after ``after``): once per submission; a conflict is answered
    with what changed."""
    submission = body["submission"]
    seconds = wait_for_rescoring(request, table, after) if after is not None else 0
    if seconds:  # put in before many later hands, each scored again
        response = JsonResponse(
            {
                "error": ngettext(
                    "This phone asked for many long pages in a short time. Try again in %(seconds)s second.",
                    "This phone asked for many long pages in a short time. Try again in %(seconds)s seconds.",
                    seconds,
                )
                % {"seconds": seconds}
            },
            status=429,
        )
        response["Retry-After"] = str(seconds)
        return response
    hand, refusal = outcome(
        lambda: (
            services.record_hand(table, body["data"], device=device(request), version=version, submission=submission)
            if after is None
            else services.insert_hand(
                table, body["data"], after_seq=after, device=device(request), version=version, submission=submission
            )
        )
    )
    table.refresh_from_db()
    if refusal is None:
        return JsonResponse({"sent": True, "number": _listed(table, hand), "snapshot": snapshot_of(table)})
    if refusal.kind == "already":
        return JsonResponse({"sent": True, "already": True, "snapshot": snapshot_of(table)})
    if refusal.kind == "conflict":
        since = _since(table, version or 0)
        return JsonResponse(
            {
                "conflict": True,
                "snapshot": snapshot_of(table),
                "changes": since,
                "recent": _recent(table, max(1, min(len(since), 20))),
            },
            status=409,
        )
    return _refused(table, refusal)
