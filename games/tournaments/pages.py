"""What a round's pages show, shared by the director's and the public views: its tables' rows (seats, state,
totals), who sits out, the marks a typed result gives, the rules every table plays, a sheet's QR code."""

from __future__ import annotations

import io

import segno
from django.utils import timezone

from games.contract.ranking import Rank, marks_ranked
from games.models import Correction, Entry, Round, Seat, Tournament
from games.registry import GAMES
from games.tables import services as table_services
from games.tournaments import engine, services
from games.tournaments.forms import rules_described


def table_rows(round_: Round) -> list[dict]:
    round_tables = list(round_.tables.select_related("table").order_by("table_no"))
    seats: dict[int, list] = {}
    for rt_id, no, name in (
        Seat.objects.filter(round_table__round=round_)
        .order_by("round_table", "seat")
        .values_list("round_table", "entry__no", "entry__name")
    ):
        seats.setdefault(rt_id, []).append((no, name))
    latest = {
        correction.round_table_id: correction
        for correction in Correction.objects.filter(round_table__round=round_).order_by("at", "id")
    }  # the last one wins
    played = services.hands_at(round_tables)
    rows = []
    for rt in round_tables:
        if rt.totals is not None:
            state, totals = ("replaced" if services.replaces_played(rt) else "typed"), services.typed_totals(rt.totals)
        elif rt.table is None:
            state, totals = "waiting", None
        elif rt.table.hand_count == 0:
            state, totals = "not-started", None
        else:
            limit = (round_.tournament.settings.get("round_limit") or {}).get("hands")
            finished = (
                round_.status == Round.CLOSED
                or table_services.game_over(rt.table)  # the game is over: so is its round there
                or (limit and played[rt.pk] >= limit)
                or (round_.ends_at and timezone.now() >= round_.ends_at)
            )
            state, totals = ("finished" if finished else "playing"), services.played_totals(rt.table)
        if rt.pk in latest:  # TN8: the result as it is now (the first one stays in the document)
            totals = services.typed_totals(latest[rt.pk].totals)
        rows.append(
            {
                "rt": rt,
                "seats": seats.get(rt.pk, []),
                "state": state,
                "totals": totals,
                "hands": played.get(rt.pk),
                "correction": latest.get(rt.pk),
                "seated": list(zip(seats.get(rt.pk, []), totals or [None] * len(seats.get(rt.pk, [])))),
            }
        )
    return rows


def ranked_marks(tournament: Tournament) -> tuple[Rank, ...]:
    """The marks the game's ranking reads besides the totals: a typed result gives them too."""
    return marks_ranked(GAMES[tournament.game].engine.RANKING)


def sitting_out(tournament: Tournament, round_: Round) -> list[Entry]:
    """The players of this round (registered for it, not withdrawn) who sit at no table of it (TN2)."""
    seated = set(Seat.objects.filter(round=round_).values_list("entry_id", flat=True))
    return [
        entry
        for entry in tournament.entries.order_by("no")
        if entry.pk not in seated
        and entry.joins <= round_.number
        and (entry.withdrawn_after is None or entry.withdrawn_after >= round_.number)
    ]


def table_rules(tournament: Tournament) -> str:
    """The rules every table of the tournament plays, in the reader's words (a cup's sheet: Kontra not counted)."""
    t = engine.load(services.settings_document(tournament))  # the preset's rules where the document says none
    return rules_described(t.game, t.rules, t.table_size)


def qr_svg(url: str) -> str:
    """A QR code as inline SVG (segno), without the XML declaration."""
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=4, xmldecl=False, svgns=True, dark="#000", omitsize=True)
    return out.getvalue().decode()
