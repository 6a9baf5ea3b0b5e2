"""House rules: an option with its label, help and values, a preset, a table's values; and the card-point counter
of a hand form."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from games.contract.inputs import choice, key_name, show, whole
from games.contract.words import N_, InvalidHand

YES_NO = ((True, N_("yes")), (False, N_("no")))  # the choices of a yes-or-no house rule


@dataclass(frozen=True)
class Option:
    """A house rule: its key in the table document's ``rules``, what players read about it, and its values.

    ``kind`` is "choice" (one of ``choices``, each a value and its label), "whole" (a whole number from ``low``
    to ``high``) or "card-points" (a map from card code to whole number, checked by ``check``, its cards listed
    in ``groups``). ``default`` is
    the value when a table says nothing; ``by_count`` gives it per number of players instead."""

    key: str
    label: str
    help: str  # what it does, in one sentence, with an example amount
    default: Any = None
    choices: tuple[tuple[Any, str], ...] = ()
    kind: str = "choice"
    low: int = 0
    high: int = 0
    by_count: Mapping[int, Any] = field(default_factory=dict)
    check: Callable[[Any, str], Any] | None = None
    groups: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()  # card-points: (group, ((code, label), …))
    rule: str = ""  # the rule it changes, as the rules file numbers them
    source: str = ""  # where groups that play it this way come from
    # its label leads into its value's words ("The game is won with" "35 points and 2 Blatt"): a line names the two as
    # one phrase, without a colon between them
    reads_on: bool = False

    def default_for(self, player_count: int) -> Any:
        return self.by_count.get(player_count, self.default)

    def parse(self, raw: Any) -> Any:
        if self.check is not None:
            return self.check(raw, self.key)
        if self.kind == "whole":
            return whole(raw, self.key, self.low, self.high)
        values = tuple(value for value, _label in self.choices)
        if raw not in values or type(raw) is not type(values[0]):
            raise InvalidHand(
                self.key,
                N_("must be one of {options}, got {value}"),
                options=", ".join(show(v) for v in values),
                value=show(raw),
            )
        return raw


@dataclass(frozen=True)
class Preset:
    """A named set of house rules, as a group or a source plays the game."""

    key: str
    label: str
    description: str
    values: Mapping[str, Any] = field(default_factory=dict)
    default_for: tuple[int, ...] = ()  # the player counts whose tables start from it


def parse_options(
    raw: Any, options: tuple[Option, ...], player_count: int, presets: tuple[Preset, ...] = ()
) -> dict[str, Any]:
    """Every option's value for a table: its default, then the preset's values, then what ``raw`` says."""
    raw = {} if raw is None else raw
    if not isinstance(raw, dict):
        raise InvalidHand("", N_("must be an object of house-rule options"))
    by_key = {option.key: option for option in options}
    values = {option.key: option.default_for(player_count) for option in options}
    if "preset" in raw and presets:
        preset = choice(raw["preset"], "preset", tuple(p.key for p in presets))
        values.update(next(p for p in presets if p.key == preset).values)
    for key, value in raw.items():
        if key == "preset" and presets:
            continue
        if key not in by_key:
            raise InvalidHand(key_name(key), N_("is not a house rule of this game"))
        values[key] = by_key[key].parse(value)
    return values


@dataclass(frozen=True)
class CounterCard:
    key: str
    label: str
    value: int  # in the counter's unit
    count: int  # how many there are in the deck


@dataclass(frozen=True)
class Counter:
    """The card-point counter: what each kind of card is worth (in ``unit``ths of a point) and the deck's total."""

    cards: tuple[CounterCard, ...]
    total: int  # card points in the deck
    unit: int = 1  # 3 when card points are counted in thirds

    @property
    def middle(self) -> int:
        """Half the deck's card points, in whole points (53 of 106, 35 of 70): where the +/− steps of an empty
        points box start, since a hand's card points are seldom far from it."""
        return self.total // 2
