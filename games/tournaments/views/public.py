"""The public link: the standings, a player's rounds, a round's table list, the projector, and the boards that
phones and the projector ask for every few seconds."""

from __future__ import annotations

from django.core.cache import caches
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from games.lib.numbers import local_number
from games.models import Entry, Seat
from games.ratings.shown import Pool
from games.tournaments.boards import measure_label, pool_ratings, shown_state, standings_context, standings_now
from games.tournaments.common import entry_of, public_of, round_of
from games.tournaments.pages import sitting_out, table_rows


@require_safe
def standings_page(request: HttpRequest, token: str) -> HttpResponse:
    tournament = public_of(token)
    own = [] if tournament.league_id is not None else pool_ratings(Pool(tournament=tournament))
    return render(request, "games/tournament/standings.html", {**standings_context(tournament), "ratings": own})


@require_safe
def player(request: HttpRequest, token: str, no: int) -> HttpResponse:
    """One player's rounds: the table, the opponents, the place at the table and the score."""
    tournament = public_of(token)
    entry = entry_of(tournament, no)
    lines = {line.no: line for line in standings_now(tournament)[0]}
    opponents = player_tables(entry)
    line = lines.get(no)
    played = {r.round: r for r in line.rounds} if line else {}
    rows = [
        {"round": number, "table": table, "opponents": others, "line": played.get(number)}
        for number, (table, others) in sorted(opponents.items())
    ]
    rows = sorted(
        rows
        + [
            {"round": number, "sits_out": True}
            for number in tournament.rounds.values_list("number", flat=True)
            if number not in opponents and active_in(entry, number)
        ],
        key=lambda row: row["round"],
    )
    context = {"tournament": tournament, "entry": entry, "line": line, "rows": rows}
    if line is not None:  # written and named as the standings write it
        context |= {"measure_label": measure_label(tournament), "measure": local_number(line.measure)}
    return render(request, "games/tournament/player.html", context)


def player_tables(entry: Entry) -> dict[int, tuple[int, list[tuple[int, str]]]]:
    """Each round the player sat at a table of: (its table number, the others at it in seat order), in two
    queries whatever the number of rounds."""
    tables = {
        round_table: (number, table_no)
        for round_table, number, table_no in Seat.objects.filter(entry=entry).values_list(
            "round_table", "round_table__round__number", "round_table__table_no"
        )
    }
    others: dict[int, list[tuple[int, str]]] = {}
    for round_table, no, name in (
        Seat.objects.filter(round_table__in=list(tables))
        .exclude(entry=entry)
        .order_by("round_table", "seat")
        .values_list("round_table", "entry__no", "entry__name")
    ):
        others.setdefault(round_table, []).append((no, name))
    return {number: (table_no, others.get(round_table, [])) for round_table, (number, table_no) in tables.items()}


def active_in(entry: Entry, number: int) -> bool:
    """Registered for round ``number`` and not withdrawn before it (TN1)."""
    return entry.joins <= number and (entry.withdrawn_after is None or entry.withdrawn_after >= number)


@require_safe
def public_round(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """The round's printable table list (no edit links: those are on the director's sheets)."""
    tournament = public_of(token)
    round_ = round_of(tournament, number)
    return render(
        request,
        "games/tournament/print.html",
        {
            "tournament": tournament,
            "round": round_,
            "rows": table_rows(round_),
            "sheets": False,
            "sitting_out": sitting_out(tournament, round_),
            "limit": tournament.settings.get("round_limit") or {},
        },
    )


@require_safe
def projector(request: HttpRequest, token: str) -> HttpResponse:
    tournament = public_of(token)
    return render(request, "games/tournament/projector.html", standings_context(tournament))


@require_safe
def projector_live(request: HttpRequest, token: str) -> HttpResponse:
    """Asked every few seconds with what the projector shows: 204 (two small queries) while nothing changed;
    else the new standings and countdown, once a minute while a round's time runs."""
    return _live(request, token, "games/tournament/projector.html#board")


@require_safe
def standings_live(request: HttpRequest, token: str) -> HttpResponse:
    """The same for a phone on the public standings page."""
    return _live(request, token, "games/tournament/standings.html#board")


def _live(request: HttpRequest, token: str, template: str) -> HttpResponse:
    shown = shown_state(token)
    if shown is None:
        return HttpResponse(status=404)
    if request.GET.get("v", "") == shown:
        response = HttpResponse(status=204)
    else:
        # Every phone watching the same state gets the same board: rendered once per state and language.
        key = f"{template}:{token}:{shown}:{get_language()}"
        board = caches["boards"].get(key)
        if board is None:
            board = render_to_string(template, standings_context(public_of(token)), request=None)
            caches["boards"].set(key, board)
        response = HttpResponse(board)
    response["Cache-Control"] = "no-store"
    return response
