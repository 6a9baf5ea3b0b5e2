"""The published schedule (TN3 ``schedule``, Břeclav): the start numbers' lots drawn once from the seed, and every
round's tables as a fixed function of the start numbers, repaired over all its rounds where a pair would still meet
twice.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

from .base import Tournament
from .seating import chunks, pair_of, repair, repeats_at


def schedule_lots(t: Tournament) -> tuple[int, ...]:
    """TN3 schedule: the start numbers drawn once from the seed, in the schedule's order: the schedule's place i
    is held by start number ``lots[i - 1]``. Those registered for round 1 are drawn; a late arrival takes the next
    place, in the order they registered."""
    first = [p.no for p in t.players if p.joins == 1]
    random.Random(f"{t.draw.seed}:start-numbers").shuffle(first)
    return tuple(first + [p.no for p in t.players if p.joins != 1])


def published_schedule(t: Tournament) -> tuple[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]], ...]:
    """TN3 schedule, as published before round 1: ``schedule`` over the places drawn by ``schedule_lots``, in
    start numbers: ``((tables, sitting_out), …)``, each table's start numbers in seat order."""
    lots = schedule_lots(t)
    return tuple(
        (
            tuple(tuple(lots[place - 1] for place in seats) for seats in tables),
            tuple(sorted(lots[place - 1] for place in out)),
        )
        for tables, out in schedule(len(t.players), t.table_size, t.rounds)
    )


@lru_cache(maxsize=64)
def schedule(n: int, size: int, rounds: int) -> tuple[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]], ...]:
    """TN3 schedule (Břeclav): every round's tables as a fixed function of the start numbers 1…n, published before
    round 1: ``((tables, sitting_out), …)`` for rounds 1…``rounds`` and, when anyone sits out, the extra round
    where those who sat out play among themselves (TN2).

    n % size players sit out each round: the last start numbers in round 1, the ones before them in round 2, and
    so on (nobody twice while anyone has not; where that order leaves a repeat, others who have not sat out yet,
    drawn from the fixed seed); in later rounds the last numbers take the seats of those who sit out. Round 1 seats the others in order (1–4, 5–8, …). Later rounds move the seats over the tables: with k
    tables, seat s of table t goes to table t + s·(r − 1) (mod k), over the field of four elements for k = 4,
    which seats no two players together twice when k is prime or 4 (and for most other k); any pair that would
    still meet twice is repaired by a search that starts from the same fixed seed, so the schedule is the same
    every time for the same n."""
    k, extra = divmod(n, size)
    rng = random.Random(f"schedule:{n}:{size}:{rounds}")
    sitting = [
        sorted({(n - extra * r + i) % n + 1 for i in range(extra)}) if extra else [] for r in range(1, rounds + 1)
    ]
    met: dict[tuple[int, int], int] = {}
    seatings = []
    for r in range(1, rounds + 1):
        tables = _scheduled_round(n, size, r, sitting[r - 1], met, rng)
        if r > 1 and extra and extra * r <= n - extra and sum(repeats_at(seats, met) for seats in tables):
            # another choice of who sits out (among those who have not yet) may avoid the repeat: the fewest
            # repeats win, the first found among equals
            done = {no for out in sitting[: r - 1] for no in out}
            candidates = [no for no in range(1, n - extra + 1) if no not in done]
            for _ in range(SCHEDULE_TRIES):
                others = sorted(rng.sample(candidates, extra))
                tried = _scheduled_round(n, size, r, others, met, rng)
                if sum(repeats_at(seats, met) for seats in tried) < sum(repeats_at(seats, met) for seats in tables):
                    tables, sitting[r - 1] = tried, others
                    if not sum(repeats_at(seats, met) for seats in tables):
                        break
        _count(tables, met)
        seatings.append(tables)
    if any(count > 1 for count in met.values()):
        seatings = _spread(seatings, rng)
        met = {}
        for tables in seatings:
            _count(tables, met)
    out = [(tuple(tuple(sorted(seats)) for seats in tables), tuple(out)) for tables, out in zip(seatings, sitting)]
    sat_out = sorted({no for out in sitting for no in out})
    if extra and len(sat_out) >= size:
        count = len(sat_out) - len(sat_out) % size
        tables = repair(chunks(sat_out[:count], size), met, rng)
        out.append((tuple(tuple(sorted(s)) for s in tables), tuple(sat_out[count:])))
    return tuple(out)


SCHEDULE_NODES = 5_000  # the exhaustive search's steps for one round of a schedule


SCHEDULE_TRIES = 16  # other choices of who sits out a round of a schedule, tried when the first leaves a repeat


def _scheduled_round(
    n: int, size: int, r: int, sitting: list[int], met: Mapping[tuple[int, int], int], rng: random.Random
) -> list[list[int]]:
    """Round ``r`` of a schedule: the seats moved over the tables (``_moved``), the last start numbers in the
    seats of those who sit out, repaired against the meetings before it."""
    k, extra = divmod(n, size)
    grid = _moved(list(range(1, k * size + 1)), size, k, r) if k else []
    stand_in = dict(zip(sitting, range(k * size + 1, n + 1)))
    if r > 1 and len(stand_in) == extra and all(no <= k * size for no in stand_in):
        tables = [[stand_in.get(no, no) for no in seats] for seats in grid]
    else:
        playing = [no for no in range(1, n + 1) if no not in sitting]
        tables = chunks(playing, size)
    return repair(tables, met, rng, exact_nodes=SCHEDULE_NODES)


