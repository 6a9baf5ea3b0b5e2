"""Ratings: who plays best, from the order players finished in, through openskill's Weng-Lin Plackett-Luce model.

Pure Python (no Django): the service (games/ratings/store.py) feeds it stored rows and keeps what it returns.

A rated event is one finished table of one game (an evening closed, a game that ended by itself), or one game of
an evening that holds several (each Two Ten Jack game: the game ends after its last round, and "Play again" goes
on at the same table): its players placed by the game's own RANKING (games/contract/ranking.py, ``rank_key``) from the
totals of that event and the status it ended with; players level share a place, and openskill gets equal ranks.
Each game is rated on its own: a Czech Taroky rating says nothing about Schnapsen.

``rate(events)`` plays the events in a fixed order (when each ended, then its key), so the same history always
gives the same ratings. Ratings are floats: they are estimates, not payouts.

For tournaments and leagues: ``round_table_event`` makes an event of any table's result (players, totals,
status), a round table typed from paper too; ``current_ranking`` orders names by their current rating (the
``seeded-thirds`` draw's ranking).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from itertools import combinations
from typing import Any

from openskill.models import PlackettLuce

from games.contract.hands import is_closing
from games.contract.ranking import Ranking, rank_key
from games.engines.table import ENGINES, Setup, load_state

MODEL = PlackettLuce()  # the library's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300
START_MU, START_SIGMA = MODEL.mu, MODEL.sigma

# How sure a rating is, from its sigma (the library's measure of doubt, 8.3 for a newcomer). With 3 or 4
# players a table, sigma falls below 7 after about 8 events and below 5 after about 30.
UNSURE, SURE = 7.0, 5.0
FEW_EVENTS = 5  # a player with fewer events is marked on the page, not hidden


def certainty(sigma: float) -> str:
    """``new`` (sigma of 7 or more), ``settling`` (5 up to 7) or ``sure`` (below 5)."""
    if sigma >= UNSURE:
        return "new"
    return "settling" if sigma >= SURE else "sure"


@dataclass(frozen=True)
class Event:
    """One rated result: ``players`` and each one's ``place`` (1 is first; players level share it)."""

    game: str
    ended: datetime
    key: tuple  # breaks ties of ``ended``: (table id, part) for a circle's tables
    players: tuple[str, ...]
    places: tuple[int, ...]


@dataclass(frozen=True)
class Outcome:
    """What one finished part of a table left: its own totals (the scores of its hands) and its status."""

    part: int  # 1, 2, …: the games of one evening (Two Ten Jack), else 1
    ended: datetime
    players: tuple[str, ...]
    totals: Mapping[str, int]
    status: Mapping[str, Any]


@dataclass(frozen=True)
class Rated:
    mu: float = START_MU
    sigma: float = START_SIGMA
    events: int = 0

    @property
    def ordinal(self) -> float:
        """The library's conservative number (``MODEL.rating(...).ordinal()``): mu − 3 sigma. Lists are ranked by
        it, so that two lucky results do not put a newcomer above a season's regular."""
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> float:
        """The number players see: the best estimate (mu), to one decimal."""
        return round(self.mu, 1)

    @property
    def certainty(self) -> str:
        return certainty(self.sigma)


@dataclass(frozen=True)
class Step:
    """One player's rating through one event: where they finished, what was expected, before and after."""

    event: Event
    player: str
    place: int
    chance: float  # the chance of finishing first before the event (``first_place_chances``)
    expected: float  # the place the ratings before it expected (``expected_places``: 2.5 among four alike)
    before: Rated
    after: Rated

    @property
    def change(self) -> float:
        return self.after.mu - self.before.mu


@dataclass
class History:
    ratings: dict[str, dict[str, Rated]] = field(default_factory=dict)  # game → player → now
    steps: list[Step] = field(default_factory=list)  # in the order the events were rated

    @property
    def last(self) -> dict[tuple[str, str], float]:
        """(game, player) → the change of the rating at the player's last step."""
        return {(step.event.game, step.player): step.change for step in self.steps}


def places(
    ranking: Ranking, players: Sequence[str], totals: Mapping[str, int], status: Mapping[str, Any] | None = None
) -> tuple[int, ...]:
    """Each player's place under the game's ``ranking``: 1 + how many are strictly ahead, so ties share a place."""
    keys = [rank_key(ranking, name, totals, status) for name in players]
    return tuple(1 + sum(other < key for other in keys) for key in keys)


def round_table_event(
    game: str,
    ranking: Ranking,
    ended: datetime,
    key: tuple,
    players: Sequence[str],
    totals: Mapping[str, int],
    status: Mapping[str, Any] | None = None,
) -> Event:
    """An event of one table's result: a circle's table, or a tournament round's table (played in Talon or typed
    from its paper sheet; ``status`` may be None where only totals are known). Leagues rate these."""
    return Event(game, ended, key, tuple(players), places(ranking, players, totals, status))


