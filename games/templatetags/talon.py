import re
from fractions import Fraction

from django import template
from django.middleware.csrf import get_token
from django.templatetags.static import static
from django.urls import reverse
from django.utils.html import conditional_escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, pgettext

from games.contract.ranking import lower_total_is_better
from games.lib.forms import new_submission
from games.lib.numbers import local_number
from games.lib.text import isolate_text
from games.offline.bundle import OFFLINE_ENTRY, download_bytes, engine_version, offline_words
from games.ratings.core import certainty
from games.registry import GAMES
from games.tables.lines import RuleLinks, line_html

register = template.Library()


@register.filter
def pairs(mapping) -> list:
    """A mapping's (key, value) pairs. Templates never write ``mapping.items``: Django looks a player called
    "items" up as a key first."""
    return list(mapping.items())


@register.filter
def num(value) -> str:
    """A number as players write it in their language: one minus sign (−, not a hyphen) for negatives, the
    locale's grouping and decimal separator (``−1 000`` in Czech)."""
    return local_number(value) if isinstance(value, (int, Fraction)) and not isinstance(value, bool) else str(value)


@register.filter
def signed(value) -> str:
    """A card's points with their sign as players write them: ``+10``, ``−5`` (a minus sign, not a hyphen), ``0``."""
    return local_number(value, plus=True)


@register.filter
def isolate(value) -> SafeString:
    """A name inside other text, isolated: a right-to-left character in it cannot reorder what is around it."""
    return format_html("<bdi>{}</bdi>", value)


register.filter("isolate_text", isolate_text)  # the same for plain text (a page title): games.lib.text


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
    game = GAMES.get(slug)
    return gettext(game.engine.TITLE) if game else slug


@register.filter
def in_unit(value: int, unit: int) -> str:
    """A card's value counted in ``unit``ths of a point, as players write it (thirds: 4⅓)."""
    return local_number(Fraction(value, unit))


@register.filter
def label_of(form, field_name: str) -> str:
    """A form field's label in the player's words; empty for the form's own errors (never the field's name)."""
    field = form.fields.get(field_name)
    return field.label if field is not None and field.label else ""


@register.filter
def translate_marked(text: str) -> str:
    """Text an engine marked with N_, in the player's language."""
    return gettext(text)


@register.filter
def thirds(value) -> str:
    """Card points in thirds as players write them: 4⅓."""
    return local_number(Fraction(value))


@register.filter
def decimal1(value) -> str:
    """An exact average shown to one decimal (rounded half up), without going through a float."""
    tenths = Fraction(value) * 10
    rounded = int(tenths + Fraction(1, 2)) if tenths >= 0 else -int(-tenths + Fraction(1, 2))
    return local_number(Fraction(rounded, 10), places=1)


@register.filter
def tone(value, game=None) -> str:
    """``pos`` for a score good for its player, ``neg`` for a bad one, by the order of ``game`` (a slug, or a table;
    penalty points, where a lower total wins, are bad); "" for 0 or what is not a number."""
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)) or not value:
        return ""
    found = GAMES.get(getattr(game, "game", game) or "")
    good = value < 0 if found is not None and lower_total_is_better(found.engine.RANKING) else value > 0
    return "pos" if good else "neg"


@register.filter
def times(count) -> range:
    """``{% for _ in marks.held|times %}``: a mark drawn as many times as its count."""
    return range(count if isinstance(count, int) and not isinstance(count, bool) else 0)


@register.filter
def percent(won: int, played: int) -> str:
    return f"{(100 * won + played // 2) // played}\u00a0%" if played else "–"  # "50 %" never split at its space


@register.simple_tag
def game_stylesheets() -> SafeString:
    """The registered games' own stylesheets (``GameWeb.stylesheet``), after talon.css on every page: how a game's
    marks look wherever a page or the phone draws them."""
    return format_html_join("\n", '<link rel="stylesheet" href="{}">', ((static(href),) for href in stylesheets()))


