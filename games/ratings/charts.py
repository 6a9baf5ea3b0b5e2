"""The rating charts a circle's page and a league's page draw from their pools' steps (games.ratings.store), and
how many recent events they list: on the ratings' read side, below both the circles and the tournaments."""

from __future__ import annotations

from fractions import Fraction

from django.utils.translation import gettext as _

from games.lib.charts import running_totals_chart, spread_points
from games.ratings import core as ratings

RECENT_EVENTS = 8


def rating_chart(steps, only: list[str] | None = None):
    """Each player's rating after each event of ``steps`` (RatingStep rows of one pool and game: a circle's, a
    league's), from the first they played; a rating stays as it was while its player is away. A point per event
    (at most CHART_POINTS, evenly spread); None for fewer than two events. ``only``: these players' lines (a
    league's leaders, not 150 lines)."""
    rows = list(steps.order_by("number").values_list("number", "player", "mu"))
    if not rows or rows[-1][0] < 2:
        return None
    names = list(dict.fromkeys(player for _number, player, _mu in rows))
    if only is not None:
        names = [name for name in only if name in set(names)]
    now: dict[str, Fraction] = {}
    series = []
    index = 0
    for number in range(1, rows[-1][0] + 1):
        while index < len(rows) and rows[index][0] == number:
            now[rows[index][1]] = Fraction(round(rows[index][2] * 10), 10)
            index += 1
        series.append([now.get(name) for name in names])
    numbers = spread_points(len(series))
    series = [series[n - 1] for n in numbers]
    return running_totals_chart(
        names,
        series,
        numbers=numbers,
        x_label=_("result"),
        base=round(ratings.START_MU),
        label=_("Ratings, result by result"),
    )
