"""The tournament director's forms: a new tournament from a preset, players, a round's draw, a table's result."""

from __future__ import annotations

import csv
import io
import re
import secrets
import unicodedata
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from django import forms
from django.conf import settings
from django.utils.formats import get_format
from django.utils.text import capfirst, format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.contract.hands import MOST_POINTS
from games.contract.ranking import Rank
from games.lib.forms import WholeNumberField
from games.lib.inputs import whole_number
from games.lib.names import tidy_name
from games.lib.number_text import read_whole
from games.lib.numbers import local_number
from games.models import League
from games.registry import GAMES
from games.tables.forms import ImportForm, NameField, RulesForm, resolved, validate_event_title
from games.tables.presentation import rules_summary_of
from games.tournaments import engine
from games.tournaments.services import Refused, parse_players

DRAWS = [
    ("random", _("random, no repeat opponents")),  # short: a choice is read whole in a 390 px select
    ("seeded-thirds", _("seeded by the ranking")),
    ("by-standings", _("by the standings")),
    ("schedule", _("a fixed schedule")),
]
DRAWS_EXPLAINED = _(
    "Seeded: one player from each group of the ranking at a table. By the standings: the top "
    "players together, the next together … A fixed schedule: start numbers drawn once, every "
    "round published before round 1."
)
TIE_BREAK_CHOICES = [
    ("", "—"),
    ("score", _("the sum of table scores")),
    ("wins", _("table wins")),
    ("places", _("better table places")),  # short: read whole in a 390 px select
    ("best-round", _("the best single round")),
    ("head-to-head", _("head-to-head score")),
]
TIE_BREAK_FIELDS = ("tie_break_1", "tie_break_2", "tie_break_3")
MEASURES = [
    ("place-points", _("place points")),
    ("balance", _("money balance")),
    ("points", _("points")),
    ("ranking", _("the game's own ranking, summed over the rounds")),
]


def _number(text: str) -> int | Fraction:
    """A typed number, with a decimal comma or point (0,5 or 0.5) or as a fraction (1/3); nothing beyond what any
    tournament scores (engine.read_number refuses an exponent before computing it)."""
    value = engine.read_number(text.replace(",", "."))
    if abs(value) > MOST_POINTS:
        raise ValueError(text)
    return int(value) if value.denominator == 1 else value


def _points_typed(text: str) -> list:
    """Points for places as a director types them: separated by spaces, where a comma inside a number is a decimal
    one (2 1 0,5), or by commas alone when there is no space, as the command line writes them (25,20,16; 25,20: two
    places, never 25.2). A comma after a number before a space is a separator too (25, 20, 16); a place left empty
    (25,,20) or a comma at either end is refused, never dropped."""
    text = text.strip()
    if not text:
        return []
    parts = [part.removesuffix(",") for part in text.split()] if len(text.split()) > 1 else text.split(",")
    try:
        return [_json_number(_number(part)) for part in parts]
    except (ValueError, ZeroDivisionError):
        raise forms.ValidationError(_("Write numbers separated by spaces, such as 2 1 0.5.")) from None


def _json_number(value: int | Fraction) -> int | float | str:
    """A place-points value as the document writes it: 2, or 0.5 (read back exactly by the engine)."""
    if isinstance(value, int) or value.denominator == 1:
        return int(value)
    return float(value) if (value * 1000).denominator == 1 else str(value)


PRESET_LABELS = {  # the format's preset ids (shared/formats/tournament.md) as a director reads them
    "tarzs": _("Slovenian championship (TARZS)"),
    "breclav": _("Czech tournament (Břeclav)"),
    "place-points": _("Points by place"),
    "points": _("Points scored"),
    "preisschnapsen": _("Preisschnapsen"),
}


def preset_label(key: str) -> str:
    """A tournament preset in the director's words; an id no label names (a document's own) as it is."""
    return str(PRESET_LABELS.get(key, key))


