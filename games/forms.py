"""Forms turn taps into a hand of the table document; the engine decides what is valid.

A form's ``to_data()`` gives the hand's object in shared/formats/table-json.md (defaults left out), and
``show_engine_error`` puts the engine's InvalidHand next to the field it names, in the player's language.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .engines import czech_taroky as ct
from .engines.base import InvalidHand
from .engines.table import ENGINES, InvalidTable


class TapChoice(forms.RadioSelect):
    """Radio buttons drawn as large tap targets (see static/css/talon.css .taps)."""

    template_name = "games/widgets/taps.html"
    option_template_name = "games/widgets/tap.html"


# ---- a new table ------------------------------------------------------------------------------

def _rule_choices(values: tuple[Any, ...]) -> list[tuple[str, str]]:
    labels = {True: _("yes"), False: _("no"), "half-up": _("half up"), "up": _("always up"),
              "loss": _("only when prever loses"), "always": _("always")}
    return [(_encode(v), labels.get(v, str(v))) for v in values]


def _encode(value: Any) -> str:
    return "true" if value is True else "false" if value is False else str(value)


def _decode(text: str, options: tuple[Any, ...]) -> Any:
    for option in options:
        if _encode(option) == text:
            return option
    return options[0]


class NewTableForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"), choices=[("czech-taroky", _("Czech Taroky"))],
                             initial="czech-taroky", widget=TapChoice)
    name = forms.CharField(label=_("Name of the evening (optional)"), max_length=80, required=False)
    player_1 = forms.CharField(label=_("Player 1"), max_length=40)
    player_2 = forms.CharField(label=_("Player 2"), max_length=40)
    player_3 = forms.CharField(label=_("Player 3"), max_length=40)
    player_4 = forms.CharField(label=_("Player 4"), max_length=40)

    RULE_LABELS = {
        "step_factor": _("Step factor ×2 / ×3"),
        "rounding": _("Rounding of the tenth"),
        "prever_talon_multiplier": _("Prever talon multiplier"),
        "pagat_inside_multipliers": _("I on the end inside the multipliers"),
        "contra_on_valat": _("Contra on valat"),
    }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for key, options in ct.RULE_OPTIONS.items():
            self.fields[f"rule_{key}"] = forms.ChoiceField(
                label=self.RULE_LABELS[key], choices=_rule_choices(options), initial=_encode(options[0]),
                help_text=_("Default: %(default)s. %(help)s") % {
                    "default": dict(_rule_choices(options))[_encode(options[0])], "help": gettext(ct.RULE_HELP[key])},
                widget=TapChoice)

    def players(self) -> list[str]:
        return [self.cleaned_data[f"player_{i}"].strip() for i in range(1, 5)]

    def rules(self) -> dict[str, Any]:
        """Only the options that differ from the defaults, as the table document writes them."""
        chosen = {}
        for key, options in ct.RULE_OPTIONS.items():
            value = _decode(self.cleaned_data[f"rule_{key}"], options)
            if value != options[0]:
                chosen[key] = value
        return chosen

    def clean(self):
        cleaned = super().clean()
        if all(cleaned.get(f"player_{i}") for i in range(1, 5)):
            names = [n.strip() for n in self.players()]
            for i, name in enumerate(names, start=1):
                if not name:
                    self.add_error(f"player_{i}", _("A name may not be empty."))
                elif name in names[: i - 1]:
                    self.add_error(f"player_{i}", _("Two players have the same name; tell them apart."))
        return cleaned


# ---- a Czech Taroky hand ----------------------------------------------------------------------

MODE_CHOICES = [("team", _("Team (2 v 2)")), ("prever", _("Prever (1 v 3)"))]
TALON_CHOICES = [("1", _("kept the first three ×1")), ("2", _("took the second three ×2")),
                 ("3", _("went back up ×4"))]
CONTRA_CHOICES = [("0", _("none")), ("1", _("contra ×2")), ("2", _("rhea ×4")), ("3", _("supra ×8"))]
SIDE_CHOICES = [("", _("none")), ("declarers", _("declarer side")), ("defenders", _("defenders"))]
TRUMP_CHOICES = [("", "—"), ("uni", _("uni 4")), ("bida", _("bida 2")), ("little-ones", _("little ones 2")),
                 ("big-ones", _("big ones 4"))]
HONOUR_CHOICES = [("", "—"), ("honery", _("honery 2")), ("rosa-honery", _("rosa-honery 4")),
                  ("rosa-honery-plus", _("rosa-honery plus 6"))]
COUNTER_CARDS = [  # name, label, value of one card, how many there are
    ("kings", _("Kings"), 5, 4), ("queens", _("Queens"), 4, 4), ("riders", _("Riders"), 3, 4),
    ("jacks", _("Jacks"), 2, 4), ("skyz", "Škýz", 5, 1), ("mond", "Mond (XXI)", 5, 1), ("pagat", "Pagát (I)", 5, 1),
    ("ones", _("One-point cards"), 1, 35),
]

# Engine field (first part) -> form field that shows its error.
ERROR_FIELDS = {"povinnost": "povinnost", "mode": "mode", "partner": "partner", "called": "called",
                "prever": "prever", "talon": "talon", "points": "points", "contra": "contra", "valat": "valat_side",
                "pagat": "pagat_side", "declarations": "declarations"}


class CzechHandForm(forms.Form):
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)
    povinnost = forms.ChoiceField(label=_("Povinnost"), widget=TapChoice)
    mode = forms.ChoiceField(label=_("Game"), choices=MODE_CHOICES, initial="team", widget=TapChoice)
    partner = forms.ChoiceField(label=_("Partner: who held the called tarok"), required=False, widget=TapChoice,
                                help_text=_("Tap povinnost herself if she held it: she plays alone."))
    called = forms.ChoiceField(label=_("Called tarok"), choices=[(c, c) for c in ct.CALLED_TAROKS], initial="XIX",
                               required=False, widget=TapChoice)
    prever = forms.ChoiceField(label=_("Prever: who played alone"), required=False, widget=TapChoice)
    talon = forms.ChoiceField(label=_("Prever talon"), choices=TALON_CHOICES, initial="1", required=False,
                              widget=TapChoice)
    points = forms.IntegerField(label=_("Card points of the declarer side"), required=False, min_value=0,
                                max_value=106, widget=forms.NumberInput(attrs={"inputmode": "numeric",
                                                                               "class": "points-input"}))
    contra = forms.ChoiceField(label=_("Contra"), choices=CONTRA_CHOICES, initial="0", widget=TapChoice)
    valat_side = forms.ChoiceField(label=_("Valat (all twelve tricks)"), choices=SIDE_CHOICES, required=False,
                                   widget=TapChoice)
    valat_announced = forms.BooleanField(label=_("announced"), required=False)
    valat_made = forms.BooleanField(label=_("made"), required=False, initial=True)
    pagat_side = forms.ChoiceField(label=_("I on the end (Pagát ultimo)"), choices=SIDE_CHOICES, required=False,
                                   widget=TapChoice)
    pagat_announced = forms.BooleanField(label=_("announced"), required=False)
    pagat_made = forms.BooleanField(label=_("made"), required=False, initial=True)
    declarations = forms.CharField(required=False, widget=forms.HiddenInput)  # carries the point cards' errors

    def __init__(self, *args, players: list[str], rules: dict | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.players = list(players)
        self.table_rules = ct.parse_rules(rules or {})
        names = [(p, p) for p in self.players]
        for name in ("povinnost", "partner", "prever"):
            self.fields[name].choices = names
        for i, p in enumerate(self.players):
            self.fields[f"trumps_{i}"] = forms.ChoiceField(label=p, choices=TRUMP_CHOICES, required=False)
            self.fields[f"honours_{i}"] = forms.ChoiceField(label=p, choices=HONOUR_CHOICES, required=False)
            self.fields[f"trul_{i}"] = forms.BooleanField(label=_("trul 2"), required=False)
        for name, label, _value, most in COUNTER_CARDS:
            self.fields[f"count_{name}"] = forms.IntegerField(label=label, required=False, min_value=0,
                                                              max_value=most)

    # -- what the template iterates
    def declaration_rows(self):
        return [(p, self[f"trumps_{i}"], self[f"honours_{i}"], self[f"trul_{i}"]) for i, p in enumerate(self.players)]

    def counter_rows(self):
        return [(self[f"count_{name}"], value, most) for name, _label, value, most in COUNTER_CARDS]

    # -- from the form to the table document and back
    def counted_points(self) -> int | None:
        counts = [self.cleaned_data.get(f"count_{name}") for name, *_ in COUNTER_CARDS]
        if all(c in (None, 0) for c in counts):
            return None
        return sum((c or 0) * value for c, (_n, _l, value, _m) in zip(counts, COUNTER_CARDS))

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("points") is None and "points" not in self.errors:
            counted = self.counted_points() if not any(k.startswith("count_") for k in self.errors) else None
            if counted is not None:
                cleaned["points"] = counted
        if not self.errors:
            try:
                ct.parse_hand(self.to_data(), tuple(self.players), self.table_rules)
            except InvalidHand as error:
                self.show_engine_error(error)
        return cleaned

    def to_data(self) -> dict[str, Any]:
        c = self.cleaned_data
        data: dict[str, Any] = {"povinnost": c.get("povinnost")}
        if c.get("mode") == "prever":
            data["mode"] = "prever"
            data["prever"] = c.get("prever") or None
            if c.get("talon") and c["talon"] != "1":
                data["talon"] = int(c["talon"])
        else:
            data["partner"] = c.get("partner") or None
            if c.get("called") and c["called"] != "XIX":
                data["called"] = c["called"]
        if c.get("valat_side"):
            data["valat"] = {"side": c["valat_side"], "announced": bool(c.get("valat_announced")),
                             "made": bool(c.get("valat_made"))}
        elif c.get("points") is not None:
            data["points"] = c["points"]
        if c.get("contra") and c["contra"] != "0":
            data["contra"] = int(c["contra"])
        if c.get("pagat_side"):
            data["pagat"] = {"side": c["pagat_side"], "announced": bool(c.get("pagat_announced")),
                             "made": bool(c.get("pagat_made"))}
        declarations = []
        for i, p in enumerate(self.players):
            for kind in (c.get(f"trumps_{i}"), c.get(f"honours_{i}"), "trul" if c.get(f"trul_{i}") else ""):
                if kind:
                    declarations.append({"player": p, "kind": kind})
        if declarations:
            data["declarations"] = declarations
        return {key: value for key, value in data.items() if value is not None}

    @staticmethod
    def initial_from(data: dict[str, Any], players: list[str]) -> dict[str, Any]:
        initial: dict[str, Any] = {"povinnost": data.get("povinnost"), "mode": data.get("mode", "team"),
                                   "partner": data.get("partner"), "called": data.get("called", "XIX"),
                                   "prever": data.get("prever"), "talon": str(data.get("talon", 1)),
                                   "points": data.get("points"), "contra": str(data.get("contra", 0))}
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

    def show_engine_error(self, error: InvalidHand | InvalidTable) -> None:
        if isinstance(error, InvalidTable):
            error = error.error
        root = error.field.split(".")[0].split("[")[0]
        message = error.message(gettext)
        if ERROR_FIELDS.get(root) in self.fields:
            self.add_error(ERROR_FIELDS[root], message)
        else:
            self.add_error(None, message)


HAND_FORMS = {"czech-taroky": CzechHandForm}
GAMES_WITH_UI = tuple(HAND_FORMS)
assert set(GAMES_WITH_UI) <= set(ENGINES)
