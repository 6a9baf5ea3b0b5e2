"""Per-player statistics over many tables of one game, from the stored hands (inputs and derived scores).

Plain Python over plain data: ``tables`` is a list of (players, [(hand data, scores in seating order), …]).
Who won a hand is read from its inputs the way the engines decide it (54 points, 35⅔, a made contract).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .engines import slovenian_tarok as sl
from .engines.base import N_

MODE_NAMES = {"team": N_("team game"), "prever": "prever", "alone": N_("povinnost alone"), **sl.CONTRACT_NAMES}

TableHands = tuple[list[str], list[tuple[dict[str, Any], list[int]]]]


@dataclass
class PlayerStats:
    name: str
    hands: int = 0
    total: int = 0
    leading: int = 0  # as povinnost (Czech) or declarer (Slovenian)
    declaring: int = 0  # on the declarer side
    by_mode: dict[str, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))  # mode → [won, played]
    contra: list[int] = field(default_factory=lambda: [0, 0])  # [won, played] of hands with contra/kontra
    partners: dict[str, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))  # → [sum, hands]

    @property
    def modes(self) -> list[tuple[str, list[int]]]:
        """(mode or contract, [won, played]) as a plain list: templates must not touch the defaultdict."""
        return sorted((MODE_NAMES.get(mode, mode), record) for mode, record in self.by_mode.items())

    @property
    def average(self) -> Fraction:
        return Fraction(self.total, self.hands) if self.hands else Fraction(0)

    def partner_by_average(self) -> list[tuple[str, Fraction, int]]:
        rows = [(name, Fraction(s, n), n) for name, (s, n) in self.partners.items() if n]
        return sorted(rows, key=lambda row: (-row[1], row[0]))

    @property
    def best_partner(self) -> tuple[str, Fraction, int] | None:
        rows = self.partner_by_average()
        return rows[0] if rows else None

    @property
    def worst_partner(self) -> tuple[str, Fraction, int] | None:
        rows = self.partner_by_average()
        return rows[-1] if len(rows) > 1 else None


def player_stats(game: str, tables: list[TableHands]) -> list[PlayerStats]:
    stats: dict[str, PlayerStats] = {}
    for players, hands in tables:
        for data, scores in hands:
            for name, score in zip(players, scores):
                row = stats.setdefault(name, PlayerStats(name))
                row.hands += 1
                row.total += score
            if game == "czech-taroky":
                _czech(data, players, scores, stats)
            elif game == "slovenian-tarok":
                _slovenian(data, players, scores, stats)
    return sorted(stats.values(), key=lambda row: (-row.total, row.name))


def _czech(data: dict, players: list[str], scores: list[int], stats: dict[str, PlayerStats]) -> None:
    stats[data["povinnost"]].leading += 1
    if data.get("mode") == "prever":
        side, mode = [data["prever"]], "prever"
    elif data["partner"] == data["povinnost"]:
        side, mode = [data["povinnost"]], "alone"
    else:
        side, mode = [data["povinnost"], data["partner"]], "team"
    valat = data.get("valat")
    if valat:
        declarers_won = (valat["side"] == "declarers") == valat["made"]
    else:
        declarers_won = data["points"] >= 54
    _count(stats, players, scores, side, mode, declarers_won, bool(data.get("contra")))


def _slovenian(data: dict, players: list[str], scores: list[int], stats: dict[str, PlayerStats]) -> None:
    contract = data["contract"]
    if contract == "klop":
        return
    stats[data["declarer"]].leading += 1
    side = [data["declarer"]] + ([data["partner"]] if data.get("partner") else [])
    valat = next((b for b in data.get("bonuses", []) if b["kind"] == "valat" and b["made"]), None)
    if valat:
        won = valat["side"] == "declarers"
    elif "points" in data:
        won = sl.parse_points(data["points"], "points") >= sl.WIN_AT
    else:
        won = bool(data.get("won"))
    _count(stats, players, scores, side, contract, won, bool(data.get("kontra")))


def _count(stats, players, scores, side, mode, declarers_won, contra) -> None:
    by_name = dict(zip(players, scores))
    for name in players:
        row = stats[name]
        on_side = name in side
        if on_side:
            row.declaring += 1
            record = row.by_mode[mode]
            record[1] += 1
            record[0] += declarers_won
            for partner in side:
                if partner != name:
                    row.partners[partner][0] += by_name[name]
                    row.partners[partner][1] += 1
        if contra:
            row.contra[1] += 1
            row.contra[0] += declarers_won == on_side


def running_totals(players: list[str], tables: list[TableHands]) -> tuple[list[str], list[list[int]]]:
    """Every hand of every table in order, as score rows over the circle's players (0 when not at the table)."""
    names = list(players)
    for table_players, _ in tables:
        names += [p for p in table_players if p not in names]
    rows = []
    for table_players, hands in tables:
        index = [names.index(p) for p in table_players]
        for _data, scores in hands:
            row = [0] * len(names)
            for i, score in zip(index, scores):
                row[i] = score
            rows.append(row)
    return names, rows
