"""The ratings' read side: where a pool's ratings are kept (a circle, a league, a tournament in no league) and what
pages and the draw read of them, as stored (games.ratings.store writes them, in the transaction of the change that
moved them). A page imports this module, never the write side: a table's change reaches the ratings only through
its announcement (games.tables.signals)."""

from __future__ import annotations

from dataclasses import dataclass

from games.models import Circle, League, RatedEvent, Rating, RatingStep, Tournament
from games.ratings.core import FEW_EVENTS, Rated, current_ranking, sides


@dataclass(frozen=True)
class Pool:
    """Where ratings are kept: a circle, a league (every tournament of it), or one tournament in no league."""

    circle: Circle | None = None
    league: League | None = None
    tournament: Tournament | None = None

    @property
    def owner(self) -> dict:
        if self.circle is not None:
            return {"circle": self.circle}
        return {"league": self.league} if self.league is not None else {"tournament": self.tournament}

    @property
    def link(self) -> str:
        """What a step points at: a circle's stored event, a tournament's round table."""
        return "event_id" if self.circle is not None else "round_table_id"

    def lock(self) -> None:
        """The owner's row locked for the transaction: two rebuilds of one pool follow each other."""
        model, owner = {
            "circle": (Circle, self.circle),
            "league": (League, self.league),
            "tournament": (Tournament, self.tournament),
        }[next(iter(self.owner))]
        model.objects.select_for_update().get(pk=owner.pk)


@dataclass(frozen=True)
class Shown:
    """A player's rating as a circle's, a league's or a tournament's page shows it."""

    player: str
    rated: Rated
    change: float  # at their last event

    @property
    def few(self) -> bool:
        return self.rated.events < FEW_EVENTS


def shown(pool: Pool, game: str) -> list[Shown]:
    """The pool's players rated in ``game``, the highest cautious rating (``Rated.ordinal``) first (two lucky
    results do not top a season's regular), then by name (one query)."""
    rows = [
        Shown(r.player, Rated(r.mu, r.sigma, r.events), r.change)
        for r in Rating.objects.filter(**pool.owner, game=game)
    ]
    return sorted(rows, key=lambda row: (-row.rated.ordinal, row.player))


def games(pool: Pool) -> list[str]:
    return sorted(set(Rating.objects.filter(**pool.owner).values_list("game", flat=True)))


def steps(pool: Pool, game: str):
    """The pool's rating steps of ``game`` (RatingStep rows)."""
    return RatingStep.objects.filter(**pool.owner, game=game)


def steps_by_event(steps_rows) -> list[dict]:
    """Rating steps (in the order to show) grouped by event, each player's step (place, expected, change) in
    ``players``; ``teams``: how many teams, when the players were rated as teams (places and expectations the teams'). A circle's event: its table, when it ended, which game of the evening (``several``: the table
    holds more than one); a tournament's: its tournament, round and table number."""
    found: dict[int, dict] = {}
    for step in steps_rows.select_related("event__table", "round_table__round__tournament"):
        if step.event_id is not None:
            row = found.setdefault(
                ("event", step.event_id),
                {"table": step.event.table, "ended": step.event.ended, "part": step.event.part, "players": []},
            )
        else:
            round_table = step.round_table
            row = found.setdefault(
                ("round_table", step.round_table_id),
                {
                    "tournament": round_table.round.tournament,
                    "round": round_table.round.number,
                    "table_no": round_table.table_no,
                    "players": [],
                },
            )
        row["players"].append(step)
    tables = {row["table"].pk for row in found.values() if "table" in row}
    several = (
        set(RatedEvent.objects.filter(table__in=tables, part__gt=1).values_list("table_id", flat=True))
        if tables
        else set()
    )  # an evening of several games names each
    for row in found.values():
        if "table" in row:
            row["several"] = row["table"].pk in several
        row["teams"] = _teams(row["players"])
    return list(found.values())


def _teams(steps_rows: list) -> int | None:
    """How many teams the event's players were rated in (a game of fixed partners: each step's place, chance and
    expected place are the team's), or None when each was rated alone."""
    count = sides(steps_rows[0].game, len(steps_rows))
    return count if count is not None and all(step.place <= count for step in steps_rows) else None


def ratings_now(pool: Pool) -> dict[str, dict[str, Rated]]:
    """game → player → rating, as stored: what ``games.ratings.core.chances`` and ``current_ranking`` read."""
    found: dict[str, dict[str, Rated]] = {}
    for game, player, mu, sigma, events in Rating.objects.filter(**pool.owner).values_list(
        "game", "player", "mu", "sigma", "events"
    ):
        found.setdefault(game, {})[player] = Rated(mu, sigma, events)
    return found


def circle_ranking(circle: Circle, game: str, names: list[str]) -> list[str]:
    """``names`` best first by their rating in ``game`` within ``circle`` (unrated ones last, as given): a
    ranking for a ``seeded-thirds`` draw among a circle's players."""
    return current_ranking(game, names, ratings_now(Pool(circle=circle)))
