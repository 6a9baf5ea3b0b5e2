"""What a tournament is (shared/formats/tournament.md): the error every part of the engine raises, the dataclasses a
document is read into, the format's names, fields and limits (the one place that states them: the forms, the import
and the command follow), and the checks of a single field that every reader of the document shares.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from games.contract.hands import MOST_POINTS
from games.contract.inputs import key_name, show
from games.contract.ranking import Ranking, marks_ranked
from games.contract.words import N_, Line
from games.engines import table as table_engine
from games.engines.table import InvalidTable
from games.lib.number_text import read_number

MEASURES = ("place-points", "balance", "points", "ranking")  # ranking: the game's RANKING summed over the rounds


TIE_BREAKS = ("score", "wins", "places", "best-round", "head-to-head")


DRAWS = ("random", "seeded-thirds", "by-standings", "schedule")


DOCUMENT_FIELDS = (
    "tournament",
    "game",
    "preset",
    "rules",
    "table_size",
    "rounds",
    "round_limit",
    "scoring",
    "draw",
    "players",
    "played",
    "corrections",
)


PLAYER_FIELDS = ("no", "name", "ranking", "joins", "withdrawn_after")


TABLE_FIELDS = ("table", "seats", "totals", "document", "replaced")  # and the game's ranked marks (``typed_marks``)


CORRECTION_FIELDS = ("round", "table", "totals", "reason", "at")  # and the game's ranked marks


MOST_MARKS = 10_000  # a seat's typed mark (a count of games lost, say)


# The format's limits, the one place that states them (the forms, the import and the command follow): what a
# real championship needs, with room (the Slovenian one: 138 players, 4 rounds; a league's evening: 5 rounds), and
# no more, so that reading, scoring and showing the largest tournament stays well under a second.
MOST_PLAYERS = 500


MOST_ROUNDS = 30


MOST_SEATS = 2000  # players × rounds: 150 players over 13 rounds, 250 over 8, 500 over 4 (and so the tables played)


MOST_CORRECTIONS = 200


MOST_ROUND_LIMIT = 1000  # hands, or minutes, in a round


MOST_SEED = 2**63 - 1


TITLE_LENGTH = 100


def _identity(text: str) -> str:
    return text


class InvalidTournament(ValueError):
    """Bad input in a tournament document, or a draw that cannot be made: ``round``, ``table`` (numbers),
    ``player`` (the position in ``players``), ``correction`` (its position) and ``field`` (as the document names
    it) say where; ``message(gettext)`` says it all in one line in the player's language, e.g.
    ``round 2, table 3, totals: must add up to 0 (the scores are zero-sum), they add up to +20``."""

    def __init__(
        self,
        field_name: str,
        text: str | Line | InvalidTable,
        *,
        round: int | None = None,
        table: int | None = None,
        player: int | None = None,
        correction: int | None = None,
        **args: Any,
    ):
        self.field = field_name
        self.round, self.table, self.player, self.correction = round, table, player, correction
        self.reason_of = text if isinstance(text, (Line, InvalidTable)) else Line(text, args)
        super().__init__(self.message())

    def place(self, gettext: Callable[[str], str] = _identity) -> str:
        """``round 2, table 3, totals`` (translated but for the field, which is the document's own word)."""
        parts = []
        if self.correction is not None:
            parts.append(Line(N_("correction {number}"), {"number": self.correction}).render(gettext))
        if self.player is not None:
            parts.append(Line(N_("player {number}"), {"number": self.player}).render(gettext))
        if self.round is not None:
            parts.append(Line(N_("round {round}"), {"round": self.round}).render(gettext))
        if self.table is not None:
            parts.append(Line(N_("table {table}"), {"table": self.table}).render(gettext))
        if self.field:
            parts.append(self.field)
        return ", ".join(parts)

    def reason(self, gettext: Callable[[str], str] = _identity) -> str:
        """What is wrong, without where (for a message beside the field)."""
        if isinstance(self.reason_of, InvalidTable):
            return self.reason_of.line(gettext)
        return self.reason_of.render(gettext)

    def message(self, gettext: Callable[[str], str] = _identity) -> str:
        place = self.place(gettext)
        return f"{place}: {self.reason(gettext)}" if place else self.reason(gettext)

    line = message

    @property
    def where(self) -> str:
        return self.place()

    @property
    def text(self) -> str:
        return self.reason()


@dataclass(frozen=True)
class Player:
    no: int
    name: str
    ranking: int | None = None
    joins: int = 1  # the first round the player is drawn for (TN1: a late arrival joins from the next round)
    withdrawn_after: int | None = None  # drawn no more after this round; the results played stay

    def active(self, round_no: int) -> bool:
        return self.joins <= round_no and (self.withdrawn_after is None or round_no <= self.withdrawn_after)


@dataclass(frozen=True)
class TableResult:
    """One table of a round: start numbers in seat order and each seat's score. ``document`` is the table played
    in Talon (its totals are ``settle``'s), None for totals typed from the paper sheet. ``status``: the table's
    engine status (``Status.as_json``: its marks) where the game's ranking reads marks besides the totals."""

    table: int
    seats: tuple[int, ...]
    totals: tuple[int, ...]
    document: dict | None = None
    status: dict | None = None
    marks: dict[str, tuple[int, ...]] | None = None  # typed: each seat's ranked marks, by the mark's name
    replaced: dict | None = None  # typed over a table played in Talon: that table's document, kept in the record


@dataclass(frozen=True)
class PlayedRound:
    round: int
    tables: tuple[TableResult, ...]


@dataclass(frozen=True)
class Correction:
    """TN8: a table's result corrected after an appeal, kept with its time and reason."""

    round: int
    table: int
    totals: tuple[int, ...]
    reason: str
    at: str  # ISO 8601, as given
    marks: dict[str, tuple[int, ...]] | None = None


@dataclass(frozen=True)
class Scoring:
    measure: str
    place_points: tuple[Fraction, ...]
    tie_breaks: tuple[str, ...]


@dataclass(frozen=True)
class DrawRules:
    first: str
    later: str
    seed: int


@dataclass(frozen=True)
class Tournament:
    name: str
    game: str
    preset: str
    rules: dict
    table_size: int
    rounds: int
    round_limit: dict
    scoring: Scoring
    draw: DrawRules
    players: tuple[Player, ...]
    played: tuple[PlayedRound, ...] = ()
    corrections: tuple[Correction, ...] = ()

    def player(self, no: int) -> Player:
        return self.players[no - 1]

    @property
    def ranking(self) -> Ranking:
        """The game's ranking at a table (the engine's data): what a seat's place is decided by."""
        return table_engine.ENGINES[self.game].RANKING

    @property
    def mark_keys(self) -> tuple[str, ...]:
        """The marks a typed result gives beside its totals: the names of the game's ranked marks."""
        return tuple(rank.key for rank in marks_ranked(self.ranking))

    @property
    def zero_sum(self) -> bool:
        """TN5: a typed result must add up to 0 (the game is zero-sum, or the measure is a money balance)."""
        return bool(table_engine.ENGINES[self.game].ZERO_SUM) or self.scoring.measure == "balance"

    @property
    def last_round(self) -> int:
        """The last round there can be: ``rounds``, and under a schedule the extra round of TN2."""
        return self.rounds + (1 if self.draw.later == "schedule" else 0)


def whole_between(raw: Any, field_name: str, low: int, high: int, **where: Any) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise InvalidTournament(
            field_name,
            N_("must be a whole number between {low} and {high}, got {value}"),
            low=low,
            high=high,
            value=show(raw),
            **where,
        )
    if not low <= raw <= high:
        raise InvalidTournament(
            field_name,
            N_("must be between {low} and {high}, got {value}"),
            low=low,
            high=high,
            value=show(raw),
            **where,
        )
    return raw


def checked_keys(raw: Any, allowed: Iterable[str], field_name: str, **where: Any) -> dict:
    if not isinstance(raw, dict):
        raise InvalidTournament(field_name, N_("must be an object with named fields"), **where)
    for key in raw:
        if key not in allowed:
            raise InvalidTournament(
                f"{field_name}.{key_name(key)}" if field_name else key_name(key),
                N_("is not a field of a tournament document"),
                **where,
            )
    return raw


def read_fraction(raw: Any, field_name: str) -> Fraction:
    """A number of a document read exactly: 2, 0.5 (a JSON number's own digits), "1/3"."""
    if isinstance(raw, bool):
        raise InvalidTournament(field_name, N_("must be a number, got {value}"), value=show(raw))
    if isinstance(raw, (int, Fraction)):
        value = Fraction(raw)
    elif isinstance(raw, str) or type(raw).__name__ in ("float", "Decimal"):
        try:  # a float's exponent is bounded (its own digits, as JSON wrote them); a text's is not
            value = Fraction(str(raw)) if type(raw).__name__ == "float" else read_number(str(raw))
        except (ValueError, ZeroDivisionError):
            raise InvalidTournament(field_name, N_("must be a number, got {value}"), value=show(raw)) from None
    else:
        value = None
    if value is not None and abs(value) <= MOST_POINTS:  # the form's bound, for a JSON integer as for text
        return value
    raise InvalidTournament(field_name, N_("must be a number, got {value}"), value=show(raw))
