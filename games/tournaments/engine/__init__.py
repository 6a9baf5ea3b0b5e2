"""Tournaments: the draw, the results and the standings of shared/formats/tournament.md (TN1–TN9).

Pure Python, standard library only, ints and ``fractions.Fraction``. A tournament is read from its document
(``load``) into a ``Tournament``; ``draw`` seats a round, ``standings`` ranks the players, ``league`` ranks a
season. Every draw is reproducible from the document's seed (``random.Random(f"{seed}:{round}:{attempt}")``, never
the global generator).

Talon's additions to the document (named here, refused anywhere else, README "Tournaments: the rules Talon
follows"):

- a player's ``"joins": K`` (a late arrival, drawn from round K) and ``"withdrawn_after": K`` (drawn no more after
  round K; 0: withdrew before round 1);
- in a game ranked by a mark of its status before its totals (the engine's ``RANKING``: a ``Rank`` whose key is
  not ``TOTAL``), a typed table gives each seat's mark beside ``totals``, under the mark's own name as the engine
  declares it (the README lists each game's); refused in any other game and beside a table's document;
- ``"corrections"``: ``[{"round", "table", "totals", "reason", "at"}]`` (and the game's ranked marks, as a typed
  table gives them): TN8 appeals, applied over the results in ``played`` in their order; ``played`` stays as first recorded;
- ``place_points`` may hold exact fractions as text (``"1/3"``) beside numbers (``0.5``).
"""

from __future__ import annotations

import json
import random
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from fractions import Fraction
from functools import lru_cache
from typing import Any

from games.engines import table as table_engine
from games.engines.base import (
    MOST_POINTS,
    N_,
    REASON_LENGTH,
    TOTAL,
    Line,
    Ranking,
    key_name,
    lower_total_is_better,
    marks_ranked,
    name_key,
    name_problem,
    show,
    signed,
    standing,
    tidy_name,
)
from games.engines.table import InvalidTable

from .presets import PRESETS, TOURNAMENT_PRESETS  # the format's preset table: data naming its games

# ---- the presets (the formats that exist) -----------------------------------------------------------------------

MEASURES = ("place-points", "balance", "points")
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


# ---- the error -------------------------------------------------------------------------------------------------


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


# ---- what a tournament is ---------------------------------------------------------------------------------------


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


# ---- reading and writing the document ---------------------------------------------------------------------------


def load(raw: Any) -> Tournament:
    """A tournament from its document, every rule of the format checked: InvalidTournament otherwise."""
    if not isinstance(raw, dict):
        raise InvalidTournament("", N_("a tournament document must be a JSON object"))
    for key in raw:
        if key not in DOCUMENT_FIELDS:
            raise InvalidTournament(key_name(key), N_("is not a field of a tournament document"))
    preset_name = raw.get("preset")
    if "preset" not in raw:
        raise InvalidTournament("preset", N_("is required"))
    if preset_name not in TOURNAMENT_PRESETS:
        raise InvalidTournament(
            "preset",
            N_("must be one of {options}, got {value}"),
            options=", ".join(TOURNAMENT_PRESETS),
            value=show(preset_name),
        )
    preset = PRESETS[preset_name]
    name = raw.get("tournament")
    if (
        not isinstance(name, str)
        or not 1 <= len(name) <= TITLE_LENGTH
        or name != name.strip()
        or any(unicodedata.category(c) in ("Cc", "Cs") for c in name)
        or not tidy_name(name)
    ):
        raise InvalidTournament(
            "tournament",
            N_(
                "must be a name of 1 to {most} characters with something visible, "
                "no space at either end, no control character"
            ),
            most=TITLE_LENGTH,
        )
    game = raw.get("game", preset["game"])
    if game is None:
        raise InvalidTournament("game", N_("is required: the preset {preset} does not fix a game"), preset=preset_name)
    try:
        engine = table_engine.engine_for(game)
    except InvalidTable as error:
        raise InvalidTournament("game", error.error.line) from None
    table_size = _whole(raw.get("table_size", preset["table_size"]), "table_size", 2, 6)
    if table_size not in engine.PLAYER_COUNTS:
        raise InvalidTournament(
            "table_size", N_("{game} is not played by {count} at a table"), game=game, count=table_size
        )
    rules = raw.get("rules", preset["rules"])
    try:
        table_engine.setup(game, rules, [str(i) for i in range(1, table_size + 1)])
    except InvalidTable as error:
        raise InvalidTournament(
            "rules",
            error.error.line
            if not error.error.field
            else Line("{field}: {text}", {"field": error.error.field, "text": error.error.line}),
        ) from None
    rounds = _whole(raw.get("rounds", preset["rounds"]), "rounds", 1, MOST_ROUNDS)
    round_limit = _round_limit(raw.get("round_limit", preset["round_limit"]))
    scoring = _scoring(raw.get("scoring", {}), preset["scoring"], table_size)
    draw_rules = _draw_rules(raw.get("draw", {}), preset["draw"])
    players = _players(raw.get("players", []), rounds + 1)
    _within_seats(len(players), rounds + (1 if draw_rules.later == "schedule" else 0))
    t = Tournament(
        name=name,
        game=game,
        preset=preset_name,
        rules=dict(rules) if isinstance(rules, dict) else {},
        table_size=table_size,
        rounds=rounds,
        round_limit=round_limit,
        scoring=scoring,
        draw=draw_rules,
        players=players,
    )
    played = _played(raw.get("played", []), t)
    t = replace(t, played=played)
    return replace(t, corrections=_corrections(raw.get("corrections", []), t))


def _within_seats(players: int, rounds: int) -> None:
    """MOST_SEATS: as many players as the rounds leave room for (the larger the field, the fewer its rounds)."""
    if players * rounds > MOST_SEATS:
        raise InvalidTournament(
            "players",
            N_("a tournament of {rounds} rounds takes at most {most} players, got {count}"),
            rounds=rounds,
            most=most_players(rounds),
            count=players,
        )


def most_players(rounds: int) -> int:
    """How many players a tournament of ``rounds`` rounds (the extra round of a schedule counted) takes."""
    return min(MOST_PLAYERS, MOST_SEATS // max(rounds, 1))


def _whole(raw: Any, field_name: str, low: int, high: int, **where: Any) -> int:
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
            field_name, N_("must be between {low} and {high}, got {value}"), low=low, high=high, value=raw, **where
        )
    return raw


def _keys(raw: Any, allowed: Iterable[str], field_name: str, **where: Any) -> dict:
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


def _round_limit(raw: Any) -> dict:
    _keys(raw, ("hands", "minutes"), "round_limit")
    if not raw:
        raise InvalidTournament("round_limit", N_("must give a number of hands, a time in minutes, or both"))
    for key in raw:
        _whole(raw[key], f"round_limit.{key}", 1, MOST_ROUND_LIMIT)
    return dict(raw)


