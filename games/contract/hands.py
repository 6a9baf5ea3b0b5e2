"""The hands every game has: an adjustment (a score written by hand) and a closing (the end of the evening),
parsed, described, played and renamed once for every game (shared/formats/table-json.md)."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from games.contract.engine import Facts
from games.contract.inputs import check_keys, show, whole
from games.contract.numbers import scores_of
from games.contract.words import N_, HandResult, InvalidHand, Line, Phrase, Sums

MOST_POINTS = 1_000_000  # an adjustment's amount: a bound that catches typing slips, far beyond any evening
MOST_CARD_POINTS = 999  # one card's value in a point table (Two Ten Jack's house rule), either sign
MOST_MARKS = 100  # marks given or crossed off by one adjustment (a paper sheet's carry-over: the same bound)
REASON_LENGTH = 200


@dataclass(frozen=True)
class Adjustment:
    """A score written by hand: a penalty, totals carried over from a paper sheet, a correction."""

    amounts: tuple[tuple[str, int], ...]  # every player, seating order; 0 for those left out
    reason: str = ""
    marks: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()  # what a game's adjustment carries beyond the
    # amounts, by key, for the players it changes: (("<mark>", (("Ana", 1),)),) given (+) or crossed off (−)

    def amount(self, name: str) -> int:
        return dict(self.amounts)[name]

    def given(self, key: str) -> tuple[tuple[str, int], ...]:
        """The changes of the mark ``key`` (player, change), in seating order: () when it changes none."""
        return dict(self.marks).get(key, ())


@dataclass(frozen=True)
class Closing:
    """The end of the evening (or of the game): nothing may follow it."""


def is_adjustment(raw: Any) -> bool:
    return isinstance(raw, dict) and "adjustment" in raw


def is_closing(raw: Any) -> bool:
    return isinstance(raw, dict) and "closing" in raw


def parse_closing(raw: Any) -> Closing:
    check_keys(raw, {"closing"})
    if raw["closing"] is not True:
        raise InvalidHand("closing", N_("must be true: the end of the evening"))
    return Closing()


def parse_adjustment(
    raw: Any, players: tuple[str, ...], *, marks: tuple[str, ...] = (), low: int = -MOST_POINTS, zero_sum: bool = False
) -> Adjustment:
    """``{"adjustment": {player: whole number}, "reason": text}``, and a whole number by player under each of the
    game's ``marks`` keys that an adjustment gives or crosses off (the engine's ``ADJUSTMENT_MARKS``)."""
    check_keys(raw, {"adjustment", "reason", *marks})
    amounts = _per_player(raw["adjustment"], "adjustment", players, low)
    if zero_sum and sum(amounts.values()) != 0:
        raise InvalidHand(
            "adjustment",
            N_("the amounts must add up to 0 (every hand is zero-sum), they add up to {total}"),
            total=sum(amounts.values()),
        )
    reason = raw.get("reason", "")
    if not isinstance(reason, str) or len(reason) > REASON_LENGTH:
        raise InvalidHand("reason", N_("must be text of at most {most} characters"), most=REASON_LENGTH)
    if any(unicodedata.category(c) in ("Cc", "Cs") for c in reason):
        raise InvalidHand("reason", N_("may not hold a control character or a broken character"))
    changes = {key: _per_player(raw[key], key, players, -MOST_MARKS, MOST_MARKS) for key in marks if key in raw}
    given = ((key, tuple((p, change[p]) for p in players if change[p])) for key, change in changes.items())
    return Adjustment(
        amounts=tuple(amounts.items()), reason=reason, marks=tuple((key, changed) for key, changed in given if changed)
    )


def _per_player(
    raw: Any, field_name: str, players: tuple[str, ...], low: int, high: int = MOST_POINTS
) -> dict[str, int]:
    if not isinstance(raw, dict):
        raise InvalidHand(field_name, N_("must give whole numbers by player"))
    for name in raw:
        if name not in players:
            raise InvalidHand(field_name, N_("{value} is not a player"), value=show(name))
    return {name: whole(raw.get(name, 0), f"{field_name}.{name}", low, high) for name in players}


def adjustment_lines(adjustment: Adjustment, rule: str) -> list[Line]:
    """What an adjustment says: its reason, then each player's amount."""
    lines = [
        Line(N_("Written by hand: {reason}."), {"reason": adjustment.reason}, rule=rule)
        if adjustment.reason
        else Line(N_("Written by hand."), rule=rule)
    ]
    lines.append(
        Line(N_("Each player: {scores}."), {"scores": scores_of(adjustment.amounts)}, rule=rule, sums=Sums.SCORES)
    )
    return lines


