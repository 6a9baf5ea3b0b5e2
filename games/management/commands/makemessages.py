"""makemessages that also collects the engines' N_("…") and NC_("context", "…") marks (the engines import nothing
from Django), and writes no source locations: a catalogue then changes only where a message does, so work done in
parallel merges without conflicts over line numbers."""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = makemessages.Command.xgettext_options + ["--keyword=N_", "--keyword=NC_:1c,2"]

    def handle(self, *args, **options):
        options["no_location"] = True
        return super().handle(*args, **options)