def _fraction(raw: Any, field_name: str) -> Fraction:
    """A number of a document read exactly: 2, 0.5 (a JSON number's own digits), "1/3"."""
    if isinstance(raw, bool):
        raise InvalidTournament(field_name, N_("must be a number, got {value}"), value=show(raw))
    if isinstance(raw, (int, Fraction)):
        return Fraction(raw)
    if isinstance(raw, str) or type(raw).__name__ in ("float", "Decimal"):
        try:
            value = Fraction(str(raw))
        except (ValueError, ZeroDivisionError):
            raise InvalidTournament(field_name, N_("must be a number, got {value}"), value=show(raw)) from None
        if abs(value) <= MOST_POINTS:
            return value
    raise InvalidTournament(field_name, N_("must be a number, got {value}"), value=show(raw))


def _scoring(raw: Any, preset: Mapping[str, Any], table_size: int) -> Scoring:
    _keys(raw, ("measure", "place_points", "tie_breaks"), "scoring")
    merged = {**preset, **raw}
    measure = merged.get("measure")
    if measure not in MEASURES:
        raise InvalidTournament(
            "scoring.measure",
            N_("must be one of {options}, got {value}"),
            options=", ".join(MEASURES),
            value=show(measure),
        )
    points_raw = merged.get("place_points")
    if points_raw is None or ("place_points" not in raw and len(points_raw) != table_size):
        points_raw = list(range(table_size, 0, -1))  # n, n − 1, … 1 unless the document says otherwise
    if not isinstance(points_raw, list) or len(points_raw) != table_size:
        raise InvalidTournament(
            "scoring.place_points", N_("must give one number for each place at a table ({count})"), count=table_size
        )
    points = tuple(_fraction(v, f"scoring.place_points[{i}]") for i, v in enumerate(points_raw))
    tie_breaks = merged.get("tie_breaks", [])
    if not isinstance(tie_breaks, list) or len(set(map(str, tie_breaks))) != len(tie_breaks):
        raise InvalidTournament("scoring.tie_breaks", N_("must be a list of tie-breaks, each at most once"))
    for i, name in enumerate(tie_breaks):
        if name not in TIE_BREAKS:
            raise InvalidTournament(
                f"scoring.tie_breaks[{i}]",
                N_("must be one of {options}, got {value}"),
                options=", ".join(TIE_BREAKS),
                value=show(name),
            )
    return Scoring(measure=measure, place_points=points, tie_breaks=tuple(tie_breaks))


def _draw_rules(raw: Any, preset: Mapping[str, Any]) -> DrawRules:
    _keys(raw, ("first", "later", "seed"), "draw")
    merged = {**preset, **raw}
    for key in ("first", "later"):
        if merged.get(key) not in DRAWS:
            raise InvalidTournament(
                f"draw.{key}",
                N_("must be one of {options}, got {value}"),
                options=", ".join(DRAWS),
                value=show(merged.get(key)),
            )
    if (merged["first"] == "schedule") != (merged["later"] == "schedule"):
        raise InvalidTournament(
            "draw", N_("a schedule places every round: first and later must both be schedule, or neither")
        )
    if "seed" not in merged:
        raise InvalidTournament("draw.seed", N_("is required: every draw is made from the tournament's seed"))
    seed = _whole(merged["seed"], "draw.seed", 0, MOST_SEED)
    return DrawRules(first=merged["first"], later=merged["later"], seed=seed)


def _players(raw: Any, last_round: int) -> tuple[Player, ...]:
    if not isinstance(raw, list):
        raise InvalidTournament("players", N_("must be a list of players"))
    if len(raw) > MOST_PLAYERS:
        raise InvalidTournament("players", N_("at most {most} players, got {count}"), most=MOST_PLAYERS, count=len(raw))
    players: dict[int, Player] = {}
    names: dict[str, int] = {}
    for position, item in enumerate(raw, start=1):
        where = {"player": position}
        _keys(item, PLAYER_FIELDS, "", **where)
        for key in ("no", "name"):
            if key not in item:
                raise InvalidTournament(key, N_("is required"), **where)
        no = item["no"]
        if isinstance(no, bool) or not isinstance(no, int) or not 1 <= no <= len(raw):
            raise InvalidTournament(
                "no",
                N_("start numbers are 1 to {count} without gaps, got {value}"),
                count=len(raw),
                value=show(no),
                **where,
            )
        if no in players:
            raise InvalidTournament("no", N_("start number {value} is given twice"), value=no, **where)
        _player_name(item["name"], names, no, **where)
        ranking = item.get("ranking")
        if ranking is not None:
            _whole(ranking, "ranking", 1, 1_000_000, **where)
        joins = _whole(item.get("joins", 1), "joins", 1, last_round, **where)
        withdrawn = item.get("withdrawn_after")
        if withdrawn is not None:
            _whole(withdrawn, "withdrawn_after", joins - 1, last_round, **where)
        players[no] = Player(no=no, name=item["name"], ranking=ranking, joins=joins, withdrawn_after=withdrawn)
    return tuple(players[no] for no in sorted(players))


def _player_name(name: Any, names: dict[str, int], no: int, **where: Any) -> None:
    """A player's name checked as a table document's names are: its form (1–40 characters, no control or
    invisible character, composed), and no other player of the tournament with the same name but for capitals,
    invisible characters or look-alike letters (``names``: each name's key, with its start number, so far)."""
    problem = name_problem(name)
    if problem is None and tidy_name(name) != name:
        problem = Line(
            N_("holds invisible characters, spaces in a row or letters not composed (NFC): write it as {tidy}"),
            {"tidy": show(tidy_name(name))},
        )
    if problem is not None:
        raise InvalidTournament("name", problem, **where)
    key = name_key(name)
    if key in names:
        raise InvalidTournament(
            "name",
            N_(
                "{name} is registered twice (start numbers {first} and {no}: capitals "
                "and invisible characters do not tell players apart)"
            ),
            name=name,
            first=names[key],
            no=no,
            **where,
        )
    names[key] = no


def _played(raw: Any, t: Tournament) -> tuple[PlayedRound, ...]:
    if not isinstance(raw, list):
        raise InvalidTournament("played", N_("must be a list of rounds"))
    rounds = []
    for position, item in enumerate(raw, start=1):
        _keys(item, ("round", "tables"), "played", round=position)
        if item.get("round") != position or isinstance(item.get("round"), bool):
            raise InvalidTournament(
                "round",
                N_("the rounds played are numbered 1, 2, 3 … in order: this one must be {number}, got {value}"),
                number=position,
                value=show(item.get("round")),
                round=position,
            )
        if position > t.last_round:
            raise InvalidTournament("round", N_("the tournament has {rounds} rounds"), rounds=t.rounds, round=position)
        tables = item.get("tables")
        if not isinstance(tables, list):
            raise InvalidTournament("tables", N_("must be a list of tables"), round=position)
        seated: dict[int, int] = {}
        numbers: set[int] = set()
        results = []
        for index, entry in enumerate(tables, start=1):
            number = entry.get("table") if isinstance(entry, dict) else None
            valid = isinstance(number, int) and not isinstance(number, bool) and 1 <= number <= MOST_PLAYERS
            where = {"round": position, "table": number if valid else index}
            _keys(entry, TABLE_FIELDS + t.mark_keys, "", **where)
            number = _whole(entry.get("table"), "table", 1, MOST_PLAYERS, **where)
            if number in numbers:
                raise InvalidTournament(
                    "table", N_("table {number} is given twice in this round"), number=number, **where
                )
            numbers.add(number)
            seats = _seats(entry.get("seats"), t, position, seated, number, **where)
            results.append(_result(entry, seats, t, **where))
        rounds.append(PlayedRound(round=position, tables=tuple(results)))
    return tuple(rounds)


