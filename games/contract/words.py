"""What an engine says: text marked for translation, explanation lines and phrases, a hand's result, and the
invalid-hand error a player reads.

Text meant for players is marked with ``N_`` so that Django's ``makemessages --keyword=N_`` collects it; the engine
itself renders it in English, and the web layer renders the same lines through ``gettext``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


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


def plain(value: Any) -> str:
    """An option's setting as a rules file writes it: true, false, half-up, 4."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (tuple, list, dict)):
        return "…"
    return str(value)


def names_and(names: Any) -> Line | str:
    """``Anna``, ``Anna and Cyril``, ``Bert, Cyril and Dana``: players named together, the last joined by the
    language's "and" (never "&", which a sentence does not say)."""
    names = tuple(names)
    if len(names) < 2:
        return "".join(names)
    return Line(N_("{names} and {last}"), {"names": ", ".join(names[:-1]), "last": names[-1]})
