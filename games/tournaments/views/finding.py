"""A player finds their table of the current round by start number or name, typed on a phone without the
player's keyboard."""

from __future__ import annotations

import unicodedata

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from games.lib.inputs import whole_number
from games.models import Entry, Round, Seat, Tournament
from games.tournaments import services
from games.tournaments.common import public_of

LETTERS = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "æ": "ae", "œ": "oe", "ı": "i"})


def searchable(name: str) -> str:
    """A name as a phone without the player's keyboard types it: any case, without accents (Žiga Kovačič is
    found as "ziga kovacic", Đurđica as "durdica", Großhain as "grosshain")."""
    folded = unicodedata.normalize("NFKD", name.casefold()).translate(LETTERS)
    return " ".join("".join(c for c in folded if not unicodedata.combining(c)).split())


MOST_FOUND = 20  # a part of a name common to more players than this asks for more of it


def matching_entries(tournament: Tournament, query: str) -> list[Entry]:
    """The players a query names: its start number, else every name containing it (whole names first)."""
    no = whole_number(query)
    if no is not None:
        return list(tournament.entries.filter(no=no))
    wanted = searchable(query)
    named = [(searchable(entry.name), entry) for entry in tournament.entries.order_by("no")]
    return [entry for name, entry in named if name == wanted] + [
        entry for name, entry in named if wanted in name and name != wanted
    ]


def _seated(entries: list[Entry], round_: Round | None) -> list[dict]:
    """Where each of ``entries`` sits in ``round_`` and with whom (no seat: not at a table of it), in two
    queries however many."""
    seats = (
        {
            seat.entry_id: seat
            for seat in Seat.objects.filter(entry__in=entries, round=round_).select_related("round_table__table")
        }
        if round_
        else {}
    )
    others: dict[int, list] = {}
    for table_id, no, name in (
        Seat.objects.filter(round_table__in=[seat.round_table_id for seat in seats.values()])
        .order_by("seat")
        .values_list("round_table", "entry__no", "entry__name")
    ):
        others.setdefault(table_id, []).append((no, name))
    return [
        {
            "entry": entry,
            "seat": seats.get(entry.pk),
            "others": others.get(seats[entry.pk].round_table_id, []) if entry.pk in seats else [],
        }
        for entry in entries
    ]


@require_safe
def find_table(request: HttpRequest, token: str) -> HttpResponse:
    """A player finds their table of the current round by start number or name: every player it matches."""
    tournament = public_of(token)
    query = request.GET.get("q", "").replace("\x00", "").strip()[:40]  # NUL reaches no database
    found, error = [], ""
    round_ = tournament.rounds.order_by("-number").first()
    if query:
        entries = matching_entries(tournament, query)
        if not entries:
            error = _("No player has this start number or name.")
        elif len(entries) > MOST_FOUND:
            error = _("%(count)s players match: type more of the name.") % {"count": len(entries)}
        else:
            found = _seated(entries, round_)
    return render(
        request,
        "games/tournament/find.html",
        {
            "tournament": tournament,
            "query": query,
            "found": found,
            "error": error,
            "round": round_,
            "final": services.is_final(tournament),
        },
    )
