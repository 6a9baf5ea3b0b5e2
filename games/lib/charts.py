"""The chart of lines a page draws (templates/games/_chart.html): a line per player through a series of values (a
table's running totals, a circle's tables, a pool's ratings), at most CHART_POINTS points evenly spread."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.lib.numbers import local_number

CHART_POINTS = 24


def spread_points(count: int) -> list[int]:
    """The numbers (1 to ``count``) of the points a chart draws: every one up to CHART_POINTS, else CHART_POINTS of
    them evenly spread, the first and the last among them (a season is summarised, not drawn hand by hand)."""
    if count <= CHART_POINTS:
        return list(range(1, count + 1))
    return sorted({round(1 + (count - 1) * i / (CHART_POINTS - 1)) for i in range(CHART_POINTS)})


COLOURS = ["#1f4d3a", "#c8512a", "#2f5fb3", "#8a3ea8", "#7a6a00", "#0f7f86"]
DASHES = ["", "8 3", "2 3", "10 3 2 3", "5 2", "1 2"]  # lines that coincide are still told apart
LABEL_GAP = 12  # end labels at least this far apart (viewBox units; the font is 11)


def _short(name: str, most: int = 9) -> str:
    return name if len(name) <= most else name[: most - 1] + "…"


def running_totals_chart(
    players: list[str],
    series: list[list[int | None]],
    *,
    numbers: list[int] | None = None,
    width: int = 340,
    height: int = 200,
    x_label: str = "",
    base: int = 0,
    label: str = "",
) -> dict[str, Any] | None:
    """A line per player through the running totals ``series`` (one row per point, seating order; None where a
    player has no score, which leaves a gap), placed at hand ``numbers`` (1, 2, … when not given), with the values
    on the left, the first and last hand below and each line's name and total at its end, for
    templates/games/_chart.html; None for fewer than two points."""
    if len(series) < 2:
        return None
    numbers = numbers or list(range(1, len(series) + 1))
    values = [v for row in series for v in row if v is not None]
    low, high = min(base, *values), max(base, *values)  # the dashed line at ``base``: 0, or where ratings start
    span = (high - low) or 1
    first, last = numbers[0], numbers[-1]
    tick_values = sorted({high, base, low}, reverse=True)
    labels = {v: local_number(v) for v in tick_values}
    # the longest value on the left fits beside the axis (a digit is about 6.5 units wide at font size 11)
    left, right, top, bottom = max(38, 8 + round(6.5 * max(map(len, labels.values())))), width - 66, 10, height - 24
    spread = len(players) - 1

    def x(n: int) -> float:
        return left + (right - left) * (n - first) / ((last - first) or 1)

    def y(v: int, p: int = 0) -> float:
        return top + (bottom - top) * (high - v) / span + (p - spread / 2) * 1.2

    lines, ends = [], []
    for p, name in enumerate(players):
        segments, current = [], []
        for n, row in zip(numbers, series):
            if row[p] is None:
                if current:
                    segments.append(current)
                current = []
            else:
                current.append((x(n), y(row[p], p)))
        if current:
            segments.append(current)
        if not segments:
            continue
        lines.append(
            {
                "name": name,
                "colour": COLOURS[p % len(COLOURS)],
                "dash": DASHES[p % len(DASHES)],
                "segments": [" ".join(f"{a:.1f},{b:.1f}" for a, b in seg) for seg in segments if len(seg) > 1],
                "dots": [f"{seg[0][0]:.1f},{seg[0][1]:.1f}".split(",") for seg in segments if len(seg) == 1],
            }
        )
        final = next(row[p] for row in reversed(series) if row[p] is not None)
        ends.append(
            {
                "y": segments[-1][-1][1],
                "text": _short(name),
                "title": f"\u2068{name}\u2069 {local_number(final)}",
                "colour": COLOURS[p % len(COLOURS)],
            }
        )
    ends.sort(key=lambda end: end["y"])  # push end labels apart, keeping their order, inside the chart
    for i, end in enumerate(ends):
        end["y"] = max(end["y"], ends[i - 1]["y"] + LABEL_GAP if i else top + 4)
    overflow = ends[-1]["y"] - (height - 4) if ends else 0
    if overflow > 0:
        for end in ends:
            end["y"] -= overflow
        for i in range(len(ends) - 2, -1, -1):
            ends[i]["y"] = min(ends[i]["y"], ends[i + 1]["y"] - LABEL_GAP)
    # the zero line's value is left out when it would sit on the highest or lowest value (they would overlap)
    ticks = [v for v in tick_values if v in (high, low) or min(abs(y(v) - y(high)), abs(y(v) - y(low))) >= LABEL_GAP]
    return {
        "width": width,
        "height": height,
        "left": left,
        "right": right,
        "bottom": bottom,
        "zero": f"{y(base, spread / 2):.1f}",
        "lines": lines,
        "ends": [{**e, "y": f"{e['y'] + 4:.1f}"} for e in ends],
        "ticks": [{"y": f"{y(v, spread / 2) + 4:.1f}", "value": labels[v]} for v in ticks],
        "first": first,
        "last": last,
        "x_label": x_label,
        "label_x": right + 4,
        "label": label or _("Running totals, hand by hand"),
    }