class TournamentForm(forms.Form):
    name = forms.CharField(
        label=_("Name of the tournament"), max_length=engine.TITLE_LENGTH, validators=[validate_event_title]
    )
    preset = forms.ChoiceField(label=_("Tournament preset"))
    table_size = WholeNumberField(label=_("Players at a table"), min_value=2)  # and the game's own bounds
    rounds = WholeNumberField(label=_("Rounds"), min_value=1, max_value=engine.MOST_ROUNDS)
    hands = WholeNumberField(
        label=_("Hands in a round"),
        min_value=1,
        max_value=engine.MOST_ROUND_LIMIT,
        required=False,
        help_text=_("Empty: no limit of hands."),
    )
    minutes = WholeNumberField(
        label=_("Minutes in a round"),
        min_value=1,
        max_value=engine.MOST_ROUND_LIMIT,
        required=False,
        help_text=_("Empty: no time limit."),
    )
    draw_first = forms.ChoiceField(label=_("Draw of the first round"), choices=DRAWS)
    draw_later = forms.ChoiceField(label=_("Draw of the later rounds"), choices=DRAWS, help_text=DRAWS_EXPLAINED)
    seed = WholeNumberField(
        label=_("Seed of the draw"), min_value=0, max_value=2**31 - 1, help_text=_("The same seed gives the same draw.")
    )
    measure = forms.ChoiceField(label=_("Standings by"), choices=MEASURES)
    place_points = forms.CharField(
        label=_("Place points"),
        required=False,
        max_length=60,
        help_text=_("For the first place, the second …, separated by spaces: 2 1 0.5"),
    )
    tie_break_1 = forms.ChoiceField(
        label=_("First tie-break"),
        choices=TIE_BREAK_CHOICES,
        required=False,
        help_text=_("Better table places: more firsts, then more seconds …"),
    )
    tie_break_2 = forms.ChoiceField(label=_("Second tie-break"), choices=TIE_BREAK_CHOICES, required=False)
    tie_break_3 = forms.ChoiceField(label=_("Third tie-break"), choices=TIE_BREAK_CHOICES, required=False)

    def __init__(self, *args, game: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        self.fields["preset"].choices = [
            (key, preset_label(key)) for key in engine.TOURNAMENT_PRESETS if engine.PRESETS[key]["game"] in (None, game)
        ]
        counts = GAMES[game].engine.PLAYER_COUNTS  # as many at a table as the game is played by
        self.fields["table_size"] = WholeNumberField(
            label=_("Players at a table"), min_value=min(counts), max_value=max(counts)
        )
        initial = kwargs.get("initial") or {}
        self.rules_form = TableRulesForm(
            args[0] if args else kwargs.get("data"), prefix="rules", game=game, current=initial.get("rules")
        )

    def is_valid(self) -> bool:
        """The tournament's settings and its tables' rules, both checked (each form's errors beside its fields)."""
        mine, rules = super().is_valid(), self.rules_form.is_valid()
        return mine and rules

    def clean_place_points(self) -> list:
        return _points_typed(self.cleaned_data["place_points"])

    def clean(self) -> dict[str, Any]:
        """The tie-breaks chosen, in order, each once. The preset's place points, left as offered, follow a change
        of the table's size: n, n − 1, … 1 (the engine's default); points the director typed are kept, and refused
        when they do not fit the table."""
        data = super().clean()
        chosen = [data.get(field) for field in TIE_BREAK_FIELDS if data.get(field)]
        if len(set(chosen)) != len(chosen):
            self.add_error("tie_break_2", _("Each tie-break counts once: choose another or none."))
        data["tie_breaks"] = chosen
        points, size = data.get("place_points"), data.get("table_size")
        if points and size and len(points) != size and "place_points" not in self.changed_data:
            data["place_points"] = []
        return data

    def settings(self) -> dict[str, Any]:
        data = self.cleaned_data
        limit = {key: data[key] for key in ("hands", "minutes") if data.get(key)}
        scoring: dict[str, Any] = {"measure": data["measure"], "tie_breaks": data["tie_breaks"]}
        if data["place_points"]:
            scoring["place_points"] = data["place_points"]
        return {
            "rules": self.rules_form.rules(data["table_size"]),
            "table_size": data["table_size"],
            "rounds": data["rounds"],
            "round_limit": limit,
            "scoring": scoring,
            "draw": {"first": data["draw_first"], "later": data["draw_later"], "seed": data["seed"]},
        }


def _typed_number(raw: Any) -> str:
    """A place-points value as the director would type it back: 2, 0,5 in Czech (0.5 in English), 1/3."""
    value = _number(str(raw))
    if isinstance(value, int):
        return str(value)
    if (value * 1000).denominator == 1:
        return str(float(value)).replace(".", get_format("DECIMAL_SEPARATOR"))
    return f"{value.numerator}/{value.denominator}"


def initial_from(preset: str, game: str) -> dict[str, Any]:
    """The form's first values: the preset's document defaults."""
    values = engine.PRESETS.get(preset, {})
    limit = values.get("round_limit") or {}
    scoring = values.get("scoring") or {}
    draw = values.get("draw") or {}
    size = values.get("table_size")
    counts = GAMES[game].engine.PLAYER_COUNTS
    if size not in counts:  # the preset's table for a game played by fewer (Schnapsen: two)
        size = max([count for count in counts if count <= (size or 0)] or [counts[0]])
    points = list(scoring.get("place_points", []))
    if points and len(points) != size:
        points = list(range(size, 0, -1))  # the engine's own default: n, n − 1, … 1
    return {
        "preset": preset,
        "table_size": size,
        "rounds": values.get("rounds") if isinstance(values.get("rounds"), int) else 4,
        "hands": limit.get("hands"),
        "minutes": limit.get("minutes"),
        "draw_first": draw.get("first", "random"),
        "draw_later": draw.get("later", draw.get("first", "random")),
        "seed": draw.get("seed", secrets.randbelow(1_000_000)),
        "measure": scoring.get("measure", "points"),
        "place_points": " ".join(_typed_number(p) for p in points),
        **dict(zip(TIE_BREAK_FIELDS, list(scoring.get("tie_breaks", [])) + [""] * len(TIE_BREAK_FIELDS))),
        "rules": offered_rules(preset, game),
    }


def offered_rules(preset: str, game: str) -> dict[str, Any]:
    """The table rules a new tournament of ``game`` offers from ``preset``: the preset's own, or what the preset's
    format plays with this game (the Königrufen cups' sheet, where Kontras are paid in cash)."""
    values = engine.PRESETS.get(preset, {})
    return dict((values.get("offered_rules") or {}).get(game, values.get("rules") or {}))


class TableRulesForm(RulesForm):
    """The rules every table of the tournament plays (TN5: Talon creates a tournament's tables with them): the
    game's house rules as a new table offers them, without a table's name or price."""

    def __init__(self, *args, game: str, current: dict | None = None, **kwargs):
        super().__init__(*args, engine=GAMES[game].engine, current=current, **kwargs)
        for name in ("name", "price_per_point", "currency"):
            del self.fields[name]
        self.changed = any(key != "preset" for key in current or {})  # offered open: what differs is in sight


def differences(tournament_document: dict[str, Any], preset: str) -> list[tuple[str, str, str]]:
    """What a tournament's settings change from its preset, compared as the engine reads them (0.5 is ½):
    (the setting's label as the form names it, the preset's value, the tournament's), in the reader's language."""
    try:
        mine = engine.load(tournament_document)
        theirs = engine.load({"tournament": "-", "game": mine.game, "preset": preset, "draw": {"seed": mine.draw.seed}})
    except engine.InvalidTournament:
        return []
    draws, measures, tie_breaks = dict(DRAWS), dict(MEASURES), dict(TIE_BREAK_CHOICES)

    def rules(t: engine.Tournament) -> RulesShown:
        return RulesShown(t.game, t.rules, t.table_size)

    def limit(key: str):
        return lambda t: t.round_limit.get(key) if isinstance(t.round_limit, dict) else None

    fields = [
        (_("House rules"), rules),
        (_("Players at a table"), lambda t: t.table_size),
        (_("Rounds"), lambda t: t.rounds),
        (_("Hands in a round"), limit("hands")),
        (_("Minutes in a round"), limit("minutes")),
        (_("Standings by"), lambda t: measures.get(t.scoring.measure, t.scoring.measure)),
        (_("Place points"), lambda t: t.scoring.place_points),
        (_("Tie-breaks"), lambda t: ", ".join(str(tie_breaks.get(key, key)) for key in t.scoring.tie_breaks) or None),
        (_("Draw of the first round"), lambda t: draws.get(t.draw.first, t.draw.first)),
        (_("Draw of the later rounds"), lambda t: draws.get(t.draw.later, t.draw.later)),
    ]
    return [
        (str(label), _shown(value(theirs)), _shown(value(mine)))
        for label, value in fields
        if value(theirs) != value(mine)
    ]


class RulesShown:
    """A tournament's table rules as the director reads them (``rules_described``), equal to another's when the
    tables play the same (``{}`` and the usual preset named are the same rules)."""

    def __init__(self, game: str, rules: dict, table_size: int):
        self.game, self.rules, self.size = game, rules, table_size
        self.values = resolved(GAMES[game].engine, rules, table_size)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RulesShown) and (self.game, self.values) == (other.game, other.values)

    def __str__(self) -> str:
        return rules_described(self.game, self.rules, self.size)


