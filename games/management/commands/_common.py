"""What the scripted commands (settle, tournament, ratings) share: their contract for bad input and for anything
that goes wrong, one line on standard error and exit 2, never a traceback. (Django lists no command from a module
whose name starts with an underscore.)"""

import sys

from django.core.management.base import BaseCommand


def fail(line: str, stream=None) -> None:
    """One line on standard error (or on ``stream``, a command's own, which ends the line itself), then exit 2."""
    (stream or sys.stderr).write(line.replace("\n", " ") + ("" if stream is not None else "\n"))
    sys.exit(2)


class OneLineCommand(BaseCommand):
    """A command that keeps the contract: whatever went wrong, one line naming the command and exit 2."""

    command_name = ""  # the command's name, which starts its line

    def run_from_argv(self, argv):
        try:
            super().run_from_argv(argv)
        except SystemExit:
            raise
        except BaseException as error:  # the contract: one line and exit 2, whatever went wrong
            fail(f"{self.command_name}: unexpected error: {type(error).__name__}: {error}")