def describe_adjustment(adjustment: Adjustment) -> Line:
    changed = scores_of((p, a) for p, a in adjustment.amounts if a)
    if adjustment.reason:
        return Line(
            N_("Adjustment: {scores} ({reason})"),
            {"scores": changed if changed.parts else "0", "reason": adjustment.reason},
        )
    return Line(N_("Adjustment: {scores}"), {"scores": changed if changed.parts else "0"})


CLOSED = N_("the evening was closed: nothing may follow a closing")
KIND_NAMES = {"adjustment": N_("adjustment"), "closing": N_("end of the evening")}


def rename_in(raw: Any, old: str, new: str, fields: tuple[str, ...] = (), keyed: tuple[str, ...] = ()) -> Any:
    """A hand's data with a player renamed: in the ``fields`` that name a player, in the keys of the ``keyed``
    maps (captured cards, what each player took, an adjustment's marks), and the same in an adjustment of any
    game."""
    if not isinstance(raw, dict):
        return raw
    out = dict(raw)
    for key in fields:
        if out.get(key) == old:
            out[key] = new
    for key in (*keyed, "adjustment"):
        if isinstance(out.get(key), dict):
            out[key] = {new if name == old else name: value for name, value in out[key].items()}
    return out


def parse_common(raw: Any, players: tuple[str, ...], **adjustment: Any) -> Adjustment | Closing | None:
    """The hands every game has: an adjustment (``adjustment`` says how the game takes one) or a closing; None
    for a hand of the game itself."""
    if is_adjustment(raw):
        return parse_adjustment(raw, players, **adjustment)
    if is_closing(raw):
        return parse_closing(raw)
    return None


def describe_common(hand: Any, more: Callable[[Adjustment], Line | None] | None = None) -> Line | Phrase | None:
    """An adjustment's or a closing's line in the list of hands; None for a hand of the game itself. ``more``
    says what a game's adjustment carries beyond its amounts (marks given), or None when it carries nothing."""
    if isinstance(hand, Adjustment):
        line = describe_adjustment(hand)
        extra = more(hand) if more is not None else None
        return Phrase((line, extra)) if extra is not None else line
    if isinstance(hand, Closing):
        return Line(KIND_NAMES["closing"])
    return None


def facts_common(hand: Any) -> Facts | None:
    """An adjustment's or a closing's facts (nobody led or declared); None for a hand of the game itself."""
    if isinstance(hand, (Adjustment, Closing)):
        kind = "adjustment" if isinstance(hand, Adjustment) else "closing"
        return Facts(mode=kind, mode_label=KIND_NAMES[kind])
    return None


def playing(
    play_hand: Callable[[Any, Any, Any], tuple[HandResult, Any]],
    rule: str,
    *,
    closing: str | Callable[[Any], Line],
    on_adjustment: Callable[[Adjustment, Any, Any, list[Line]], Any] | None = None,
    on_closing: Callable[[Any, Any, dict[str, int], list[Line]], Any] | None = None,
) -> Callable[[Any, Any, Any], tuple[HandResult, Any]]:
    """An engine's ``play``: the contract plays the hands every game has, ``play_hand`` the game's own hands.

    An adjustment scores its amounts as written, explained under ``rule``; ``on_adjustment(adjustment, rules,
    state, lines)`` gives the state after it (the default: the state as it was, for an adjustment is no deal),
    may add lines to ``lines`` and may refuse the adjustment with ``InvalidHand``.

    A closing scores nothing and ends the table (its state's ``closed``); its first line is ``closing`` (text
    under ``rule``, or a function of the state giving the line). ``on_closing(rules, state, scores, lines)``
    gives the state the end leaves (a game under way abandoned, marks still held paid for) and may add
    to ``scores`` and ``lines``; the default leaves the state as it was."""

    def play(hand: Any, rules: Any, state: Any) -> tuple[HandResult, Any]:
        if isinstance(hand, Adjustment):
            lines = adjustment_lines(hand, rule)
            after = on_adjustment(hand, rules, state, lines) if on_adjustment is not None else state
            return HandResult(scores=dict(hand.amounts), lines=tuple(lines)), after
        if isinstance(hand, Closing):
            scores = {p: 0 for p in state.players}
            lines = [closing(state) if callable(closing) else Line(closing, rule=rule)]
            after = on_closing(rules, state, scores, lines) if on_closing is not None else state
            return HandResult(scores=scores, lines=tuple(lines)), replace(after, closed=True)
        return play_hand(hand, rules, state)

    play.__doc__ = f"A hand scored from the state the hands before it left (adjustments and closings: {rule})."
    return play
