"""Builders the league tests share (no tests here)."""

from games.models import League
from games.tables import services as tables
from games.tournaments import services as service

from .test_tournament_web import NINE, beggar, make_tournament, started


def played_in_a_league(count: int, *, settings=None) -> tuple[League, list]:
    """A league of ``count`` tournaments of three players, each with one round played in Talon and closed."""
    league = League.objects.create(name="Season", settings=settings or {"points_table": [10, 6, 3], "qualify": 2})
    made = []
    for n in range(count):
        tournament = make_tournament(players=NINE[:3])
        round_ = started(tournament)
        for round_table in round_.tables.select_related("table"):
            for i in range(n + 1):
                tables.record_hand(round_table.table, beggar(round_table.table, i % 3))
        service.close_round(round_)
        service.add_to_league(league, tournament)
        made.append(tournament)
    return League.objects.get(pk=league.pk), made


def shown_lines(response) -> list[tuple]:
    return [
        (
            row["line"].name,
            row["line"].place,
            row["line"].points,
            row["line"].results,
            row["line"].counted,
            row["line"].qualified,
        )
        for row in response.context["lines"]
    ]
