"""Ratings of a league (games.ratings), or of a tournament in no league: a rated event is each table of a closed
round, its players placed by the game's order (TN6: the tournament engine's own ``seat_places``) from its result
as the standings read it: a table played in Talon gives its stored totals and status (lost Bummerl), a table
typed from paper its typed totals (and Bummerl), a correction (TN8) replaces either. Players level share a place.

The events are rated in a fixed order: when their round closed, then the tournament, the round and the table
number, so the same results always give the same ratings. The pool's ratings and every step are stored
(Rating/RatingStep rows with the league, or the tournament) and rebuilt whole, in the transaction of the change,
when a round closes, a result is corrected, a closed round's Talon table changes, a name is corrected, or a
tournament joins a league; a page reads the rows and never replays a table.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import transaction

from games.tournaments import engine
from games.engines.base import name_key
from games.models import Entry, League, Rating, RatingStep, Round, RoundTable, Tournament
from games.ratings.core import FEW_EVENTS, Event, History, Rated, current_ranking, rate


@dataclass(frozen=True)
class Pool:
    """Where ratings are kept: a league (every tournament of it), or one tournament in no league."""

    league: League | None = None
    tournament: Tournament | None = None

    @property
    def owner(self) -> dict:
        return {"league": self.league} if self.league is not None else {"tournament": self.tournament}

    def tournaments(self) -> list[Tournament]:
        if self.league is not None:
            return list(self.league.tournaments.order_by("created_at", "pk"))
        return [self.tournament]


def pool_of(tournament: Tournament) -> Pool:
    """The pool a tournament's results are rated in: its league's, else its own."""
    if tournament.league_id is not None:
        return Pool(league=League.objects.get(pk=tournament.league_id))
    return Pool(tournament=tournament)


def pool_events(pool: Pool) -> tuple[list[Event], dict[tuple, int]]:
    """The pool's events (each closed round's tables with a result) and each event's round table, by key
    (tournament, round, table). Read from the stored rows through the tournament document, never a replay."""
    from games.tournaments import services as service  # the service imports the table services, which call us

    events: list[Event] = []
    round_tables: dict[tuple, int] = {}
    spelled: dict[str, str] = {}  # one league, one player list: a name as first seen
    for tournament in pool.tournaments():
        closed = {r.number: r for r in tournament.rounds.filter(status=Round.CLOSED)}
        if not closed:
            continue
        t = engine.load(service.document(tournament, live=False))
        ids = dict(((number, no), pk) for number, no, pk in RoundTable.objects.filter(
            round__tournament=tournament, round__status=Round.CLOSED).values_list("round__number", "table_no", "pk"))
        for played in engine.results(t, corrected=True):
            round_ = closed[played.round]
            ended: datetime = round_.closed_at or round_.started_at or tournament.created_at
            for result in played.tables:
                names = tuple(spelled.setdefault(name_key(t.player(no).name), t.player(no).name)
                              for no in result.seats)
                key = (tournament.pk, played.round, result.table)
                events.append(Event(tournament.game, ended, key, names, engine.seat_places(t, result.seats, result)))
                round_tables[key] = ids[(played.round, result.table)]
    return events, round_tables


def rebuild(pool: Pool) -> History:
    """The pool's ratings and steps rebuilt from its events (the pool's row locked: two rebuilds follow each
    other). Every game of the pool on its own; each step numbered among the pool's events of its game."""
    with transaction.atomic():
        if pool.league is not None:
            League.objects.select_for_update().get(pk=pool.league.pk)
        else:
            Tournament.objects.select_for_update().get(pk=pool.tournament.pk)
        events, round_tables = pool_events(pool)
        history = rate(events)
        Rating.objects.filter(**pool.owner).delete()
        RatingStep.objects.filter(**pool.owner).delete()
        last = history.last
        Rating.objects.bulk_create([Rating(**pool.owner, game=game, player=name, mu=r.mu, sigma=r.sigma,
                                           events=r.events, change=last.get((game, name), 0.0))
                                    for game, players in history.ratings.items() for name, r in players.items()])
        numbers: dict[str, dict[tuple, int]] = {}
        made = []
        for step in history.steps:
            seen = numbers.setdefault(step.event.game, {})
            number = seen.setdefault(step.event.key, 1 + len(seen))
            made.append(RatingStep(**pool.owner, round_table_id=round_tables[step.event.key], game=step.event.game,
                                   number=number, player=step.player, place=step.place, expected=step.expected,
                                   chance=step.chance, mu=step.after.mu, sigma=step.after.sigma, change=step.change))
        RatingStep.objects.bulk_create(made, batch_size=2000)
        return history


