"""The contract's defaults: what a game's engine module leaves out, the registry fills from here when it registers
the game (``with_defaults``), so that a new game writes only what differs from the others.

- ``RANKING``: the highest total first; ``COUNTER``: none; ``SETTLE_UNIT``: the point; ``SETTLE_WHAT``, for a game
  that is not zero-sum: every two players settle the difference of their totals (a zero-sum game says its own);
- ``MODES`` gets the modes of the hands every game has (an adjustment, a closing: ``KIND_NAMES``);
- ``describe`` and ``facts``: the contract's for an adjustment and a closing, else the game's ``describe_hand`` and
  ``hand_facts`` (its own hands only), with ``describe_marks`` for what its adjustments carry beyond the amounts;
- ``rename_player``: the game's ``PLAYER_FIELDS`` (fields naming a player) and ``PLAYER_KEYED`` (maps keyed by
  player), and the adjustment's marks (``ADJUSTMENT_MARKS``);
- ``penalty``: in a zero-sum game the player pays every other player the amount; otherwise it is written against the
  player alone (penalty points added, where the lower total is better);
- ``summary``, ``milestone``, ``winners``: nothing; ``settlement``: by the first rank of ``RANKING``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

from games.contract.engine import Facts
from games.contract.hands import KIND_NAMES, describe_common, facts_common, rename_in
from games.contract.ranking import HIGHER_TOTAL, LOWER, Ranking, lower_total_is_better, rank_values
from games.contract.words import N_, Line, Phrase

SETTLE_DIFFERENCES = N_(
    "Every two players settle the difference of their totals: each player pays or receives the sum of "
    "their differences with everyone else."
)


def no_summary(state: Any) -> dict[str, Any]:
    """The default: ``manage.py settle`` adds nothing to the totals."""
    return {}


def no_milestone(before: Any, after: Any) -> Line | None:
    """The default: a hand ends nothing beyond itself that its row would need to say."""
    return None


def no_winners(totals: Mapping[str, int], status: Mapping[str, Any]) -> list[str]:
    """The default for a game without an end of its own: nobody has won until the players say so."""
    return []


def settlement_by(ranking: Ranking) -> Callable[[Mapping[str, int], Mapping[str, Any]], dict[str, int]]:
    """The default settlement of a game ranked by ``ranking``: what each player wins (+) or pays (−), in the unit
    settle-up prices, read from the first rank: the totals; turned round where the lower is better (penalty
    points, or marks a player loses by, are paid for)."""
    first = ranking[0]

    def settlement(totals: Mapping[str, int], status: Mapping[str, Any]) -> dict[str, int]:
        values = {name: rank_values((first,), name, totals, status)[0] for name in totals}
        return {name: -value for name, value in values.items()} if first.better == LOWER else values

    settlement.__doc__ = f"What settle-up counts under the rank {first.key!r} ({first.better} is better)."
    return settlement


def describing(describe_hand: Callable[[Any, Any], Line | Phrase], more: Callable | None = None) -> Callable:
    """An engine's ``describe``: the contract's line for an adjustment (with ``more``, what it carries beyond its
    amounts) and a closing, ``describe_hand`` for the game's own hands."""

    def describe(hand: Any, rules: Any) -> Line | Phrase:
        common = describe_common(hand, more)
        return describe_hand(hand, rules) if common is None else common

    describe.__doc__ = describe_hand.__doc__
    return describe


def facts_by(hand_facts: Callable[[Any], Facts]) -> Callable[[Any], Facts]:
    """An engine's ``facts``: the contract's for an adjustment and a closing, ``hand_facts`` for the game's hands."""

    def facts(hand: Any) -> Facts:
        common = facts_common(hand)
        return hand_facts(hand) if common is None else common

    facts.__doc__ = hand_facts.__doc__
    return facts


def renaming(fields: tuple[str, ...], keyed: tuple[str, ...]) -> Callable[[Any, str, str], Any]:
    """An engine's ``rename_player``: a hand's data with a player renamed in the ``fields`` that name a player and
    the keys of the ``keyed`` maps (and an adjustment's amounts)."""

    def rename_player(raw: Any, old: str, new: str) -> Any:
        return rename_in(raw, old, new, fields, keyed)

    return rename_player


def penalty_paid_to_each(players: tuple[str, ...], who: str, amount: int) -> dict[str, int]:
    """A zero-sum game's penalty: the player pays each other player the amount (the hand stays zero-sum)."""
    return {p: -amount * (len(players) - 1) if p == who else amount for p in players}


def penalty_alone(ranking: Ranking) -> Callable[[tuple[str, ...], str, int], dict[str, int]]:
    """A penalty written against the player alone: the amount taken off, or, where the lower total is better,
    added as penalty points."""
    sign = 1 if lower_total_is_better(ranking) else -1

    def penalty(players: tuple[str, ...], who: str, amount: int) -> dict[str, int]:
        return {p: sign * amount if p == who else 0 for p in players}

    return penalty


def _settle_what(engine: ModuleType) -> str:
    if engine.ZERO_SUM:  # settle-up takes the totals as they are: what they are paid in, the game says
        raise AttributeError(f"{engine.__name__}: a zero-sum game says what settle-up settles (SETTLE_WHAT)")
    return SETTLE_DIFFERENCES


DEFAULTS: dict[str, Callable[[ModuleType], Any]] = {  # in order: a later default may read an earlier one
    "RANKING": lambda engine: HIGHER_TOTAL,
    "COUNTER": lambda engine: None,
    "SETTLE_UNIT": lambda engine: N_("point"),
    "SETTLE_WHAT": lambda engine: _settle_what(engine),
    "summary": lambda engine: no_summary,
    "milestone": lambda engine: no_milestone,
    "winners": lambda engine: no_winners,
    "settlement": lambda engine: settlement_by(engine.RANKING),
    "describe": lambda engine: describing(engine.describe_hand, getattr(engine, "describe_marks", None)),
    "facts": lambda engine: facts_by(engine.hand_facts),
    "rename_player": lambda engine: renaming(
        getattr(engine, "PLAYER_FIELDS", ()),
        (*getattr(engine, "PLAYER_KEYED", ()), *getattr(engine, "ADJUSTMENT_MARKS", ())),
    ),
    "penalty": lambda engine: penalty_paid_to_each if engine.ZERO_SUM else penalty_alone(engine.RANKING),
}


def with_defaults(engine: ModuleType) -> ModuleType:
    """``engine`` with the contract's default for every member of the contract it leaves out (and the common
    hands' modes among its ``MODES``); what it writes itself stays as it is. The registry calls it once a game."""
    for name, default in DEFAULTS.items():
        if not hasattr(engine, name):
            setattr(engine, name, default(engine))
    if not set(KIND_NAMES) <= set(engine.MODES):
        engine.MODES = {**engine.MODES, **KIND_NAMES}
    return engine