def _seats(
    raw: Any, t: Tournament, round_no: int, seated: dict[int, int], table_no: int, **where: Any
) -> tuple[int, ...]:
    if not isinstance(raw, list) or len(raw) != t.table_size:
        raise InvalidTournament(
            "seats", N_("must list the start numbers of {count} players in seat order"), count=t.table_size, **where
        )
    for no in raw:
        if isinstance(no, bool) or not isinstance(no, int) or not 1 <= no <= len(t.players):
            raise InvalidTournament(
                "seats",
                N_("{value} is not a start number of this tournament (1 to {count})"),
                value=show(no),
                count=len(t.players),
                **where,
            )
        if no in seated:
            raise InvalidTournament(
                "seats",
                N_("player {no} is seated at two tables of this round ({first} and {other})"),
                no=no,
                first=seated[no],
                other=table_no,
                **where,
            )
        seated[no] = table_no
        p = t.player(no)
        if p.joins > round_no:
            raise InvalidTournament(
                "seats", N_("player {no} joins the tournament in round {joins}"), no=no, joins=p.joins, **where
            )
        if p.withdrawn_after is not None and round_no > p.withdrawn_after:
            raise InvalidTournament(
                "seats", N_("player {no} withdrew after round {after}"), no=no, after=p.withdrawn_after, **where
            )
    return tuple(raw)


def _result(entry: dict, seats: tuple[int, ...], t: Tournament, **where: Any) -> TableResult:
    has_totals, has_document = "totals" in entry, "document" in entry
    if has_totals == has_document:
        raise InvalidTournament(
            "totals", N_("a table's result is its typed totals or its document, exactly one of them"), **where
        )
    if has_totals:
        totals, marks = check_result(t, where["round"], where["table"], entry["totals"], entry)
        replaced = entry.get("replaced")
        if replaced is not None:
            _replayed(replaced, seats, t, "replaced", **where)
        return TableResult(
            table=entry["table"],
            seats=seats,
            totals=totals,
            marks=marks,
            status=_marks_status(t, seats, marks),
            replaced=replaced,
        )
    for rank in marks_ranked(t.ranking):
        if rank.key in entry:
            raise InvalidTournament(
                rank.key,
                N_("a table played in Talon gives its {label} in its document"),
                label=Line(rank.label),
                **where,
            )
    if "replaced" in entry:
        raise InvalidTournament("replaced", N_("only a typed result replaces a table played in Talon"), **where)
    document = entry["document"]
    names, replayed, setup = _replayed(document, seats, t, "document", **where)
    status = setup.engine.status(replayed.state).as_json()
    return TableResult(
        table=entry["table"],
        seats=seats,
        totals=tuple(replayed.totals[n] for n in names),
        document=document,
        status=status,
    )


def _replayed(document: Any, seats: tuple[int, ...], t: Tournament, field: str, **where: Any):
    """A table's document (a table played in Talon, counted or replaced), replayed: the seated names, the
    replay and its setup; refused when it is not a table of the tournament's game and seated players."""
    try:
        setup, hands = table_engine.parse_document(document)
        replayed = table_engine.replay(setup, hands)
    except InvalidTable as error:
        raise InvalidTournament(field, error, **where) from None
    except RecursionError:
        raise InvalidTournament(field, N_("nested too deeply"), **where) from None
    if setup.engine.SLUG != t.game:
        raise InvalidTournament(
            field,
            N_("is a table of {game}, the tournament plays {tournament}"),
            game=setup.engine.SLUG,
            tournament=t.game,
            **where,
        )
    names = tuple(t.player(no).name for no in seats)
    if setup.players != names:
        raise InvalidTournament(
            field, N_("its players must be the seated players in seat order: {names}"), names=", ".join(names), **where
        )
    return names, replayed, setup


def _marks_status(t: Tournament, seats: Sequence[int], marks: Mapping[str, Sequence[int]] | None) -> dict | None:
    """A typed result's marks as the engine's status gives them (``Status.as_json``), for its ranking to read."""
    if marks is None:
        return None
    return {
        "marks": {t.player(no).name: {key: values[i] for key, values in marks.items()} for i, no in enumerate(seats)}
    }


def check_result(
    t: Tournament, round_no: int | None, table_no: int | None, totals: Any, given: Mapping[str, Any] | None = None
) -> tuple[tuple[int, ...], dict[str, tuple[int, ...]] | None]:
    """TN5: a table's totals typed from its paper sheet, checked: one whole number per seat, adding up to 0
    where the scores are zero-sum (the difference shown otherwise), and in a game ranked by marks before its
    totals each seat's marks beside them (``given``: the fields typed, by the marks' names). Returns (totals,
    marks or None); InvalidTournament otherwise."""
    where = {"round": round_no, "table": table_no}
    if not isinstance(totals, (list, tuple)) or len(totals) != t.table_size:
        raise InvalidTournament(
            "totals", N_("must give one whole number for each of the {count} seats"), count=t.table_size, **where
        )
    for value in totals:
        _whole(value, "totals", -MOST_POINTS, MOST_POINTS, **where)
    if t.zero_sum and sum(totals) != 0:
        raise InvalidTournament(
            "totals",
            N_("must add up to 0 (the scores are zero-sum), they add up to {total}"),
            total=signed(sum(totals)),
            **where,
        )
    return tuple(totals), typed_marks(t, given or {}, **where)


def typed_marks(t: Tournament, given: Mapping[str, Any], **where: Any) -> dict[str, tuple[int, ...]] | None:
    """Each ranked mark of the game (``t.ranking``) typed beside the totals, checked: required, one whole number
    per seat. None for a game ranked by its totals alone."""
    ranks = marks_ranked(t.ranking)
    if not ranks:
        return None
    total = next((rank.label for rank in t.ranking if rank.key == TOTAL), N_("total"))
    out = {}
    for rank in ranks:
        values = given.get(rank.key)
        if values is None:
            raise InvalidTournament(
                rank.key,
                N_("is required: each seat's {label}, beside the {total} in totals"),
                label=Line(rank.label),
                total=Line(total),
                **where,
            )
        if not isinstance(values, (list, tuple)) or len(values) != t.table_size:
            raise InvalidTournament(
                rank.key, N_("must give one whole number for each of the {count} seats"), count=t.table_size, **where
            )
        for value in values:
            _whole(value, rank.key, 0, MOST_MARKS, **where)
        out[rank.key] = tuple(values)
    return out


