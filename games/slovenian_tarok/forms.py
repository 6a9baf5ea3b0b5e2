"""A Slovenian Tarok hand: the contract, declarer and partner, points in thirds (or the card counter), the result,
kontra, bonuses as toggles, the lost Mond; in klop every player's points."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.lib.forms import WholeNumberField
from games.web.forms import HandForm, TapChoice, WideTaps

from . import engine as st
from . import entry

THIRD_CHOICES = [("0", "—"), ("1", "⅓"), ("2", "⅔")]
KONTRA_CHOICES = [
    ("0", _("none")),
    ("1", _("kontra ×2")),
    ("2", _("rekontra ×4")),
    ("3", _("subkontra ×8")),
    ("4", _("mordkontra ×16")),
]
BONUS_STATES = [
    ("", "—"),
    ("made", _("made, unannounced")),
    ("announced-made", _("announced, made")),
    ("announced-failed", _("announced, failed")),
    ("failed", _("lost in the last trick")),
]
BONUS_SIDES = [("declarers", _("declarers")), ("defenders", _("defenders"))]
SLOVENIAN_ERRORS = {
    "contract": "contract",
    "declarer": "declarer",
    "partner": "partner",
    "points": "points_whole",
    "won": "won",
    "kontra": "kontra",
    "bonuses": "bonuses",
    "mond_lost_by": "mond_lost_by",
    "klop": "klop",
}


class SlovenianHandForm(HandForm):
    engine = st
    error_fields = SLOVENIAN_ERRORS
    prompts = {
        "contract": _("Tap the contract."),
        "declarer": _("Tap who played."),
        "points_whole": _("Enter the declarer side's card points, or count the cards."),
        "won": _("Tap whether it was made."),
    }
    contract = forms.ChoiceField(label=_("Contract"), widget=WideTaps())
    declarer = forms.ChoiceField(label=_("Declarer"), required=False, widget=TapChoice)
    partner = forms.ChoiceField(label=_("Partner: holder of the called king"), required=False, widget=TapChoice)
    points_whole = WholeNumberField(
        label=_("Card points of the declarer side"),
        required=False,
        min_value=0,
        max_value=int(st.TOTAL),
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "points-input"}),
    )
    points_third = forms.ChoiceField(
        label=_("and thirds"), choices=THIRD_CHOICES, initial="0", required=False, widget=TapChoice
    )
    won = forms.ChoiceField(
        label=_("Result"), choices=[("yes", _("made")), ("no", _("failed"))], required=False, widget=WideTaps()
    )
    kontra = forms.ChoiceField(
        label=_("Kontra on the game"), choices=KONTRA_CHOICES, initial="0", required=False, widget=WideTaps()
    )
    mond_lost_by = forms.ChoiceField(label=_("Mond (21) lost to the other side by"), required=False, widget=TapChoice)
    # carries the bonuses' errors
    bonuses = forms.CharField(label=_("Bonuses"), required=False, widget=forms.HiddenInput)
    # carries the klop's errors
    klop = forms.CharField(label=_("Klop"), required=False, widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        four = len(self.players) == 4
        values = st.CONTRACT_VALUES_4 if four else st.CONTRACT_VALUES_3
        self.fields["contract"].choices = [
            (c, f"{gettext(st.CONTRACT_NAMES[c])} {v}" if v else gettext(st.CONTRACT_NAMES[c]))
            for c, v in values.items()
        ]
        self.fields["contract"].widget.option_attrs = {c: {"data-shows": " ".join(self.shows(c))} for c in values}
        names = [(p, p) for p in self.players]
        self.fields["declarer"].choices = names
        self.fields["partner"].choices = [("", _("alone"))] + names
        self.fields["mond_lost_by"].choices = [("", _("nobody"))] + names
        self.bonus_kinds = entry.bonus_kinds(self.players)
        for kind in self.bonus_kinds:
            states = BONUS_STATES if kind in st.CAN_FAIL_UNANNOUNCED else BONUS_STATES[:4]
            self.fields[f"bonus_{kind}"] = forms.ChoiceField(
                label=gettext(st.BONUS_NAMES[kind]), choices=states, required=False, widget=WideTaps()
            )
            self.fields[f"bonus_{kind}_side"] = forms.ChoiceField(
                label=_("by"), choices=BONUS_SIDES, initial="declarers", required=False, widget=TapChoice
            )
            self.fields[f"bonus_{kind}_kontra"] = forms.ChoiceField(
                label=_("kontra"), choices=KONTRA_CHOICES, initial="0", required=False
            )
        for i, p in enumerate(self.players):
            self.fields[f"klop_{i}"] = WholeNumberField(
                label=p,
                required=False,
                min_value=0,
                max_value=int(st.TOTAL),
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            )
            self.fields[f"klop_{i}_third"] = forms.ChoiceField(
                label=_("thirds"), choices=THIRD_CHOICES, initial="0", required=False
            )
        self.add_counter_fields()

    def shows(self, contract: str) -> list[str]:
        """The parts of the form a contract needs, from the engine's contract sets."""
        return [
            word
            for word, contracts in (
                ("points", st.WITH_POINTS),
                ("won", st.WITH_WON),
                ("partner", st.CALLS_KING),
                ("bonuses", st.WITH_DIFFERENCE),
                ("each-points", {"klop"}),
            )
            if contract in contracts
        ] or ["nothing"]

    def bonus_rows(self):
        return [(self[f"bonus_{k}"], self[f"bonus_{k}_side"], self[f"bonus_{k}_kontra"]) for k in self.bonus_kinds]

    def klop_rows(self):
        return [(p, self[f"klop_{i}"], self[f"klop_{i}_third"]) for i, p in enumerate(self.players)]

    def complete(self, cleaned):
        self.points_in_thirds_from_counter(cleaned)

    def to_data(self) -> dict[str, Any]:
        return entry.to_data(self.cleaned_data, self.players, self.table_rules)

    @staticmethod
    def initial_from(data: dict[str, Any], players: list[str]) -> dict[str, Any]:
        initial: dict[str, Any] = {
            "contract": data["contract"],
            "declarer": data.get("declarer"),
            "partner": data.get("partner") or "",
            "kontra": str(data.get("kontra", 0)),
            "mond_lost_by": data.get("mond_lost_by") or "",
        }
        if "points" in data:
            points = st.parse_points(data["points"], "points")
            initial["points_whole"], rest = divmod(points * 3, 3)
            initial["points_whole"], initial["points_third"] = int(initial["points_whole"]), str(int(rest))
        if "won" in data:
            initial["won"] = "yes" if data["won"] else "no"
        for bonus in data.get("bonuses", []):
            state = ("announced-" if bonus["announced"] else "") + ("made" if bonus["made"] else "failed")
            initial[f"bonus_{bonus['kind']}"] = state
            initial[f"bonus_{bonus['kind']}_side"] = bonus["side"]
            initial[f"bonus_{bonus['kind']}_kontra"] = str(bonus.get("kontra", 0))
        for i, p in enumerate(players):
            if p in data.get("klop", {}):
                value = st.parse_points(data["klop"][p], "klop")
                initial[f"klop_{i}"], initial[f"klop_{i}_third"] = int(value), str(int((value - int(value)) * 3))
        return initial
