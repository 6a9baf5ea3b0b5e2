"""Engine lines as HTML in the player's language, their rule numbers linked to the rules page: for the template
filters (games/templatetags/talon.py) and the views that send lines as HTML (the phone's rows)."""

from dataclasses import dataclass
from fractions import Fraction

from django.urls import reverse
from django.utils.html import escape, format_html
from django.utils.translation import gettext

from games.contract.words import N_, Line, Phrase
from games.lib.number_text import Number
from games.lib.numbers import local_number
from games.registry import GAMES


@dataclass(frozen=True)
class RuleLinks:
    """Where an explanation's rule numbers lead: the game's rules page (for this table, which shows each option's
    value there), each option's name in the player's language and its values' names (``yes``, ``always``)."""

    url: str
    labels: dict
    options: dict  # option key → the engine's Option (its values' names)

    @classmethod
    def of(cls, game: str, view_token: str = "") -> "RuleLinks":
        url = reverse("rules", args=[game]) + (f"?t={view_token}" if view_token else "")
        options = GAMES[game].engine.OPTIONS
        return cls(url, {o.key: gettext(o.label) for o in options}, {o.key: o for o in options})

    def setting(self, line: Line) -> str:
        """The option's value that decided the line, in the player's words: "no", "always", "4", "13 scoring
        cards"."""
        option = self.options.get(line.option)
        if option is None or line.setting is None:
            return ""
        value = rule_value(option, line.setting)
        return value.render(gettext) if isinstance(value, Line) else str(_number_or(line.setting))

    def reference(self, line: Line) -> str:
        if not line.rule:
            return ""
        rule = format_html('<a class="rule" href="{}#{}">{}</a>', self.url, line.rule, line.rule)
        if line.option:
            label = self.labels.get(line.option, line.option)
            setting = self.setting(line)
            option = self.options.get(line.option)
            between = " " if option is not None and option.reads_on else ": "  # "won with 35 points", "Rounding: 5"
            # the parentheses and the colon inside the link: a long option name wraps inside them, never away
            return rule + format_html(
                ' <a href="{}#option-{}">({}{}):</a> ',
                self.url,
                line.option,
                label,
                f"{between}{setting}" if setting != "" else "",
            )
        return rule + ": "


def rule_value(option, value) -> Line | str:
    """An option's value in the player's words: its choice's label, a point table's count of scoring cards."""
    for choice, label in option.choices:
        if choice == value and type(choice) is type(value):
            return Line(label)
    if option.kind == "card-points":  # a point table (raw, or as the engine holds it): how many cards score
        pairs = value.items() if isinstance(value, dict) else value
        return Line(N_("{count} scoring cards"), {"count": sum(1 for _card, v in pairs if v)})
    return str(value)


def line_html(item, links: RuleLinks | None = None) -> str:
    """An engine line (or phrase) as HTML in the player's language: the text escaped, every value it names
    isolated in <bdi>, so that a name written right to left cannot reorder the words around it; the rule behind
    it a link to the rules page when ``links`` are given."""
    if isinstance(item, Number):  # a number the engine gave exactly: written as the player's language does
        return escape(local_number(item))
    if isinstance(item, str):  # a name, a card, a word: isolated when it holds letters (numbers need not be)
        return f"<bdi>{escape(item)}</bdi>" if any(c.isalpha() for c in item) else escape(item)
    if isinstance(item, Phrase):
        return escape(item.separator).join(line_html(part) for part in item.parts)
    args = {
        key: line_html(value) if isinstance(value, (Line, Phrase, str)) else escape(_number_or(value))
        for key, value in item.args.items()
    }
    reference = links.reference(item) if links is not None else escape(item.reference())
    return reference + escape(item.translated(gettext)).format(**args)


def _number_or(value):
    """A plain int or Fraction in an explanation, as the player's language writes it; anything else as it is."""
    if isinstance(value, (int, Fraction)) and not isinstance(value, bool):
        return local_number(value)
    return value
