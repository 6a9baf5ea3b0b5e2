"""Slovenian dates as Slovenians write them: a month's short name in lower case ("26. nov. 2026", not "Nov.")."""

from django.conf.locale.sl.formats import *  # noqa: F401,F403 (every other format as Django has it)

SHORT_DATE_FORMAT = "j. b. Y"