def _corrections(raw: Any, t: Tournament) -> tuple[Correction, ...]:
    if not isinstance(raw, list):
        raise InvalidTournament("corrections", N_("must be a list of corrections"))
    if len(raw) > MOST_CORRECTIONS:
        raise InvalidTournament(
            "corrections", N_("at most {most} corrections, got {count}"), most=MOST_CORRECTIONS, count=len(raw)
        )
    out = []
    for position, item in enumerate(raw, start=1):
        _keys(item, CORRECTION_FIELDS + t.mark_keys, "", correction=position)
        round_no = _whole(item.get("round"), "round", 1, max(len(t.played), 1), correction=position)
        if round_no > len(t.played):
            raise InvalidTournament(
                "round", N_("round {number} has not been played"), number=round_no, correction=position
            )
        tables = {r.table: r for r in t.played[round_no - 1].tables}
        table_no = item.get("table")
        if table_no not in tables or isinstance(table_no, bool):
            raise InvalidTournament(
                "table",
                N_("round {number} has no table {value}"),
                number=round_no,
                value=show(table_no),
                correction=position,
            )
        reason = item.get("reason")
        if (
            not isinstance(reason, str)
            or not reason.strip()
            or len(reason) > REASON_LENGTH
            or any(unicodedata.category(c) in ("Cc", "Cs") for c in reason)
        ):
            raise InvalidTournament(
                "reason",
                N_("a correction needs its reason: text of 1 to {most} characters"),
                most=REASON_LENGTH,
                correction=position,
            )
        at = item.get("at")
        if correction_time(at) is None:
            raise InvalidTournament(
                "at",
                N_(
                    "must be the correction's time (ISO 8601, e.g. 2026-05-01T18:30:00Z; "
                    "without an offset, UTC) between the years {first} and {last}, got "
                    "{value}"
                ),
                first=EARLIEST.year,
                last=LATEST.year,
                value=show(at),
                correction=position,
            )
        try:
            totals, marks = check_result(t, round_no, table_no, item.get("totals"), item)
        except InvalidTournament as error:
            raise InvalidTournament(
                error.field, error.reason_of, round=error.round, table=error.table, correction=position
            ) from None
        out.append(Correction(round=round_no, table=table_no, totals=totals, reason=reason, at=at, marks=marks))
    return tuple(out)


EARLIEST = datetime(1900, 1, 1, tzinfo=UTC)  # a correction's time: what a database column holds, with
LATEST = datetime(2999, 12, 31, 23, 59, 59, tzinfo=UTC)  # room for any offset at either end


def correction_time(value: Any) -> datetime | None:
    """A correction's ``at`` as the moment it names, in UTC: ISO 8601 (``2026-05-01T18:30:00+02:00``,
    ``…Z``); a time without an offset, or a date alone (midnight), is read as UTC. None when it is no such text,
    or falls outside EARLIEST…LATEST. The one reading of it: the engine's check, the import and the command."""
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        at = datetime.fromisoformat(value)
        at = (at if at.tzinfo is not None else at.replace(tzinfo=UTC)).astimezone(UTC)
    except (ValueError, OverflowError):  # no time; or one whose offset carries it past year 1 or 9999
        return None
    return at if EARLIEST <= at <= LATEST else None


def dump(t: Tournament) -> dict[str, Any]:
    """The tournament's document: ``load(dump(t)) == t``; every field written out."""
    scoring: dict[str, Any] = {
        "measure": t.scoring.measure,
        "place_points": [json_number(v) for v in t.scoring.place_points],
        "tie_breaks": list(t.scoring.tie_breaks),
    }
    players = []
    for p in t.players:
        item: dict[str, Any] = {"no": p.no, "name": p.name}
        if p.ranking is not None:
            item["ranking"] = p.ranking
        if p.joins != 1:
            item["joins"] = p.joins
        if p.withdrawn_after is not None:
            item["withdrawn_after"] = p.withdrawn_after
        players.append(item)
    played = []
    for r in t.played:
        tables = []
        for result in r.tables:
            entry: dict[str, Any] = {"table": result.table, "seats": list(result.seats)}
            if result.document is not None:
                entry["document"] = result.document
            else:
                entry["totals"] = list(result.totals)
                entry.update({key: list(values) for key, values in (result.marks or {}).items()})
                if result.replaced is not None:
                    entry["replaced"] = result.replaced
            tables.append(entry)
        played.append({"round": r.round, "tables": tables})
    out: dict[str, Any] = {
        "tournament": t.name,
        "game": t.game,
        "preset": t.preset,
        "rules": t.rules,
        "table_size": t.table_size,
        "rounds": t.rounds,
        "round_limit": dict(t.round_limit),
        "scoring": scoring,
        "draw": {"first": t.draw.first, "later": t.draw.later, "seed": t.draw.seed},
        "players": players,
        "played": played,
    }
    if t.corrections:
        out["corrections"] = [
            {
                "round": c.round,
                "table": c.table,
                "totals": list(c.totals),
                **{key: list(values) for key, values in (c.marks or {}).items()},
                "reason": c.reason,
                "at": c.at,
            }
            for c in t.corrections
        ]
    return out


def differs(t: Tournament) -> list[str]:
    """The document's fields whose value is not the preset's (the director sees what differs from it)."""
    preset = load({"tournament": "-", "preset": t.preset, "game": t.game, "draw": {"seed": t.draw.seed}})
    return [
        name
        for name in ("game", "rules", "table_size", "rounds", "round_limit", "scoring", "draw")
        if getattr(preset, name) != getattr(t, name) and not (name == "game" and PRESETS[t.preset]["game"] is None)
    ]


def json_number(value: int | Fraction) -> Any:
    """A number for JSON output: a whole number as it is; a fraction with a short exact decimal as that JSON number
    (1.5: the JSON text's own digits); any other fraction as exact text ("7/6"), which ``Fraction`` reads back."""
    value = Fraction(value)
    if value.denominator == 1:
        return value.numerator
    decimals = _decimal(value)
    return json.loads(decimals) if decimals is not None else f"{value.numerator}/{value.denominator}"


def _decimal(value: Fraction) -> str | None:
    """The exact decimal text of ``value`` when it has one of at most 15 significant digits, else None."""
    d = value.denominator
    twos = fives = 0
    while d % 2 == 0:
        d //= 2
        twos += 1
    while d % 5 == 0:
        d //= 5
        fives += 1
    if d != 1:
        return None
    places = max(twos, fives)
    scaled = abs(value.numerator) * 10**places // value.denominator
    digits = str(scaled).rjust(places + 1, "0")
    text = ("-" if value < 0 else "") + digits[:-places] + "." + digits[-places:]
    return text if len(digits.lstrip("0")) <= 15 else None


# ---- results at a table (TN5, TN6, TN8) ------------------------------------------------------------------------


