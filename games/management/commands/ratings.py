"""``python manage.py ratings [--circle TOKEN]``: rebuild ratings from the tables and print them as JSON.

Every table's rated events are read again from its stored hands, then each circle's ratings are rebuilt from its
events (games.ratings_store). The output: ``{"circles": [{"token", "name", "games": {game: [{"player", "mu",
"sigma", "ordinal", "shown", "events", "certainty"}, …]}}]}``, the highest rating first. Bad input: exit 2 and
one line on standard error.
"""

import json
import sys

from django.core.management.base import BaseCommand

from games import ratings_store
from games.models import Circle
from games.ratings import Rated


class Command(BaseCommand):
    help = "Rebuild every circle's ratings (or one circle's) from its tables and print them as JSON."

    def add_arguments(self, parser):
        parser.add_argument("--circle", help="a circle's token (from its edit link): only this circle")

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.error = lambda message: fail(f"ratings: {message}")  # one line, not the usage
        return parser

    def run_from_argv(self, argv):
        try:
            super().run_from_argv(argv)
        except SystemExit:
            raise
        except BaseException as error:  # the contract: one line and exit 2, whatever went wrong
            fail(f"ratings: unexpected error: {type(error).__name__}: {error}")

    def handle(self, *args, **options):
        circles = Circle.objects.order_by("pk")
        token = options.get("circle")
        if token is not None:
            circles = circles.filter(token=token)
            if not circles.exists():
                fail(f"circle: no circle has the token {token!r}", self.stderr)
        ratings_store.rebuild_all(None if token is None else list(circles))
        out = []
        for circle in circles:
            games: dict[str, list] = {}
            for row in circle.ratings.order_by("game", "-mu", "player"):
                rated = Rated(row.mu, row.sigma, row.events)
                games.setdefault(row.game, []).append({
                    "player": row.player, "mu": row.mu, "sigma": row.sigma, "ordinal": rated.ordinal,
                    "shown": rated.shown, "events": row.events, "certainty": rated.certainty})
            out.append({"token": circle.token, "name": circle.name, "games": games})
        self.stdout.write(json.dumps({"circles": out}, ensure_ascii=False, indent=2))


def fail(line: str, stream=None) -> None:
    (stream or sys.stderr).write(line.replace("\n", " ") + ("" if stream is not None else "\n"))
    sys.exit(2)
