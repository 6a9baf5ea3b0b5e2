"""Each game's web side: its hand form, its quick entries and what its pages show, one package per game.

``games.registry`` names each game's web module; the module's ``WEB`` says what the shared views and templates
need. A game's templates live in ``templates/games/<game>/``:

- ``fields.html``: the hand form's fields (recording, editing, the rules page's calculator);
- ``table.html``: what the table page shows under the totals (a Bummerl sheet, the round, a first-hand note);
- ``rules.html``: the rules page's own sections, as partials ``toc``, ``sections`` and ``sources``;
- ``quick.html``: a quick entry on the table page, when ``quick_entry`` is set;
- ``marks.html``: a player's marks beside their total (radelci, Bummerl), when ``marks_template`` names it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class GameWeb:
    hand_form: type
    templates: str  # the folder of its templates, e.g. "games/czech_taroky"
    record_label: str | Promise = _("Record a hand")
    save_label: str | Promise = _("Save hand")  # the hand form's Save, in the same words as record_label
    not_saved: str | Promise = _("The hand was not saved. Fix what is marked:")
    round_key: str = ""  # the engine state's count of rounds in the game: the list of hands numbers the rounds by it
    # (a penalty is no round and has no number); empty: the hands are numbered one after another
    quick_entry: bool = False  # the table page offers the hand form's quick entry (templates/…/quick.html)
    seating_help: str | Promise = ""  # said under the names of a new table
    leader_label: str | Promise = ""  # statistics: who leads a hand ("As povinnost"); empty: no declarer stats
    contra_label: str | Promise = ""  # statistics: hands with contra won
    calculator_players: int = 4  # how many players the rules page's calculator starts with
    calculator_initial: dict[str, Any] = field(default_factory=dict)
    new_hand_initial: Callable[[dict[str, Any]], dict[str, Any]] = lambda summary: {}
    rules_context: Callable[[], dict[str, Any]] = dict  # what its rules page's sections show
    penalty_label: str | Promise = _("Who is penalised")  # the penalty form's question
    carry_radelci: bool = False  # carrying totals over from paper takes each player's radelci too
    calculator_template: str = ""  # more for the rules page's calculator (a radelc the declarer holds)
    calculator_state: Callable[[Any, Any, Any], Any] = lambda data, hand, state: state  # the state it sets up
    marks_template: str = ""  # how a player's marks look beside their total (``marks``: the status's, by kind)
    leader_badge: str | Promise = ""  # the badge of who leads the next hand ("povinnost"); empty: none shown

    @property
    def fields_template(self) -> str:
        return f"{self.templates}/fields.html"

    @property
    def table_template(self) -> str:
        return f"{self.templates}/table.html"

    @property
    def rules_template(self) -> str:
        return f"{self.templates}/rules.html"

    @property
    def quick_template(self) -> str:
        return f"{self.templates}/quick.html"
