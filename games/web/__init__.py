"""What a game's web side says to the shared pages: its hand form, its quick entries and what its pages show.

``games.registry`` names each game's web module (``games/<game>/web.py``, in the game's folder); the module's ``WEB``
says what the shared views and templates need. A game's templates live in its folder, under
``games/<game>/templates/games/<game>/`` (found through the registry: scorekeeper/game_files.py):

- ``fields.html``: the hand form's fields (recording, editing, the rules page's calculator);
- ``table.html``: what the table page shows under the totals (a sheet of the game under way, the round, a note);
- ``rules.html``: the rules page's own sections, as partials ``toc``, ``sections`` and ``sources``;
- ``quick.html``: a quick entry on the table page, when ``quick_entry`` is set;
- ``marks.html``: a player's marks beside their total, when ``marks_template`` names it.

Its own look, if it needs one, is a stylesheet of its own, ``games/<game>/static/css/games/<game>.css``
(``stylesheet``), linked on every page after talon.css: the shared stylesheet draws nothing of a game.

A phone without signal cannot render templates: ``marks`` says the same as data (``Mark``), and ``look()`` gives the
phone everything game-specific it draws (static/js/offline/ names no game). The game's ``table.html`` marks what
the phone refreshes under the totals with ``data-mark="<kind>" data-player="<seat>"`` (a number is written, a list
of numbers drawn as a tally struck off one after another, after ``data-start``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.contract.words import N_

CIRCLES = "circles"  # one circle per mark, those of ``used`` crossed off first; more than ``few``: a circle and ×count
BADGE = "badge"  # a quiet badge, ``label`` with the count, when the count is not 0
COUNTED = 100  # a badge's words are given to the phone for the counts up to this (more: ``label``)


@dataclass(frozen=True)
class Mark:
    """How one kind of a player's marks (``Status.marks``) looks beside their total: what the game's marks.html
    draws on the server, as data the phone draws the same way."""

    kind: str  # the status's mark: one of the keys of its engine's ``Status.marks``
    look: str  # CIRCLES or BADGE
    label: str | Promise  # with {count}: a badge's text, the circles' spoken label
    used: str = ""  # CIRCLES: the kind counted as crossed off ("<kind>_used")
    few: int = 5  # CIRCLES: up to this many in all are drawn one by one
    classes: tuple[str, str, str] = ("marks", "mark", "marks-count")  # CIRCLES: the CSS classes of the box, of a
    # circle (with "used" when crossed off) and of a count, as its marks.html writes them
    counted: Promise | None = None  # BADGE: the badge's words as marks.html writes them, in the plural the count
    # takes (ngettext_lazy with %(counter)s): the phone is given them for the counts a table reaches
    on_paper: str | Promise = ""  # its line on the score sheet and the CSV ("… held"); "" for a ranked mark,
    # which those give already
    used_on_paper: str | Promise = ""  # CIRCLES: the line of the crossed-off ones ("… crossed off")

    def as_json(self) -> dict[str, Any]:
        labels = [str(self.counted % {"counter": n}) for n in range(COUNTED)] if self.counted is not None else []
        return {
            "kind": self.kind,
            "look": self.look,
            "label": str(self.label),
            "used": self.used,
            "few": self.few,
            "classes": list(self.classes),
            "labels": labels,
        }


@dataclass(frozen=True)
class Games:
    """An evening of games, each of its rounds (Two Ten Jack): what the game's table.html writes above the list, as
    data the phone writes the same way: "Game 2 · Round 1 of 3" from the game's number in the status (``key``),
    and, from the second game on, each player's games won (the mark ``won``) after ``won_label``."""

    key: str  # the status's number of the game under way
    label: str | Promise  # with {number}: "Game {number}"
    won: str  # the mark kind that counts each player's games won
    won_label: str | Promise  # "Games won this evening:"

    def as_json(self) -> dict[str, Any]:
        return {"key": self.key, "label": str(self.label), "won": self.won, "won_label": str(self.won_label)}


