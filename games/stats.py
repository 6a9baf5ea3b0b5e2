"""Per-player statistics over many tables of one game, from the stored hands (inputs and derived scores).

Plain Python over plain data: ``tables`` is a list of (players, [(hand data, scores in seating order), …]).
Who led, who declared and whether they won come from the game's engine (``facts``), never re-derived here.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .engines.base import Facts
from .registry import ENGINES

TableHands = tuple[list[str], list[tuple[dict[str, Any], list[int]]]]


@dataclass
class PlayerStats:
    name: str
    hands: int = 0
    total: int = 0
    leading: int = 0  # as povinnost (Czech) or declarer (Slovenian)
    declaring: int = 0  # on the declarer side
    by_mode: dict[str, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))  # mode → [won, played]
    mode_labels: dict[str, str] = field(default_factory=dict)  # mode → its name for players (marked with N_)
    contra: list[int] = field(default_factory=lambda: [0, 0])  # [won, played] of hands with contra/kontra
    partners: dict[str, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))  # → [sum, hands]

    @property
    def modes(self) -> list[tuple[str, list[int]]]:
        """(mode or contract, [won, played]) as a plain list: templates must not touch the defaultdict."""
        return sorted((self.mode_labels.get(mode, mode), record) for mode, record in self.by_mode.items())
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
    engine = ENGINES[game]
    stats: dict[str, PlayerStats] = {}
    for players, hands in tables:
        rules = engine.parse_rules({}, tuple(players))
        for data, scores in hands:
            for name, score in zip(players, scores):
                row = stats.setdefault(name, PlayerStats(name))
                row.hands += 1
                row.total += score
            facts = engine.facts(engine.parse_hand(data, tuple(players), rules))
            if facts.declarers:
                stats[facts.leader].leading += 1
                _count(stats, players, scores, facts)
    return sorted(stats.values(), key=lambda row: (-row.total, row.name))


def _count(stats: dict[str, PlayerStats], players: list[str], scores: list[int], facts: Facts) -> None:
    by_name = dict(zip(players, scores))
    side = facts.declarers
    for name in players:
        row = stats[name]
        on_side = name in side
        if on_side:
            row.declaring += 1
            row.mode_labels[facts.mode] = facts.mode_label
            record = row.by_mode[facts.mode]
            record[1] += 1
            record[0] += facts.won
            for partner in side:
                if partner != name:
                    row.partners[partner][0] += by_name[name]
                    row.partners[partner][1] += 1
        if facts.contra:
            row.contra[1] += 1
            row.contra[0] += facts.won == on_side


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
