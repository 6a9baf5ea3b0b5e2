"""A `manage.py` command run in this process, through the entry point manage.py calls (execute_from_command_line,
so the command's run_from_argv and its one-line-exit-2 contract): standard input, output and error are the
strings a shell would see, and the exit code is the one the process would end with. Without a new Python and
Django start per call (a second or more each on a busy machine); each command's file keeps one test that runs
the real process."""

import io
import sys
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass

from django.core.management import execute_from_command_line


@dataclass
class Done:
    returncode: int
    stdout: str
    stderr: str


def manage(*args: str, stdin: str = "") -> Done:
    out, err, was = io.StringIO(), io.StringIO(), sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                execute_from_command_line(["manage.py", *args])
                code = 0
            except SystemExit as exit:
                code = exit.code if isinstance(exit.code, int) else 1
    finally:
        sys.stdin = was
    return Done(code, out.getvalue(), err.getvalue())
