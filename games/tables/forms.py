"""The table's forms: the house rules (generated from the engine's options), a new table, a penalty or totals
carried over, an import, the circle a table joins (a circle's own forms are in games/circles/forms.py). The hand
form's base and its tap targets are in games/web/forms.py (below this module: a game's hand form imports them there);
each game's own hand form lives in its folder, games/<game>/forms.py.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from django import forms
from django.conf import settings
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.contract.engine import Engine
from games.contract.hands import MOST_CARD_POINTS, MOST_POINTS
from games.contract.names import NAME_LENGTH, name_problem
from games.contract.options import Option, parse_options
from games.contract.words import InvalidHand
from games.engines.settle_up import parse_price
from games.engines.table import NotJson, load_json
from games.lib.forms import DAMAGED, WholeNumberField, new_submission, submission_of, version_of  # noqa: F401 (the views' names)
from games.lib.names import name_key, tidy_name
from games.lib.text import isolate_text, written_in
from games.models import Circle
from games.registry import GAMES
from games.web import AdjustmentField
from games.web.forms import HandForm, TapChoice, WideTaps  # noqa: F401 (a game's form may import them here)


def validate_name(name: str) -> None:
    """A player's or a phone's name follows the table document's rule (games.contract.names.name_problem)."""
    problem = name_problem(name)
    if problem is not None:
        raise forms.ValidationError(_("The name %(problem)s.") % {"problem": problem.render(gettext)})


class NameField(forms.CharField):
    """A player's name as typed: tidied first (games.lib.names.tidy_name), then held to the rule for names
    (validate_name), so that "Bára" typed decomposed or with a zero-width space counts the letters it keeps.
    Text with nothing visible is refused, never taken for no name."""

    def __init__(self, **kwargs):
        super().__init__(validators=[validate_name], **kwargs)  # validate_name says the length, once

    def widget_attrs(self, widget):
        """The browser counts what is typed, accents typed apart and invisible characters too: room for them, so
        that the server, which counts the letters kept, says what is too long (beside the field)."""
        return super().widget_attrs(widget) | {"maxlength": str(2 * NAME_LENGTH)}

    def to_python(self, value: Any) -> str:
        typed = super().to_python(value)
        name = tidy_name(typed)
        if typed and not name:
            raise forms.ValidationError(_("Write a name with visible letters."))
        return name


def validate_title(text: str) -> None:
    """A table's or a circle's name: any text on one line, but no control character (a tab, a line break, an
    escape), which would break the lines and lists it is shown in."""
    if any(unicodedata.category(c) in ("Cc", "Cs") for c in text):
        raise forms.ValidationError(_("Write the name on one line, without tabs or other control characters."))


def validate_event_title(text: str) -> None:
    """A tournament's or a league's name: as a table's (validate_title), and with something to see (a name of
    only invisible characters, a zero-width space or a direction override, shows nothing where it is named)."""
    validate_title(text)
    if not tidy_name(text):
        raise forms.ValidationError(_("Write a name with visible letters."))


def validate_text(text: str) -> None:
    """Other text that is stored and shown (a currency) holds no control character: NUL could not even be stored
    on PostgreSQL, and the others only garble a page."""
    if any(unicodedata.category(c) in ("Cc", "Cs") for c in text):
        raise forms.ValidationError(_("Write this without control characters."))


# ---- house rules, generated from the engine's options ---------------------------------------------

AS_PRESET = ""  # an option left to the preset: nothing stored, the preset (or the usual rules) decide


def _encode(value: Any) -> str:
    return "true" if value is True else "false" if value is False else str(value)


def _decode(text: str, option: Option) -> Any:
    for value, _label in option.choices:
        if _encode(value) == text:
            return value
    return None


def default_preset(engine: Engine, player_count: int) -> str:
    """The preset a table of this many players starts from when it names none."""
    return next((p.key for p in engine.PRESETS if player_count in p.default_for), "")


def resolved(engine: Engine, rules: dict, player_count: int) -> dict[str, Any]:
    """Every option's value under ``rules`` (the preset's values, then the table's own)."""
    return parse_options(rules, engine.OPTIONS, player_count, engine.PRESETS)


