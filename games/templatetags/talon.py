from django import template
from django.utils.translation import gettext

register = template.Library()


@register.filter
def explain(line) -> str:
    """An engine explanation line in the player's language."""
    return line.render(gettext)


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