def results(t: Tournament, *, upto_round: int | None = None, corrected: bool = True) -> tuple[PlayedRound, ...]:
    """The rounds played up to ``upto_round``, each table's result as it is now (corrections applied in order) or,
    with ``corrected=False``, as first recorded."""
    fixes: dict[tuple[int, int], Correction] = {}
    if corrected:
        for c in t.corrections:
            fixes[(c.round, c.table)] = c
    out = []
    for r in t.played:
        if upto_round is not None and r.round > upto_round:
            break
        tables = []
        for result in r.tables:
            c = fixes.get((r.round, result.table))
            if c is not None:
                result = TableResult(
                    table=result.table,
                    seats=result.seats,
                    totals=c.totals,
                    marks=c.marks,
                    status=_marks_status(t, result.seats, c.marks),
                )
            tables.append(result)
        out.append(PlayedRound(round=r.round, tables=tuple(tables)))
    return tuple(out)


def _as_result(t: Tournament, seats: Sequence[int], totals_or_document: Any, status: dict | None = None) -> TableResult:
    if isinstance(totals_or_document, TableResult):
        return totals_or_document
    if isinstance(totals_or_document, dict):
        return _result({"table": 1, "document": totals_or_document}, tuple(seats), t, round=None, table=None)
    return TableResult(table=0, seats=tuple(seats), totals=tuple(totals_or_document), status=status)


def seat_places(
    t: Tournament, seats: Sequence[int], totals_or_document: Any, status: dict | None = None
) -> tuple[int, ...]:
    """TN6: each seat's place at its table by the game's ranking (the engine's data: a higher total, a lower one,
    or marks of its status before the total), players level sharing the best of their places (1, 1, 3)."""
    result = _as_result(t, seats, totals_or_document, status)
    names = [t.player(no).name for no in result.seats]
    totals = dict(zip(names, result.totals))
    keys = [standing(t.ranking, name, totals, result.status) for name in names]
    return tuple(1 + sum(1 for other in keys if other < key) for key in keys)


def places(
    t: Tournament, seats: Sequence[int], totals_or_document: Any, status: dict | None = None
) -> tuple[Fraction, ...]:
    """TN6: each seat's place points; players level share the points of the places they occupy equally (two tied
    for first at a table of three: (2 + 1) / 2 = 1½ each)."""
    placed = seat_places(t, seats, totals_or_document, status)
    points = t.scoring.place_points
    out = []
    for place in placed:
        level = placed.count(place)
        out.append(Fraction(sum(points[place - 1 : place - 1 + level]), level))
    return tuple(out)


# ---- standings (TN7) ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RoundLine:
    round: int
    table: int
    place: int  # the seat's place at its table (TN6)
    score: int
    points: Fraction = Fraction(0)  # place points earned (TN6)


@dataclass(frozen=True)
class Standing:
    no: int
    name: str
    place: int
    measure: int | Fraction
    tie_breaks: dict
    rounds: tuple[RoundLine, ...]


def _better_higher(t: Tournament) -> bool:
    """Whether a higher score is better (not in a game of penalty points)."""
    return not lower_total_is_better(t.ranking)


def standings(t: Tournament, *, upto_round: int | None = None, corrected: bool = True) -> tuple[Standing, ...]:  # noqa: C901 (to split: issue 31)
    """TN7: every registered player, best first: the measure, then the tie-breaks in order; players still level
    share the place and are listed by start number. ``corrected=False``: as they were before any correction."""
    lines: dict[int, list[RoundLine]] = {p.no: [] for p in t.players}
    meetings: dict[int, list[tuple[int, dict[int, int]]]] = {p.no: [] for p in t.players}  # own score, others'
    for r in results(t, upto_round=upto_round, corrected=corrected):
        for result in r.tables:
            placed = seat_places(t, result.seats, result)
            points = places(t, result.seats, result)
            scores = dict(zip(result.seats, result.totals))
            for i, no in enumerate(result.seats):
                lines[no].append(
                    RoundLine(
                        round=r.round, table=result.table, place=placed[i], score=result.totals[i], points=points[i]
                    )
                )
                meetings[no].append((result.totals[i], scores))
    sign = 1 if _better_higher(t) else -1
    values: dict[int, dict[str, Any]] = {}
    for p in t.players:
        mine = lines[p.no]
        score = sum(line.score for line in mine)
        if t.scoring.measure == "place-points":
            measure: int | Fraction = sum((line.points for line in mine), Fraction(0))
            measure_key: Any = measure
        else:
            measure = score
            measure_key = score if t.scoring.measure == "balance" else sign * score
        best_round = max((sign * line.score for line in mine), default=None)
        values[p.no] = {
            "measure": measure,
            "measure_key": measure_key,
            "score": score,
            "wins": sum(1 for line in mine if line.place == 1),
            "places": [sum(1 for line in mine if line.place == k) for k in range(1, t.table_size + 1)],
            "best-round": None if best_round is None else sign * best_round,
        }
    keys: list[Callable[[int, list[int]], Any]] = [lambda no, group: values[no]["measure_key"]]
    for name in t.scoring.tie_breaks:
        keys.append(_tie_break_key(name, values, meetings, sign))
    groups = [[p.no for p in t.players]]
    h2h: dict[int, int] = {p.no: 0 for p in t.players}
    for key in keys:
        refined = []
        for group in groups:
            if len(group) == 1:
                refined.append(group)
                continue
            if key is not keys[0] and getattr(key, "head_to_head", False):
                for no in group:
                    h2h[no] = key(no, group)
            by_value: dict[Any, list[int]] = {}
            for no in group:
                by_value.setdefault(key(no, group), []).append(no)
            for value in sorted(by_value, reverse=True):
                refined.append(sorted(by_value[value]))
        groups = refined
    out = []
    place = 1
    for group in groups:
        for no in group:
            v = values[no]
            tie_breaks = {}
            for name in t.scoring.tie_breaks:
                tie_breaks[name] = h2h[no] if name == "head-to-head" else v[name]
            out.append(
                Standing(
                    no=no,
                    name=t.player(no).name,
                    place=place,
                    measure=v["measure"],
                    tie_breaks=tie_breaks,
                    rounds=tuple(lines[no]),
                )
            )
        place += len(group)
    return tuple(out)


def _tie_break_key(name: str, values: dict, meetings: dict, sign: int) -> Callable[[int, list[int]], Any]:
    if name == "score":
        return lambda no, group: sign * values[no]["score"]
    if name == "wins":
        return lambda no, group: values[no]["wins"]
    if name == "places":
        return lambda no, group: tuple(values[no]["places"])
    if name == "best-round":
        return lambda no, group: -(10**18) if values[no]["best-round"] is None else sign * values[no]["best-round"]

    def head_to_head(no: int, group: list[int]) -> int:
        """At the tables where players still level met, the sum of this one's score minus each other's."""
        total = 0
        for own, scores in meetings[no]:
            total += sum(own - scores[other] for other in group if other != no and other in scores)
        return sign * total

    head_to_head.head_to_head = True  # type: ignore[attr-defined]
    return head_to_head