def rules_described(game: str, rules: dict, table_size: int) -> str:
    """The rules a tournament's tables play, in the reader's words: the preset, then each option played
    otherwise (``Tarockcup; Kontra counts on the sheet: no``)."""
    summary = rules_summary_of(game, rules, table_size)
    parts = [summary["preset"] or gettext("the game's defaults")]
    parts += [f"{label}: {value}" for label, value in summary["differences"]]
    return "; ".join(parts)


def _shown(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, dict):
        return ", ".join(f"{key}: {_shown(item)}" for key, item in value.items()) or "—"
    if isinstance(value, (tuple, list)):
        return " ".join(_shown(item) for item in value) or "—"
    if isinstance(value, (int, Fraction)) and not isinstance(value, bool):
        return local_number(value)  # 0,5 in Czech, 0.5 in English, 1 234
    return str(value)


PLAYERS_TEXT = engine.MOST_PLAYERS * 64  # characters in the players box: the most players, a line each
PLAYERS_FILE = 200_000  # bytes of a players CSV (a spreadsheet's export may carry more columns than Talon reads)


class PlayersForm(forms.Form):
    players = forms.CharField(
        label=_("Players, one a line"),
        required=False,
        max_length=PLAYERS_TEXT,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=_("A ranking for a seeded draw may follow a name after a semicolon: Ana; 3"),
    )
    csv_file = forms.FileField(
        label=_("or a CSV file"),
        required=False,
        help_text=_("A name in the first column, an optional ranking in the second."),
    )

    def clean_csv_file(self):
        upload = self.cleaned_data.get("csv_file")
        if upload is None:
            return ""
        if upload.size > PLAYERS_FILE:
            raise forms.ValidationError(_("This file is too large for a list of players."))
        try:
            return upload.read().decode("utf-8-sig")
        except UnicodeDecodeError:
            raise forms.ValidationError(_("This file is not text in UTF-8.")) from None

    def entries(self) -> list[tuple[str, int | None]]:
        """The typed list, then the file's rows (a first row that is a header, with a word for a ranking, is
        skipped)."""
        typed = parse_players(self.cleaned_data.get("players", ""))
        text = self.cleaned_data.get("csv_file") or ""
        try:
            dialect = csv.Sniffer().sniff(text[:2000], delimiters=",;\t")
        except csv.Error:  # one column: nothing to sniff
            dialect = csv.excel
        try:
            rows = list(csv.reader(io.StringIO(text), dialect))
        except csv.Error:  # a cell longer than csv allows, a quote never closed
            raise Refused("players", gettext("This file is not a list of players in CSV.")) from None
        from_file = []
        for number, row in enumerate(rows):
            row = [cell.strip() for cell in row]
            if not row or not row[0]:
                continue
            ranking = row[1] if len(row) > 1 else ""
            if ranking and whole_number(ranking) is None:
                if number == 0:
                    continue  # a header
                ranking = ""
            from_file.append((tidy_name(row[0]), whole_number(ranking)))
            if len(from_file) > engine.MOST_PLAYERS:
                break  # more than any tournament takes: refused by their number, the rest unread
        return typed + from_file


