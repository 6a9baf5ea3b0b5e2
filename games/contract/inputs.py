"""Input checks shared by the parsers: a hand's fields, whole numbers, flags, players, choices, and bad input
written back in a message."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from games.contract.numbers import number
from games.contract.words import N_, InvalidHand


def check_keys(raw: Any, allowed: set[str] | frozenset[str], where: str = "") -> dict:
    if not isinstance(raw, dict):
        raise InvalidHand(where, N_("must be an object with named fields"))
    for key in raw:
        if key not in allowed:
            field_name = f"{where}.{key_name(key)}" if where else key_name(key)
            raise InvalidHand(field_name, N_("is not a field of this game's hands"))
    return raw


def whole(raw: Any, field_name: str, low: int, high: int) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise InvalidHand(
            field_name,
            N_("must be a whole number between {low} and {high}, got {value}"),
            low=low,
            high=high,
            value=show(raw),
        )
    if not low <= raw <= high:
        raise InvalidHand(
            field_name, N_("must be between {low} and {high}, got {value}"), low=low, high=high, value=show(raw)
        )
    return raw


def flag(raw: Any, field_name: str) -> bool:
    if not isinstance(raw, bool):
        raise InvalidHand(field_name, N_("must be true or false, got {value}"), value=show(raw))
    return raw


def player(raw: Any, field_name: str, players: tuple[str, ...]) -> str:
    if not isinstance(raw, str) or raw not in players:
        raise InvalidHand(
            field_name,
            N_("must be one of the players ({players}), got {value}"),
            players=", ".join(players),
            value=show(raw),
        )
    return raw


def choice(raw: Any, field_name: str, options: tuple[str, ...]) -> str:
    if not isinstance(raw, str) or raw not in options:
        raise InvalidHand(
            field_name, N_("must be one of {options}, got {value}"), options=", ".join(options), value=show(raw)
        )
    return raw


def key_name(key: Any) -> str:
    """A field name from the input as a message may print it: control and broken characters escaped."""
    shown = show(key)
    return shown[1:-1] if isinstance(key, str) and not shown.endswith("…") else shown


def show(value: Any) -> str:
    """A value as JSON writes it, cut short: for messages about bad input."""
    if isinstance(value, str):
        text = '"' + "".join(f"\\u{ord(c):04x}" if unicodedata.category(c) in ("Cc", "Cs") else c for c in value) + '"'
    elif value is None:
        text = "null"
    elif isinstance(value, bool):
        text = "true" if value else "false"
    else:
        text = repr(value)
    return cut(text)


def cut(text: str) -> str:
    """A value written in a message, cut short: a number of 400 digits does not fill the line."""
    return text if len(text) <= 40 else text[:37] + "…"


def points_by_player(
    raw: Any,
    field_name: str,
    players: tuple[str, ...],
    parse: Callable[[Any, str], Fraction],
    total: Fraction,
    adds_up: str,
    not_a_player: str = N_("{value} is not a player"),
) -> tuple[tuple[str, Fraction], ...]:
    """Each of ``players``' card points (a contract where each plays for their own), read by ``parse``, which must
    add up to the deck's ``total``: else ``adds_up``, which names the total (its ``{total}``: what they add up to)."""
    if not isinstance(raw, dict):
        raise InvalidHand(field_name, N_("must give each player's card points"))
    for name in raw:
        if name not in players:
            raise InvalidHand(field_name, not_a_player, value=show(name))
    missing = [name for name in players if raw.get(name) is None]
    if missing:
        raise InvalidHand(field_name, N_("card points still to enter: {players}"), players=", ".join(missing))
    points = tuple((name, parse(raw[name], f"{field_name}.{name}")) for name in players)
    added = sum(p for _, p in points)
    if added != total:
        raise InvalidHand(field_name, adds_up, total=number(added))
    return points
