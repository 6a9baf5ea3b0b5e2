"""Where ratings (games.ratings.core) meet the database, for every pool: a circle's (its tables' events), a league's
or a tournament's in no league (the events its round tables give, which the tournament services read and hand
over). Each table's rated events are kept as its hands change; a pool's ratings and every step are stored
(Rating/RatingStep rows with the circle, league or tournament as owner) by one ``rebuild``. A page reads what is
stored here (through games.ratings.shown, the read side) and never replays a table.

A table's events are derived from its stored hands (their running totals and states), so they are refreshed in
the transaction of the change that touched the hands (``table_changed`` listens to the table services'
announcement, games.tables.signals): a hand recorded
at the end of a table that is not finished, and was not, changes no event and costs nothing here. When a
table's events change, its circle's ratings of that game go on from the stored ones if the new results come after
every other (an evening just ended), else are rebuilt from the circle's events (the circle's row locked, in the same
transaction): either way the same events give the same ratings, however they were reached.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import transaction

from games.engines.table import setup
from games.lib.names import name_key
from games.models import Circle, Hand, RatedEvent, Rating, RatingStep, Table
from games.ratings.core import Event, History, Rated, outcomes, places, rate
from games.ratings.shown import Pool
from games.registry import ENGINES


def events_of(table: Table, rows=None) -> list[tuple[int, Any, list[str], list[int]]]:
    """The table's finished parts as (part, ended, players, places), from its live hands as stored (``rows``:
    their (data, totals, state, created_at) in order, when already read)."""
    table_setup = setup(table.game, table.rules, table.players)
    if rows is None:
        rows = (
            table.hands.filter(deleted=False)
            .order_by("seq")
            .values_list("data", "totals", "state", "created_at")
            .iterator(chunk_size=2000)
        )
    ranking = ENGINES[table.game].RANKING
    return [
        (o.part, o.ended, list(o.players), list(places(ranking, o.players, o.totals, o.status)))
        for o in outcomes(table_setup, rows)
    ]


def refresh_table_events(table: Table) -> tuple[bool, list[int]]:
    """Store the table's events as its hands now say: (whether they changed, the rows added when nothing else
    changed: the new results of a table whose earlier results stand)."""
    found = {event[0]: tuple(event) for event in events_of(table)}
    stored = {
        part: (pk, (part, ended, players, ranks))
        for pk, part, ended, players, ranks in table.rated_events.values_list(
            "pk", "part", "ended", "players", "places"
        )
    }
    gone = [pk for part, (pk, row) in stored.items() if found.get(part) != row]
    new = [row for part, row in found.items() if part not in stored or stored[part][1] != row]
    if not gone and not new:
        return False, []
    RatedEvent.objects.filter(pk__in=gone).delete()
    RatedEvent.objects.bulk_create(
        [
            RatedEvent(table=table, part=part, game=table.game, ended=ended, players=players, places=ranks)
            for part, ended, players, ranks in new
        ]
    )
    added = list(table.rated_events.filter(part__in=[row[0] for row in new]).values_list("pk", flat=True))
    return True, [] if gone else added


def table_changed(
    sender,
    *,
    table: Table,
    was_finished: bool,
    appended: bool,
    whole: bool = False,
    circles: tuple[int, ...] = (),
    **kwargs,
) -> None:
    """After a change of ``table`` (inside its transaction; connected in games.apps): its events again, and its
    circle's ratings when they changed. A table that is not finished, was not before the change and has no event
    (no game of it ended yet) has none after it either: one change adds at most one hand, never a whole game
    (``whole``: an import writes every hand at once). Nor has a hand added at the end of a table not finished
    before or after it changed an event. Those cost nothing here. A table that joined a circle (``circles``: the
    one it left and the one it joined) changes no event: those circles' ratings are rebuilt when it has any."""
    if circles:
        if table.rated_events.exists():
            for circle_id in circles:
                rebuild_circle(circle_id, table.game)
        return
    if not whole and not was_finished and not table.summary.get("finished"):
        if appended or not table.rated_events.exists():
            return
    changed, added = refresh_table_events(table)
    if changed and table.circle_id is not None:
        if added:
            append_to_circle(table.circle_id, table.game, added)
        else:
            rebuild_circle(table.circle_id, table.game)


