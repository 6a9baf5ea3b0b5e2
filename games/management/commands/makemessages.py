"""makemessages that also collects the engines' N_("…") marks (the engines import nothing from Django)."""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = makemessages.Command.xgettext_options + ["--keyword=N_"]
