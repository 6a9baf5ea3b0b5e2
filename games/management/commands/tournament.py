"""``python manage.py tournament standings|draw|league``: a tournament document (shared/formats/tournament.md).

- ``tournament standings FILE`` prints ``{"standings": [...]}`` (TN6, TN7; ``--as-recorded``: before corrections);
- ``tournament draw FILE --round K`` prints ``{"round": K, "tables": [...], "sitting_out": [...]}`` from the
  document's seed and the rounds played before K (TN2, TN3);
- ``tournament league FILE... [--points 25,20,16 or '25 20 16'] [--best N] [--qualify M]`` prints a season's
  standings (TN9) from its tournaments' documents, in the season's order.

``FILE`` is a path, or ``-`` for standard input, as for ``manage.py settle``; options go before or after it. Bad
input: exit 2, nothing on standard output and one line on standard error naming the round, the table and the field.
Never a traceback.
"""

import json
from fractions import Fraction

from django.conf import settings

import games.registry  # noqa: F401  (registers the games a tournament may be of)
from games.engines.table import load_json
from games.lib.number_text import read_whole
from games.tournaments import engine as tournament
from games.tournaments.services import table_hands

from ._common import OneLineCommand, fail, read_document


class Command(OneLineCommand):
    command_name = "tournament"
    help = "A tournament document (JSON): its standings, a round's draw, or a season's standings."

    def create_parser(self, prog_name, subcommand, **kwargs):
        """Options before or after FILE, as most commands allow (``draw --round 2 FILE``)."""
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.parse_args = parser.parse_intermixed_args
        return parser

    def add_arguments(self, parser):
        parser.add_argument("action", nargs="?", help="standings, draw or league")
        parser.add_argument("files", nargs="*", help="the tournament document(s), or - for standard input")
        parser.add_argument("--round", dest="round_no", help="draw: the round to draw")
        parser.add_argument("--attempt", default="0", help="draw: a redraw's number (0: the first draw)")
        parser.add_argument(
            "--as-recorded", action="store_true", help="standings: as they were before any correction (TN8)"
        )
        parser.add_argument(
            "--points", help="league: points for places 1, 2, 3 … e.g. 25,20,16 (default: each tournament's measure)"
        )
        parser.add_argument("--best", help="league: count only each player's best N tournaments")
        parser.add_argument("--qualify", help="league: how many places qualify")

    def handle(self, *args, **options):
        action, files = options["action"], options["files"]
        if action not in ("standings", "draw", "league"):
            fail("tournament: say standings FILE, draw FILE --round K, or league FILE...")
        if not files or (action != "league" and len(files) != 1):
            fail(
                f"tournament {action}: name {'the' if action == 'league' else 'one'} tournament document"
                f"{'s' if action == 'league' else ''}, or - for standard input"
            )
        try:
            if action == "standings":
                out = tournament.standings_json(document(files[0], seeded=False), corrected=not options["as_recorded"])
            elif action == "draw":
                round_no = number(options["round_no"], "--round", 1)
                attempt = number(options["attempt"], "--attempt", 0)
                out = tournament.draw_json(tournament.draw(document(files[0]), round_no, attempt=attempt))
            else:
                out = league(files, options)
        except tournament.InvalidTournament as error:
            fail(error.message())
        except RecursionError:
            fail("document: nested too deeply")
        self.stdout.write(json.dumps(out, ensure_ascii=False, indent=2))


def document(path: str, label: str = "", *, seeded: bool = True) -> tournament.Tournament:
    """The tournament of the document at ``path``. ``seeded=False``: standings, which no draw's seed changes (a
    paper tournament's document may have none)."""
    text = read_document(path, "tournament").removeprefix("\ufeff")  # as the import page reads it (utf-8-sig)
    try:
        raw = load_json(text)
    except ValueError as error:
        fail(f"{label}document: not valid JSON: {error}")
    hands, most = table_hands(raw), settings.TALON_MAX_HANDS
    if hands > most:  # what the import takes, no more
        fail(f"{label}document: Hands at the tables of this document: {hands}; an import brings at most {most}.")
    if not seeded and isinstance(raw, dict) and isinstance(raw.setdefault("draw", {}), dict):
        raw["draw"].setdefault("seed", 0)
    try:
        return tournament.load(raw)
    except tournament.InvalidTournament as error:
        fail(f"{label}{error.message()}")


def league(files: list[str], options: dict) -> dict:
    if files.count("-") > 1:
        fail("tournament league: standard input (-) can be read once")
    tournaments = [document(path, f"{path}: " if len(files) > 1 else "", seeded=False) for path in files]
    points = None
    if options.get("points"):
        try:
            points = points_table(options["points"])
        except tournament.InvalidTournament as error:  # points that do not fall with the place
            fail(error.message())
        except (ValueError, ZeroDivisionError):
            fail(
                "--points: must be numbers for places 1, 2, 3 … separated by commas or spaces, e.g. 25,20,16 or "
                "'25 20 16'"
            )
    best = number(options["best"], "--best", 1) if options.get("best") else None
    qualify = number(options["qualify"], "--qualify", 1) if options.get("qualify") else None
    return tournament.league_json(tournament.league(tournaments, points_table=points, best_n=best, qualify=qualify))


def points_table(text: str) -> list[Fraction]:
    """``25,20,16`` or ``25 20 16`` (as the web form takes them; there a decimal comma may be used: ``2 1 0,5``),
    falling with the place (InvalidTournament naming ``--points``, as the league's form refuses them)."""
    if text.split() != [text.strip()]:
        raw = [part.replace(",", ".") for part in text.split()]
    else:
        raw = [part.strip() for part in text.split(",")]
    points = [tournament.read_number(part) for part in raw]
    tournament.falling(points, [tournament.json_number(point) for point in points], "--points")
    return points


def number(raw: str | None, name: str, low: int) -> int:
    if raw is None:
        fail(f"{name}: is required, e.g. {name} 1")
    try:
        value = read_whole(raw)
    except ValueError:
        value = None
    if value is None or value < low or len(raw) > 6:
        fail(f"{name}: must be a whole number of at least {low}, got {raw}")
    return value
