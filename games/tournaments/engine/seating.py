"""Seating players at tables (TN2, TN3), shared by the draws and the published schedules: who met whom, tables cut in
order, and the bounded search that repairs a seating to seat as few pairs who met before as it can find.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence


def pair_of(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def chunks(players: Sequence[int], size: int) -> list[list[int]]:
    return [list(players[i : i + size]) for i in range(0, len(players) - len(players) % size, size)]


def repeats_at(seats: Sequence[int], met: Mapping[tuple[int, int], int]) -> int:
    return sum(met.get(pair_of(a, b), 0) for i, a in enumerate(seats) for b in seats[i + 1 :])


def repair(
    tables: list[list[int]],
    met: Mapping[tuple[int, int], int],
    rng: random.Random,
    *,
    label: Mapping[int, int] | None = None,
    keep_place: bool = False,
    exact_nodes: int = 200_000,
) -> list[list[int]]:
    """TN3: the seating with as few pairs who met before as can be found, by swapping players between tables
    (only within a group under ``label``; under ``keep_place`` the fewest moves away from a player's own table
    among equal swaps). A bounded local search, then, if a repeat is left, a bounded exhaustive search for a
    seating without one. The work is bounded: a tournament's draw never hangs."""
    if not met or not tables:
        return tables
    tables = [list(seats) for seats in tables]
    home = {no: i for i, seats in enumerate(tables) for no in seats}
    where = dict(home)

    def clash(no: int, i: int, without: int | None = None) -> int:
        return sum(met.get(pair_of(no, other), 0) for other in tables[i] if other != no and other != without)

    total = sum(repeats_at(seats, met) for seats in tables)
    best, best_total = [list(s) for s in tables], total
    players = sorted(where)
    budget = 200 + 40 * len(players)
    for _ in range(budget):
        if total == 0:
            break
        clashing = [no for no in players if clash(no, where[no])]
        a = rng.choice(clashing)
        i = where[a]
        moves = []
        for j, seats in enumerate(tables):
            if j == i:
                continue
            for b in seats:
                if label is not None and label[a] != label[b]:
                    continue
                gain = clash(a, j, b) + clash(b, i, a) - clash(a, i) - clash(b, j)
                shift = (abs(j - home[a]) + abs(i - home[b]) - abs(i - home[a]) - abs(j - home[b])) if keep_place else 0
                moves.append((gain, shift, rng.getrandbits(32), j, b))
        if not moves:
            break
        gain, _shift, _r, j, b = min(moves)
        if gain > 0:  # no swap helps this player: now and then a random one, to leave a dead end
            if rng.randrange(10) < 9:
                continue
            gain, _shift, _r, j, b = rng.choice(moves)
        tables[i][tables[i].index(a)], tables[j][tables[j].index(b)] = b, a
        where[a], where[b] = j, i
        total += gain
        if total < best_total:
            best, best_total = [list(s) for s in tables], total
    if best_total:
        exact = _without_repeats(best, met, label, exact_nodes) if exact_nodes else None
        if exact is not None:
            return exact
    return best


def _without_repeats(
    tables: list[list[int]], met: Mapping[tuple[int, int], int], label: Mapping[int, int] | None, nodes: int = 200_000
) -> list[list[int]] | None:
    """A seating of the same players in tables of the same size where nobody meets anyone again, found by a
    depth-first search of at most ``nodes`` steps; None when there is none (or none was found in time)."""
    size = len(tables[0])
    players = sorted((no for seats in tables for no in seats), key=lambda no: -sum(1 for (a, b) in met if no in (a, b)))
    free = set(players)
    seating: list[list[int]] = []
    steps = [0]

    def fits(no: int, seats: list[int]) -> bool:
        if label is not None and any(label[no] == label[other] for other in seats):
            return False
        return all(pair_of(no, other) not in met for other in seats)

    def fill(seats: list[int], start: int) -> bool:
        steps[0] += 1
        if steps[0] > nodes:
            return False
        if len(seats) == size:
            seating.append(seats)
            if place():
                return True
            seating.pop()
            return False
        for k in range(start, len(players)):
            no = players[k]
            if no in free and fits(no, seats):
                free.discard(no)
                if fill(seats + [no], k + 1):
                    return True
                free.add(no)
        return False

    def place() -> bool:
        if not free:
            return True
        first = next(no for no in players if no in free)
        free.discard(first)
        if fill([first], 0):
            return True
        free.add(first)
        return False

    return seating if place() else None