def outcomes(
    table_setup: Setup, hands: Iterable[tuple[Any, Sequence[int], Mapping[str, Any], datetime]]
) -> list[Outcome]:
    """The finished parts of a table, from its live hands as stored: (data, running totals, state after,
    created at), in order. A part ends at the last hand of a run of hands after which the game's status says
    ``finished``: a closed evening, a game over by itself, each Two Ten Jack game (the next round starts the
    next game). A part of nothing but a closing rates nothing. No hand is scored again: only the stored states
    are read."""
    engine, players = table_setup.engine, table_setup.players
    found: list[Outcome] = []
    start = [0] * len(players)
    pending: tuple | None = None  # the finished part so far: (totals, status, ended)
    played = False  # the part holds a hand that is not a closing
    for data, totals, state, created in hands:
        status = engine.status(load_state(table_setup, state))
        if pending is not None and not status.finished:  # the run of finished hands is over: the part ended
            found.append(_outcome(len(found) + 1, players, start, *pending))
            start, pending, played = list(pending[0]), None, False
        played = played or not is_closing(data)
        if status.finished and played:
            pending = (list(totals), status.as_json(), created)
    if pending is not None:
        found.append(_outcome(len(found) + 1, players, start, *pending))
    return found


def _outcome(
    part: int, players: tuple[str, ...], start: list[int], totals: list[int], status: dict, ended: datetime
) -> Outcome:
    return Outcome(part, ended, players, {p: t - s for p, t, s in zip(players, totals, start)}, status)


def rate(events: Iterable[Event], start: Mapping[str, Mapping[str, Rated]] | None = None) -> History:
    """Every player's rating after ``events``, each game on its own, and each step on the way. The events are
    played when each ended, then by key: whatever order they come in, the same events give the same ratings.
    ``start``: the ratings before them (game → player → rating), to go on from; everyone new by default."""
    history = History({game: dict(players) for game, players in (start or {}).items()})
    for event in sorted(events, key=lambda e: (e.ended, e.key)):
        if len(event.players) < 2:
            continue
        now = history.ratings.setdefault(event.game, {})
        before = [now.get(name, Rated()) for name in event.players]
        sides = teams_of(event)
        teams = [[MODEL.rating(mu=before[i].mu, sigma=before[i].sigma) for i in side] for side in sides]
        chances, expected, placed = expectations(event, before, sides, teams)
        rated_teams = MODEL.rate(teams, ranks=[float(event.places[side[0]]) for side in sides])
        after = {i: rated_teams[k][j] for k, side in enumerate(sides) for j, i in enumerate(side)}
        for i, name in enumerate(event.players):
            rated = Rated(after[i].mu, after[i].sigma, before[i].events + 1)
            now[name] = rated
            history.steps.append(Step(event, name, placed[i], chances[i], expected[i], before[i], rated))
    return history


def expectations(
    event: Event, before: Sequence[Rated], sides: Sequence[tuple[int, ...]], teams: Sequence[Sequence[Any]]
) -> tuple[list[float], list[float], list[int]]:
    """Each player's chance of finishing first, expected place and place, by seat, as the event was rated. Players
    alone: their own (``first_place_chances``, ``expected_places``, the event's place). Two teams: the team's, which
    each partner shares (partners always share their place): openskill's ``predict_win`` over the two teams, the
    team's expected place 1 + the other team's chance of winning, its place among the two (1 or 2, both 1 when they
    tie)."""
    if len(sides) == len(event.players):
        return first_place_chances(before), expected_places(before), list(event.places)
    win = MODEL.predict_win(list(teams))
    team_places = [event.places[side[0]] for side in sides]
    chances, expected, placed = [0.0] * len(before), [0.0] * len(before), [0] * len(before)
    for k, side in enumerate(sides):
        for seat in side:
            chances[seat], expected[seat] = win[k], 2 - win[k]
            placed[seat] = 1 + sum(other < team_places[k] for other in team_places)
    return chances, expected, placed


def sides(game: str, count: int) -> int | None:
    """How many teams a table of ``count`` players of ``game`` plays in, when it is a game of fixed partners
    (its engine's ``teams(count)``); None when each plays alone."""
    teams = getattr(ENGINES.get(game), "teams", None)
    found = teams(count) if teams is not None else None
    return len(found) if found and len(found) < count else None


def teams_of(event: Event) -> list[tuple[int, ...]]:
    """The sides the event's players played on, by seat: each alone, or the partners of a game played by fixed
    teams (its engine's ``teams(count)``, partners opposite), rated as one team, when they share their place."""
    teams = getattr(ENGINES.get(event.game), "teams", None)  # only a game of fixed partners has one
    alone = [(seat,) for seat in range(len(event.players))]
    if teams is None:
        return alone
    sides = [tuple(side) for side in teams(len(event.players))]
    seats = sorted(seat for side in sides for seat in side)
    if seats != list(range(len(event.players))) or any(len({event.places[i] for i in side}) > 1 for side in sides):
        return alone
    return sides