def stored_events(rows, spell: Callable[[str], str] = lambda name: name) -> tuple[list[Event], dict[tuple, int]]:
    """Stored results (``rows``: RatedEvents, e.g. of a circle's tables, or of a tournament's round tables played
    in Talon, for a league) as events for ``games.ratings.core.rate``, each name written by ``spell`` (as the pool
    writes it); and each event's row by its key, (table id, part)."""
    events, rows_of = [], {}
    for pk, table_id, part, game, ended, players, ranks in rows.values_list(
        "pk", "table_id", "part", "game", "ended", "players", "places"
    ):
        event = Event(game, ended, (table_id, part), tuple(spell(name) for name in players), tuple(ranks))
        events.append(event)
        rows_of[event.key] = pk
    return events, rows_of


def rebuild(pool: Pool, events: list[Event], rows_of: dict[tuple, int], game: str | None = None) -> History:
    """The pool's ratings and steps of ``game`` (every game for None) rebuilt from ``events`` (each event's row by
    its key: the step's link), with the owner's row locked; nothing else is touched. Every game on its own; each
    step numbered among the pool's events of its game."""
    with transaction.atomic():
        pool.lock()
        history = rate(events)
        ratings, steps = Rating.objects.filter(**pool.owner), RatingStep.objects.filter(**pool.owner)
        if game is not None:
            ratings, steps = ratings.filter(game=game), steps.filter(game=game)
        ratings.delete()
        steps.delete()
        last = history.last
        Rating.objects.bulk_create(
            [
                Rating(
                    **pool.owner,
                    game=g,
                    player=name,
                    mu=r.mu,
                    sigma=r.sigma,
                    events=r.events,
                    change=last.get((g, name), 0.0),
                )
                for g, players in history.ratings.items()
                for name, r in players.items()
            ]
        )
        store_steps(pool, history, rows_of)
        return history


def rebuild_circle(circle_id: int, game: str | None = None) -> History:
    """The circle's ratings of ``game`` (every game for None) rebuilt from its tables' events."""
    with transaction.atomic():
        circle = Circle.objects.select_for_update().get(pk=circle_id)
        spelled = {name_key(name): name for name in circle.players}
        rows = RatedEvent.objects.filter(table__circle=circle)
        if game is not None:
            rows = rows.filter(game=game)
        events, rows_of = stored_events(rows, lambda name: spelled.get(name_key(name), name))
        return rebuild(Pool(circle=circle), events, rows_of, game)


def store_steps(pool: Pool, history: History, rows_of: dict[tuple, int], first: int = 1) -> None:
    """Each step of ``history`` as a row, its event numbered among the pool's events of its game from ``first``."""
    numbers: dict[str, dict[tuple, int]] = {}
    made = []
    for step in history.steps:
        seen = numbers.setdefault(step.event.game, {})
        number = seen.setdefault(step.event.key, first + len(seen))
        made.append(
            RatingStep(
                **pool.owner,
                **{pool.link: rows_of[step.event.key]},
                game=step.event.game,
                number=number,
                player=step.player,
                place=step.place,
                expected=step.expected,
                chance=step.chance,
                mu=step.after.mu,
                sigma=step.after.sigma,
                change=step.change,
            )
        )
    RatingStep.objects.bulk_create(made, batch_size=2000)


