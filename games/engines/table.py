"""A whole table: the document of shared/formats/table-json.md, replayed hand by hand through its game's engine.

This is the one path from inputs to scores. ``manage.py settle``, the web app's saved scores, its preview
and its export all go through ``replay`` (or ``score_next`` for a hand not yet saved).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from games.contract.engine import Engine
from games.contract.hands import CLOSED, is_closing
from games.contract.inputs import key_name, show
from games.contract.names import name_problem
from games.contract.status import GAME_OVER
from games.contract.words import N_, NC_, HandResult, InvalidHand, Line, Phrase

DOCUMENT_FIELDS = ("game", "rules", "players", "hands")
DEEPEST = 16  # a table document nests 5 deep (the document, its hands, a hand, a player's cards, …): room to spare


PLACE = "a place in a table document"  # the context of the places' names in the catalogues
PLACES = {
    "game": NC_("a place in a table document", "game"),
    "rules": NC_("a place in a table document", "rules"),
    "players": NC_("a place in a table document", "players"),
    "hands": NC_("a place in a table document", "hands"),
    "hand": NC_("a place in a table document", "hand"),
    "document": NC_("a place in a table document", "document"),
}


class InvalidTable(ValueError):
    """Bad input somewhere in a table document: ``where`` is ``hand 3`` (1-based, its ``number`` given), ``rules``
    or ``players``. ``line()`` says it in English (settle); ``line(gettext)`` in the player's language, the place
    too ("Hand 3" is "hra 3" in Czech): no engine word reaches a page untranslated."""

    def __init__(self, where: str, error: InvalidHand, number: int | None = None):
        self.where = where
        self.error = error
        self.number = number
        super().__init__(self.line())

    def place(self, gettext: Callable[[str], str] = lambda s: s) -> str:
        if self.number is not None:
            return Line(N_("hand {number}"), {"number": self.number}).render(gettext)
        if self.where in PLACES:
            return Line(PLACES[self.where], context=PLACE).render(gettext)
        return self.where  # a field name the document gave, as it wrote it

    def line(self, gettext: Callable[[str], str] = lambda s: s) -> str:
        """Where, the document's field and why: for settle and an imported document, whose fields the reader has."""
        parts = [self.place(gettext), self.error.field, self.error.message(gettext)]
        return ": ".join(part for part in parts if part)

    def said(self, gettext: Callable[[str], str]) -> str:
        """Where and why, in the player's language, without the document's field name (a page's form has its own
        fields): ``hand 3: 2♥ is already removed or captured by someone else``."""
        return ": ".join(part for part in (self.place(gettext), self.error.message(gettext)) if part)


@dataclass(frozen=True)
class Setup:
    engine: Engine
    rules: Any
    players: tuple[str, ...]


@dataclass(frozen=True)
class Replay:
    results: tuple[HandResult, ...]
    totals: dict[str, int]
    state: Any


class NotJson(ValueError):
    """Text that is not a JSON document Talon reads: ``str()`` as Python says it (settle's line), ``said`` where
    and why in words a page translates (no Python English on an import page)."""

    def __init__(self, message: str, said: Line):
        super().__init__(message)
        self.said = said


