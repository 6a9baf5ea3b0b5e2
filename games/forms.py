"""Forms turn taps into a hand of the table document; the engine decides what is valid.

A form's ``to_data()`` gives the hand's object in shared/formats/table-json.md (defaults left out), and
``show_engine_error`` puts the engine's InvalidHand next to the field it names, in the player's language.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .engines import czech_taroky as ct
from .engines import schnapsen as sn
from .engines import slovenian_tarok as st
from .engines import two_ten_jack as ttj
from .engines.base import InvalidHand
from .engines.settle_up import parse_price
from .engines.table import ENGINES, InvalidTable


class TapChoice(forms.RadioSelect):
    """Radio buttons drawn as large tap targets (see static/css/talon.css .taps)."""

    template_name = "games/widgets/taps.html"
    option_template_name = "games/widgets/tap.html"


def WideTaps() -> TapChoice:
    """Tap targets for longer words (contracts, kontra levels): fewer to a row."""
    return TapChoice(attrs={"class": "wide"})


# ---- a new table ------------------------------------------------------------------------------

YES_NO = [(True, _("yes")), (False, _("no"))]
BY_COUNT = ("", _("by the number of players"))
RULE_FIELDS: dict[str, list[tuple[str, Any, list[tuple[Any, Any]]]]] = {
    "czech-taroky": [
        ("step_factor", _("Step factor ×2 / ×3"), YES_NO),
        ("rounding", _("Rounding of the tenth"), [("half-up", _("half up")), ("up", _("always up"))]),
        ("prever_talon_multiplier", _("Prever talon multiplier"),
         [("loss", _("only when prever loses")), ("always", _("always"))]),
        ("pagat_inside_multipliers", _("I on the end inside the multipliers"), [(False, _("no")), (True, _("yes"))]),
        ("contra_on_valat", _("Contra on valat"), YES_NO),
    ],
    "slovenian-tarok": [
        ("difference_rounding", _("Rounding of the difference"),
         [BY_COUNT, ("whole", _("to a whole number")), ("five", _("to the nearest 5"))]),
        ("radelci", _("Radelci"), [BY_COUNT, (True, _("yes")), (False, _("no"))]),
        ("mond_penalty", _("Lost Mond costs"), [(21, "21"), (20, "20")]),
        ("klop_full_threshold", _("Klop: −70 for"), [("more-than-35-2/3", _("more than 35⅔")),
                                                      ("at-least-35-2/3", _("35⅔ or more"))]),
    ],
    "schnapsen": [
        ("deck", _("Deck"), [(20, _("20 cards (Schnapsen)")), (24, _("24 cards (Sixty-six)"))]),
        ("schneider_bummerl", _("Schneider-Bummerl counts two"), YES_NO),
        ("last_trick_points", _("Last trick without a declaration"),
         [("by-points", _("scored from the loser's points")), ("one", _("a fixed 1"))]),
    ],
    "two-ten-jack": [
        ("reversal", _("Reversal (all of a suit's scoring cards)"), YES_NO),
    ],
}
GAME_BLURBS = {
    "czech-taroky": _("4 players · povinnost and prever, distance from 53"),
    "slovenian-tarok": _("3 or 4 players · contracts, bonuses, kontra, radelci"),
    "schnapsen": _("2 players · game points to 7, Bummerl"),
    "two-ten-jack": _("2 to 6 players · hearts plus, spades minus"),
}


def _encode(value: Any) -> str:
    return "true" if value is True else "false" if value is False else str(value)


def _decode(text: str, options: list[tuple[Any, Any]]) -> Any:
    for value, _label in options:
        if _encode(value) == text:
            return value
    return options[0][0]


def _engine_help(game: str, key: str) -> str:
    return gettext(ENGINES[game].RULE_HELP[key])


class RulesForm(forms.Form):
    """A game's house rules as tap choices, each with its default and what it means."""

    name = forms.CharField(label=_("Name of the evening (optional)"), max_length=80, required=False)
    price_per_point = forms.CharField(label=_("Price per point (optional)"), max_length=12, required=False,
                                      help_text=_("For settling up, e.g. 0.10 or 0.05."),
                                      widget=forms.TextInput(attrs={"inputmode": "decimal"}))
    currency = forms.CharField(label=_("Currency"), max_length=8, required=False, help_text=_("e.g. Kč, €"))

    def clean_price_per_point(self):
        text = self.cleaned_data["price_per_point"].strip()
        if text and parse_price(text) is None:
            raise forms.ValidationError(_("Write a price such as 0.10 (digits, one decimal point)."))
        return text

    def __init__(self, *args, game: str, current: dict | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        current = current or {}
        for key, label, options in RULE_FIELDS[game]:
            default = options[0]
            self.fields[f"rule_{key}"] = forms.ChoiceField(
                label=label, choices=[(_encode(v), l) for v, l in options],
                initial=_encode(current.get(key, default[0])), required=False,
                help_text=_("Default: %(default)s. %(help)s") % {"default": default[1],
                                                                 "help": _engine_help(game, key)},
                widget=TapChoice)
        if game == "schnapsen":
            self.fields["rule_target"] = forms.IntegerField(
                label=_("Game points for a Bummerl"), initial=current.get("target", 7), min_value=1, max_value=99,
                help_text=_("Default: 7."), widget=forms.NumberInput(attrs={"inputmode": "numeric"}))
        if game == "two-ten-jack":
            points = current.get("card_points", ttj.FIXED_HEARTS)
            for card in ttj.DECK:
                self.fields[f"points_{card}"] = forms.IntegerField(
                    label=ttj.show_card(card), initial=points.get(card, 0), required=False, min_value=-999,
                    max_value=999, widget=forms.NumberInput(attrs={"inputmode": "numeric"}))

    def rule_fields(self):
        return [self[name] for name in self.fields if name.startswith("rule_")]

    def card_point_suits(self):
        """Two Ten Jack: the point table's inputs, a suit at a time (the joker with the spades)."""
        if self.game != "two-ten-jack":
            return []
        suits = [("H", _("Hearts")), ("S", _("Spades")), ("D", _("Diamonds")), ("C", _("Clubs"))]
        return [(label, [self[f"points_{c}"] for c in ttj.DECK if c.endswith(suit) and c != "JK"]
                 + ([self["points_JK"]] if suit == "S" else [])) for suit, label in suits]

    def rules(self) -> dict[str, Any]:
        """Only the options that differ from the defaults, as the table document writes them."""
        chosen: dict[str, Any] = {}
        for key, _label, options in RULE_FIELDS[self.game]:
            value = _decode(self.cleaned_data.get(f"rule_{key}") or "", options)
            if value != options[0][0]:
                chosen[key] = value
        if self.game == "schnapsen" and self.cleaned_data.get("rule_target") not in (None, 7):
            chosen["target"] = self.cleaned_data["rule_target"]
        if self.game == "two-ten-jack":
            table = {card: self.cleaned_data.get(f"points_{card}") or 0 for card in ttj.DECK}
            table = {card: value for card, value in table.items() if value}
            if table != ttj.FIXED_HEARTS:
                chosen["card_points"] = table
        return chosen


class NewTableForm(RulesForm):
    def __init__(self, *args, game: str, **kwargs):
        super().__init__(*args, game=game, **kwargs)
        counts = ENGINES[game].PLAYER_COUNTS
        self.min_players, self.max_players = counts[0], counts[-1]
        for i in range(1, self.max_players + 1):
            self.fields[f"player_{i}"] = forms.CharField(label=_("Player %(number)s") % {"number": i}, max_length=40,
                                                         required=i <= self.min_players)

    def player_fields(self):
        return [self[f"player_{i}"] for i in range(1, self.max_players + 1)]

    def players(self) -> list[str]:
        names = [(self.cleaned_data.get(f"player_{i}") or "").strip() for i in range(1, self.max_players + 1)]
        return [n for n in names if n]

    def clean(self):
        cleaned = super().clean()
        seen: set[str] = set()
        for i in range(1, self.max_players + 1):
            name = (cleaned.get(f"player_{i}") or "").strip()
            if name in seen:
                self.add_error(f"player_{i}", _("Two players have the same name; tell them apart."))
            elif name:
                seen.add(name)
        count = len(self.players())
        if not self.errors and count not in ENGINES[self.game].PLAYER_COUNTS:
            self.add_error(f"player_{self.min_players}",
                           _("This game needs %(low)s to %(high)s players.") % {"low": self.min_players,
                                                                              "high": self.max_players})
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


class HandForm(forms.Form):
    """What every game's hand form shares: the players, the table's house rules, the engine's verdict."""

    engine: Any = None
    fields_template = ""
    error_fields: dict[str, str] = {}
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, players: list[str], rules: dict | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.players = list(players)
        self.table_rules = self.engine.parse_rules(rules or {}, tuple(self.players))

    def complete(self, cleaned: dict[str, Any]) -> None:
        """Fill in what helpers (card counters) give before the engine checks the hand."""

    def clean(self):
        cleaned = super().clean()
        self.complete(cleaned)
        if not self.errors:
            try:
                self.engine.parse_hand(self.to_data(), tuple(self.players), self.table_rules)
            except InvalidHand as error:
                self.show_engine_error(error)
        return cleaned

    def to_data(self) -> dict[str, Any]:
        raise NotImplementedError

    def show_engine_error(self, error: InvalidHand | InvalidTable) -> None:
        if isinstance(error, InvalidTable):
            error = error.error
        root = error.field.split(".")[0].split("[")[0]
        message = error.message(gettext)
        target = self.error_fields.get(root)
        self.add_error(target if target in self.fields else None, message)


class CzechHandForm(HandForm):
    engine = ct
    fields_template = "games/_czech_fields.html"
    error_fields = ERROR_FIELDS
    povinnost = forms.ChoiceField(label=_("Povinnost"), widget=TapChoice)
    mode = forms.ChoiceField(label=_("Game"), choices=MODE_CHOICES, initial="team", widget=WideTaps())
    partner = forms.ChoiceField(label=_("Partner: who held the called tarok"), required=False, widget=TapChoice,
                                help_text=_("Tap povinnost herself if she held it: she plays alone."))
    called = forms.ChoiceField(label=_("Called tarok"), choices=[(c, c) for c in ct.CALLED_TAROKS], initial="XIX",
                               required=False, widget=TapChoice)
    prever = forms.ChoiceField(label=_("Prever: who played alone"), required=False, widget=TapChoice)
    talon = forms.ChoiceField(label=_("Prever talon"), choices=TALON_CHOICES, initial="1", required=False,
                              widget=WideTaps())
    points = forms.IntegerField(label=_("Card points of the declarer side"), required=False, min_value=0,
                                max_value=106, widget=forms.NumberInput(attrs={"inputmode": "numeric",
                                                                               "class": "points-input"}))
    contra = forms.ChoiceField(label=_("Contra"), choices=CONTRA_CHOICES, initial="0", widget=WideTaps())
    valat_side = forms.ChoiceField(label=_("Valat (all twelve tricks)"), choices=SIDE_CHOICES, required=False,
                                   widget=WideTaps())
    valat_announced = forms.BooleanField(label=_("announced"), required=False)
    valat_made = forms.BooleanField(label=_("made"), required=False, initial=True)
    pagat_side = forms.ChoiceField(label=_("I on the end (Pagát ultimo)"), choices=SIDE_CHOICES, required=False,
                                   widget=WideTaps())
    pagat_announced = forms.BooleanField(label=_("announced"), required=False)
    pagat_made = forms.BooleanField(label=_("made"), required=False, initial=True)
    declarations = forms.CharField(required=False, widget=forms.HiddenInput)  # carries the point cards' errors

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        names = [(p, p) for p in self.players]
        for name in ("povinnost", "partner", "prever"):
            self.fields[name].choices = names
        for i, p in enumerate(self.players):
            self.fields[f"trumps_{i}"] = forms.ChoiceField(
                label=p, choices=TRUMP_CHOICES, required=False,
                widget=forms.Select(attrs={"aria-label": _("%(player)s: taroks") % {"player": p}}))
            self.fields[f"honours_{i}"] = forms.ChoiceField(
                label=p, choices=HONOUR_CHOICES, required=False,
                widget=forms.Select(attrs={"aria-label": _("%(player)s: honours") % {"player": p}}))
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

    def complete(self, cleaned):
        if cleaned.get("points") is None and "points" not in self.errors:
            counted = self.counted_points() if not any(k.startswith("count_") for k in self.errors) else None
            if counted is not None:
                cleaned["points"] = counted

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

# ---- a Slovenian Tarok hand ----------------------------------------------------------------------

THIRD_CHOICES = [("0", "—"), ("1", "⅓"), ("2", "⅔")]
KONTRA_CHOICES = [("0", _("none")), ("1", _("kontra ×2")), ("2", _("rekontra ×4")), ("3", _("subkontra ×8")),
                  ("4", _("mordkontra ×16"))]
BONUS_STATES = [("", "—"), ("made", _("made, unannounced")), ("announced-made", _("announced, made")),
                ("announced-failed", _("announced, failed")), ("failed", _("lost in the last trick"))]
BONUS_SIDES = [("declarers", _("declarers")), ("defenders", _("defenders"))]
SLOVENIAN_COUNTER = [  # name, label, value in thirds, how many there are
    ("kings", _("Kings"), 13, 4), ("queens", _("Queens"), 10, 4), ("cavaliers", _("Cavaliers"), 7, 4),
    ("jacks", _("Jacks"), 4, 4), ("trula", _("Škis, Mond, Pagat"), 13, 3), ("others", _("Other cards"), 1, 35),
]
SLOVENIAN_ERRORS = {"contract": "contract", "declarer": "declarer", "partner": "partner", "points": "points_whole",
                    "won": "won", "kontra": "kontra", "bonuses": "bonuses", "mond_lost_by": "mond_lost_by",
                    "klop": "klop"}


def _thirds(whole_part: int | None, third: str | None) -> Fraction | None:
    if whole_part is None:
        return None
    return Fraction(whole_part) + Fraction(int(third or 0), 3)


class SlovenianHandForm(HandForm):
    engine = st
    fields_template = "games/_slovenian_fields.html"
    error_fields = SLOVENIAN_ERRORS
    contract = forms.ChoiceField(label=_("Contract"), widget=WideTaps())
    declarer = forms.ChoiceField(label=_("Declarer"), required=False, widget=TapChoice)
    partner = forms.ChoiceField(label=_("Partner: holder of the called king"), required=False, widget=TapChoice)
    points_whole = forms.IntegerField(label=_("Card points of the declarer side"), required=False, min_value=0,
                                      max_value=70, widget=forms.NumberInput(attrs={"inputmode": "numeric",
                                                                                    "class": "points-input"}))
    points_third = forms.ChoiceField(label=_("and thirds"), choices=THIRD_CHOICES, initial="0", required=False,
                                     widget=TapChoice)
    won = forms.ChoiceField(label=_("Result"), choices=[("yes", _("made")), ("no", _("failed"))], required=False,
                            widget=WideTaps())
    kontra = forms.ChoiceField(label=_("Kontra on the game"), choices=KONTRA_CHOICES, initial="0", required=False,
                               widget=WideTaps())
    mond_lost_by = forms.ChoiceField(label=_("Mond (21) lost to the other side by"), required=False,
                                     widget=TapChoice)
    bonuses = forms.CharField(required=False, widget=forms.HiddenInput)  # carries the bonuses' errors
    klop = forms.CharField(required=False, widget=forms.HiddenInput)  # carries the klop's errors

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        four = len(self.players) == 4
        values = st.CONTRACT_VALUES_4 if four else st.CONTRACT_VALUES_3
        self.fields["contract"].choices = [
            (c, f"{gettext(st.CONTRACT_NAMES[c])} {v}" if v else gettext(st.CONTRACT_NAMES[c])) for c, v in values.items()]
        names = [(p, p) for p in self.players]
        self.fields["declarer"].choices = names
        self.fields["partner"].choices = [("", _("alone"))] + names
        self.fields["mond_lost_by"].choices = [("", _("nobody"))] + names
        self.bonus_kinds = [k for k in st.BONUS_VALUES if four or k != "king-ultimo"]
        for kind in self.bonus_kinds:
            states = BONUS_STATES if kind in st.CAN_FAIL_UNANNOUNCED else BONUS_STATES[:4]
            self.fields[f"bonus_{kind}"] = forms.ChoiceField(label=gettext(st.BONUS_NAMES[kind]), choices=states,
                                                             required=False, widget=WideTaps())
            self.fields[f"bonus_{kind}_side"] = forms.ChoiceField(label=_("by"), choices=BONUS_SIDES,
                                                                  initial="declarers", required=False,
                                                                  widget=TapChoice)
            self.fields[f"bonus_{kind}_kontra"] = forms.ChoiceField(label=_("kontra"), choices=KONTRA_CHOICES,
                                                                    initial="0", required=False)
        for i, p in enumerate(self.players):
            self.fields[f"klop_{i}"] = forms.IntegerField(label=p, required=False, min_value=0, max_value=70,
                                                          widget=forms.NumberInput(attrs={"inputmode": "numeric"}))
            self.fields[f"klop_{i}_third"] = forms.ChoiceField(label=_("thirds"), choices=THIRD_CHOICES,
                                                               initial="0", required=False)
        for name, label, _value, most in SLOVENIAN_COUNTER:
            self.fields[f"count_{name}"] = forms.IntegerField(label=label, required=False, min_value=0,
                                                              max_value=most)

    def bonus_rows(self):
        return [(self[f"bonus_{k}"], self[f"bonus_{k}_side"], self[f"bonus_{k}_kontra"]) for k in self.bonus_kinds]

    def klop_rows(self):
        return [(p, self[f"klop_{i}"], self[f"klop_{i}_third"]) for i, p in enumerate(self.players)]

    def counter_rows(self):
        return [(self[f"count_{name}"], Fraction(value, 3), most) for name, _l, value, most in SLOVENIAN_COUNTER]

    def complete(self, cleaned):
        if cleaned.get("points_whole") is None and not self.errors:
            counts = [cleaned.get(f"count_{name}") or 0 for name, *_ in SLOVENIAN_COUNTER]
            if any(counts):
                total = sum(c * v for c, (_n, _l, v, _m) in zip(counts, SLOVENIAN_COUNTER))
                cleaned["points_whole"], rest = divmod(min(total, 210), 3)
                cleaned["points_third"] = str(rest)

    def to_data(self) -> dict[str, Any]:
        c = self.cleaned_data
        contract = c.get("contract")
        if contract == "klop":
            klop = {}
            for i, p in enumerate(self.players):
                value = _thirds(c.get(f"klop_{i}"), c.get(f"klop_{i}_third"))
                klop[p] = st.format_points(value) if value is not None else None
            return {"contract": "klop", "klop": klop}
        data: dict[str, Any] = {"contract": contract, "declarer": c.get("declarer") or None}
        if contract in st.CALLS_KING and len(self.players) == 4 and c.get("partner"):
            data["partner"] = c["partner"]
        if contract in st.WITH_POINTS:
            points = _thirds(c.get("points_whole"), c.get("points_third"))
            data["points"] = st.format_points(points) if points is not None else None
        if contract in st.WITH_WON and c.get("won"):
            data["won"] = c["won"] == "yes"
        if c.get("kontra") and c["kontra"] != "0":
            data["kontra"] = int(c["kontra"])
        if contract in st.WITH_DIFFERENCE:
            bonuses = []
            for kind in self.bonus_kinds:
                state = c.get(f"bonus_{kind}")
                if not state:
                    continue
                announced = state.startswith("announced")
                bonus = {"kind": kind, "side": c.get(f"bonus_{kind}_side") or "declarers", "announced": announced,
                         "made": state.endswith("made")}
                kontra = c.get(f"bonus_{kind}_kontra") or "0"
                if announced and kontra != "0":
                    bonus["kontra"] = int(kontra)
                bonuses.append(bonus)
            if bonuses:
                data["bonuses"] = bonuses
        if c.get("mond_lost_by"):
            data["mond_lost_by"] = c["mond_lost_by"]
        return {key: value for key, value in data.items() if value is not None}

    @staticmethod
    def initial_from(data: dict[str, Any], players: list[str]) -> dict[str, Any]:
        initial: dict[str, Any] = {"contract": data["contract"], "declarer": data.get("declarer"),
                                   "partner": data.get("partner") or "", "kontra": str(data.get("kontra", 0)),
                                   "mond_lost_by": data.get("mond_lost_by") or ""}
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


# ---- a Schnapsen hand ---------------------------------------------------------------------------

ENDING_CHOICES = [(e, sn.ENDING_NAMES[e]) for e in sn.ENDINGS]
SCHNAPSEN_ERRORS = {"winner": "winner", "game_points": "winner", "ending": "ending", "by": "by",
                    "other_points": "other_points", "other_had_trick": "other_had_trick"}


class SchnapsenHandForm(HandForm):
    """Quick entry (winner, then 1, 2 or 3) or guided entry (how the hand ended), which the engine scores."""

    engine = sn
    fields_template = "games/_schnapsen_fields.html"
    error_fields = SCHNAPSEN_ERRORS
    winner = forms.ChoiceField(label=_("Who won the hand?"), required=False, widget=TapChoice)
    game_points = forms.TypedChoiceField(label=_("Game points"), choices=[(1, "1"), (2, "2"), (3, "3")],
                                         coerce=int, required=False, empty_value=None)
    ending = forms.ChoiceField(label=_("How did the hand end?"), required=False, widget=WideTaps())
    by = forms.ChoiceField(label=_("Who declared, closed or took the last trick?"), required=False,
                           widget=TapChoice)
    other_points = forms.IntegerField(label=_("The other player's points at that moment"), required=False,
                                      min_value=0, max_value=sn.MAX_POINTS,
                                      help_text=_("For a closed talon: at the moment of closing."),
                                      widget=forms.NumberInput(attrs={"inputmode": "numeric",
                                                                      "class": "points-input"}))
    other_had_trick = forms.ChoiceField(label=_("Did the other player have a trick then?"), required=False,
                                        choices=[("yes", _("yes")), ("no", _("no trick"))], widget=TapChoice)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        names = [(p, p) for p in self.players]
        self.fields["winner"].choices = names
        self.fields["by"].choices = names
        self.fields["ending"].choices = [(e, gettext(label)) for e, label in ENDING_CHOICES]

    def to_data(self) -> dict[str, Any]:
        c = self.cleaned_data
        if c.get("game_points") is not None or not c.get("ending"):
            return {"winner": c.get("winner") or None, "game_points": c.get("game_points")}
        data: dict[str, Any] = {"ending": c["ending"], "by": c.get("by") or None}
        if c.get("other_points") is not None and c["ending"] in sn.NEEDS_OTHER_POINTS:
            data["other_points"] = c["other_points"]
        if c.get("other_had_trick"):
            data["other_had_trick"] = c["other_had_trick"] == "yes"
        return {key: value for key, value in data.items() if value is not None}

    @staticmethod
    def initial_from(data: dict[str, Any], players: list[str]) -> dict[str, Any]:
        if "winner" in data:
            return {"winner": data["winner"], "game_points": data["game_points"]}
        return {"ending": data["ending"], "by": data["by"], "other_points": data.get("other_points"),
                "other_had_trick": "yes" if data["other_had_trick"] else "no"}


# ---- a Two Ten Jack round -----------------------------------------------------------------------

class TwoTenJackHandForm(HandForm):
    """Each scoring card of the table's point table, then who captured it; and the cards removed."""

    engine = ttj
    fields_template = "games/_two_ten_jack_fields.html"
    error_fields = {"removed": "removed", "captured": "captured"}
    removed = forms.CharField(required=False, widget=forms.HiddenInput)  # carries the removed cards' errors
    captured = forms.CharField(required=False, widget=forms.HiddenInput)  # carries the captured cards' errors

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        suit_order = {"H": 0, "S": 1, "D": 2, "C": 3, "K": 4}  # hearts first; the joker (JK) last
        self.scoring = sorted((card for card, value in self.table_rules.card_points if value),
                              key=lambda card: (suit_order[card[-1]], ttj.DECK.index(card)))
        choices = [("", "—")] + [(p, p) for p in self.players]
        for card in self.scoring:
            self.fields[f"card_{card}"] = forms.ChoiceField(label=ttj.show_card(card), choices=choices,
                                                            required=False, widget=TapChoice)
        deck = [("", "—")] + [(card, ttj.show_card(card)) for card in ttj.DECK]
        self.removed_count = ttj.removed_count(len(self.players))
        for i in range(self.removed_count):
            self.fields[f"removed_{i}"] = forms.ChoiceField(label=_("Removed card %(number)s") % {"number": i + 1},
                                                            choices=deck, required=False)

    def card_rows(self):
        points = dict(self.table_rules.card_points)
        return [(self[f"card_{card}"], card, points[card], card[-1] in "HD" and card != "JK")
                for card in self.scoring]

    def removed_fields(self):
        return [self[f"removed_{i}"] for i in range(self.removed_count)]

    def to_data(self) -> dict[str, Any]:
        c = self.cleaned_data
        removed = [c[f"removed_{i}"] for i in range(self.removed_count) if c.get(f"removed_{i}")]
        captured: dict[str, list[str]] = {p: [] for p in self.players}
        for card in self.scoring:
            if c.get(f"card_{card}"):
                captured[c[f"card_{card}"]].append(card)
        data: dict[str, Any] = {"captured": captured}
        if removed:
            data = {"removed": removed, **data}
        return data

    @staticmethod
    def initial_from(data: dict[str, Any], players: list[str]) -> dict[str, Any]:
        initial = {f"removed_{i}": card for i, card in enumerate(data.get("removed", []))}
        for name, cards in data.get("captured", {}).items():
            for card in cards:
                initial[f"card_{card}"] = name
        return initial


HAND_FORMS = {"czech-taroky": CzechHandForm, "slovenian-tarok": SlovenianHandForm, "schnapsen": SchnapsenHandForm,
              "two-ten-jack": TwoTenJackHandForm}
GAMES_WITH_UI = tuple(HAND_FORMS)
assert set(GAMES_WITH_UI) <= set(ENGINES)


class ImportForm(forms.Form):
    """A table document (shared/formats/table-json.md), pasted or uploaded."""

    document = forms.CharField(label=_("Table document (JSON)"), required=False,
                               widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}))
    upload = forms.FileField(label=_("or a file"), required=False)

    def clean(self):
        cleaned = super().clean()
        text = cleaned.get("document") or ""
        upload = cleaned.get("upload")
        if upload is not None:
            if upload.size > 5_000_000:
                self.add_error("upload", _("That file is too large."))
                return cleaned
            try:
                text = upload.read().decode("utf-8")
            except UnicodeDecodeError:
                self.add_error("upload", _("That file is not text (UTF-8)."))
                return cleaned
        if not text.strip():
            self.add_error("document", _("Paste a table document or choose a file."))
            return cleaned
        try:
            self._document = json.loads(text)
        except (ValueError, RecursionError) as error:
            self.add_error("document", _("This is not valid JSON: %(error)s") % {"error": error})
        return cleaned

    def parsed(self) -> Any:
        return self._document


class CircleForm(forms.Form):
    """A group's regular players, one name a line."""

    name = forms.CharField(label=_("Name of the circle"), max_length=80)
    players = forms.CharField(label=_("Players, one name a line"), widget=forms.Textarea(attrs={"rows": 6}))

    def player_names(self) -> list[str]:
        names: list[str] = []
        for line in self.cleaned_data["players"].splitlines():
            name = line.strip()[:40]
            if name and name not in names:
                names.append(name)
        return names

    def clean_players(self):
        text = self.cleaned_data["players"]
        if not any(line.strip() for line in text.splitlines()):
            raise forms.ValidationError(_("Write at least one name."))
        if len(text.splitlines()) > 100:
            raise forms.ValidationError(_("At most 100 players."))
        return text