@dataclass(frozen=True)
class AdjustmentField:
    """A whole number per player that the game's adjustments carry beyond the amounts (a mark given or crossed
    off): how the shared penalty and carry-over forms ask for it, and the key it is written under in the
    adjustment's data (the table document's ``"<key>": {player: number}``)."""

    key: str  # the adjustment data's key; the penalty form's field, the carry-over form's ``<key>_<seat>``
    label: str | Promise  # the penalty form's label: "<Marks> to add"
    help: str | Promise  # the penalty form's help: what 1 and −1 do
    carry_label: str | Promise  # the carry-over field's label, with %(player)s: "%(player)s: <marks>"
    carry_short: str | Promise  # its short label beside the player's total: "<marks>"
    missing: str | Promise  # the penalty form's answer when neither an amount nor this is written
    low: int = -20  # the penalty form's bounds: given (+) or crossed off (−) in one penalty
    high: int = 20
    carry_low: int = 0  # the carry-over form's bounds: what a paper sheet can hold
    carry_high: int = 100


def points(count: int) -> str:
    return ngettext("%(count)s point", "%(count)s points", count)


@dataclass(frozen=True)
class SettleWords:
    """What settle-up counts (the engine's ``SETTLE_UNIT``, a point unless the game says otherwise), in the pages'
    words: the price's field on the house rules, the price with its unit ("2,00 € per point"), and a payment's count
    of it ("24 points × 2,00 €": ``count(n)``, the words in the plural ``n`` takes, with ``%(count)s``)."""

    price_label: str | Promise = _("Price per point (optional)")
    price_per: str | Promise = _("%(price)s per point")
    count: Callable[[int], str] = points
    price_wanted: str | Promise = _("a price per point")  # the end of the evening's "Enter … in Settings"


POINTS = SettleWords()


# The history's line for each change of a hand, with {number}: its number among the game's hands then.
HAND_HISTORY = {
    "recorded": N_("Hand {number} recorded: {what}"),
    "edited": N_("Hand {number} changed: {before} → {after}"),
    "deleted": N_("Hand {number} deleted: {what}"),
    "restored": N_("Hand {number} restored: {what}"),
    "listed": N_("Hand {number}: {what}"),  # the history's list of deleted hands, by the number each had then
}


def _hand_number(number: int, players: int) -> dict[str, int]:
    return {"number": number}


@dataclass(frozen=True)
class HandWords:
    """What the pages call one of the game's deals where they say it with a verb or on the chart: a hand, or a
    round (Two Ten Jack), so that Save, its message, the edit page and the chart say one word."""

    recorded: str | Promise = _("Hand recorded.")
    changed: str | Promise = _("Hand %(number)s changed; every later hand was recomputed.")
    deleted: str | Promise = _("Hand deleted. You can undo it.")
    edit: str | Promise = _("Edit hand %(number)s")
    axis: str | Promise = _("hand")  # the chart's axis: "hand 12"
    chart: str | Promise = _("Running totals, hand by hand")  # the chart's label for a screen reader
    edit_this: str | Promise = _("Edit this hand")  # its own page's buttons and link
    delete_this: str | Promise = _("Delete this hand")
    other_rules: str | Promise = _("What would other rules pay for this hand?")
    fill_in: str | Promise = _("Fill in the hand: the payout and its explanation appear here.")  # the form's preview
    listed: str | Promise = _("Hands")  # the heading of the table page's list and of the page of all of them
    none_yet: str | Promise = _("No hands yet.")  # the list and the score sheet before the first
    played: str | Promise = _("Hands played")  # a player's count in the circle's statistics
    # the history's lines (HAND_HISTORY's kinds, msgids with {what}, {before}, {after}) and what names the hand in
    # them, from its number among the game's hands when the change was made and the number of players
    history: Mapping[str, str] = field(default_factory=lambda: HAND_HISTORY)
    place: Callable[[int, int], dict[str, int]] = _hand_number