class RulesForm(forms.Form):
    """A game's house rules: first the preset (whose rules the table plays, with its source), then one field per
    engine option, each saying what it does with an example amount; an option left "as the preset" follows the
    preset. Then the table's name and its price per point."""

    name = forms.CharField(
        label=_("Name of the evening (optional)"), max_length=80, required=False, validators=[validate_title]
    )
    price_per_point = forms.CharField(
        label=_("Price per point (optional)"),
        max_length=12,
        required=False,
        help_text=_("For settling up, e.g. 0.10 or 0.05."),
        widget=forms.TextInput(attrs={"inputmode": "decimal"}),
    )
    currency = forms.CharField(
        label=_("Currency"), max_length=8, required=False, help_text=_("e.g. Kč, €"), validators=[validate_text]
    )

    def clean_price_per_point(self):
        text = self.cleaned_data["price_per_point"].strip()
        if text and parse_price(text) is None:
            raise forms.ValidationError(_("Write a price such as 0.10 (digits, one decimal point)."))
        return text

    def __init__(self, *args, engine: Engine, current: dict | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.engine = engine
        self.fields["price_per_point"].label = GAMES[engine.SLUG].web.settle.price_label  # by what settle-up counts
        current = current or {}
        counts = engine.PLAYER_COUNTS
        usual = {default_preset(engine, count) for count in counts}
        choices = [(p.key, gettext(p.label)) for p in engine.PRESETS]
        if len(usual) > 1:  # the usual rules depend on the number of players
            choices.insert(0, (AS_PRESET, gettext("the usual rules for the number of players")))
        self.fields["preset"] = forms.ChoiceField(
            label=_("Whose rules"),
            choices=choices,
            required=False,
            widget=WideTaps(),
            initial=current.get("preset", AS_PRESET if len(usual) > 1 else usual.pop()),
        )
        self.presets = [(gettext(p.label), gettext(p.description)) for p in engine.PRESETS]
        for option in engine.OPTIONS:
            if option.kind == "choice":
                self.fields[f"rule_{option.key}"] = forms.ChoiceField(
                    label=gettext(option.label),
                    required=False,
                    widget=TapChoice,
                    choices=[(AS_PRESET, gettext("as the preset"))]
                    + [(_encode(v), gettext(label)) for v, label in option.choices],
                    initial=_encode(current[option.key]) if option.key in current else AS_PRESET,
                    help_text=self._help(option),
                )
            elif option.kind == "whole":
                self.fields[f"rule_{option.key}"] = WholeNumberField(
                    label=gettext(option.label),
                    initial=current.get(option.key),
                    required=False,
                    min_value=option.low,
                    max_value=option.high,
                    help_text=self._help(option),
                    widget=forms.NumberInput(attrs={"inputmode": "numeric", "placeholder": gettext("as the preset")}),
                )
            else:  # a point per card
                points = current.get(option.key, dict(option.default))
                for _group, cards in option.groups:
                    for card, label in cards:
                        self.fields[f"points_{card}"] = WholeNumberField(
                            label=label,
                            initial=points.get(card, 0),
                            required=False,
                            min_value=-MOST_CARD_POINTS,
                            max_value=MOST_CARD_POINTS,
                            widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
                        )

    def _help(self, option: Option) -> str:
        if option.by_count:
            default = ", ".join(
                _("%(count)s players: %(value)s") % {"count": count, "value": self._label(option, v)}
                for count, v in sorted(option.by_count.items())
            )
        else:
            default = self._label(option, option.default)
        text = _("Default: %(default)s. %(help)s") % {"default": default, "help": gettext(option.help)}
        if option.source:
            text += " " + _("Source: %(source)s.") % {"source": gettext(option.source)}
        return text

    @staticmethod
    def _label(option: Option, value: Any) -> str:
        return next(
            (gettext(label) for v, label in option.choices if v == value and type(v) is type(value)), _encode(value)
        )

    def clean(self):
        """An option's own check beyond its bounds (Königrufen's bonus values are even) made here, beside its field,
        not later by the engine for the whole rules (where no field would show it)."""
        cleaned = super().clean()
        for option in self.engine.OPTIONS:
            name = f"rule_{option.key}"
            if option.kind == "whole" and option.check is not None and cleaned.get(name) is not None:
                try:
                    option.parse(cleaned[name])
                except InvalidHand as error:
                    self.add_error(name, error.message(gettext))
        return cleaned

    def rule_fields(self):
        return [self[name] for name in self.fields if name.startswith("rule_")]

    def card_point_groups(self):
        """The inputs of a point-per-card option, a group at a time (Two Ten Jack's suits)."""
        return [
            (gettext(group), [self[f"points_{card}"] for card, _label in cards])
            for option in self.engine.OPTIONS
            if option.kind == "card-points"
            for group, cards in option.groups
        ]

    def chosen_preset(self, player_count: int) -> str:
        return self.cleaned_data.get("preset") or default_preset(self.engine, player_count)

    def rules(self, player_count: int | None = None) -> dict[str, Any]:
        """The preset (unless it is the usual one) and only the options that differ from it, as the table document
        writes them."""
        count = player_count or self.engine.PLAYER_COUNTS[-1]
        preset = self.chosen_preset(count)
        chosen: dict[str, Any] = {} if preset == default_preset(self.engine, count) else {"preset": preset}
        base = resolved(self.engine, chosen, count)
        for option in self.engine.OPTIONS:
            if option.kind == "choice":
                value = _decode(self.cleaned_data.get(f"rule_{option.key}") or "", option)
            elif option.kind == "whole":
                value = self.cleaned_data.get(f"rule_{option.key}")
            else:
                names = [f"points_{card}" for _group, cards in option.groups for card, _label in cards]
                if not any(name in self.data for name in names):  # not on this form: as the preset
                    continue
                table = {name[len("points_") :]: self.cleaned_data.get(name) or 0 for name in names}
                value = {card: points for card, points in table.items() if points}
                value = value if value != dict(base[option.key]) else None
            if value is not None and value != base[option.key]:
                chosen[option.key] = value
        return chosen


class NewTableForm(RulesForm):
    def __init__(self, *args, engine: Engine, **kwargs):
        super().__init__(*args, engine=engine, **kwargs)
        counts = engine.PLAYER_COUNTS
        self.min_players, self.max_players = counts[0], counts[-1]
        for i in range(1, self.max_players + 1):
            self.fields[f"player_{i}"] = NameField(
                label=_("Player %(number)s") % {"number": i}, required=i <= self.min_players
            )

    def player_fields(self):
        return [self[f"player_{i}"] for i in range(1, self.max_players + 1)]

    def players(self) -> list[str]:
        names = [(self.cleaned_data.get(f"player_{i}") or "").strip() for i in range(1, self.max_players + 1)]
        return [n for n in names if n]

    def clean(self):
        cleaned = super().clean()
        seen: set[str] = set()
        for i in range(1, self.max_players + 1):
            name = cleaned.get(f"player_{i}") or ""
            if name and name_key(name) in seen:  # "Anna", "anna" and "Anna" with an invisible space are one
                self.add_error(f"player_{i}", _("Two players have the same name; tell them apart."))
            elif name:
                seen.add(name_key(name))
        count = len(self.players())
        if not self.errors and count not in self.engine.PLAYER_COUNTS:
            self.add_error(
                f"player_{self.min_players}",
                _("This game needs %(low)s to %(high)s players.") % {"low": self.min_players, "high": self.max_players},
            )
        return cleaned


class RenameForm(forms.Form):
    """A player's name corrected (a typo): who, and the name as it should be."""

    old = forms.ChoiceField(label=_("Player to rename"), widget=TapChoice)
    new = NameField(label=_("New name"))
    version = forms.CharField(widget=forms.HiddenInput, required=False)
    submission = forms.CharField(widget=forms.HiddenInput, required=False, max_length=32)

    def __init__(self, *args, players: list[str], circle_players: list[str] = (), **kwargs):
        super().__init__(*args, **kwargs)
        self.players, self.circle_players = list(players), list(circle_players)
        self.fields["old"].choices = [(p, p) for p in self.players]

    def clean_version(self) -> int | None:
        return version_of(self.cleaned_data["version"], self)

    def clean(self):
        cleaned = super().clean()
        old, new = cleaned.get("old"), cleaned.get("new")
        if old and new == old:
            self.add_error("new", _("That is already this player's name."))
        elif new and name_key(new) in {name_key(p) for p in self.players if p != old}:
            self.add_error("new", _("Another player at this table has this name; tell them apart."))
        elif new and (theirs := written_in(self.circle_players, new)) not in (None, new):
            self.add_error(
                "new",
                _(
                    "The circle has this player as %(circle_name)s: write the name exactly so, and the circle counts "
                    "them as one player."
                )
                % {"circle_name": isolate_text(theirs)},
            )
        return cleaned


# ---- a hand ---------------------------------------------------------------------------------------

# ---- a penalty or correction, totals carried over from paper --------------------------------------------


class PenaltyForm(forms.Form):
    """Who pays, how much, why: the engine turns it into an adjustment its game allows (zero-sum in Czech
    Taroky: the player pays each other player the amount)."""

    who = forms.ChoiceField(label=_("Who"), widget=TapChoice)
    amount = WholeNumberField(
        label=_("How much"),
        min_value=0,
        max_value=10_000,
        required=False,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    reason = forms.CharField(
        label=_("Why (optional)"), max_length=200, required=False, help_text=_("e.g. a revoke, a misdeal")
    )
    version = forms.CharField(widget=forms.HiddenInput, required=False)
    submission = forms.CharField(widget=forms.HiddenInput, required=False, max_length=32)

    def __init__(
        self,
        *args,
        players: list[str],
        engine: Engine,
        extras: tuple[AdjustmentField, ...] = (),
        out: tuple[str, ...] = (),
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.players, self.engine, self.extras = tuple(players), engine, tuple(extras)
        self.out = tuple(p for p in out if p in self.players)  # who takes no part in the hand under way
        self.fields["who"].choices = [(p, p) for p in players if p not in self.out]
        self.fields["who"].error_messages["required"] = _("Tap who pays.")
        if self.data.get(self.add_prefix("who")) in self.out:  # offered by a page from before the deal moved on
            self.fields["who"].error_messages["invalid_choice"] = _(
                "%(value)s sits out the hand under way: tap one of those who play it."
            )
        for extra in self.extras:  # what the game's adjustments carry beyond the amounts, for the one who pays
            self.fields[extra.key] = WholeNumberField(
                label=extra.label,
                required=False,
                min_value=extra.low,
                max_value=extra.high,
                help_text=extra.help,
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            )

    def extra_fields(self) -> list[forms.BoundField]:
        return [self[extra.key] for extra in self.extras]

    def clean(self) -> dict[str, Any]:
        c = super().clean()
        if (
            "amount" in c
            and not c.get("amount")
            and not any(c.get(extra.key) for extra in self.extras)
            and "amount" not in self.errors
        ):
            self.add_error("amount", self.extras[0].missing if self.extras else _("Write how much."))
        return c

    def clean_version(self) -> int | None:
        return version_of(self.cleaned_data["version"], self)

    def clean_reason(self) -> str:
        reason = self.cleaned_data["reason"].strip()
        if any(unicodedata.category(c) in ("Cc", "Cs") for c in reason):
            raise forms.ValidationError(_("Write the reason without control characters."))
        return reason

    def to_data(self) -> dict[str, Any]:
        c = self.cleaned_data
        playing = tuple(p for p in self.players if p not in self.out)
        amounts = self.engine.penalty(playing, c["who"], c["amount"]) if c.get("amount") else {}
        data: dict[str, Any] = {"adjustment": {p: a for p, a in amounts.items() if a}}
        for extra in self.extras:
            if c.get(extra.key):
                data[extra.key] = {c["who"]: c[extra.key]}
        if c.get("reason"):
            data["reason"] = c["reason"]
        return data


class CarryOverForm(forms.Form):
    """Every player's total as written on paper (and what the game's adjustments carry beyond the amounts, as its
    web module declares them: ``GameWeb.adjustment_fields``), in one adjustment."""

    reason = forms.CharField(
        label=_("Why (optional)"), max_length=200, required=False, initial=_("carried over from paper")
    )
    version = forms.CharField(widget=forms.HiddenInput, required=False)
    submission = forms.CharField(widget=forms.HiddenInput, required=False, max_length=32)

    def __init__(self, *args, players: list[str], extras: tuple[AdjustmentField, ...] = (), **kwargs):
        super().__init__(*args, **kwargs)
        self.players, self.extras = list(players), tuple(extras)
        for i, p in enumerate(players):
            self.fields[f"total_{i}"] = WholeNumberField(
                label=p,
                required=False,
                min_value=-MOST_POINTS,
                max_value=MOST_POINTS,
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            )
            for extra in self.extras:
                self.fields[f"{extra.key}_{i}"] = WholeNumberField(
                    label=extra.carry_label % {"player": p},
                    required=False,
                    min_value=extra.carry_low,
                    max_value=extra.carry_high,
                    widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
                )

    def clean_version(self) -> int | None:
        return version_of(self.cleaned_data["version"], self)

    def clean(self) -> dict[str, Any]:
        c = super().clean()
        if (
            not any(
                c.get(f"total_{i}") or any(c.get(f"{extra.key}_{i}") for extra in self.extras)
                for i in range(len(self.players))
            )
            and not self.errors
        ):
            raise forms.ValidationError(_("Write at least one player's total."))
        return c

    def rows(self):
        """Each player's name, total field and the game's own fields beside it (short label, field)."""
        return [
            (p, self[f"total_{i}"], [(extra.carry_short, self[f"{extra.key}_{i}"]) for extra in self.extras])
            for i, p in enumerate(self.players)
        ]

    def to_data(self) -> dict[str, Any]:
        c = self.cleaned_data
        data: dict[str, Any] = {
            "adjustment": {p: c.get(f"total_{i}") or 0 for i, p in enumerate(self.players) if c.get(f"total_{i}")}
        }
        for extra in self.extras:
            given = {p: c.get(f"{extra.key}_{i}") for i, p in enumerate(self.players) if c.get(f"{extra.key}_{i}")}
            if given:
                data[extra.key] = given
        if c.get("reason", "").strip():
            data["reason"] = c["reason"].strip()
        return data


# ---- a table document, a circle ---------------------------------------------------------------------


def not_json(error: NotJson) -> str:
    """Why a document's text is no JSON Talon reads, in the player's language (a table's or a tournament's)."""
    return _("This is not valid JSON: %(error)s") % {"error": error.said.render(gettext)}


class ImportForm(forms.Form):
    """A table document (shared/formats/table-json.md), pasted or uploaded."""

    document = forms.CharField(
        label=_("Table document (JSON)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
    )
    upload = forms.FileField(label=_("or a file"), required=False)

    @staticmethod
    def too_large() -> str:
        return _(
            "This document is larger than %(size)s MB, the most Talon imports at once. Split the table, or "
            "import it on a Talon of your own with a higher limit."
        ) % {"size": settings.TALON_MAX_DOCUMENT // (1024 * 1024)}

    upload_too_large = False  # the file sent was skipped as it arrived (games.lib.uploads): larger than Talon reads
    source = "document"  # the field the document came from, where what is wrong with it is said

    def clean(self):
        cleaned = super().clean()
        text = (cleaned.get("document") or "").removeprefix("\ufeff")  # pasted from a file that starts with a BOM
        upload = cleaned.get("upload")
        if self.upload_too_large:
            self.add_error("upload", self.too_large())
            return cleaned
        if len(text.encode()) > settings.TALON_MAX_DOCUMENT:
            self.add_error("document", self.too_large())
            return cleaned
        if upload is not None:
            if upload.size > settings.TALON_MAX_DOCUMENT:
                self.add_error("upload", self.too_large())
                return cleaned
            try:
                text = upload.read().decode("utf-8-sig")  # a file Notepad saved starts with a BOM
            except UnicodeDecodeError:
                self.add_error("upload", _("That file is not text (UTF-8)."))
                return cleaned
            self.source = "upload"
        if not text.strip():
            self.add_error("document", _("Paste a table document or choose a file."))
            return cleaned
        try:
            self._document = load_json(text)
        except NotJson as error:
            self.add_error(self.source, not_json(error))
        return cleaned

    def parsed(self) -> Any:
        return self._document

    ECHOED = 100_000  # characters: a refused document longer than this is not put back into the page

    def without_a_large_document(self) -> ImportForm:
        """A refused document too large to send back is not written into the page again (as HTML it would be
        larger still than what was sent): the form says so beside the field instead."""
        if self.is_bound and len(self.data.get("document") or "") > self.ECHOED:
            self.data = self.data.copy()
            self.data["document"] = ""
            self.add_error(
                "document",
                _(
                    "This document is not shown again here, it is too long: correct it and "
                    "paste it again, or choose its file."
                ),
            )
        return self


CIRCLE_LINK = re.compile(r"(?:^|/)(c|cv)/([A-Za-z0-9_-]{16,64})/?(?:[?#].*)?$")
TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,64}$")


def spelled_otherwise(players: list[str], circle_players: list[str]) -> str | None:
    """Why a table cannot join a circle as it is: a player of the table whose name is a circle player's written
    otherwise ("anna" at the table, "Anna" in the circle). The circle would count them as two players; the table's
    name is renamed first (its settings), as the circle writes it. None when every name is the circle's or new."""
    for name in players:
        theirs = written_in(circle_players, name)
        if theirs is not None and theirs != name:
            return _(
                "%(table_name)s at this table is %(circle_name)s in the circle: rename the player at the table first "
                "(its settings), so that the circle counts one player."
            ) % {"table_name": isolate_text(name), "circle_name": isolate_text(theirs)}
    return None


class JoinCircleForm(forms.Form):
    """A circle a table joins: its edit link (or the token in it) pasted, or one of the circles this phone can
    change. A view link can only look, so it is refused."""

    link = forms.CharField(
        label=_("The circle's edit link"),
        max_length=300,
        required=False,
        widget=forms.TextInput(attrs={"inputmode": "url", "autocomplete": "off", "spellcheck": "false"}),
    )
    known = forms.TypedChoiceField(label=_("or one of your circles"), required=False, coerce=int, empty_value=None)

    def __init__(self, *args, known: list[Any], players: list[str] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.known, self.players = {circle.pk: circle for circle in known}, list(players or [])
        self.fields["known"].choices = [("", "—")] + [(circle.pk, circle.name) for circle in known]

    def clean_link(self) -> Any:
        text = self.cleaned_data["link"].strip()
        if not text:
            return None
        found = CIRCLE_LINK.search(text)
        kind, token = found.groups() if found else ("", text if TOKEN.match(text) else "")
        circle = Circle.objects.filter(token=token).first() if token and kind != "cv" else None
        if circle is None and token and Circle.objects.filter(view_token=token).exists():
            raise forms.ValidationError(
                _(
                    "This is the circle's view link: it can only look. Paste its edit link "
                    "(the one that opens the circle to change it)."
                )
            )
        if circle is None:
            raise forms.ValidationError(_("No circle at this link. Paste the whole edit link of the circle."))
        return circle

    def clean(self):
        cleaned = super().clean()
        if not self.errors and cleaned.get("link") is None and cleaned.get("known") is None:
            self.add_error("link", _("Paste a circle's edit link, or choose one of your circles."))
        if not self.errors and (problem := spelled_otherwise(self.players, self.circle().players)):
            self.add_error("link" if cleaned.get("link") else "known", problem)
        return cleaned

    def circle(self) -> Any:
        return self.cleaned_data.get("link") or self.known[self.cleaned_data["known"]]
