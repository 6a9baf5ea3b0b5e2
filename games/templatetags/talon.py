from django import template
from django.utils.translation import gettext

register = template.Library()


@register.filter
def explain(line) -> str:
    """An engine explanation line in the player's language."""
    return line.render(gettext)


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