def append_to_circle(circle_id: int, game: str, added: list[int]) -> None:
    """New results (RatedEvent keys) of a circle's game rated on from its stored ratings, when they come after
    every other result of that game (an evening just ended, the usual case): exactly what a rebuild would give
    (``rate`` goes through the events in order), without going through the whole history. Otherwise, a rebuild."""
    with transaction.atomic():
        circle = Circle.objects.select_for_update().get(pk=circle_id)
        spelled = {name_key(name): name for name in circle.players}
        events, rows_of = stored_events(
            RatedEvent.objects.filter(pk__in=added), lambda name: spelled.get(name_key(name), name)
        )
        latest = (
            RatedEvent.objects.filter(table__circle=circle, game=game)
            .exclude(pk__in=added)
            .order_by("-ended", "-table_id", "-part")
            .values_list("ended", "table_id", "part")
            .first()
        )
        if latest is not None and (latest[0], latest[1:]) >= min((e.ended, e.key) for e in events):
            rebuild_circle(circle_id, game)
            return
        now = {row.player: Rated(row.mu, row.sigma, row.events) for row in circle.ratings.filter(game=game)}
        history = rate(events, start={game: now})
        moved = {step.player for step in history.steps}
        circle.ratings.filter(game=game, player__in=moved).delete()
        last = history.last
        Rating.objects.bulk_create(
            [
                Rating(
                    circle=circle,
                    game=game,
                    player=name,
                    mu=r.mu,
                    sigma=r.sigma,
                    events=r.events,
                    change=last[game, name],
                )
                for name, r in history.ratings[game].items()
                if name in moved
            ]
        )
        last = circle.rating_steps.filter(game=game).order_by("-number").values_list("number", flat=True).first()
        store_steps(Pool(circle=circle), history, rows_of, first=(last or 0) + 1)


def rate_on(pool: Pool, events: list[Event], rows_of: dict[tuple, int]) -> None:
    """Events that come after every other event of the pool (a tournament joining its league after the others)
    rated on from the pool's stored ratings, each game's steps numbered on: exactly what a rebuild would give
    (``rate`` goes through the events in order), at the cost of these events alone. The caller holds the pool's
    row and has checked the order."""
    for game in sorted({event.game for event in events}):
        ratings = Rating.objects.filter(**pool.owner, game=game)
        now = {row.player: Rated(row.mu, row.sigma, row.events) for row in ratings}
        history = rate([event for event in events if event.game == game], start={game: now})
        moved = {step.player for step in history.steps}
        ratings.filter(player__in=moved).delete()
        Rating.objects.bulk_create(
            [
                Rating(
                    **pool.owner,
                    game=game,
                    player=name,
                    mu=r.mu,
                    sigma=r.sigma,
                    events=r.events,
                    change=history.last[game, name],
                )
                for name, r in history.ratings[game].items()
                if name in moved
            ]
        )
        last = RatingStep.objects.filter(**pool.owner, game=game).order_by("-number").values_list("number", flat=True)
        store_steps(pool, history, rows_of, first=(last.first() or 0) + 1)


BATCH = 500  # tables read and written at once by rebuild_all


def rebuild_all(circles=None) -> None:
    """Every table's events from its hands (of ``circles``' tables, or of all), then every circle's ratings
    (``manage.py ratings``): the hands of BATCH tables read in one query, their events written in one."""
    tables = Table.objects.filter(hand_count__gt=0).order_by("pk")
    if circles is not None:
        tables = tables.filter(circle__in=circles)
    ids = list(tables.values_list("pk", flat=True))
    for start in range(0, len(ids), BATCH):
        with transaction.atomic():
            batch = list(Table.objects.filter(pk__in=ids[start : start + BATCH]).order_by("pk"))
            hands: dict[int, list] = {table.pk: [] for table in batch}
            for table_id, *row in (
                Hand.objects.filter(table__in=batch, deleted=False)
                .order_by("table_id", "seq")
                .values_list("table_id", "data", "totals", "state", "created_at")
                .iterator(chunk_size=5000)
            ):
                hands[table_id].append(row)
            RatedEvent.objects.filter(table__in=batch).delete()
            RatedEvent.objects.bulk_create(
                [
                    RatedEvent(table=table, part=part, game=table.game, ended=ended, players=players, places=ranks)
                    for table in batch
                    for part, ended, players, ranks in events_of(table, hands[table.pk])
                ],
                batch_size=1000,
            )
    for circle in Circle.objects.all() if circles is None else circles:
        rebuild_circle(circle.pk)
