"""Who is ahead, as data: the ranks a seat is placed by, and the players ranked by them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from games.contract.words import N_

HIGHER = "higher"  # a rank's direction: the higher value is better (chips, points won)
LOWER = "lower"  # the lower value is better (penalty points, a game's losses counted as marks)
TOTAL = "total"  # a rank read from the player's total; any other key names a mark of the engine's status


@dataclass(frozen=True)
class Rank:
    """One value a seat is ranked by, as data the shared code reads without knowing the game.

    ``key``: ``TOTAL`` (the player's total), or the kind of a mark in the engine's status (``Status.marks``),
    which a tournament's typed result then gives beside the totals under that same name; ``label``: its name for
    players (``N_``); ``better``: ``HIGHER`` or ``LOWER``; ``words``: how the rules page says it ("the highest
    total first")."""

    key: str
    label: str
    better: str = HIGHER
    words: str = ""


Ranking = tuple[Rank, ...]  # an engine's RANKING: the ranks in the order they decide, the first first

HIGHER_TOTAL: Ranking = (Rank(TOTAL, N_("total"), HIGHER, N_("the highest total first")),)
LOWER_TOTAL: Ranking = (Rank(TOTAL, N_("total"), LOWER, N_("the lowest total first (penalty points)")),)


def rank_values(
    ranking: Ranking, name: str, totals: Mapping[str, int], status: Mapping[str, Any] | None = None
) -> tuple[int, ...]:
    """``name``'s value under each rank of ``ranking``, as players read them: the total, or a mark (0 if none)."""
    marks = (status or {}).get("marks") or {}
    return tuple(
        totals.get(name, 0) if rank.key == TOTAL else (marks.get(name) or {}).get(rank.key, 0) for rank in ranking
    )


def rank_key(ranking: Ranking, name: str, totals: Mapping[str, int], status: Mapping[str, Any] | None = None) -> tuple:
    """What ``name`` is placed by under ``ranking``: the smaller, the better (everything sorts by it)."""
    values = rank_values(ranking, name, totals, status)
    return tuple(value if rank.better == LOWER else -value for rank, value in zip(ranking, values))


def ranked(ranking: Ranking, totals: Mapping[str, int], status: Mapping[str, Any] | None = None) -> list[str]:
    """The players best first under ``ranking``; players level keep their seating order."""
    return sorted(totals, key=lambda name: rank_key(ranking, name, totals, status))


def best(ranking: Ranking, totals: Mapping[str, int], status: Mapping[str, Any] | None = None) -> list[str]:
    """The players level at the top under ``ranking`` (seating order); none for no players."""
    if not totals:
        return []
    top = min(rank_key(ranking, name, totals, status) for name in totals)
    return [name for name in totals if rank_key(ranking, name, totals, status) == top]


def lower_total_is_better(ranking: Ranking) -> bool:
    """Whether a lower total is the better one under ``ranking`` (penalty points)."""
    return any(rank.key == TOTAL and rank.better == LOWER for rank in ranking)


def total_key(ranking: Ranking, total: int) -> int:
    """A total as a sort key, the better first (statistics and rankings, where only totals are known)."""
    return total if lower_total_is_better(ranking) else -total


def marks_ranked(ranking: Ranking) -> Ranking:
    """The ranks read from the status's marks, not the totals: what a typed result gives beside its totals."""
    return tuple(rank for rank in ranking if rank.key != TOTAL)


def ranking_words(ranking: Ranking, gettext: Callable[[str], str] = lambda text: text) -> str:
    """Who is ahead, in words for players: each rank's words in their order."""
    return ", ".join(gettext(rank.words) for rank in ranking if rank.words)
