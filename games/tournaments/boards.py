"""The standings as every board shows them (the standings page, the projector, a phone watching, the director's
CSV): the measure and the tie-breaks in words, the standings worked out once per shown state, the countdown, and a
league's (or a tournament's own) ratings."""

from __future__ import annotations

from fractions import Fraction

from django.core.cache import caches
from django.db.models import Sum
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.lib.numbers import local_number
from games.models import Round, RoundTable, Table, Tournament
from games.ratings import shown as ratings_shown
from games.ratings.charts import RECENT_EVENTS, rating_chart
from games.ratings.shown import Pool
from games.registry import GAMES
from games.tournaments import engine, services
from games.tournaments.pages import table_rules

MEASURES = {
    "place-points": gettext_lazy("Place points"),
    "balance": gettext_lazy("Balance"),
    "points": gettext_lazy("Points"),
}


def measure_of(tournament: Tournament) -> str:
    """What ranks the tournament's players (its settings' scoring measure: place-points, balance, points)."""
    return (tournament.settings.get("scoring") or {}).get("measure", "")


def measure_label(tournament: Tournament) -> str:
    """The measure's name, as the standings' column and a player's page write it."""
    measure = measure_of(tournament)
    if measure == "ranking":  # the game's own first rank, in its words (the marks it ranks by, or its total)
        return _(GAMES[tournament.game].engine.RANKING[0].label)
    return MEASURES.get(measure, measure)


TIE_BREAKS = {
    "score": gettext_lazy("table scores"),  # beside place points: the sum of the scores at the tables
    "wins": gettext_lazy("table wins"),
    "places": gettext_lazy("places"),
    "best-round": gettext_lazy("best round"),
    "head-to-head": gettext_lazy("head-to-head"),
}


def tie_value(value, number=local_number) -> str:
    """A tie-break's value as a player reads it: a number, or better table places as the places a player took
    ("1× place 1, 2× place 3": more firsts, then more seconds …); "—" before any round is played."""
    if value is None:
        return "—"
    if isinstance(value, list):
        taken = [
            _("%(count)s× place %(place)s") % {"count": number(count), "place": place}
            for place, count in enumerate(value, start=1)
            if count
        ]
        return ", ".join(taken) or "—"
    return number(value)


def tie_rule(tie_breaks: list[str] | None = None, measure: str = "place-points") -> str:
    """How the standings treat a tie, as the tournament scores: place points shared at a table only where places
    score (another measure has no place points to share)."""
    rule = _("Players still equal after every tie-break share the place and are listed by start number.")
    if measure == "place-points":
        shared = _(
            "Players who tie at a table share the place points of the places they occupy equally (two tied for "
            "first at a table of three get (2 + 1) / 2 = %(each)s each): Talon's choice, as the sources are silent."
        ) % {"each": local_number(Fraction(3, 2))}  # written as the standings write it
        rule = f"{shared} {rule}"
    if not tie_breaks:
        return rule
    named = ", ".join(str(TIE_BREAKS.get(key, key)) for key in tie_breaks)
    return _("Equal measures are decided by: %(tie_breaks)s.") % {"tie_breaks": named} + " " + rule


def standings_now(tournament: Tournament) -> tuple[list, dict[int, int], bool]:
    """The standings as they are, each player's place before any correction ({} when there is none), and whether
    every round there is has been played (engine.finished): worked
    out once per state of the tournament (shown_state: a result, a correction, a hand at a table of the round
    moves it) and kept for every page and phone that shows that state, so that the largest tournament's pages
    do not read and rank it again for each visitor."""
    key = f"standings:{tournament.pk}:{shown_state(tournament.public_token)}"
    kept = caches["boards"].get(key)
    if kept is None:
        read = services.load(tournament)  # once: the standings as they are, and as they were before corrections
        was = {line.no: line.place for line in engine.standings(read, corrected=False)} if read.corrections else {}
        kept = (list(engine.standings(read)), was, engine.finished(read))
        caches["boards"].set(key, kept)
    return kept


