"""What every game engine shares: the invalid-hand error, explanation lines, results and input checks.

Pure Python, standard library only. Text meant for players is marked with ``N_`` so that Django's
``makemessages --keyword=N_`` collects it; the engine itself renders it in English, and the web layer
renders the same lines through ``gettext``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Mapping


def N_(text: str) -> str:
    """Mark text for translation without translating it here (the engine imports nothing from Django)."""
    return text


def _identity(text: str) -> str:
    return text


@dataclass(frozen=True)
class Line:
    """One step of an explanation: a template with named values, e.g. ``d = |{P} − 53| = {d}``."""

    text: str
    args: Mapping[str, Any] = field(default_factory=dict)

    def render(self, gettext: Callable[[str], str] = _identity) -> str:
        args = {key: value.render(gettext) if isinstance(value, Line) else value for key, value in self.args.items()}
        return gettext(self.text).format(**args)

    def __str__(self) -> str:
        return self.render()


class InvalidHand(ValueError):
    """Input a player gave that cannot be scored. ``field`` names what to fix, the message says why."""

    def __init__(self, field: str, text: str, **args: Any):
        self.field = field
        self.line = Line(text, args)
        super().__init__(f"{field}: {self.line.render()}" if field else self.line.render())

    def message(self, gettext: Callable[[str], str] = _identity) -> str:
        return self.line.render(gettext)

    def within(self, prefix: str) -> "InvalidHand":
        """The same error with its field nested under ``prefix`` (``bonuses[2]`` + ``kind``)."""
        error = InvalidHand(f"{prefix}.{self.field}" if self.field else prefix, self.line.text, **self.line.args)
        return error


@dataclass(frozen=True)
class HandResult:
    scores: dict[str, int]
    lines: tuple[Line, ...]

    def explanation(self, gettext: Callable[[str], str] = _identity) -> list[str]:
        return [line.render(gettext) for line in self.lines]


# ---- input checks shared by the parsers -------------------------------------------------------

def check_keys(raw: Any, allowed: set[str] | frozenset[str], where: str = "") -> dict:
    if not isinstance(raw, dict):
        raise InvalidHand(where, N_("must be an object with named fields"))
    for key in raw:
        if key not in allowed:
            field_name = f"{where}.{key}" if where else str(key)
            raise InvalidHand(field_name, N_("is not a field of this game's hands"))
    return raw


def parse_options(raw: Any, options: dict[str, tuple[Any, ...]], free: dict[str, Any] | None = None) -> dict:
    """House-rule options: each key one of ``options`` (first value the default) or checked by ``free``."""
    raw = {} if raw is None else raw
    if not isinstance(raw, dict):
        raise InvalidHand("", N_("must be an object of house-rule options"))
    for key, value in raw.items():
        if key not in options and key not in (free or {}):
            raise InvalidHand(str(key), N_("is not a house rule of this game"))
        if key in (free or {}):
            free[key](value, key)
        elif value not in options[key] or type(value) is not type(options[key][0]):
            raise InvalidHand(key, N_("must be one of {options}, got {value}"),
                              options=", ".join(show(o) for o in options[key]), value=show(value))
    return raw


def whole(raw: Any, field_name: str, low: int, high: int) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise InvalidHand(field_name, N_("must be a whole number between {low} and {high}, got {value}"),
                          low=low, high=high, value=show(raw))
    if not low <= raw <= high:
        raise InvalidHand(field_name, N_("must be between {low} and {high}, got {value}"),
                          low=low, high=high, value=raw)
    return raw


def flag(raw: Any, field_name: str) -> bool:
    if not isinstance(raw, bool):
        raise InvalidHand(field_name, N_("must be true or false, got {value}"), value=show(raw))
    return raw


def player(raw: Any, field_name: str, players: tuple[str, ...]) -> str:
    if not isinstance(raw, str) or raw not in players:
        raise InvalidHand(field_name, N_("must be one of the players ({players}), got {value}"),
                          players=", ".join(players), value=show(raw))
    return raw


def choice(raw: Any, field_name: str, options: tuple[str, ...]) -> str:
    if not isinstance(raw, str) or raw not in options:
        raise InvalidHand(field_name, N_("must be one of {options}, got {value}"),
                          options=", ".join(options), value=show(raw))
    return raw


def show(value: Any) -> str:
    """A value as JSON writes it, cut short: for messages about bad input."""
    if isinstance(value, str):
        text = '"' + value + '"'
    elif value is None:
        text = "null"
    elif isinstance(value, bool):
        text = "true" if value else "false"
    else:
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "…"



def signed(value: int | Fraction) -> str:
    """+4, −4, 0: the way a score sheet writes a payout."""
    if value > 0:
        return f"+{fmt_number(value)}"
    if value < 0:
        return f"−{fmt_number(-value)}"
    return "0"


def fmt_number(value: int | Fraction) -> str:
    """Whole numbers as they are, thirds as ``40⅔``, tenths as ``4.6`` (never through a float)."""
    if type(value) is int:
        return str(value)
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    sign = "−" if value < 0 else ""
    value = abs(value)
    whole_part = value.numerator // value.denominator
    rest = value - whole_part
    if value.denominator == 3:
        glyph = "⅓" if rest == Fraction(1, 3) else "⅔"
        return f"{sign}{whole_part or ''}{glyph}" if whole_part else f"{sign}{glyph}"
    if 10 % value.denominator == 0:
        tenths = rest * 10
        return f"{sign}{whole_part}.{tenths.numerator}"
    return f"{sign}{value.numerator}/{value.denominator}"