def stylesheets() -> list[str]:
    return [game.web.stylesheet for game in GAMES.values() if game.web.stylesheet]


@register.simple_tag
def submission() -> SafeString:
    """A hidden input carrying this form's own token: the change it asks for is recorded at most once."""
    return format_html('<input type="hidden" name="submission" value="{}">', new_submission())


@register.inclusion_tag("games/_offline.html", takes_context=True)
def offline_part(context, table, page: str):
    """A kept table's hook on its table page and new-hand form: where the phone's runtime, engine, words and the
    table's snapshot are, where unsent hands go, the words the offline part says and how the game's status looks
    (its marks, who leads: games.web.GameWeb.look), in the player's language. On a table that takes no hand any
    more (its evening ended, its tournament round closed) it offers no keeping, but a phone that kept it still shows
    there what it keeps: a hand the server refused, with the reason."""
    language = get_language() or "en"
    request = context["request"]
    return {
        "table": table,
        "page": page,
        "takes_hands": not table.summary.get("over") and not context.get("closed_round"),
        "bytes": download_bytes(),
        "words": offline_words(),
        "look": GAMES[table.game].web.look(),
        "csrf": get_token(request),
        "script": static(OFFLINE_ENTRY),
        "worker": static("js/engine-worker.js"),
        "runtime_url": reverse("offline_runtime"),
        "words_url": reverse("offline_words", args=[language if language in ("en", "cs", "sl", "de") else "en"]),
        "snapshot_url": reverse("offline_snapshot", args=[table.edit_token]),
        "send_url": reverse("offline_send", args=[table.edit_token]),
        "table_url": reverse("table", args=[table.edit_token]),
        "form_url": reverse("record_hand", args=[table.edit_token]),
    }


@register.inclusion_tag("games/_kept_table.html", takes_context=True)
def kept_table(context):
    """Every page of a table opened by its edit link names the table and the version it shows, so that a phone
    keeping the table for no signal follows every change made on any of its pages (static/js/talon/offline.js), however
    the page was reached. Nothing on other pages, nor on a view-only link."""
    table, request = context.get("table"), context.get("request")
    token = getattr(table, "edit_token", None)
    if not token or request is None or not request.path.startswith(reverse("table", args=[token])):
        return {}
    return {
        "table": table,
        "script": static(OFFLINE_ENTRY),
        "worker": static("js/engine-worker.js"),
        "runtime_url": reverse("offline_runtime"),
        "engine": engine_version(),
        "snapshot_url": reverse("offline_snapshot", args=[token]),
        "table_url": reverse("table", args=[token]),
        "form_url": reverse("record_hand", args=[token]),
    }


@register.filter
def rating1(value) -> str:
    """A rating (a float: an estimate, not a payout) to one decimal, as the player's language writes it."""
    return local_number(Fraction(round(value * 10), 10), places=1)


@register.filter
def signed1(value) -> str:
    """A rating's change to one decimal with its sign: +1,2 or −0,4 (0,0 unsigned)."""
    return local_number(Fraction(round(value * 10), 10), plus=True, places=1)


@register.filter
def place_direction(step) -> str:
    """``better``, ``worse`` or ``same``: a rated place against the place the ratings expected, as the page writes the
    expected place (to one decimal): place 3 where 2.5 was expected is worse, whatever the rating's change did."""
    expected = Fraction(round(step.expected * 10), 10)
    return "better" if step.place < expected else "worse" if step.place > expected else "same"


@register.filter
def change_direction(value) -> str:
    """``up``, ``down`` or ``same``: where a rating's change went, as ``signed1`` writes it (+0,0 is the same)."""
    tenths = round(value * 10)
    return "up" if tenths > 0 else "down" if tenths < 0 else "same"


@register.filter
def certainty_word(sigma) -> str:
    """How sure a rating is, in the player's words (games.ratings.core.certainty: from its sigma)."""
    return {
        "new": pgettext("rating", "new"),
        "settling": pgettext("rating", "settling"),
        "sure": pgettext("rating", "sure"),
    }[certainty(sigma)]
