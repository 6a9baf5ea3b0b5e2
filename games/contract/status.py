"""Where a table stands after its hands, the same for every game: what the shared pages, statistics and the
phone read."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from games.contract.words import N_


@dataclass(frozen=True)
class Status:
    """Where a table stands after its hands, the same for every game: what the shared pages, statistics and the
    phone read (each game's web side says how its ``marks`` look).

    ``finished``: the game under way is over (Two Ten Jack after its last round, a closed evening); ``closed``:
    the players closed the evening; ``over``: nothing may follow (closed, or a game that ended for good).
    ``marks`` are each player's marks by kind, as data: circles to cross off, games lost, strokes, games won;
    ``table_marks`` the table's own by kind, a fact of no one player (this round's cards, a pot).
    ``extra`` holds what only the game's own templates read (a game's target, the game's number)."""

    finished: bool = False
    closed: bool = False
    over: bool = False
    next_dealer: str | None = None
    next_leader: str | None = None  # who leads the next hand, when the game says
    round: int = 0  # hands or rounds played (in the game under way)
    rounds: int = 0  # rounds in a game; 0 when the game does not count them
    marks: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)  # player → kind → value
    table_marks: Mapping[str, Any] = field(default_factory=dict)  # kind → value, for the whole table
    extra: Mapping[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        """As a table stores it (``Table.summary``) and the phone reads it: plain JSON data."""
        return {
            **_json(dict(self.extra)),
            "finished": self.finished,
            "closed": self.closed,
            "over": self.over,
            "next_dealer": self.next_dealer,
            "next_leader": self.next_leader,
            "round": self.round,
            "rounds": self.rounds,
            "marks": _json({name: dict(kinds) for name, kinds in self.marks.items()}),
            "table_marks": _json(dict(self.table_marks)),
        }


def _json(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {key: _json(item) for key, item in value.items()}
    if isinstance(value, (tuple, list)):
        return [_json(item) for item in value]
    return value


def marks_of(status: Mapping[str, Any], kind: str) -> dict[str, Any]:
    """Each player's mark of ``kind`` from a stored status (``Status.as_json``): {} when the game has none."""
    return {name: kinds[kind] for name, kinds in (status.get("marks") or {}).items() if kind in kinds}


def per_player(players: tuple[str, ...], **kinds: tuple[Any, ...]) -> dict[str, dict[str, Any]]:
    """Marks by player from values in seating order: ``per_player(players, lost=state.lost)``."""
    return {name: {kind: values[i] for kind, values in kinds.items()} for i, name in enumerate(players)}


GAME_OVER = N_("the game is over: nothing may follow its last hand")


def until_closed(state: Any, next_dealer: Callable[[Any], str | None], **more: Any) -> Status:
    """The status of a game that goes on until the players close the evening (``state.closed``): finished, closed
    and over once they did, and nobody deals after that; ``more`` is the rest of its ``Status``."""
    closed = state.closed
    return Status(
        finished=closed, closed=closed, over=closed, next_dealer=None if closed else next_dealer(state), **more
    )
