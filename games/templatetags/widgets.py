"""A form widget's attributes, written as Django's django/forms/widgets/attrs.html writes them, without a template
included for each input and each option (a hand form has a few hundred): templates/django/forms/widgets/ and
templates/games/widgets/ use it."""

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

register = template.Library()


@register.filter
def html_attrs(attrs: dict) -> SafeString:
    """` name="value"` for each attribute, escaped; a True one bare (` checked`), a False one left out."""
    return format_html_join(
        "",
        " {}{}",
        (
            (name, "" if value is True else format_html('="{}"', value))
            for name, value in attrs.items()
            if value is not False
        ),
    )
