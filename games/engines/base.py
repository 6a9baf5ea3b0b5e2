"""What every game engine shares: the invalid-hand error, explanation lines, results and input checks.

Pure Python, standard library only. Text meant for players is marked with ``N_`` so that Django's
``makemessages --keyword=N_`` collects it; the engine itself renders it in English, and the web layer
renders the same lines through ``gettext``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Protocol, runtime_checkable

from .unicode_names import COMPATIBLE_LOOK_ALIKE, DEFAULT_IGNORABLE, FOLDED_LOOK_ALIKE


def N_(text: str) -> str:
    """Mark text for translation without translating it here (the engine imports nothing from Django)."""
    return text


def NC_(context: str, text: str) -> str:
    """Mark text whose translation depends on ``context`` (a word whose gender decides the ending: the Czech
    for "not announced" ends as the bonus's name is feminine or masculine); Line(..., context=...) renders it
    through pgettext's key."""
    return text


CONTEXT_SEPARATOR = "\x04"  # how gettext catalogues key a message with a context


def _identity(text: str) -> str:
    return text


@dataclass(frozen=True)
class Line:
    """One step of an explanation: a template with named values, e.g. ``d = |{P} − 53| = {d}``.

    ``rule`` names the rule behind the step as the game's rules file numbers it (``R4``, ``SR3``, ``KR2`` …), and
    ``option`` the house-rule option that decided it, with its ``setting`` at the table. As text the line starts
    with them: ``R4: d = |63 − 53| = 10.``, or ``R4 (step_factor: true): (d + 10) × 2 = 20 × 2 = 40.``
    (the web page links the rule to the game's rules page instead). A line nested in another has no rule."""

    text: str
    args: Mapping[str, Any] = field(default_factory=dict)
    rule: str = ""
    option: str = ""
    setting: Any = None
    context: str = ""  # for a word whose translation depends on another's gender (see NC_)
    sums: str = ""  # how its signed figure counts towards the hand's result (TERM, TOTAL … below); "": it has none

    def render(self, gettext: Callable[[str], str] = _identity) -> str:
        args = {
            key: value.render(gettext) if isinstance(value, (Line, Phrase)) else value
            for key, value in self.args.items()
        }
        return self.reference() + self.translated(gettext).format(**args)

    def translated(self, translate: Callable[[str], str] = _identity) -> str:
        """The text in the player's language; with a context, looked up as Django's pgettext does."""
        if not self.context:
            return translate(self.text)
        key = self.context + CONTEXT_SEPARATOR + self.text
        found = translate(key)
        return self.text if found == key else found

    def reference(self) -> str:
        """``R4 (step_factor: true): ``, ``R4: `` or nothing."""
        if not self.rule:
            return ""
        if self.option:
            return f"{self.rule} ({self.option}: {plain(self.setting)}): "
        return f"{self.rule}: "

    def __str__(self) -> str:
        return self.render()


class Sums:
    """How a line's signed figures (+4, −16: what a player adds up) count, as data beside its text (``Line.sums``),
    so that every explanation can be checked to add up (tests/engines/test_explanations_add_up.py). A line without
    a role prints no signed figure: a factor or a step is written unsigned ("4 × 2 = 8")."""

    TERM = "term"  # its last signed figure is added to the running sum (the game, a bonus)
    TOTAL = "total"  # its last signed figure is the running sum said again (game and bonuses), or said first
    SUM = "sum"  # it adds up itself: its signed figures add to its last one, which becomes the running sum
    SCALED = "scaled"  # the running sum times the factors it names (× 2): its last signed figure is the new sum
    SCORES = "scores"  # what players write: each signed figure a player's score, or the running sum (per player)
    OWN = "own"  # one player's own amount (its ``player``) beside the side's: a point card, a lost Mond, a penalty


@dataclass(frozen=True)
class Phrase:
    """Pieces said one after another, e.g. a hand in one line: ``Anna + Cyril · 63 · ×2``."""

    parts: tuple[Line | Phrase | str, ...]
    separator: str = " · "

    def render(self, gettext: Callable[[str], str] = _identity) -> str:
        return self.separator.join(part if isinstance(part, str) else part.render(gettext) for part in self.parts)

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

    def within(self, prefix: str) -> InvalidHand:
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

NAME_LENGTH = 40


def name_problem(name: Any) -> Line | None:
    """What is wrong with a player's (or a phone's) name, or None: 1 to 40 characters, no space at either end,
    no control character (NUL included), no unpaired surrogate (the table document's rule for names)."""
    if not isinstance(name, str):
        return Line(N_("must be text, got {value}"), {"value": show(name)})
    if not 1 <= len(name) <= NAME_LENGTH:
        return Line(
            N_("must be 1 to {most} characters long, this one has {count}"), {"most": NAME_LENGTH, "count": len(name)}
        )
    if name != name.strip():
        return Line(N_("may not begin or end with a space"))
    if any(unicodedata.category(c) == "Cc" for c in name):
        return Line(N_("may not hold a control character"))
    if any(0xD800 <= ord(c) <= 0xDFFF for c in name):
        return Line(N_("may not hold a broken character (an unpaired surrogate)"))
    return None


# Invisible characters: Unicode's default-ignorable code points (unassigned ones among them, so a name keeps no
# character that a later Unicode may draw as nothing) and the blank Braille pattern, which fonts draw as a blank. A
# name holding one looks like the name without it; a name of them alone shows nothing.
INVISIBLE = frozenset([0x2800, *(code for start, end in DEFAULT_IGNORABLE for code in range(start, end + 1))])


def tidy_name(name: str) -> str:
    """A name as Talon keeps it when a player types it: composed (NFC, so "Bára" typed either way is one name),
    without format characters (zero-width spaces, joiners, direction marks and overrides) or other invisible
    ones (INVISIBLE): they only make two names look alike. Every run of white space one space, none at either
    end."""
    composed = unicodedata.normalize("NFC", name)
    visible = "".join(c for c in composed if unicodedata.category(c) != "Cf" and ord(c) not in INVISIBLE)
    return " ".join(visible.split())


def name_key(name: str) -> str:
    """What two names are compared by when looking for the same name twice: tidied, in compatibility form (a
    full-width "Ａ" or a mathematical "𝐀" is an "A"), letters of other scripts drawn like Latin ones as those
    (unicode_names: Unicode's confusables) and case-folded, with the marks that tell no names apart left out (_silent_mark), so "Anna",
    "anna", "Ａnna", "Аnna" with a Cyrillic А, and "Anna" with a zero-width space are one player, and so are
    "ΑΝΝΑ" and "Άννα"; "Bára" and "Bara" are two."""
    compatible = unicodedata.normalize("NFKC", tidy_name(name).translate(COMPATIBLE_LOOK_ALIKE))
    folded = unicodedata.normalize("NFKC", compatible.casefold())
    letters = unicodedata.normalize("NFD", folded)  # a letter and its marks apart: "ё" is "е" and its dots
    kept, base = [], ""
    for c in letters:
        if unicodedata.category(c) != "Mn":
            base = c
        elif _silent_mark(base, c):
            continue
        kept.append(c)
    # after the folding: "ИВАН" and "Иван" are one name, as "ANNA" and "Anna"; "Zoё" with a Cyrillic ё is "Zoë"
    return unicodedata.normalize("NFC", "".join(kept).translate(FOLDED_LOOK_ALIKE))


def _silent_mark(base: str, mark: str) -> bool:
    """A mark that does not tell names apart: an accent on a Greek letter (capitals drop it: "Άννα" is "ΑΝΝΑ"),
    and the dot that case-folding leaves on the Turkish "İ" ("İsmail" is "ismail")."""
    return "\u0370" <= base <= "\u03ff" or (base == "i" and mark == "\u0307")


def names_problem(names: list[str] | tuple[str, ...]) -> Line | None:
    """What is wrong with a list of names that were typed (a table document's players, a circle's): a name not in
    the form Talon keeps, or two names that are the same but for case or invisible characters."""
    seen: dict[str, int] = {}
    for number, name in enumerate(names, start=1):
        if tidy_name(name) != name:
            return Line(
                N_(
                    "name {number} holds invisible characters, spaces in a row or letters not composed "
                    "(NFC): write it as {tidy}"
                ),
                {"number": number, "tidy": show(tidy_name(name))},
            )
        key = name_key(name)
        if key in seen:
            return Line(
                N_(
                    "names {first} and {number} are the same name (capitals and invisible characters do "
                    "not tell players apart)"
                ),
                {"first": seen[key], "number": number},
            )
        seen[key] = number
    return None


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


# Numbers typed or written as text, read the one way everywhere (a form's field, a paste, a document's string, a
# command's option): ASCII digits and at most a leading sign (``-``, ``+`` or the true minus ``−`` the pages write),
# never what Python's ``int()`` and ``Fraction()`` also take: other scripts' digits (``١٢``, ``１２``), underscores
# (``1_0``), spaces inside, an exponent (``Fraction("1e9999999")`` first computes ten million digits).
WHOLE_TEXT = re.compile(r"[+\-\u2212]?[0-9]{1,15}")
NUMBER_TEXT = re.compile(r"[+\-\u2212]?(?:[0-9]{1,15}(?:\.[0-9]{0,15})?|\.[0-9]{1,15})(?:/[0-9]{1,15})?")


def read_whole(raw: Any) -> int:
    """A whole number: an int as it is, or text such as ``12``, ``-3``, ``−3`` (spaces around it allowed); a
    ValueError for anything else."""
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    if not isinstance(raw, str) or not WHOLE_TEXT.fullmatch(raw.strip()):
        raise ValueError(f"not a whole number: {str(raw)[:40]}")
    return int(raw.strip().replace("\u2212", "-"))


def read_number(text: str) -> Fraction:
    """A number written as text, read exactly: 2, 0.5, -1, 1/3 (ValueError or ZeroDivisionError otherwise)."""
    text = text.strip() if isinstance(text, str) else ""
    if not NUMBER_TEXT.fullmatch(text):
        raise ValueError(f"not a number: {text[:40]}")
    return Fraction(text.replace("\u2212", "-"))


def plain(value: Any) -> str:
    """An option's setting as a rules file writes it: true, false, half-up, 4."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (tuple, list, dict)):
        return "…"
    return str(value)


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


class Number(str):
    """A number inside an explanation: as text it is written the way the rules files write it (``+4``, ``−4``,
    ``40⅔``, ``4.6``), and it keeps its exact ``value`` (with ``plus``: a payout's sign, ``places``: decimals
    always shown) so that a page can write it the way the player's language does (``4,6``, ``−1 000``)."""

    value: int | Fraction
    plus: bool
    places: int | None

    def __new__(cls, value: int | Fraction, *, plus: bool = False, places: int | None = None) -> Number:
        text = written(value, plus=plus, places=places)
        number = super().__new__(cls, text)
        number.value, number.plus, number.places = value, plus, places
        return number


def number(value: int | Fraction, *, places: int | None = None) -> Number:
    """40⅔, −4, 4.6: a number inside an explanation (see ``Number``)."""
    return Number(value, places=places)


def signed(value: int | Fraction) -> Number:
    """+4, −4, 0: the way a score sheet writes a payout."""
    return Number(value, plus=True)


def scores_of(amounts: Any) -> Phrase:
    """``Anna +4, Cyril −4``: each player's amount, from (player, amount) pairs."""
    return Phrase(tuple(Line("{player} {score}", {"player": p, "score": signed(a)}) for p, a in amounts), ", ")


def names_and(names: Any) -> Line | str:
    """``Anna``, ``Anna and Cyril``, ``Bert, Cyril and Dana``: players named together, the last joined by the
    language's "and" (never "&", which a sentence does not say)."""
    names = tuple(names)
    if len(names) < 2:
        return "".join(names)
    return Line(N_("{names} and {last}"), {"names": ", ".join(names[:-1]), "last": names[-1]})


def fmt_number(value: int | Fraction) -> str:
    """Whole numbers as they are, thirds as ``40⅔``, tenths as ``4.6`` (never through a float): ``written``."""
    if type(value) is int:
        return str(value)
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else written(value)


MINUS = "\u2212"
GLYPHS = {(1, 3): "⅓", (2, 3): "⅔", (1, 6): "⅙", (5, 6): "⅚"}  # (the rest, the denominator): its glyph
MOST_PLACES = 6  # an exact decimal is written whole up to this many places (0.125)
ROUNDED_PLACES = 2  # a fraction no decimal writes exactly, nor a glyph: 4 5/12 is 4.42, as a price is written


def written(
    value: int | Fraction,
    *,
    plus: bool = False,
    places: int | None = None,
    decimal: str = ".",
    thousands: str = "",
    grouping: int = 0,
) -> str:
    """The one way Talon writes a number a player reads: the server's pages (games.lib.numbers, with the language's
    separators), the phone's (games.offline.phone, with the same separators) and the engines' own text (a point, no
    grouping). The true minus sign (and ``+`` with ``plus``); a whole number grouped by ``thousands`` every
    ``grouping`` digits; thirds and sixths as their glyphs (``40⅔``, ``1⅙``: place points shared by three, which no
    decimal writes exactly); any other fraction as its exact decimals (``0.3``, ``2.75``, up to six), else to two
    (``4.42`` for 4 5/12); with ``places``, always that many decimals (``4.0``); rounded half up."""
    value = Fraction(value)
    size = abs(value)
    whole, rest = divmod(size.numerator, size.denominator)
    glyph = GLYPHS.get((rest, size.denominator)) if places is None else None
    if places is None and glyph is None:
        places = next((p for p in range(MOST_PLACES + 1) if 10**p % size.denominator == 0), ROUNDED_PLACES)
    if glyph is None:
        scaled = int(size * 10**places + Fraction(1, 2))
        whole, glyph = divmod(scaled, 10**places)
        glyph = f"{decimal}{glyph:0{places}d}" if places else ""
        size = Fraction(scaled)  # what is written: a value that rounds to nothing has no sign
    sign = "" if not size else MINUS if value < 0 else "+" if plus else ""
    digits = str(whole) if whole or not glyph or glyph[0] == decimal else ""
    if thousands and grouping > 0:
        head, groups = digits, []
        while len(head) > grouping:
            head, groups = head[:-grouping], [head[-grouping:], *groups]
        digits = thousands.join([head, *groups])
    return sign + digits + glyph


# ---- the engine contract ----------------------------------------------------------------------


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


# ---- hands every game has: an adjustment, a closing (shared/formats/table-json.md) -------------------------

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


# ---- the base every engine builds on: hands every game has, the order of players, the defaults ---------------


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


HIGHER = "higher"  # a rank's direction: the higher value is better (chips, points won)
LOWER = "lower"  # the lower value is better (penalty points, a game's losses counted as marks)
TOTAL = "total"  # a rank read from the player's total; any other key names a mark of the engine's status


@dataclass(frozen=True)
class Rank:
    """One value a seat is ranked by, as data the shared code reads without knowing the game.

    ``key``: ``TOTAL`` (the player's total), or the kind of a mark in the engine's status (``Status.marks``),
    which a tournament's typed result then gives beside the totals under that same name; ``label``: its name for
    players (``N_``); ``better``: ``HIGHER`` or ``LOWER``; ``words``: how the rules page says it ("the highest
    total first")."""

    key: str
    label: str
    better: str = HIGHER
    words: str = ""


Ranking = tuple[Rank, ...]  # an engine's RANKING: the ranks in the order they decide, the first first

HIGHER_TOTAL: Ranking = (Rank(TOTAL, N_("total"), HIGHER, N_("the highest total first")),)
LOWER_TOTAL: Ranking = (Rank(TOTAL, N_("total"), LOWER, N_("the lowest total first (penalty points)")),)


def rank_values(
    ranking: Ranking, name: str, totals: Mapping[str, int], status: Mapping[str, Any] | None = None
) -> tuple[int, ...]:
    """``name``'s value under each rank of ``ranking``, as players read them: the total, or a mark (0 if none)."""
    marks = (status or {}).get("marks") or {}
    return tuple(
        totals.get(name, 0) if rank.key == TOTAL else (marks.get(name) or {}).get(rank.key, 0) for rank in ranking
    )


def rank_key(ranking: Ranking, name: str, totals: Mapping[str, int], status: Mapping[str, Any] | None = None) -> tuple:
    """What ``name`` is placed by under ``ranking``: the smaller, the better (everything sorts by it)."""
    values = rank_values(ranking, name, totals, status)
    return tuple(value if rank.better == LOWER else -value for rank, value in zip(ranking, values))


def ranked(ranking: Ranking, totals: Mapping[str, int], status: Mapping[str, Any] | None = None) -> list[str]:
    """The players best first under ``ranking``; players level keep their seating order."""
    return sorted(totals, key=lambda name: rank_key(ranking, name, totals, status))


def best(ranking: Ranking, totals: Mapping[str, int], status: Mapping[str, Any] | None = None) -> list[str]:
    """The players level at the top under ``ranking`` (seating order); none for no players."""
    if not totals:
        return []
    top = min(rank_key(ranking, name, totals, status) for name in totals)
    return [name for name in totals if rank_key(ranking, name, totals, status) == top]


def lower_total_is_better(ranking: Ranking) -> bool:
    """Whether a lower total is the better one under ``ranking`` (penalty points)."""
    return any(rank.key == TOTAL and rank.better == LOWER for rank in ranking)


def total_key(ranking: Ranking, total: int) -> int:
    """A total as a sort key, the better first (statistics and rankings, where only totals are known)."""
    return total if lower_total_is_better(ranking) else -total


def marks_ranked(ranking: Ranking) -> Ranking:
    """The ranks read from the status's marks, not the totals: what a typed result gives beside its totals."""
    return tuple(rank for rank in ranking if rank.key != TOTAL)


def ranking_words(ranking: Ranking, gettext: Callable[[str], str] = lambda text: text) -> str:
    """Who is ahead, in words for players: each rank's words in their order."""
    return ", ".join(gettext(rank.words) for rank in ranking if rank.words)


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
    """An engine's ``play``: the base plays the hands every game has, ``play_hand`` the game's own hands.

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


def no_summary(state: Any) -> dict[str, Any]:
    """The default: ``manage.py settle`` adds nothing to the totals."""
    return {}


def no_milestone(before: Any, after: Any) -> Line | None:
    """The default: a hand ends nothing beyond itself that its row would need to say."""
    return None


def no_winners(totals: Mapping[str, int], status: Mapping[str, Any]) -> list[str]:
    """The default for a game without an end of its own: nobody has won until the players say so."""
    return []


def settlement_by(ranking: Ranking) -> Callable[[Mapping[str, int], Mapping[str, Any]], dict[str, int]]:
    """The default settlement of a game ranked by ``ranking``: what each player wins (+) or pays (−), in the unit
    settle-up prices, read from the first rank: the totals; turned round where the lower is better (penalty
    points, or marks a player loses by, are paid for)."""
    first = ranking[0]

    def settlement(totals: Mapping[str, int], status: Mapping[str, Any]) -> dict[str, int]:
        values = {name: rank_values((first,), name, totals, status)[0] for name in totals}
        return {name: -value for name, value in values.items()} if first.better == LOWER else values

    settlement.__doc__ = f"What settle-up counts under the rank {first.key!r} ({first.better} is better)."
    return settlement
