"""Where ratings (games.ratings) meet the database: each table's rated events, kept as its hands change, and each
circle's ratings, rebuilt from its tables' events when one of them changes. A page reads what is stored here and
never replays a table.

A table's events are derived from its stored hands (their running totals and states), so they are refreshed in
the transaction of the change that touched the hands (games.services calls ``table_changed``): a hand recorded
at the end of a table that is not finished, and was not, changes no event and costs nothing here. When a
table's events change, its circle's ratings of that game go on from the stored ones if the new results come after
every other (an evening just ended), else are rebuilt from the circle's events (the circle's row locked, in the same
transaction): either way the same events give the same ratings, however they were reached.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from django.db import transaction

from games.engines.base import name_key
from games.engines.table import setup
from games.models import Circle, Hand, RatedEvent, Rating, RatingStep, Table
from games.ratings.core import Event, History, Rated, current_ranking, outcomes, places, rate
from games.registry import ENGINES


def events_of(table: Table, rows=None) -> list[tuple[int, Any, list[str], list[int]]]:
    """The table's finished parts as (part, ended, players, places), from its live hands as stored (``rows``:
    their (data, totals, state, created_at) in order, when already read)."""
    table_setup = setup(table.game, table.rules, table.players)
    if rows is None:
        rows = table.hands.filter(deleted=False).order_by("seq").values_list(
            "data", "totals", "state", "created_at").iterator(chunk_size=2000)
    order = ENGINES[table.game].ORDER
    return [(o.part, o.ended, list(o.players), list(places(order, o.players, o.totals, o.status)))
            for o in outcomes(table_setup, rows)]


def refresh_table_events(table: Table) -> tuple[bool, list[int]]:
    """Store the table's events as its hands now say: (whether they changed, the rows added when nothing else
    changed: the new results of a table whose earlier results stand)."""
    found = {event[0]: tuple(event) for event in events_of(table)}
    stored = {part: (pk, (part, ended, players, ranks)) for pk, part, ended, players, ranks in
              table.rated_events.values_list("pk", "part", "ended", "players", "places")}
    gone = [pk for part, (pk, row) in stored.items() if found.get(part) != row]
    new = [row for part, row in found.items() if part not in stored or stored[part][1] != row]
    if not gone and not new:
        return False, []
    RatedEvent.objects.filter(pk__in=gone).delete()
    RatedEvent.objects.bulk_create([RatedEvent(table=table, part=part, game=table.game, ended=ended, players=players,
                                               places=ranks) for part, ended, players, ranks in new])
    added = list(table.rated_events.filter(part__in=[row[0] for row in new]).values_list("pk", flat=True))
    return True, [] if gone else added


def table_changed(table: Table, *, was_finished: bool, appended: bool) -> None:
    """After a change of ``table`` (inside its transaction): its events again, and its circle's ratings when they
    changed. A table that is not finished, was not before the change and has no event (no game of it ended yet)
    has none after it either: one change adds at most one hand, never a whole game. Nor has a hand added at the
    end of a table not finished before or after it changed an event. Those cost nothing here (but one query: is
    it a table of a closed tournament round, whose pool is then rated again)."""
    from games.ratings.pools import table_changed as tournament_table_changed  # it reads the tournament service

    tournament_table_changed(table.pk)
    if not was_finished and not table.summary.get("finished") and (appended or not table.rated_events.exists()):
        return
    changed, added = refresh_table_events(table)
    if changed and table.circle_id is not None:
        if added:
            append_to_circle(table.circle_id, table.game, added)
        else:
            rebuild_circle(table.circle_id, table.game)


def stored_events(rows, spell: Callable[[str], str] = lambda name: name) -> tuple[list[Event], dict[tuple, int]]:
    """Stored results (``rows``: RatedEvents, e.g. of a circle's tables, or of a tournament's round tables played
    in Talon, for a league) as events for ``games.ratings.rate``, each name written by ``spell`` (as the pool
    writes it); and each event's row by its key, (table id, part)."""
    events, rows_of = [], {}
    for pk, table_id, part, game, ended, players, ranks in rows.values_list(
            "pk", "table_id", "part", "game", "ended", "players", "places"):
        event = Event(game, ended, (table_id, part), tuple(spell(name) for name in players), tuple(ranks))
        events.append(event)
        rows_of[event.key] = pk
    return events, rows_of


def rebuild_circle(circle_id: int, game: str | None = None) -> History:
    """The circle's ratings of ``game`` (every game for None) rebuilt from its tables' events; nothing else is
    touched. Runs with the circle's row locked, so two rebuilds of one circle follow each other."""
    with transaction.atomic():
        circle = Circle.objects.select_for_update().get(pk=circle_id)
        spelled = {name_key(name): name for name in circle.players}
        rows = RatedEvent.objects.filter(table__circle=circle)
        if game is not None:
            rows = rows.filter(game=game)
        events, rows_of = stored_events(rows, lambda name: spelled.get(name_key(name), name))
        history = rate(events)
        ratings, steps = circle.ratings.all(), circle.rating_steps.all()
        if game is not None:
            ratings, steps = ratings.filter(game=game), steps.filter(game=game)
        ratings.delete()
        steps.delete()
        last = history.last
        Rating.objects.bulk_create([Rating(circle=circle, game=g, player=name, mu=r.mu, sigma=r.sigma, events=r.events,
                                           change=last.get((g, name), 0.0))
                                    for g, players in history.ratings.items() for name, r in players.items()])
        _store_steps(circle, history, rows_of)
        return history


