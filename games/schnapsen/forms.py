"""A Schnapsen hand: quick entry (winner, then 1, 2 or 3) or guided entry (how the hand ended)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.lib.forms import WholeNumberField
from games.web.forms import HandForm, TapChoice, WideTaps

from . import engine as sn
from . import entry

ENDING_CHOICES = [(e, sn.ENDING_NAMES[e]) for e in sn.ENDINGS]
SCHNAPSEN_ERRORS = {
    "winner": "winner",
    "game_points": "game_points",
    "ending": "ending",
    "by": "by",
    "other_points": "other_points",
    "other_had_trick": "other_had_trick",
}


class SchnapsenHandForm(HandForm):
    """Quick entry (winner, then 1, 2 or 3) or guided entry (how the hand ended), which the engine scores."""

    engine = sn
    error_fields = SCHNAPSEN_ERRORS
    prompts = {
        "winner": _("Tap who won."),
        "game_points": _("Tap 1, 2 or 3 (or work it out below)."),
        "ending": _("Tap how the hand ended."),
        "by": _("Tap who declared, closed or took the last trick."),
        "other_points": _("Enter the other player's points at that moment."),
        "other_had_trick": _("Tap whether the other player had a trick then."),
    }
    winner = forms.ChoiceField(label=_("Who won the hand?"), required=False, widget=TapChoice)
    game_points = forms.TypedChoiceField(
        label=_("Game points"), choices=[(1, "1"), (2, "2"), (3, "3")], coerce=int, required=False, empty_value=None
    )
    ending = forms.ChoiceField(label=_("How did the hand end?"), required=False, widget=WideTaps())
    by = forms.ChoiceField(label=_("Who declared, closed or took the last trick?"), required=False, widget=TapChoice)
    other_points = WholeNumberField(
        label=_("The other player's points at that moment"),
        required=False,
        min_value=0,
        max_value=sn.MAX_POINTS,
        help_text=_("For a closed talon: at the moment of closing."),
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "points-input"}),
    )
    other_had_trick = forms.ChoiceField(
        label=_("Did the other player have a trick then?"),
        required=False,
        choices=[("yes", _("yes")), ("no", _("no trick"))],
        widget=TapChoice,
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        names = [(p, p) for p in self.players]
        self.fields["winner"].choices = names
        self.fields["by"].choices = names
        self.fields["ending"].choices = [
            (e, gettext(label)) for e, label in ENDING_CHOICES if e != "draw" or self.table_rules.deck == 24
        ]
        # What each ending asks for (KR2): the other player's points and whether they had a trick (a marriage
        # melded without a trick does not count, KR1), or only the trick; a draw asks nothing.
        self.fields["ending"].widget.option_attrs = {
            e: {"data-shows": "other-points trick" if e in sn.NEEDS_OTHER_POINTS else "trick" if e != "draw" else ""}
            for e in sn.ENDINGS
        }

    def to_data(self) -> dict[str, Any]:
        return entry.to_data(self.cleaned_data, self.players, self.table_rules)

    @staticmethod
    def initial_from(data: dict[str, Any], players: list[str]) -> dict[str, Any]:
        if "winner" in data:
            return {"winner": data["winner"], "game_points": data["game_points"]}
        return {
            "ending": data["ending"],
            "by": data["by"],
            "other_points": data.get("other_points"),
            "other_had_trick": "yes" if data["other_had_trick"] else "no",
        }