class RenameEntryForm(forms.Form):
    no = WholeNumberField(label=_("Start number"), min_value=1, max_value=100_000)
    name = NameField(label=_("Correct name"))


class ResultForm(forms.Form):
    """A paper table's totals, or (after the round) a correction with its reason."""

    table = WholeNumberField(label=_("Table"), min_value=1, max_value=10_000)
    totals = forms.CharField(
        label=_("Totals in seat order"),
        max_length=200,
        help_text=_("One whole number for each seat, separated by spaces."),
    )
    reason = forms.CharField(label=_("Reason"), required=False, max_length=200)
    replace = forms.BooleanField(
        label=_("Replace the hands played"),
        required=False,
        help_text=_("Only for a table played in Talon: the typed result counts instead, the hands stay in the record."),
    )

    def __init__(self, *args, marks: Sequence[Rank] = (), money: bool = False, **kwargs):
        """``marks``: the ranks of the game's ranking read from marks, not the totals (``marks_ranked``): each is
        typed beside the totals in a field of its own name, labelled as the engine labels it. ``money``: the totals
        are money balances (the measure ``balance``), typed with their cents: -15,5."""
        super().__init__(*args, **kwargs)
        self.money = money
        if money:
            self.fields["totals"].label = _("Money balances in seat order")
            self.fields["totals"].help_text = _(
                "Each seat's balance (what the player has minus the stake), separated by spaces: -15,5 20 0 -4,5."
            )
        self.mark_keys = tuple(rank.key for rank in marks)
        for rank in marks:
            label = capfirst(gettext(rank.label))
            self.fields[rank.key] = forms.CharField(
                label=format_lazy(_("{label} in seat order"), label=label),
                required=False,
                max_length=200,
                help_text=format_lazy(_("Each seat's {label}, separated by spaces."), label=gettext(rank.label)),
            )

    def clean_reason(self) -> str:
        """A correction's reason is kept and shown: on one line, with no tab nor any other control character."""
        reason = self.cleaned_data["reason"]
        if any(unicodedata.category(c) in ("Cc", "Cs") for c in reason):
            raise forms.ValidationError(_("Write the reason on one line, without tabs or other control characters."))
        return reason

    def clean_totals(self) -> list[int | Fraction]:
        return _amounts(self.cleaned_data["totals"]) if self.money else _whole_numbers(self.cleaned_data["totals"])

    def clean(self) -> dict:
        cleaned = super().clean()
        for key in self.mark_keys:
            if key in cleaned:
                try:
                    cleaned[key] = _whole_numbers(cleaned[key]) if cleaned[key].strip() else None
                except forms.ValidationError as error:
                    self.add_error(key, error)
        return cleaned

    @property
    def mark_fields(self) -> list:
        """The bound fields of the ranked marks, for the template."""
        return [self[key] for key in self.mark_keys]

    def marks(self) -> dict[str, list[int]] | None:
        """The ranked marks typed, by name (those left empty left out); None for a game ranked by totals alone."""
        if not self.mark_keys:
            return None
        return {key: self.cleaned_data[key] for key in self.mark_keys if self.cleaned_data.get(key) is not None}