def chances(ratings: Mapping[str, Rated], names: Sequence[str]) -> dict[str, float]:
    """Each player's chance of finishing first at a table of ``names`` (a newcomer at the starting rating)."""
    if len(names) < 2:
        return {name: 1.0 for name in names}
    return dict(zip(names, first_place_chances([ratings.get(name, Rated()) for name in names])))


def pairings(names: Sequence[str]) -> list[tuple[tuple[str, ...], ...]]:
    """For a game of two fixed teams: every way ``names`` split into two teams, each (first named player's team,
    the other): who partners whom is settled at the table, so each split stands on its own."""
    first, *rest = names
    half = len(names) // 2
    found = []
    for mates in combinations(rest, half - 1):
        team = (first, *mates)
        found.append((team, tuple(name for name in names if name not in team)))
    return found


def team_chances(ratings: Mapping[str, Rated], split: Sequence[Sequence[str]]) -> list[float]:
    """Each of two teams' chance of winning, as the event would be rated: openskill's ``predict_win`` over the
    teams (a newcomer at the starting rating)."""
    teams = [[_model_rating(ratings.get(name, Rated())) for name in team] for team in split]
    return MODEL.predict_win(teams)


def _model_rating(rated: Rated):
    return MODEL.rating(mu=rated.mu, sigma=rated.sigma)


def expected_places(rated: Sequence[Rated]) -> list[float]:
    """Each player's expected place at a table: 1 + the chance that each other player finishes ahead (two normal
    performances, as ``first_place_chances`` takes them for two), so four players rated alike each expect 2.5. (The
    library's ``predict_rank`` gives a whole rank, 1 for all four alike, which says nothing a place can be held
    against.)"""
    spreads = [r.sigma**2 + MODEL.beta**2 for r in rated]

    def ahead(j: int, i: int) -> float:
        return 0.5 * math.erfc((rated[i].mu - rated[j].mu) / math.sqrt(2 * (spreads[i] + spreads[j])))

    return [1 + sum(ahead(j, i) for j in range(len(rated)) if j != i) for i in range(len(rated))]


STEPS = 48  # Simpson's rule over the performances: smooth enough that 48 steps give them to about 3e-5


def first_place_chances(rated: Sequence[Rated]) -> list[float]:
    """Each player's chance of finishing first, as the model sees a table: a player's performance at a table is
    normal around their mu, with variance sigma² + beta² (what the model's ``predict_win`` assumes for two
    players, whose answer this is exactly); the chance of finishing first is the chance that it is the highest:
    the integral of the player's density times everyone else's chance of doing less. (``predict_win`` for three
    or more averages the head-to-head chances, which is not the chance of first place.) Below the strongest
    player's range the integrand vanishes, so the integral starts there. They add up to 1."""
    spreads = [math.sqrt(r.sigma**2 + MODEL.beta**2) for r in rated]
    if len(rated) == 2:  # the difference of two normal performances: exactly predict_win's
        a, b = rated
        first = 0.5 * math.erfc((b.mu - a.mu) / math.sqrt(2 * (spreads[0] ** 2 + spreads[1] ** 2)))
        return [first, 1 - first]
    low = max(r.mu - 9 * s for r, s in zip(rated, spreads))
    high = max(r.mu + 9 * s for r, s in zip(rated, spreads))
    width = (high - low) / STEPS
    grid = [low + k * width for k in range(STEPS + 1)]
    weights = [1 if k in (0, STEPS) else 4 if k % 2 else 2 for k in range(STEPS + 1)]
    below = [[0.5 * math.erfc((r.mu - x) / (s * math.sqrt(2))) for x in grid] for r, s in zip(rated, spreads)]
    density = [[math.exp(-(((x - r.mu) / s) ** 2) / 2) / s for x in grid] for r, s in zip(rated, spreads)]
    found = []
    for i in range(len(rated)):
        others = [below[j] for j in range(len(rated)) if j != i]
        found.append(sum(w * f * math.prod(column) for w, f, *column in zip(weights, density[i], *others)))
    total = sum(found)
    return [value / total for value in found]


def whole_percents(values: Sequence[float]) -> list[int]:
    """Chances as whole percentages that add up to 100: each rounded down, then the points left over to the
    largest remainders (the earlier one first on a tie)."""
    exact = [value * 100 / sum(values) for value in values]
    shown = [math.floor(value) for value in exact]
    for i in sorted(range(len(exact)), key=lambda i: (-(exact[i] - shown[i]), i))[: 100 - sum(shown)]:
        shown[i] += 1
    return shown


def current_ranking(game: str, names: Sequence[str], ratings: Mapping[str, Mapping[str, Rated]]) -> list[str]:
    """``names`` best first by their current rating in ``game`` (``History.ratings``, or a pool's as stored):
    the ranking a ``seeded-thirds`` draw cuts into groups. Unrated players come after the rated ones, in the
    order given; players rated alike keep the order given."""
    now = ratings.get(game, {})
    order = {name: i for i, name in enumerate(names)}
    return sorted(names, key=lambda name: (name not in now, -now[name].mu if name in now else 0, order[name]))
