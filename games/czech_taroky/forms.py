"""A Czech Taroky hand: povinnost, team or prever, points (or the card counter), contra, valat, the I on the end,
point cards."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.lib.forms import WholeNumberField
from games.web.forms import HandForm, TapChoice, WideTaps

from . import engine as ct
from . import entry

MODE_CHOICES = [("team", _("Team (2 v 2)")), ("prever", _("Prever (1 v 3)"))]
TALON_CHOICES = [("1", _("kept the first three ×1")), ("2", _("took the second three ×2")), ("3", _("went back up ×4"))]
CONTRA_CHOICES = [("0", _("none")), ("1", _("contra ×2")), ("2", _("rhea ×4")), ("3", _("supra ×8"))]
SIDE_CHOICES = [("", _("none")), ("declarers", _("declarer side")), ("defenders", _("defenders"))]
TRUMP_CHOICES = [
    ("", "—"),
    ("uni", _("uni 4")),
    ("bida", _("bida 2")),
    ("little-ones", _("little ones 2")),
    ("big-ones", _("big ones 4")),
]
HONOUR_CHOICES = [
    ("", "—"),
    ("honery", _("honery 2")),
    ("rosa-honery", _("rosa-honery 4")),
    ("rosa-honery-plus", _("rosa-honery plus 6")),
]

# Engine field (first part) -> form field that shows its error.
ERROR_FIELDS = {
    "povinnost": "povinnost",
    "mode": "mode",
    "partner": "partner",
    "called": "called",
    "prever": "prever",
    "talon": "talon",
    "points": "points",
    "contra": "contra",
    "valat": "valat_side",
    "pagat": "pagat_side",
    "declarations": "declarations",
}


class CzechHandForm(HandForm):
    engine = ct
    error_fields = ERROR_FIELDS
    prompts = {
        "povinnost": _("Tap who is povinnost (at the first hand: who was dealt the II)."),
        "partner": _("Tap who held the called tarok (povinnost herself if she held it)."),
        "prever": _("Tap who played prever."),
        "points": _("Enter the declarer side's card points, or count the cards."),
    }
    povinnost = forms.ChoiceField(label=_("Povinnost"), widget=TapChoice)
    mode = forms.ChoiceField(label=_("Game"), choices=MODE_CHOICES, initial="team", widget=WideTaps())
    partner = forms.ChoiceField(
        label=_("Partner: who held the called tarok"),
        required=False,
        widget=TapChoice,
        help_text=_("Tap povinnost herself if she held it: she plays alone."),
    )
    called = forms.ChoiceField(
        label=_("Called tarok"),
        choices=[(c, c) for c in ct.CALLED_TAROKS],
        initial="XIX",
        required=False,
        widget=TapChoice,
    )
    prever = forms.ChoiceField(label=_("Prever: who played alone"), required=False, widget=TapChoice)
    talon = forms.ChoiceField(
        label=_("Prever talon"), choices=TALON_CHOICES, initial="1", required=False, widget=WideTaps()
    )
    points = WholeNumberField(
        label=_("Card points of the declarer side"),
        required=False,
        min_value=0,
        max_value=ct.TOTAL_POINTS,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "points-input"}),
    )
    contra = forms.ChoiceField(label=_("Contra"), choices=CONTRA_CHOICES, initial="0", widget=WideTaps())
    valat_side = forms.ChoiceField(
        label=_("Valat (all twelve tricks)"), choices=SIDE_CHOICES, required=False, widget=WideTaps()
    )
    valat_announced = forms.BooleanField(label=_("announced"), required=False)
    valat_made = forms.BooleanField(label=_("made"), required=False, initial=True)
    pagat_side = forms.ChoiceField(
        label=_("I on the end (Pagát ultimo)"), choices=SIDE_CHOICES, required=False, widget=WideTaps()
    )
    pagat_announced = forms.BooleanField(label=_("announced"), required=False)
    pagat_made = forms.BooleanField(label=_("made"), required=False, initial=True)
    # carries the point cards' errors
    declarations = forms.CharField(label=_("Point cards"), required=False, widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        names = [(p, p) for p in self.players]
        for name in ("povinnost", "partner", "prever"):
            self.fields[name].choices = names
        self.fields["mode"].widget.option_attrs = {mode: {"data-shows": mode} for mode, _label in MODE_CHOICES}
        for i, p in enumerate(self.players):
            self.fields[f"trumps_{i}"] = forms.ChoiceField(
                label=p,
                choices=TRUMP_CHOICES,
                required=False,
                widget=forms.Select(attrs={"aria-label": _("%(player)s: taroks") % {"player": p}}),
            )
            self.fields[f"honours_{i}"] = forms.ChoiceField(
                label=p,
                choices=HONOUR_CHOICES,
                required=False,
                widget=forms.Select(attrs={"aria-label": _("%(player)s: honours") % {"player": p}}),
            )
            self.fields[f"trul_{i}"] = forms.BooleanField(label=_("trul 2"), required=False)
        self.add_counter_fields()

    # -- what the template iterates
    def declaration_rows(self):
        return [(p, self[f"trumps_{i}"], self[f"honours_{i}"], self[f"trul_{i}"]) for i, p in enumerate(self.players)]

    # -- from the form to the table document and back
    def complete(self, cleaned):
        if cleaned.get("points") is None and "points" not in self.errors:
            counted = self.counted() if not any(k.startswith("count_") for k in self.errors) else None
            if counted is not None:
                cleaned["points"] = counted

    def to_data(self) -> dict[str, Any]:
        return entry.to_data(self.cleaned_data, self.players, self.table_rules)

    @staticmethod
    def initial_from(data: dict[str, Any], players: list[str]) -> dict[str, Any]:
        initial: dict[str, Any] = {
            "povinnost": data.get("povinnost"),
            "mode": data.get("mode", "team"),
            "partner": data.get("partner"),
            "called": data.get("called", "XIX"),
            "prever": data.get("prever"),
            "talon": str(data.get("talon", 1)),
            "points": data.get("points"),
            "contra": str(data.get("contra", 0)),
        }
        for name in ("valat", "pagat"):
            if data.get(name):
                initial[f"{name}_side"] = data[name]["side"]
                initial[f"{name}_announced"] = data[name]["announced"]
                initial[f"{name}_made"] = data[name]["made"]
        for d in data.get("declarations", []):
            i = players.index(d["player"])
            group = ct.POINT_CARDS[d["kind"]][0]
            if group == "trul":
                initial[f"trul_{i}"] = True
            else:
                initial[f"{group}_{i}"] = d["kind"]
        return initial
