"""``python manage.py ratings [--circle TOKEN | --league TOKEN]``: rebuild ratings and print them as JSON.

Every table's rated events are read again from its stored hands, then each circle's ratings are rebuilt from its
events (games.ratings.store); then each league's ratings from its tournaments' closed rounds (games.tournaments.services;
a tournament in no league is its own pool). The output: ``{"circles": [{"token", "name", "games": {game:
[{"player", "mu", "sigma", "ordinal", "shown", "events", "certainty"}, …]}}], "leagues": [{"token", "name",
"games": …}]}``, the highest rating first; ``--circle`` prints only ``circles``, ``--league`` (a league's director
or public token) only ``leagues``. Bad input: exit 2 and one line on standard error.
"""

import json

from games.models import Circle, League, Rating, Round, Tournament
from games.ratings import store as ratings_store
from games.ratings.core import Rated
from games.ratings.shown import Pool
from games.tournaments import services as tournaments

from ._common import OneLineCommand, fail

TOKEN_OPTIONS = ("--circle", "--league")


def tokens_joined(args):
    """``--league -0FC…`` read as ``--league=-0FC…``: a token may start with a hyphen (one in 64 does), which argparse
    would otherwise take for an option and refuse ("expected one argument")."""
    if args is None:
        return None
    joined, rest = [], iter(args)
    for arg in rest:
        value = next(rest, None) if arg in TOKEN_OPTIONS else None
        joined.append(arg if value is None else f"{arg}={value}")
    return joined


class Command(OneLineCommand):
    command_name = "ratings"
    help = "Rebuild every circle's and league's ratings (or one's) and print them as JSON."

    def add_arguments(self, parser):
        group = parser.add_mutually_exclusive_group()
        group.add_argument("--circle", help="a circle's token (from its edit link): only this circle")
        group.add_argument("--league", help="a league's token (from its director's or public link): only this league")

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parse = parser.parse_args
        parser.parse_args = lambda args=None, namespace=None: parse(tokens_joined(args), namespace)
        return parser

    def handle(self, *args, **options):
        league_token = options.get("league")
        if league_token is not None:
            leagues = League.objects.filter(director_token=league_token) | League.objects.filter(
                public_token=league_token
            )
            if not leagues.exists():
                fail(f"league: no league has the token {league_token!r}", self.stderr)
            self.stdout.write(json.dumps({"leagues": rebuilt_leagues(leagues)}, ensure_ascii=False, indent=2))
            return
        circles = Circle.objects.order_by("pk")
        token = options.get("circle")
        if token is not None:
            circles = circles.filter(token=token)
            if not circles.exists():
                fail(f"circle: no circle has the token {token!r}", self.stderr)
        ratings_store.rebuild_all(None if token is None else list(circles))
        out = [{"token": circle.token, "name": circle.name, "games": games_of(circle.ratings)} for circle in circles]
        found: dict[str, list] = {"circles": out}
        if token is None:
            found["leagues"] = rebuilt_leagues(League.objects.all())
            for tournament in Tournament.objects.filter(league=None, rounds__status=Round.CLOSED).distinct():
                tournaments.rate_pool(Pool(tournament=tournament))
        self.stdout.write(json.dumps(found, ensure_ascii=False, indent=2))


def rebuilt_leagues(leagues) -> list[dict]:
    """Each league's ratings rebuilt from its tournaments, and as printed."""
    out = []
    for league in leagues.order_by("pk"):
        tournaments.rate_pool(Pool(league=league))
        out.append(
            {
                "token": league.director_token,
                "name": league.name,
                "games": games_of(Rating.objects.filter(league=league)),
            }
        )
    return out


def games_of(ratings) -> dict[str, list]:
    """Ratings rows as printed: game → players, the highest rating first."""
    games: dict[str, list] = {}
    for row in ratings.order_by("game", "-mu", "player"):
        rated = Rated(row.mu, row.sigma, row.events)
        games.setdefault(row.game, []).append(
            {
                "player": row.player,
                "mu": row.mu,
                "sigma": row.sigma,
                "ordinal": rated.ordinal,
                "shown": rated.shown,
                "events": row.events,
                "certainty": rated.certainty,
            }
        )
    return games