ROUND_WORDS = HandWords(
    recorded=_("Round recorded."),
    changed=_("Round %(number)s changed; every later round was recomputed."),
    deleted=_("Round deleted. You can undo it."),
    edit=_("Edit round %(number)s"),
    axis=_("round"),
    chart=_("Running totals, round by round"),
    edit_this=_("Edit this round"),
    delete_this=_("Delete this round"),
    other_rules=_("What would other rules pay for this round?"),
    fill_in=_("Fill in the round: the payout and its explanation appear here."),
    listed=_("Rounds"),
    none_yet=_("No rounds yet."),
    played=_("Rounds played"),
)


@dataclass(frozen=True)
class GameWeb:
    hand_form: type
    templates: str  # the folder of its templates, e.g. "games/czech_taroky"
    form_templates: str = ""  # the folder of its hand form's fields.html and quick.html when games share them
    # (the Schnapsen family's, "games/schnapsen_family", in that package's templates/); empty: ``templates``
    record_label: str | Promise = _("Record a hand")
    save_label: str | Promise = _("Save hand")  # the hand form's Save, in the same words as record_label
    not_saved: str | Promise = _("The hand was not saved. Fix what is marked:")
    words: HandWords = HandWords()  # a hand or a round, where the pages name one
    settle: SettleWords = POINTS  # what settle-up counts, in words: its engine's SETTLE_UNIT
    round_key: str = ""  # the engine state's count of rounds in the game: the list of hands numbers the rounds by it
    # (a penalty is no round and has no number); empty: the hands are numbered one after another
    quick_entry: bool = False  # the table page offers the hand form's quick entry (templates/…/quick.html)
    seating_help: str | Promise = ""  # said under the names of a new table
    leader_label: str | Promise = ""  # statistics: who leads a hand ("As declarer"); empty: no declarer stats
    contra_label: str | Promise = ""  # statistics: hands with contra won
    calculator_players: int = 4  # how many players the rules page's calculator starts with
    calculator_initial: dict[str, Any] = field(default_factory=dict)
    new_hand_initial: Callable[[dict[str, Any]], dict[str, Any]] = lambda summary: {}
    rules_context: Callable[[], dict[str, Any]] = dict  # what its rules page's sections show
    penalty_label: str | Promise = _("Who is penalised")  # the penalty form's question
    penalty_out: Callable[[dict[str, Any]], tuple[str, ...]] = lambda summary: ()  # who takes no part in the hand
    # under way, so neither pays nor is paid a penalty in it (at five, Königrufen's dealer), from the table's status
    adjustment_fields: tuple[AdjustmentField, ...] = ()  # what a penalty and a carry-over take beyond the amounts
    calculator_template: str = ""  # more for the rules page's calculator (a mark the declarer holds)
    calculator_state: Callable[[Any, Any, Any], Any] = lambda data, hand, state: state  # the state it sets up
    marks_template: str = ""  # how a player's marks look beside their total (``marks``: the status's, by kind)
    leader_badge: str | Promise = ""  # the badge of who leads the next hand, in the game's word; empty: none shown
    leader_field: str = ""  # the hand form's field that takes who leads the next hand; empty: none
    marks: tuple[Mark, ...] = ()  # how its marks look beside a total, as data for the phone (as marks_template)
    stylesheet: str = ""  # its own look (css/games/<game>.css in its folder's static/, as {% static %} names it)
    games: Games | None = None  # an evening of games (Two Ten Jack): the round's line and the games won, as data

    def look(self) -> dict[str, Any]:
        """What the phone draws of this game's status, in the player's language: its marks, who leads, and the games
        of an evening."""
        return {
            "marks": [mark.as_json() for mark in self.marks],
            "leader_badge": str(self.leader_badge),
            "leader_field": self.leader_field,
            "games": self.games.as_json() if self.games else None,
        }

    @property
    def fields_template(self) -> str:
        return f"{self.form_templates or self.templates}/fields.html"

    @property
    def table_template(self) -> str:
        return f"{self.templates}/table.html"

    @property
    def rules_template(self) -> str:
        return f"{self.templates}/rules.html"

    @property
    def quick_template(self) -> str:
        return f"{self.form_templates or self.templates}/quick.html"