def _whole_numbers(text: str) -> list[int]:
    """Whole numbers separated by spaces (or by commas when there is no space: 120,-40,-80). With spaces, a comma
    or a point inside a number is a decimal one (30,5 in cs, sl and de; 30.5 in en): said so, not split."""
    parts = text.replace(";", " ").split() if text.split() != [text.strip()] else text.replace(";", ",").split(",")
    parts = [part.strip(",") for part in parts if part.strip(",")]
    decimal = next((part for part in parts if "," in part or "." in part), None)
    if decimal is not None:
        raise forms.ValidationError(
            _("%(value)s is not a whole number: totals are whole points, such as 120 -40 -80.") % {"value": decimal}
        )
    try:
        return [read_whole(part) for part in parts]
    except ValueError:
        raise forms.ValidationError(_("Write whole numbers separated by spaces, such as 120 -40 -80.")) from None


def _amounts(text: str) -> list[int | Fraction]:
    """Money balances separated by spaces, each with at most two decimals after a comma or a point (-15,5 or
    -15.50); read exactly, never as floats. A number with more decimals, or no number, is said in money's words."""
    parts = [part.strip(",;") for part in text.replace(";", " ").split() if part.strip(",;")]
    amounts = []
    for part in parts:
        try:
            value = engine.read_number(part.replace(",", ".").replace("\u2212", "-"))
        except (ValueError, ZeroDivisionError):
            value = None
        if value is None or "/" in part or 100 % value.denominator or abs(value) > MOST_POINTS:
            raise forms.ValidationError(
                _("%(value)s is not an amount of money: write each balance with at most two decimals, such as -15,5.")
                % {"value": part}
            )
        amounts.append(int(value) if value.denominator == 1 else value)
    return amounts


