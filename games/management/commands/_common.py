"""What the scripted commands (settle, tournament, ratings) share: their contract for bad input and for anything
that goes wrong, one line on standard error and exit 2, never a traceback. (Django lists no command from a module
whose name starts with an underscore.)"""

import sys

from django.conf import settings
from django.core.management.base import BaseCommand


def fail(line: str, stream=None) -> None:
    """One line on standard error (or on ``stream``, a command's own, which ends the line itself), then exit 2."""
    (stream or sys.stderr).write(line.replace("\n", " ") + ("" if stream is not None else "\n"))
    sys.exit(2)


class OneLineCommand(BaseCommand):
    """A command that keeps the contract: whatever went wrong, one line naming the command and exit 2."""

    command_name = ""  # the command's name, which starts its line

    def create_parser(self, prog_name, subcommand, **kwargs):
        """An option it does not know or an argument too many: one line, not argparse's usage."""
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.error = lambda message: fail(f"{self.command_name}: {message}")
        return parser

    def run_from_argv(self, argv):
        try:
            super().run_from_argv(argv)
        except SystemExit:
            raise
        except BaseException as error:  # the contract: one line and exit 2, whatever went wrong
            fail(f"{self.command_name}: unexpected error: {type(error).__name__}: {error}")


def read_document(path: str, command: str) -> str:
    """The text of the document at ``path`` (``-``: standard input), no larger than the import form and upload take
    (TALON_MAX_DOCUMENT bytes, measured as they measure it): read no further than one byte past it, so that a file
    that never ends (/dev/zero) is refused, not read until memory runs out."""
    most = settings.TALON_MAX_DOCUMENT
    try:
        if path == "-":
            stream = getattr(sys.stdin, "buffer", None)  # text only: a test's StringIO
            data = stream.read(most + 1) if stream is not None else sys.stdin.read(most + 1).encode()
        else:
            with open(path, "rb") as handle:
                data = handle.read(most + 1)
    except OSError as error:
        fail(f"{command}: cannot read {path}: {error.strerror or error}")
    if len(data) > most:
        fail(f"{command}: {path} is larger than {most} bytes, the largest document Talon imports")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        fail(f"{command}: cannot read {path}: {error}")
