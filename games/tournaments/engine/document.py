"""Reading and writing the tournament document: ``load`` (every rule of the format checked: the title, preset, game,
rules, round limit, scoring, draw and players here; the tables played and their corrections in ``table_results``),
``dump`` (``load(dump(t)) == t``), ``dump_player`` (a player as the document writes one, which the stored
tournament's document uses too), ``differs`` (the fields that are not the preset's) and ``json_number`` (an exact
number written as JSON).
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any, Protocol

from games.contract.inputs import key_name, show
from games.contract.names import name_problem
from games.contract.words import N_, Line
from games.engines import table as table_engine
from games.engines.table import InvalidTable
from games.lib.names import name_key, tidy_name

from .base import (
    DOCUMENT_FIELDS,
    DRAWS,
    MEASURES,
    MOST_PLAYERS,
    MOST_ROUND_LIMIT,
    MOST_ROUNDS,
    MOST_SEATS,
    MOST_SEED,
    PLAYER_FIELDS,
    TIE_BREAKS,
    TITLE_LENGTH,
    DrawRules,
    InvalidTournament,
    Player,
    Scoring,
    Tournament,
    checked_keys,
    read_fraction,
    whole_between,
)
from .presets import PRESETS, TOURNAMENT_PRESETS  # the format's preset table: data naming its games
from .table_results import read_corrections, read_played


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
    counts = engine.PLAYER_COUNTS  # the game says how many sit at a table, not the format
    table_size = whole_between(raw.get("table_size", preset["table_size"]), "table_size", 1, MOST_PLAYERS)
    if table_size not in counts:
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
    rounds = whole_between(raw.get("rounds", preset["rounds"]), "rounds", 1, MOST_ROUNDS)
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
    played = read_played(raw.get("played", []), t)
    t = replace(t, played=played)
    return replace(t, corrections=read_corrections(raw.get("corrections", []), t))


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


def _round_limit(raw: Any) -> dict:
    checked_keys(raw, ("hands", "minutes"), "round_limit")
    if not raw:
        raise InvalidTournament("round_limit", N_("must give a number of hands, a time in minutes, or both"))
    for key in raw:
        whole_between(raw[key], f"round_limit.{key}", 1, MOST_ROUND_LIMIT)
    return dict(raw)


def _scoring(raw: Any, preset: Mapping[str, Any], table_size: int) -> Scoring:
    checked_keys(raw, ("measure", "place_points", "tie_breaks"), "scoring")
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
    points = tuple(read_fraction(v, f"scoring.place_points[{i}]") for i, v in enumerate(points_raw))
    falling(points, points_raw)
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


def falling(points: Sequence[Fraction], raw: Sequence[Any], field: str = "scoring.place_points") -> None:
    """Place points fall with the place (TN6), a table's as a league's (TN9: its points for the final places, the
    ``field`` named): no place gets more than the one before it, and the first more than the last; places may tie
    (4 2 0 0: only the first two score)."""
    for i in range(1, len(points)):
        if points[i] > points[i - 1]:
            raise InvalidTournament(
                f"{field}[{i}]",
                N_(
                    "place {place} may not get more than place {before} ({value} against {more}): the first place gets the most"
                ),
                place=i + 1,
                before=i,
                value=show(raw[i]),
                more=show(raw[i - 1]),
            )
    if len(points) > 1 and points[0] == points[-1]:
        raise InvalidTournament(
            field,
            N_("must give the first place more than the last, got {value} for every place"),
            value=show(raw[0]),
        )


def _draw_rules(raw: Any, preset: Mapping[str, Any]) -> DrawRules:
    checked_keys(raw, ("first", "later", "seed"), "draw")
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
    seed = whole_between(merged["seed"], "draw.seed", 0, MOST_SEED)
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
        checked_keys(item, PLAYER_FIELDS, "", **where)
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
            whole_between(ranking, "ranking", 1, 1_000_000, **where)
        joins = whole_between(item.get("joins", 1), "joins", 1, last_round, **where)
        withdrawn = item.get("withdrawn_after")
        if withdrawn is not None:
            whole_between(withdrawn, "withdrawn_after", joins - 1, last_round, **where)
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


class PlayerFields(Protocol):
    """A player as the document knows one: the engine's ``Player``, or a registered player's row (the same names)."""

    no: int
    name: str
    ranking: int | None
    joins: int
    withdrawn_after: int | None


def dump_player(p: PlayerFields) -> dict[str, Any]:
    """A player as the document writes one: what is the format's default (no ranking, joins from round 1, not
    withdrawn) is left out."""
    item: dict[str, Any] = {"no": p.no, "name": p.name}
    if p.ranking is not None:
        item["ranking"] = p.ranking
    if p.joins != 1:
        item["joins"] = p.joins
    if p.withdrawn_after is not None:
        item["withdrawn_after"] = p.withdrawn_after
    return item


def dump(t: Tournament) -> dict[str, Any]:
    """The tournament's document: ``load(dump(t)) == t``; every field written out."""
    scoring: dict[str, Any] = {
        "measure": t.scoring.measure,
        "place_points": [json_number(v) for v in t.scoring.place_points],
        "tie_breaks": list(t.scoring.tie_breaks),
    }
    players = [dump_player(p) for p in t.players]
    played = []
    for r in t.played:
        tables = []
        for result in r.tables:
            entry: dict[str, Any] = {"table": result.table, "seats": list(result.seats)}
            if result.document is not None:
                entry["document"] = result.document
            else:
                entry["totals"] = [json_number(v) for v in result.totals]  # a money balance may hold cents
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
                "totals": [json_number(v) for v in c.totals],
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
