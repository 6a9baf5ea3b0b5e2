import re
from dataclasses import dataclass

from django import template
from django.utils.html import conditional_escape, escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from games.engines.base import Line, Phrase

register = template.Library()


@dataclass(frozen=True)
class RuleLinks:
    """Where an explanation's rule numbers lead: the game's rules page (for this table, which shows each option's
    value there), and each option's name in the player's language."""

    url: str
    labels: dict

    @classmethod
    def of(cls, game: str, view_token: str = "") -> "RuleLinks":
        from django.urls import reverse

        from games.registry import GAMES

        url = reverse("rules", args=[game]) + (f"?t={view_token}" if view_token else "")
        return cls(url, {o.key: gettext(o.label) for o in GAMES[game].engine.OPTIONS})

    def reference(self, line: Line) -> str:
        if not line.rule:
            return ""
        rule = format_html('<a class="rule" href="{}#{}">{}</a>', self.url, line.rule, line.rule)
        if line.option:
            label = self.labels.get(line.option, line.option)
            rule += format_html(' (<a href="{}#option-{}">{}</a>)', self.url, line.option, label)
        return rule + ": "


def line_html(item, links: RuleLinks | None = None) -> str:
    """An engine line (or phrase) as HTML in the player's language: the text escaped, every value it names
    isolated in <bdi>, so that a name written right to left cannot reorder the words around it; the rule behind
    it a link to the rules page when ``links`` are given."""
    if isinstance(item, str):  # a name, a card, a word: isolated when it holds letters (numbers need not be)
        return f"<bdi>{escape(item)}</bdi>" if any(c.isalpha() for c in item) else escape(item)
    if isinstance(item, Phrase):
        return escape(item.separator).join(line_html(part) for part in item.parts)
    args = {key: line_html(value) if isinstance(value, (Line, Phrase, str)) else escape(value)
            for key, value in item.args.items()}
    reference = links.reference(item) if links is not None else escape(item.reference())
    return reference + escape(item.translated(gettext)).format(**args)


@register.filter
def pairs(mapping) -> list:
    """A mapping's (key, value) pairs. Templates never write ``mapping.items``: Django looks a player called
    "items" up as a key first."""
    return list(mapping.items())


@register.filter
def num(value) -> str:
    """A whole number as players write it: one minus sign (−, not a hyphen) for negatives."""
    return f"−{-value}" if isinstance(value, int) and value < 0 else str(value)


@register.filter
def isolate(value) -> SafeString:
    """A name inside other text, isolated: a right-to-left character in it cannot reorder what is around it."""
    return format_html("<bdi>{}</bdi>", value)


@register.filter
def isolate_text(value) -> str:
    """The same for plain text (a page title): Unicode's first-strong isolate and pop directional isolate."""
    return f"\u2068{value}\u2069"


@register.filter
def explain(line, links: RuleLinks | None = None) -> SafeString:
    """An engine explanation line (or one-line description) in the player's language, names isolated; with
    ``links``, its rule leads to the game's rules page."""
    return mark_safe(line_html(line, links or None))


@register.filter
def unbroken(label) -> str:
    """A short label (a tap choice) whose hyphenated words never break at the hyphen: "Westfest-Turnierregeln" or
    "Jan-Nepomuk" split over two lines of a button reads as two words. The hyphen between two letters becomes the
    non-breaking hyphen (U+2011), which looks the same."""
    return mark_safe(re.sub(r"(?<=\w)-(?=\w)", "\u2011", conditional_escape(label)))


@register.filter
def game_title(slug: str) -> str:
    """The game's name (from the registry) in the player's language."""
    from games.registry import GAMES

    game = GAMES.get(slug)
    return gettext(game.engine.TITLE) if game else slug


@register.filter
def in_unit(value: int, unit: int) -> str:
    """A card's value counted in ``unit``ths of a point, as players write it (thirds: 4⅓)."""
    from fractions import Fraction

    from games.engines.base import fmt_number

    return fmt_number(Fraction(value, unit))


@register.filter
def label_of(form, field_name: str) -> str:
    field = form.fields.get(field_name)
    return field.label if field is not None and field.label else field_name


@register.filter
def translate_marked(text: str) -> str:
    """Text an engine marked with N_, in the player's language."""
    return gettext(text)


@register.filter
def thirds(value) -> str:
    """Card points in thirds as players write them: 4⅓."""
    from games.engines.base import fmt_number

    return fmt_number(value)


@register.filter
def decimal1(value) -> str:
    """An exact average shown to one decimal (rounded half up), without going through a float."""
    from fractions import Fraction

    tenths = Fraction(value) * 10
    rounded = int(tenths + Fraction(1, 2)) if tenths >= 0 else -int(-tenths + Fraction(1, 2))
    sign = "−" if rounded < 0 else ""
    rounded = abs(rounded)
    return f"{sign}{rounded // 10}.{rounded % 10}"


@register.filter
def percent(won: int, played: int) -> str:
    return f"{(100 * won + played // 2) // played} %" if played else "–"


@register.simple_tag
def submission() -> SafeString:
    """A hidden input carrying this form's own token: the change it asks for is recorded at most once."""
    from games.forms import new_submission

    return format_html('<input type="hidden" name="submission" value="{}">', new_submission())


@register.inclusion_tag("games/_offline.html", takes_context=True)
def offline_part(context, table, page: str):
    """A kept table's hook on its table page and new-hand form: where the phone's runtime, engine, words and the
    table's snapshot are, where unsent hands go, and the words the offline part says (in the player's language)."""
    from django.middleware.csrf import get_token
    from django.templatetags.static import static
    from django.urls import reverse
    from django.utils.translation import get_language

    from games.views.offline import download_bytes, offline_words

    language = get_language() or "en"
    request = context["request"]
    return {"table": table, "page": page, "bytes": download_bytes(), "words": offline_words(),
            "csrf": get_token(request), "script": static("js/offline.js"), "worker": static("js/engine-worker.js"),
            "runtime_url": reverse("offline_runtime"),
            "words_url": reverse("offline_words", args=[language if language in ("en", "cs", "sl", "de") else "en"]),
            "snapshot_url": reverse("offline_snapshot", args=[table.edit_token]),
            "send_url": reverse("offline_send", args=[table.edit_token]),
            "table_url": reverse("table", args=[table.edit_token]),
            "form_url": reverse("record_hand", args=[table.edit_token])}