def standings_context(tournament: Tournament) -> dict:
    lines, was, finished = standings_now(tournament)
    corrected = bool(was)
    current = (
        tournament.rounds.exclude(status=Round.CLOSED).order_by("-number").first()
        or tournament.rounds.order_by("-number").first()
    )
    measure = measure_of(tournament)
    withdrawn = dict(tournament.entries.filter(withdrawn_after__isnull=False).values_list("no", "withdrawn_after"))
    rows = [
        {
            "no": line.no,
            "name": line.name,
            "place": line.place,
            "was": was.get(line.no),
            "withdrawn": withdrawn.get(line.no),
            "measure": local_number(line.measure),
            "tie_breaks": [(TIE_BREAKS.get(key, key), tie_value(value)) for key, value in line.tie_breaks.items()],
        }
        for line in lines
    ]
    running = current.ends_at if current is not None and current.status == Round.STARTED else None
    final = current is not None and current.status == Round.CLOSED and finished  # every round closed
    return {
        "tournament": tournament,
        "lines": rows,
        "round": current,
        "corrected": corrected,
        "final": final,
        "replaced": replaced_tables(tournament),
        "minutes_left": minutes_left(running),
        "shown": shown_state(tournament.public_token),
        "measure_label": measure_label(tournament),
        "tie_rule": tie_rule((tournament.settings.get("scoring") or {}).get("tie_breaks"), measure),
        "game": GAMES[tournament.game],
        "now": timezone.now(),
        "table_rules": table_rules(tournament),
    }


def replaced_tables(tournament: Tournament) -> list[RoundTable]:
    """The tables whose typed result counts instead of the hands played at them in Talon (which are kept)."""
    return list(
        RoundTable.objects.filter(round__tournament=tournament, totals__isnull=False, table__hand_count__gt=0)
        .select_related("round")
        .order_by("round__number", "table_no")
    )


def minutes_left(ends_at) -> int | None:
    """Whole minutes left (rounded up) until ``ends_at``; None without a time limit or a round under way."""
    if ends_at is None:
        return None
    return max(0, -(-int((ends_at - timezone.now()).total_seconds()) // 60))


def shown_state(token: str) -> str | None:
    """What a watching page shows, as one word, in three small queries (None: no such tournament): the
    tournament's version, the sum of the versions of its round's Talon tables (each hand recorded at one moves it;
    the standings read the tables' totals) and the minute of the countdown."""
    version = Tournament.objects.filter(public_token=token).values_list("version", flat=True).first()
    if version is None:
        return None
    ends_at = (
        Round.objects.filter(tournament__public_token=token, status=Round.STARTED)
        .values_list("ends_at", flat=True)
        .first()
    )
    tables = Table.objects.filter(
        tournament_tables__round__tournament__public_token=token, tournament_tables__round__status=Round.STARTED
    ).aggregate(total=Sum("version"))
    left = minutes_left(ends_at)
    return f"{version}.{tables['total'] or 0}" + ("" if left is None else f"-{left}")


CHART_LEADERS = 8  # a league's chart draws its best rated players' lines, not every player's


def pool_ratings(pool: Pool) -> list[dict]:
    """Each game's ratings of a league (or a tournament in none), as stored: the list, a chart of the leaders,
    the last results against what was expected. A few queries, never a replay."""
    shown = []
    for game in ratings_shown.games(pool):
        rows = ratings_shown.shown(pool, game)
        steps = ratings_shown.steps(pool, game)
        last = steps.order_by("-number").values_list("number", flat=True).first() or 0
        shown.append(
            {
                "game": GAMES[game],
                "ratings": rows,
                "chart": rating_chart(steps, only=[row.player for row in rows[:CHART_LEADERS]]),
                "recent": ratings_shown.steps_by_event(
                    steps.filter(number__gt=last - RECENT_EVENTS).order_by("-number", "id")
                ),
            }
        )
    return shown