def _store_steps(circle: Circle, history: History, rows_of: dict[tuple, int], first: int = 1) -> None:
    """Each step of ``history`` as a row, its event numbered among the circle's events of its game from ``first``."""
    numbers: dict[str, dict[tuple, int]] = {}
    made = []
    for step in history.steps:
        seen = numbers.setdefault(step.event.game, {})
        number = seen.setdefault(step.event.key, first + len(seen))
        made.append(RatingStep(circle=circle, event_id=rows_of[step.event.key], game=step.event.game,
                               number=number, player=step.player, place=step.place, expected=step.expected,
                               chance=step.chance, mu=step.after.mu, sigma=step.after.sigma, change=step.change))
    RatingStep.objects.bulk_create(made, batch_size=2000)


def append_to_circle(circle_id: int, game: str, added: list[int]) -> None:
    """New results (RatedEvent keys) of a circle's game rated on from its stored ratings, when they come after
    every other result of that game (an evening just ended, the usual case): exactly what a rebuild would give
    (``rate`` goes through the events in order), without going through the whole history. Otherwise, a rebuild."""
    with transaction.atomic():
        circle = Circle.objects.select_for_update().get(pk=circle_id)
        spelled = {name_key(name): name for name in circle.players}
        events, rows_of = stored_events(RatedEvent.objects.filter(pk__in=added),
                                        lambda name: spelled.get(name_key(name), name))
        latest = (RatedEvent.objects.filter(table__circle=circle, game=game).exclude(pk__in=added)
                  .order_by("-ended", "-table_id", "-part").values_list("ended", "table_id", "part").first())
        if latest is not None and (latest[0], latest[1:]) >= min((e.ended, e.key) for e in events):
            rebuild_circle(circle_id, game)
            return
        now = {row.player: Rated(row.mu, row.sigma, row.events) for row in circle.ratings.filter(game=game)}
        history = rate(events, start={game: now})
        moved = {step.player for step in history.steps}
        circle.ratings.filter(game=game, player__in=moved).delete()
        last = history.last
        Rating.objects.bulk_create([Rating(circle=circle, game=game, player=name, mu=r.mu, sigma=r.sigma,
                                           events=r.events, change=last[game, name])
                                    for name, r in history.ratings[game].items() if name in moved])
        last = circle.rating_steps.filter(game=game).order_by("-number").values_list("number", flat=True).first()
        _store_steps(circle, history, rows_of, first=(last or 0) + 1)


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
            batch = list(Table.objects.filter(pk__in=ids[start:start + BATCH]).order_by("pk"))
            hands: dict[int, list] = {table.pk: [] for table in batch}
            for table_id, *row in (Hand.objects.filter(table__in=batch, deleted=False).order_by("table_id", "seq")
                                   .values_list("table_id", "data", "totals", "state", "created_at")
                                   .iterator(chunk_size=5000)):
                hands[table_id].append(row)
            RatedEvent.objects.filter(table__in=batch).delete()
            RatedEvent.objects.bulk_create(
                [RatedEvent(table=table, part=part, game=table.game, ended=ended, players=players, places=ranks)
                 for table in batch for part, ended, players, ranks in events_of(table, hands[table.pk])],
                batch_size=1000)
    for circle in (Circle.objects.all() if circles is None else circles):
        rebuild_circle(circle.pk)


@dataclass(frozen=True)
class Shown:
    """A player's rating as the circle page shows it."""

    player: str
    rated: Rated
    change: float  # at their last event

    @property
    def few(self) -> bool:
        from games.ratings.core import FEW_EVENTS
        return self.rated.events < FEW_EVENTS


def circle_ratings(circle: Circle, game: str) -> list[Shown]:
    """The circle's players rated in ``game``, by the cautious rating (``Rated.ordinal``) the highest first, then
    by name (one query)."""
    rows = circle.ratings.filter(game=game)
    return ranked_shown([Shown(r.player, Rated(r.mu, r.sigma, r.events), r.change) for r in rows])


def ranked_shown(rows: list[Shown]) -> list[Shown]:
    """Ratings as a list shows them: the highest cautious rating first (two lucky results do not top a
    season's regular), then by name."""
    return sorted(rows, key=lambda row: (-row.rated.ordinal, row.player))


def results(steps) -> list[dict]:
    """Rating steps (a queryset, in the order to show) grouped by event: its table, when it ended, which game of
    the evening (``several``: the table holds more than one), each player's step (place, expected, change)."""
    found: dict[int, dict] = {}
    for step in steps.select_related("event__table"):
        row = found.setdefault(step.event_id, {"table": step.event.table, "ended": step.event.ended,
                                               "part": step.event.part, "players": []})
        row["players"].append(step)
    several = set(RatedEvent.objects.filter(table__in={row["table"].pk for row in found.values()}, part__gt=1)
                  .values_list("table_id", flat=True))  # an evening of several games names each one
    for row in found.values():
        row["several"] = row["table"].pk in several
    return list(found.values())


def pool(circle: Circle) -> dict[str, dict[str, Rated]]:
    """The circle's ratings now, game → player → rating: what ``games.ratings.chances`` and ``current_ranking``
    read."""
    found: dict[str, dict[str, Rated]] = {}
    for g, player, mu, sigma, events in circle.ratings.values_list("game", "player", "mu", "sigma", "events"):
        found.setdefault(g, {})[player] = Rated(mu, sigma, events)
    return found


def circle_ranking(circle: Circle, game: str, names: list[str]) -> list[str]:
    """``names`` best first by their rating in ``game`` within ``circle`` (unrated ones last, as given): a
    ranking for a ``seeded-thirds`` draw among a circle's players."""
    return current_ranking(game, names, pool(circle))