def standings_json(t: Tournament, *, upto_round: int | None = None, corrected: bool = True) -> dict[str, Any]:
    """What ``manage.py tournament standings`` prints: ``{"standings": [...]}``."""
    rows = []
    for s in standings(t, upto_round=upto_round, corrected=corrected):
        tie_breaks = {
            name: (
                [json_number(v) for v in value]
                if isinstance(value, list)
                else None
                if value is None
                else json_number(value)
            )
            for name, value in s.tie_breaks.items()
        }
        rows.append(
            {
                "no": s.no,
                "name": s.name,
                "place": s.place,
                "measure": json_number(s.measure),
                "tie_breaks": tie_breaks,
                "rounds": [
                    {"round": line.round, "table": line.table, "place": line.place, "score": json_number(line.score)}
                    for line in s.rounds
                ],
            }
        )
    return {"standings": rows}


# ---- draws (TN1–TN3) ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Draw:
    round: int
    tables: tuple[tuple[int, tuple[int, ...]], ...]  # (table number, start numbers in seat order)
    sitting_out: tuple[int, ...]
    seed: int = 0
    kind: str = "random"
    repeats: int = 0  # pairs seated together who met before (0 unless no seating without one was found)


def draw_json(d: Draw) -> dict[str, Any]:
    """What ``manage.py tournament draw`` prints."""
    return {
        "round": d.round,
        "tables": [{"table": number, "seats": list(seats)} for number, seats in d.tables],
        "sitting_out": list(d.sitting_out),
    }


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def met_before(t: Tournament, round_no: int) -> dict[tuple[int, int], int]:
    """How often each two players sat at one table in the rounds before ``round_no``."""
    met: dict[tuple[int, int], int] = {}
    for r in t.played[: round_no - 1]:
        for result in r.tables:
            for i, a in enumerate(result.seats):
                for b in result.seats[i + 1 :]:
                    met[_pair(a, b)] = met.get(_pair(a, b), 0) + 1
    return met


def sat_out_before(t: Tournament, round_no: int) -> dict[int, int]:
    """How many rounds before ``round_no`` each player was drawn for and not seated (TN2)."""
    counts = {p.no: 0 for p in t.players}
    for r in t.played[: round_no - 1]:
        seated = {no for result in r.tables for no in result.seats}
        for p in t.players:
            if p.active(r.round) and p.no not in seated:
                counts[p.no] += 1
    return counts


def finished(t: Tournament) -> bool:
    """Every round there is has been played: ``rounds``, and under a schedule the extra round of TN2 when enough
    players sat out to fill a table of it."""
    if len(t.played) != t.rounds:
        return len(t.played) > t.rounds
    if t.last_round == t.rounds:
        return True
    sat_out = sat_out_before(t, t.last_round)
    return sum(1 for p in t.players if p.active(t.last_round) and sat_out[p.no] > 0) < t.table_size


def draw(t: Tournament, round_no: int, *, corrected: bool = True, attempt: int = 0) -> Draw:
    """Round ``round_no`` drawn from the tournament's seed and the rounds played before it (TN2, TN3); the same
    document gives the same draw. ``attempt`` > 0: a redraw before the round starts (another seating, as
    reproducible). ``corrected=False``: a by-standings draw as it was before any correction (TN8)."""
    if isinstance(round_no, bool) or not isinstance(round_no, int) or not 1 <= round_no <= t.last_round:
        raise InvalidTournament("", N_("the tournament has rounds 1 to {last}"), last=t.rounds, round=round_no)
    if len(t.played) < round_no - 1:
        raise InvalidTournament(
            "", N_("round {missing} has not been played yet"), missing=len(t.played) + 1, round=round_no
        )
    rng = random.Random(f"{t.draw.seed}:{round_no}:{attempt}" if attempt else f"{t.draw.seed}:{round_no}")
    kind = t.draw.first if round_no == 1 else t.draw.later
    sat_out = sat_out_before(t, round_no)
    if round_no > t.rounds:  # TN2: under a schedule, those who sat out play an extra round among themselves
        eligible = [p.no for p in t.players if p.active(round_no) and sat_out[p.no] > 0]
        if not eligible:
            raise InvalidTournament("", N_("nobody sat out a round: there is no extra round"), round=round_no)
    else:
        eligible = [p.no for p in t.players if p.active(round_no)]
    size = t.table_size
    if len(eligible) < size:
        raise InvalidTournament(
            "", N_("{count} players cannot fill a table of {size}"), count=len(eligible), size=size, round=round_no
        )
    met = met_before(t, round_no)
    if kind == "schedule":
        tables, sitting = _scheduled(t, round_no, eligible, sat_out, met, rng)
    else:
        sitting = _sitters(eligible, sat_out, len(eligible) % size, rng)
        playing = [no for no in eligible if no not in sitting]
        if kind == "random":
            shuffled = list(playing)
            rng.shuffle(shuffled)
            tables = _repair(_chunks(shuffled, size), met, rng)
        elif kind == "seeded-thirds":
            tables = _seeded(t, playing, met, rng)
        else:
            ordered = [s.no for s in standings(t, upto_round=round_no - 1, corrected=corrected) if s.no in playing]
            tables = _repair(_chunks(ordered, size), met, rng, keep_place=True)
    for seats in tables:
        rng.shuffle(seats)  # seat order within a table is drawn
    repeats = sum(_repeats(seats, met) for seats in tables)
    return Draw(
        round=round_no,
        tables=tuple((i, tuple(seats)) for i, seats in enumerate(tables, start=1)),
        sitting_out=tuple(sorted(sitting)),
        seed=t.draw.seed,
        kind=kind,
        repeats=repeats,
    )


def _chunks(players: Sequence[int], size: int) -> list[list[int]]:
    return [list(players[i : i + size]) for i in range(0, len(players) - len(players) % size, size)]


def _sitters(eligible: Sequence[int], sat_out: Mapping[int, int], count: int, rng: random.Random) -> list[int]:
    """TN2: who sits this round out: nobody twice while anyone has not (the fewest sit-outs first), drawn."""
    pool = list(eligible)
    rng.shuffle(pool)
    pool.sort(key=lambda no: sat_out[no])  # stable: drawn among those equal
    return sorted(pool[:count])


def _seeded(t: Tournament, playing: Sequence[int], met: Mapping, rng: random.Random) -> list[list[int]]:
    """TN3 seeded-thirds: the ranking (or start numbers) cut into as many groups as a table has seats; each
    table gets one player of each group."""
    order = sorted(playing, key=lambda no: (t.player(no).ranking is None, t.player(no).ranking or 0, no))
    size = t.table_size
    count = len(order) // size
    groups = [order[g * count : (g + 1) * count] for g in range(size)]
    for group in groups:
        rng.shuffle(group)
    tables = [[groups[g][i] for g in range(size)] for i in range(count)]
    label = {no: g for g, group in enumerate(groups) for no in group}
    return _repair(tables, met, rng, label=label)


def _repeats(seats: Sequence[int], met: Mapping[tuple[int, int], int]) -> int:
    return sum(met.get(_pair(a, b), 0) for i, a in enumerate(seats) for b in seats[i + 1 :])