class ImportTournamentForm(forms.Form):
    document = forms.FileField(label=_("Tournament document (JSON)"))

    def clean_document(self):
        upload = self.cleaned_data["document"]
        if upload.size > settings.TALON_MAX_DOCUMENT:
            raise forms.ValidationError(ImportForm.too_large())
        return upload


LEAGUE_NAME = League._meta.get_field("name").max_length


class LeagueForm(forms.Form):
    name = forms.CharField(label=_("Name of the league"), max_length=LEAGUE_NAME, validators=[validate_event_title])
    points_table = forms.CharField(
        label=_("Points for the final places"),
        required=False,
        max_length=200,
        help_text=_(
            "Empty: each tournament counts its own measure. Else the points of "
            "the first place, the second …, separated by spaces: 25 20 16"
        ),
    )
    best = WholeNumberField(
        label=_("Best tournaments that count"),
        min_value=1,
        max_value=100,
        required=False,
        help_text=_("Empty: every tournament counts."),
    )
    qualify = WholeNumberField(
        label=_("Places that qualify for the final"), min_value=1, max_value=1000, required=False
    )

    def clean_points_table(self) -> list | None:
        """The points fall with the place, as a tournament's place points (winners first: 1 2 3 ranked them last)."""
        points = _points_typed(self.cleaned_data["points_table"])
        try:
            engine.falling([Fraction(str(value)) for value in points], points, "points_table")
        except engine.InvalidTournament as error:
            raise forms.ValidationError(error.reason(gettext)) from None
        return points or None

    def settings(self) -> dict[str, Any]:
        return {
            key: self.cleaned_data[key]
            for key in ("points_table", "best", "qualify")
            if self.cleaned_data[key] is not None
        }


class JoinLeagueForm(forms.Form):
    link = forms.CharField(label=_("The tournament's director link"), max_length=300)

    def clean_link(self) -> str:
        match = re.search(r"/d/([A-Za-z0-9_-]{1,64})/?", self.cleaned_data["link"]) or re.fullmatch(
            r"\s*([A-Za-z0-9_-]{1,64})\s*", self.cleaned_data["link"]
        )
        if match is None:
            raise forms.ValidationError(_("Paste the director link of a tournament."))
        return match.group(1)