def results_changed(tournament: Tournament) -> None:
    """After a change of a tournament's rated results (a round closed, a correction, a name corrected, a closed
    round's Talon table changed): its pool rebuilt, in the change's transaction."""
    rebuild(pool_of(tournament))


def joined_league(tournament: Tournament) -> None:
    """A tournament added to a league: its own pool is gone, the league's takes its results."""
    Rating.objects.filter(tournament=tournament).delete()
    RatingStep.objects.filter(tournament=tournament).delete()
    rebuild(pool_of(tournament))


def table_changed(table_id: int) -> None:
    """A Talon table's hands changed: if it is a table of a closed round, its tournament's pool again (the
    standings read its stored totals, and so do the ratings). One query for any other table."""
    round_table = (RoundTable.objects.filter(table_id=table_id, round__status=Round.CLOSED)
                   .select_related("round__tournament").first())
    if round_table is not None:
        results_changed(round_table.round.tournament)


# ---- what pages and the draw read ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Shown:
    """A player's rating as the league page shows it (as a circle's: games.ratings_store.Shown)."""

    player: str
    rated: Rated
    change: float  # at their last event

    @property
    def few(self) -> bool:
        return self.rated.events < FEW_EVENTS


def shown(pool: Pool, game: str) -> list[Shown]:
    """The pool's players rated in ``game``, by the cautious rating (``Rated.ordinal``) the highest first, then by
    name (one query)."""
    rows = Rating.objects.filter(**pool.owner, game=game)
    shown_rows = [Shown(r.player, Rated(r.mu, r.sigma, r.events), r.change) for r in rows]
    return sorted(shown_rows, key=lambda row: (-row.rated.ordinal, row.player))


def games(pool: Pool) -> list[str]:
    return sorted(set(Rating.objects.filter(**pool.owner).values_list("game", flat=True)))


def ratings_now(pool: Pool) -> dict[str, dict[str, Rated]]:
    """game → player → rating, as stored: what ``games.ratings.current_ranking`` reads."""
    found: dict[str, dict[str, Rated]] = {}
    for game, player, mu, sigma, events in Rating.objects.filter(**pool.owner).values_list(
            "game", "player", "mu", "sigma", "events"):
        found.setdefault(game, {})[player] = Rated(mu, sigma, events)
    return found


def rank_by_ratings(tournament: Tournament) -> list[str]:
    """Each entry's ``ranking`` filled from the current ratings of its pool (the league's, or the tournament's
    own): 1 the highest rated; unrated players after the rated ones, by start number. Called before round 1 is
    drawn, so the tournament document carries plain rankings and its draw is reproduced from it. Returns the
    names best first."""
    entries = list(tournament.entries.order_by("no"))
    now = ratings_now(pool_of(tournament))
    game = {name_key(name): name for name in now.get(tournament.game, {})}
    spelled = {entry.name: game.get(name_key(entry.name), entry.name) for entry in entries}
    ranked = current_ranking(tournament.game, [spelled[entry.name] for entry in entries], now)
    place = {name: i for i, name in enumerate(ranked, start=1)}
    for entry in entries:
        entry.ranking = place[spelled[entry.name]]
    Entry.objects.bulk_update(entries, ["ranking"])
    return ranked


def steps(pool: Pool, game: str):
    """The pool's rating steps of ``game`` (RatingStep rows)."""
    return RatingStep.objects.filter(**pool.owner, game=game)


def results(steps_rows) -> list[dict]:
    """Rating steps (in the order to show) grouped by event: its tournament, round and table, each player's step."""
    found: dict[int, dict] = {}
    for step in steps_rows.select_related("round_table__round__tournament"):
        round_table = step.round_table
        row = found.setdefault(step.round_table_id, {
            "tournament": round_table.round.tournament, "round": round_table.round.number,
            "table_no": round_table.table_no, "players": []})
        row["players"].append(step)
    return list(found.values())