SCHEDULE_STEPS = 20_000  # the whole schedule's repair: swaps tried at most


def _count(tables: Iterable[Sequence[int]], met: dict[tuple[int, int], int]) -> None:
    for seats in tables:
        for i, a in enumerate(seats):
            for b in seats[i + 1 :]:
                met[pair_of(a, b)] = met.get(pair_of(a, b), 0) + 1


def _spread(seatings: list[list[list[int]]], rng: random.Random) -> list[list[list[int]]]:
    """A schedule whose rounds, drawn one after another, still seat two players together twice: repaired over all
    its rounds at once (round 1 stays), swapping two players of one round where that lowers the meetings again,
    for at most SCHEDULE_STEPS swaps. The best schedule found is kept."""
    seatings = [[list(seats) for seats in tables] for tables in seatings]
    if all(len(tables) < 2 for tables in seatings):  # one table a round: nobody to swap with (4 to 7 at tables of 4)
        return seatings
    met: dict[tuple[int, int], int] = {}
    for tables in seatings:
        _count(tables, met)
    cost = sum(_again(c) for c in met.values())
    best, best_cost = [[list(s) for s in tables] for tables in seatings], cost
    for _ in range(SCHEDULE_STEPS):
        if cost == 0:
            break
        clashing = _clashing(seatings, met)
        if not clashing:
            break
        r, i, a = rng.choice(clashing)
        swap = _chosen_swap(seatings[r], i, a, met, rng)
        if swap is None:
            continue
        delta, j, b = swap
        _swap(seatings[r], i, a, j, b, met)
        cost += delta
        if cost < best_cost:
            best, best_cost = [[list(s) for s in t] for t in seatings], cost
    return best


def _again(count: int) -> int:
    """How many of ``count`` meetings of two players are meetings again."""
    return count - 1 if count > 1 else 0


def _clashing(seatings: list[list[list[int]]], met: Mapping[tuple[int, int], int]) -> list[tuple[int, int, int]]:
    """(round, table, player) for every player after round 1 seated with someone met more than once."""
    return [
        (r, i, a)
        for r, tables in enumerate(seatings)
        if r
        for i, seats in enumerate(tables)
        for a in seats
        if any(met.get(pair_of(a, x), 0) > 1 for x in seats if x != a)
    ]


def _change(met: Mapping[tuple[int, int], int], a: int, leave: Sequence[int], join: Sequence[int], skip: int) -> int:
    """How the meetings again change when ``a`` leaves the table ``leave`` for ``join`` in place of ``skip``."""
    delta = 0
    for x in leave:
        if x != a:
            c = met.get(pair_of(a, x), 0)
            delta += _again(c - 1) - _again(c)
    for y in join:
        if y != skip:
            c = met.get(pair_of(a, y), 0)
            delta += _again(c + 1) - _again(c)
    return delta


def _chosen_swap(
    tables: list[list[int]], i: int, a: int, met: Mapping[tuple[int, int], int], rng: random.Random
) -> tuple[int, int, int] | None:
    """(change, table, player) to swap ``a`` of table ``i`` with: the best swap, or, where none helps, now and
    then a random one (to leave a dead end); None for no swap this step."""
    moves = []
    for j, seats in enumerate(tables):
        if j != i:
            for b in seats:
                delta = _change(met, a, tables[i], seats, b) + _change(met, b, seats, tables[i], a)
                moves.append((delta, rng.getrandbits(32), j, b))
    if not moves:
        return None
    delta, _r, j, b = min(moves)
    if delta > 0 and rng.randrange(10) < 8:
        return None
    if delta > 0:
        delta, _r, j, b = rng.choice(moves)
    return delta, j, b


def _swap(tables: list[list[int]], i: int, a: int, j: int, b: int, met: dict[tuple[int, int], int]) -> None:
    """``a`` of table ``i`` and ``b`` of table ``j`` change places, and the meetings follow."""
    for x in tables[i]:
        if x != a:
            met[pair_of(a, x)] -= 1
            met[pair_of(b, x)] = met.get(pair_of(b, x), 0) + 1
    for y in tables[j]:
        if y != b:
            met[pair_of(b, y)] -= 1
            met[pair_of(a, y)] = met.get(pair_of(a, y), 0) + 1
    tables[i][tables[i].index(a)], tables[j][tables[j].index(b)] = b, a


GF4_TIMES = ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))  # multiplication in the field of four


def _moved(playing: Sequence[int], size: int, k: int, r: int) -> list[list[int]]:
    tables: list[list[int]] = [[] for _ in range(k)]
    for index, no in enumerate(playing):
        t, s = divmod(index, size)
        if r == 1:
            target = t
        elif k == 4 and size <= 4 and r <= 4:
            target = t ^ GF4_TIMES[s][r - 1]
        elif r == k + 1 and k == size or (k == 4 and size == 4 and r == 5):
            target = s  # the last parallel class: the players of one seat together
        else:
            target = (t + s * (r - 1)) % k
        tables[target].append(no)
    if any(len(seats) != size for seats in tables):  # not a seating (a k the formula does not cover): in order
        return chunks(list(playing), size)
    return tables