def load_json(text: str) -> Any:
    """JSON text (a table document, a hand) as data. NotJson (a ValueError), with what is wrong, for anything that
    is not JSON (NaN and Infinity are not) or that nests deeper than DEEPEST: nothing downstream has to survive a
    document nested a thousand deep (Python's own recursion limit)."""
    deep = NotJson(f"nested more than {DEEPEST} deep", Line(N_("nested more than {most} deep"), {"most": DEEPEST}))
    try:
        data = json.loads(text, parse_constant=_not_a_number, object_pairs_hook=_each_key_once)
    except RecursionError:
        raise deep from None
    except json.JSONDecodeError as error:
        where = Line(N_("line {line}, column {column}"), {"line": error.lineno, "column": error.colno})
        raise NotJson(str(error), where) from None
    except NotJson:
        raise
    except ValueError:  # an integer longer than Python converts (sys.get_int_max_str_digits)
        most = Line(N_("a number has more than {most} digits"), {"most": _MOST_DIGITS})
        raise NotJson(most.render(), most) from None
    pending = [(data, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, (dict, list)):
            if depth > DEEPEST:
                raise deep
            pending += [(child, depth + 1) for child in (value.values() if isinstance(value, dict) else value)]
    return data


_MOST_DIGITS = sys.get_int_max_str_digits()  # Python refuses longer integers (4300 unless set)


def _each_key_once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object that names a key twice says two things (which game? which points?): refused, never the last."""
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            twice = Line(N_("the key {key} appears twice in one object"), {"key": show(key)})
            raise NotJson(twice.render(), twice)
        data[key] = value
    return data


def _not_a_number(name: str) -> Any:
    raise NotJson(f"{name} is not a JSON number", Line(N_("{value} is not a JSON number"), {"value": name}))


ENGINES: dict[str, Engine] = {}  # the games a table may be of: games.registry registers each (no engine knows the list)


def register(engine: Engine) -> None:
    ENGINES[engine.SLUG] = engine


def unregister(slug: str) -> None:
    ENGINES.pop(slug, None)


def engine_for(game: Any) -> Engine:
    """The engine of ``game`` (a slug), from the games the registry registered."""
    if not isinstance(game, str) or game not in ENGINES:
        raise InvalidTable(
            "game",
            InvalidHand("", N_("must be one of {games}, got {value}"), games=", ".join(ENGINES), value=show(game)),
        )
    return ENGINES[game]


def check_players(raw: Any, engine: Engine) -> tuple[str, ...]:
    counts = engine.PLAYER_COUNTS
    if not isinstance(raw, list) or not all(isinstance(p, str) for p in raw):
        raise InvalidTable("players", InvalidHand("", N_("must be a list of names")))
    names = tuple(raw)
    for number, name in enumerate(names, start=1):
        problem = name_problem(name)
        if problem is not None:
            raise InvalidTable(
                "players", InvalidHand("", N_("name {number} {problem}"), number=number, problem=problem)
            )
    if len(set(names)) != len(names):
        raise InvalidTable("players", InvalidHand("", N_("names must be distinct")))
    if len(names) not in counts:
        allowed = allowed_counts(counts)
        raise InvalidTable(
            "players",
            InvalidHand(
                "",
                N_("{game} is played by {allowed} players, got {count}"),
                game=engine.SLUG,
                allowed=allowed,
                count=len(names),
            ),
        )
    return names


def allowed_counts(counts: tuple[int, ...]) -> int | Line:
    """A game's numbers of players as a sentence says them: 4, "3 or 4", "2 to 6" (in the player's language)."""
    if len(counts) == 1:
        return counts[0]
    if len(counts) == 2:
        return Line(N_("{low} or {high}"), {"low": counts[0], "high": counts[1]})
    return Line(N_("{low} to {high}"), {"low": counts[0], "high": counts[-1]})


def setup(game: Any, rules: Any, players: Any) -> Setup:
    engine = engine_for(game)
    names = check_players(players, engine)
    try:
        parsed_rules = engine.parse_rules(rules, names)
    except InvalidHand as error:
        raise InvalidTable("rules", error) from None
    return Setup(engine=engine, rules=parsed_rules, players=names)


def parse_document(doc: Any) -> tuple[Setup, list[Any]]:
    if not isinstance(doc, dict):
        raise InvalidTable("document", InvalidHand("", N_("must be a JSON object")))
    for key in doc:
        if key not in DOCUMENT_FIELDS:
            raise InvalidTable(key_name(key), InvalidHand("", N_("is not a field of a table document")))
    for key in ("game", "players"):
        if key not in doc:
            raise InvalidTable(key, InvalidHand("", N_("is required")))
    table = setup(doc["game"], doc.get("rules"), doc["players"])
    hands = doc.get("hands", [])
    if not isinstance(hands, list):
        raise InvalidTable("hands", InvalidHand("", N_("must be a list")))
    return table, hands


def counted_hands(hands: list[Any]) -> int:
    """The hands a table's limit counts (as many as an import brings): all but a closing at the end. The end of the
    evening comes at most once, last, and takes no hand's place: a full table still ends (and counts in its circle's
    ratings), and its document comes back in."""
    return len(hands) - (1 if hands and is_closing(hands[-1]) else 0)


def replay(table: Setup, hands: Iterable[Any]) -> Replay:
    """Every hand in order, each scored from the state the hands before it left (marks, games, rounds)."""
    engine = table.engine
    state = engine.new_state(table.players, table.rules)
    totals = {p: 0 for p in table.players}
    results = []
    for number, raw in enumerate(hands, start=1):
        result, state = score_next(table, state, raw, number)
        for p, score in result.scores.items():
            totals[p] += score
        results.append(result)
    return Replay(results=tuple(results), totals=totals, state=state)


def score_next(table: Setup, state: Any, raw: Any, number: int) -> tuple[HandResult, Any]:
    """Score one hand (raw table-document fields) after ``state``; errors name the hand by ``number``."""
    _hand, result, after = play_next(table, state, raw, number)
    return result, after


def play_next(table: Setup, state: Any, raw: Any, number: int, parsed: Any = None) -> tuple[Any, HandResult, Any]:
    """The same, also giving the parsed hand (for its facts and its one-line description); ``parsed``: ``raw``
    as the engine already parsed it for this table (a hand form's check), not parsed again."""
    try:
        now = table.engine.status(state)
        if now.over:
            raise InvalidHand("", CLOSED if now.closed else GAME_OVER)
        hand = parsed if parsed is not None else table.engine.parse_hand(raw, table.players, table.rules)
        result, after = table.engine.play(hand, table.rules, state)
    except InvalidHand as error:
        raise InvalidTable(f"hand {number}", error, number) from None
    return hand, result, after


def describe_played(table: Setup, hand: Any, before: Any) -> Line | Phrase:
    """A hand's one line as the list of hands writes it: the engine's ``describe`` of the hand, then what the state
    it was played from made it pay that the hand alone does not say, where the engine has a ``describe_carried``
    (a counter carried from earlier hands that changed the payout). The server's pages and the phone write a hand so."""
    line = table.engine.describe(hand, table.rules)
    carried = getattr(table.engine, "describe_carried", None)  # only a game whose marks change a payout has one
    said = carried(hand, table.rules, before) if carried is not None else None
    return line if said is None else Phrase((line, said))


def dump_state(state: Any) -> dict[str, Any]:
    """An engine's state as JSON data, to be stored with the hand that left it."""
    return {name: _plain(getattr(state, name)) for name in state.__dataclass_fields__}


def load_state(table: Setup, data: dict[str, Any] | None) -> Any:
    """The state ``dump_state`` stored, or a new table's state for None or {}."""
    fresh = table.engine.new_state(table.players, table.rules)
    if not data:
        return fresh
    return type(fresh)(**{name: _tuples(value) for name, value in data.items()})


def _plain(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_plain(item) for item in value]
    return value


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(item) for item in value)
    return value


def settle(doc: Any, rules: Any = None) -> dict[str, Any]:
    """The output document of ``manage.py settle``; ``rules`` (when given) replace the document's own house
    rules, to check what other rules would have paid."""
    if rules is not None and isinstance(doc, dict):
        doc = {**doc, "rules": rules}
    table, hands = parse_document(doc)
    result = replay(table, hands)
    out: dict[str, Any] = {
        "game": table.engine.SLUG,
        "players": list(table.players),
        "hands": [{"scores": r.scores, "explanation": r.explanation()} for r in result.results],
        "totals": result.totals,
    }
    out.update(table.engine.summary(result.state))
    return out