def _repair(
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
        return sum(met.get(_pair(no, other), 0) for other in tables[i] if other != no and other != without)

    total = sum(_repeats(seats, met) for seats in tables)
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
        return all(_pair(no, other) not in met for other in seats)

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


def _scheduled(
    t: Tournament, round_no: int, eligible: list[int], sat_out: Mapping[int, int], met: Mapping, rng: random.Random
) -> tuple[list[list[int]], list[int]]:
    """TN3 schedule: the published seating of ``schedule`` for this round; tables broken by a late arrival or a
    withdrawal are drawn again among the players left over (repaired against repeats)."""
    rounds = published_schedule(t)
    planned_tables, planned_out = rounds[round_no - 1] if round_no <= len(rounds) else ((), ())
    allowed = set(eligible)
    kept = [list(seats) for seats in planned_tables if set(seats) <= allowed]
    placed = {no for seats in kept for no in seats}
    pool = [no for no in eligible if no not in placed]
    if set(pool) == set(planned_out) & allowed and len(pool) < t.table_size:
        return kept, pool
    sitting = _sitters(pool, sat_out, (len(eligible) - len(placed)) % t.table_size, rng)
    fewest = min(sat_out[no] for no in eligible)
    if any(sat_out[no] > fewest for no in sitting) and any(sat_out[no] == fewest for no in placed):
        sitting = _sitters(eligible, sat_out, len(eligible) % t.table_size, rng)  # TN2 first: draw the round anew
        playing = [no for no in eligible if no not in sitting]
        rng.shuffle(playing)
        return _repair(_chunks(playing, t.table_size), met, rng), sitting
    playing = [no for no in pool if no not in sitting]
    rng.shuffle(playing)
    return kept + _repair(_chunks(playing, t.table_size), met, rng), sitting


def schedule_lots(t: Tournament) -> tuple[int, ...]:
    """TN3 schedule: the start numbers drawn once from the seed, in the schedule's order: the schedule's place i
    is held by start number ``lots[i - 1]``. Those registered for round 1 are drawn; a late arrival takes the next
    place, in the order they registered."""
    first = [p.no for p in t.players if p.joins == 1]
    random.Random(f"{t.draw.seed}:start-numbers").shuffle(first)
    return tuple(first + [p.no for p in t.players if p.joins != 1])


def published_schedule(t: Tournament) -> tuple[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]], ...]:
    """TN3 schedule, as published before round 1: ``schedule`` over the places drawn by ``schedule_lots``, in
    start numbers: ``((tables, sitting_out), …)``, each table's start numbers in seat order."""
    lots = schedule_lots(t)
    return tuple(
        (
            tuple(tuple(lots[place - 1] for place in seats) for seats in tables),
            tuple(sorted(lots[place - 1] for place in out)),
        )
        for tables, out in schedule(len(t.players), t.table_size, t.rounds)
    )


@lru_cache(maxsize=64)
def schedule(n: int, size: int, rounds: int) -> tuple[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]], ...]:
    """TN3 schedule (Břeclav): every round's tables as a fixed function of the start numbers 1…n, published before
    round 1: ``((tables, sitting_out), …)`` for rounds 1…``rounds`` and, when anyone sits out, the extra round
    where those who sat out play among themselves (TN2).

    n % size players sit out each round: the last start numbers in round 1, the ones before them in round 2, and
    so on (nobody twice while anyone has not; where that order leaves a repeat, others who have not sat out yet,
    drawn from the fixed seed); in later rounds the last numbers take the seats of those who sit out. Round 1 seats the others in order (1–4, 5–8, …). Later rounds move the seats over the tables: with k
    tables, seat s of table t goes to table t + s·(r − 1) (mod k), over the field of four elements for k = 4,
    which seats no two players together twice when k is prime or 4 (and for most other k); any pair that would
    still meet twice is repaired by a search that starts from the same fixed seed, so the schedule is the same
    every time for the same n."""
    k, extra = divmod(n, size)
    rng = random.Random(f"schedule:{n}:{size}:{rounds}")
    sitting = [
        sorted({(n - extra * r + i) % n + 1 for i in range(extra)}) if extra else [] for r in range(1, rounds + 1)
    ]
    met: dict[tuple[int, int], int] = {}
    seatings = []
    for r in range(1, rounds + 1):
        tables = _scheduled_round(n, size, r, sitting[r - 1], met, rng)
        if r > 1 and extra and extra * r <= n - extra and sum(_repeats(seats, met) for seats in tables):
            # another choice of who sits out (among those who have not yet) may avoid the repeat: the fewest
            # repeats win, the first found among equals
            done = {no for out in sitting[: r - 1] for no in out}
            candidates = [no for no in range(1, n - extra + 1) if no not in done]
            for _ in range(SCHEDULE_TRIES):
                others = sorted(rng.sample(candidates, extra))
                tried = _scheduled_round(n, size, r, others, met, rng)
                if sum(_repeats(seats, met) for seats in tried) < sum(_repeats(seats, met) for seats in tables):
                    tables, sitting[r - 1] = tried, others
                    if not sum(_repeats(seats, met) for seats in tables):
                        break
        _count(tables, met)
        seatings.append(tables)
    if any(count > 1 for count in met.values()):
        seatings = _spread(seatings, rng)
        met = {}
        for tables in seatings:
            _count(tables, met)
    out = [(tuple(tuple(sorted(seats)) for seats in tables), tuple(out)) for tables, out in zip(seatings, sitting)]
    sat_out = sorted({no for out in sitting for no in out})
    if extra and len(sat_out) >= size:
        count = len(sat_out) - len(sat_out) % size
        tables = _repair(_chunks(sat_out[:count], size), met, rng)
        out.append((tuple(tuple(sorted(s)) for s in tables), tuple(sat_out[count:])))
    return tuple(out)


SCHEDULE_NODES = 5_000  # the exhaustive search's steps for one round of a schedule
SCHEDULE_TRIES = 16  # other choices of who sits out a round of a schedule, tried when the first leaves a repeat


def _scheduled_round(
    n: int, size: int, r: int, sitting: list[int], met: Mapping[tuple[int, int], int], rng: random.Random
) -> list[list[int]]:
    """Round ``r`` of a schedule: the seats moved over the tables (``_moved``), the last start numbers in the
    seats of those who sit out, repaired against the meetings before it."""
    k, extra = divmod(n, size)
    grid = _moved(list(range(1, k * size + 1)), size, k, r) if k else []
    stand_in = dict(zip(sitting, range(k * size + 1, n + 1)))
    if r > 1 and len(stand_in) == extra and all(no <= k * size for no in stand_in):
        tables = [[stand_in.get(no, no) for no in seats] for seats in grid]
    else:
        playing = [no for no in range(1, n + 1) if no not in sitting]
        tables = _chunks(playing, size)
    return _repair(tables, met, rng, exact_nodes=SCHEDULE_NODES)


SCHEDULE_STEPS = 20_000  # the whole schedule's repair: swaps tried at most


