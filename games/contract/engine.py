"""The contract every game's engine module keeps (``Engine``) and what a hand was for statistics (``Facts``); what a
module leaves out, games.contract.defaults gives."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol, runtime_checkable

from games.contract.options import Counter, Option, Preset
from games.contract.ranking import Ranking
from games.contract.status import Status
from games.contract.words import HandResult, Line


@dataclass(frozen=True)
class Bonus:
    """An announcement or bonus as the statistics read it (its ``kind`` the engine's id for it)."""

    kind: str
    side: str
    announced: bool
    made: bool
    kontra: int = 0


@dataclass(frozen=True)
class Facts:
    """What a hand was, in the terms statistics ask about: who led and declared, in which contract or mode,
    whether the declaring side won. An engine derives them from its parsed hand; nobody else re-derives them."""

    mode: str = ""  # the contract or mode's id, one of the engine's MODES
    mode_label: str = ""  # its name for players, marked with N_
    leader: str | None = None  # who led the hand, or the declarer
    declarers: tuple[str, ...] = ()  # the declaring side; empty when nobody declared
    won: bool | None = None  # whether the declaring side won
    points: Fraction | None = None  # the declaring side's card points, when counted
    contra: int = 0  # the contra (kontra) level on the game
    bonuses: tuple[Bonus, ...] = ()
    out: tuple[str, ...] = ()  # who took no part in the hand (at five, the dealer): no hand of theirs to count


@runtime_checkable
class Engine(Protocol):
    """What every game's engine module provides: the facts its pages need, and the scoring itself.

    A hand goes in as the table document's fields (shared/formats/table-json.md) and comes out as whole
    numbers per player with one explanation line per step. ``play`` scores a hand from the state the hands
    before it left, and returns the state after it; ``games.engines.table`` replays a table through it."""

    SLUG: str  # the table document's "game"
    TITLE: str  # the game's name, marked with N_
    BLURB: str  # one line: players and what is special
    PLAYER_COUNTS: tuple[int, ...]
    OPTIONS: tuple[Option, ...]  # house rules, with labels, help and defaults
    PRESETS: tuple[Preset, ...]
    ZERO_SUM: bool  # every hand's scores add to 0 (settle-up takes the totals as they are)
    COUNTER: Counter | None  # the card-point counter of the hand form, if the game counts card points
    SETTLE_UNIT: str  # what settle-up prices: "point", or the game's own unit (its web side words it)
    SETTLE_WHAT: str  # what settle-up settles, in one sentence for players
    MODES: dict[str, str]  # every mode or contract ``facts`` can give, with its name for players
    RULES: dict[str, str]  # the rules file's numbers (R1, SR2 …) with their titles, as explanation lines name them
    RANKING: Ranking  # who is ahead, as data: the ranks a seat is placed by (``rank_key``), each with its label

    def parse_rules(self, raw: Any, players: tuple[str, ...]) -> Any: ...

    def new_state(self, players: tuple[str, ...], rules: Any) -> Any: ...

    def parse_hand(self, raw: Any, players: tuple[str, ...], rules: Any) -> Any: ...

    def play(self, hand: Any, rules: Any, state: Any) -> tuple[HandResult, Any]: ...

    def describe(self, hand: Any, rules: Any) -> Line: ...

    def facts(self, hand: Any) -> Facts: ...

    def status(self, state: Any) -> Status: ...

    def summary(self, state: Any) -> dict[str, Any]: ...

    def milestone(self, before: Any, after: Any) -> Line | None:
        """What a hand ended, for its row in the list of hands (a game of the evening and who lost it), or None."""

    def settlement(self, totals: Mapping[str, int], status: Mapping[str, Any]) -> dict[str, int]: ...

    def winners(self, totals: Mapping[str, int], status: Mapping[str, Any]) -> list[str]: ...

    def rename_player(self, raw: Any, old: str, new: str) -> Any: ...

    def penalty(self, players: tuple[str, ...], who: str, amount: int) -> dict[str, int]: ...
