"""makemessages that also collects the engines' N_("…") and NC_("context", "…") marks (the engines import nothing
from Django)."""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = makemessages.Command.xgettext_options + ["--keyword=N_", "--keyword=NC_:1c,2"]