def _count(tables: Iterable[Sequence[int]], met: dict[tuple[int, int], int]) -> None:
    for seats in tables:
        for i, a in enumerate(seats):
            for b in seats[i + 1 :]:
                met[_pair(a, b)] = met.get(_pair(a, b), 0) + 1


def _spread(seatings: list[list[list[int]]], rng: random.Random) -> list[list[list[int]]]:  # noqa: C901 (to split: issue 31)
    """A schedule whose rounds, drawn one after another, still seat two players together twice: repaired over all
    its rounds at once (round 1 stays), swapping two players of one round where that lowers the meetings again,
    for at most SCHEDULE_STEPS swaps. The best schedule found is kept."""
    seatings = [[list(seats) for seats in tables] for tables in seatings]
    met: dict[tuple[int, int], int] = {}
    for tables in seatings:
        _count(tables, met)

    def again(count: int) -> int:
        return count - 1 if count > 1 else 0

    def change(a: int, leave: Sequence[int], join: Sequence[int], skip: int) -> int:
        delta = 0
        for x in leave:
            if x != a:
                c = met.get(_pair(a, x), 0)
                delta += again(c - 1) - again(c)
        for y in join:
            if y != skip:
                c = met.get(_pair(a, y), 0)
                delta += again(c + 1) - again(c)
        return delta

    cost = sum(again(c) for c in met.values())
    best, best_cost = [[list(s) for s in tables] for tables in seatings], cost
    for _ in range(SCHEDULE_STEPS):
        if cost == 0:
            break
        clashing = [
            (r, i, a)
            for r, tables in enumerate(seatings)
            if r
            for i, seats in enumerate(tables)
            for a in seats
            if any(met.get(_pair(a, x), 0) > 1 for x in seats if x != a)
        ]
        if not clashing:
            break
        r, i, a = rng.choice(clashing)
        tables = seatings[r]
        moves = []
        for j, seats in enumerate(tables):
            if j != i:
                for b in seats:
                    delta = change(a, tables[i], seats, b) + change(b, seats, tables[i], a)
                    moves.append((delta, rng.getrandbits(32), j, b))
        delta, _r, j, b = min(moves)
        if delta > 0 and rng.randrange(10) < 8:
            continue
        if delta > 0:
            delta, _r, j, b = rng.choice(moves)
        for x in tables[i]:
            if x != a:
                met[_pair(a, x)] -= 1
                met[_pair(b, x)] = met.get(_pair(b, x), 0) + 1
        for y in tables[j]:
            if y != b:
                met[_pair(b, y)] -= 1
                met[_pair(a, y)] = met.get(_pair(a, y), 0) + 1
        tables[i][tables[i].index(a)], tables[j][tables[j].index(b)] = b, a
        cost += delta
        if cost < best_cost:
            best, best_cost = [[list(s) for s in t] for t in seatings], cost
    return best


GF4_TIMES = ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))  # multiplication in the field of four


def _moved(playing: Sequence[int], size: int, k: int, r: int) -> list[list[int]]:
    tables: list[list[int]] = [[] for _ in range(k)]
    for index, no in enumerate(playing):
        t, s = divmod(index, size)
        if r == 1:
            target = t
        elif k == 4 and size <= 4 and r <= 4:
            target = t ^ GF4_TIMES[s][r - 1]
        elif r == k + 1 and k == size or (k == 4 and size == 4 and r == 5):
            target = s  # the last parallel class: the players of one seat together
        else:
            target = (t + s * (r - 1)) % k
        tables[target].append(no)
    if any(len(seats) != size for seats in tables):  # not a seating (a k the formula does not cover): in order
        return _chunks(list(playing), size)
    return tables


# ---- a season (TN9) ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LeagueLine:
    name: str
    place: int
    points: int | Fraction
    results: tuple[int | Fraction | None, ...]  # each tournament's points, None where the player did not play
    counted: tuple[int, ...]  # which tournaments (0-based) count, under best N
    qualified: bool


def league(
    tournaments: Sequence[Tournament],
    *,
    points_table: Sequence[int | Fraction] | None = None,
    best_n: int | None = None,
    qualify: int | None = None,
) -> tuple[LeagueLine, ...]:
    """TN9: a season's standings. A player (the same name across the tournaments) scores in each tournament either
    its measure (place points, balance, points) or, with ``points_table``, the points of its final place (players
    sharing a place share the points of the places they occupy, as at a table, TN6; places beyond the table score
    0); the season sums them, or only the best ``best_n``; players level share the place (listed in the order they
    first appear); the top ``qualify`` places are qualified (players sharing the last such place all are). Names are
    compared as a table compares them (``name_key``: capitals, invisible characters and look-alike letters do
    not tell players apart); a line shows the name as it was first written."""
    table = tuple(Fraction(v) for v in points_table) if points_table is not None else None
    scored: dict[str, list[int | Fraction | None]] = {}  # by name_key
    spelled: dict[str, str] = {}  # each player's name as first written
    for index, t in enumerate(tournaments):
        rows = standings(t)
        for s in rows:
            if not any(True for _ in s.rounds):
                continue  # registered but never played: not in this tournament's results
            if table is None:
                value: int | Fraction = (
                    s.measure if (t.scoring.measure != "points" or _better_higher(t)) else -s.measure
                )
            else:
                level = sum(1 for other in rows if other.place == s.place and other.rounds)
                value = Fraction(sum(table[s.place - 1 : s.place - 1 + level]), level)
            key = name_key(s.name)  # "Anna" in one tournament and "ANNA" in another: one player of the season
            spelled.setdefault(key, s.name)
            scored.setdefault(key, [None] * len(tournaments))[index] = value
    totals = {}
    for name, values in scored.items():
        played = sorted(((v, i) for i, v in enumerate(values) if v is not None), key=lambda x: (-x[0], x[1]))
        chosen = played if best_n is None else played[:best_n]
        totals[name] = (sum((v for v, _ in chosen), Fraction(0)), tuple(sorted(i for _, i in chosen)))
    order = sorted(scored, key=lambda name: -totals[name][0])  # stable: first appearance among equals
    out = []
    for name in order:
        place = 1 + sum(1 for other in scored if totals[other][0] > totals[name][0])
        points = totals[name][0]
        out.append(
            LeagueLine(
                name=spelled[name],
                place=place,
                points=points.numerator if points.denominator == 1 else points,
                results=tuple(scored[name]),
                counted=totals[name][1],
                qualified=qualify is not None and place <= qualify,
            )
        )
    return tuple(out)


def league_json(lines: Sequence[LeagueLine]) -> dict[str, Any]:
    """What ``manage.py tournament league`` prints: ``{"league": [...]}``."""
    return {
        "league": [
            {
                "name": line.name,
                "place": line.place,
                "points": json_number(line.points),
                "results": [None if v is None else json_number(v) for v in line.results],
                "counted": [i + 1 for i in line.counted],
                "qualified": line.qualified,
            }
            for line in lines
        ]
    }
