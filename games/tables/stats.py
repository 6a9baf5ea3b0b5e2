"""Per-player statistics over many tables of one game: sums and counts over the stored rows (``Score``, one per
player and hand; ``HandFacts``, what each hand was), never a replay. Who led, who declared and whether they won
were read by the game's engine when the hand was saved (``facts``); nothing here re-derives them.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from django.db.models import Case, Count, F, Q, QuerySet, Sum, When

from games.contract.ranking import total_key
from games.models import HandFacts, Score
from games.registry import ENGINES


@dataclass
class PlayerStats:
    name: str
    hands: int = 0  # hands of the game played: penalties, corrections and the end of an evening are no hands
    total: int = 0  # everything the player scored, those included
    hands_total: int = 0  # what the player scored in the hands alone
    leading: int = 0  # as the one who leads the hand or declares it (the engine's Facts.leader)
    declaring: int = 0  # on the declarer side (the declarer or the partner)
    # mode → [won, played] of the hands the player declared (not those of a partner)
    by_mode: dict[str, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))
    mode_labels: dict[str, str] = field(default_factory=dict)  # mode → its name for players (marked with N_)
    contra: list[int] = field(default_factory=lambda: [0, 0])  # [won, played] of hands with contra/kontra
    partners: dict[str, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))  # → [sum, hands]

    @property
    def modes(self) -> list[tuple[str, list[int]]]:
        """(mode or contract, [won, played]) as a plain list: templates must not touch the defaultdict."""
        return sorted((self.mode_labels.get(mode, mode), record) for mode, record in self.by_mode.items())

    @property
    def average(self) -> Fraction:
        """The average payout of a hand: the hands' scores over their number (penalties and ends left out)."""
        return Fraction(self.hands_total, self.hands) if self.hands else Fraction(0)

    def partner_by_average(self) -> list[tuple[str, Fraction, int]]:
        rows = [(name, Fraction(s, n), n) for name, (s, n) in self.partners.items() if n]
        return sorted(rows, key=lambda row: (-row[1], row[0]))

    def _partners_at(self, average: Fraction) -> tuple[tuple[str, ...], Fraction]:
        return tuple(name for name, value, _n in self.partner_by_average() if value == average), average

    @property
    def best_partner(self) -> tuple[tuple[str, ...], Fraction] | None:
        """The partners with the best average a hand (several on a tie, said once), and that average."""
        rows = self.partner_by_average()
        return self._partners_at(rows[0][1]) if rows else None

    @property
    def worst_partner(self) -> tuple[tuple[str, ...], Fraction] | None:
        """The partners with the worst average, or None where it is the best one too (every partner alike: a
        partner is never both the best and the worst)."""
        rows = self.partner_by_average()
        return self._partners_at(rows[-1][1]) if rows and rows[-1][1] != rows[0][1] else None


def player_stats(game: str, scores: QuerySet[Score], facts: QuerySet[HandFacts]) -> list[PlayerStats]:
    """Statistics of the live hands behind ``scores`` and ``facts`` (the same hands, e.g. a circle's tables of one
    game): a handful of grouped queries, whatever the number of hands."""
    labels = ENGINES[game].MODES
    stats: dict[str, PlayerStats] = {}

    def row(name: str) -> PlayerStats:
        return stats.setdefault(name, PlayerStats(name))

    for name, total in scores.values("player").annotate(t=Sum("score")).values_list("player", "t"):
        row(name).total = total
    hands = scores.filter(hand__facts__kind="hand")
    for name, count, total in (
        hands.values("player").annotate(n=Count("id"), t=Sum("score")).values_list("player", "n", "t")
    ):
        row(name).hands, row(name).hands_total = count, total
    for name, count in facts.exclude(declarer="").values("leader").annotate(n=Count("pk")).values_list("leader", "n"):
        row(name).leading = count
    declaring = scores.filter(declaring=True)
    won = Q(hand__facts__won=True)
    for name, played in declaring.values("player").annotate(n=Count("id")).values_list("player", "n"):
        row(name).declaring = played
    declared = declaring.filter(player=F("hand__facts__declarer"))
    for name, mode, played, wins in (
        declared.values("player", "hand__facts__mode")
        .annotate(n=Count("id"), w=Count("id", filter=won))
        .values_list("player", "hand__facts__mode", "n", "w")
    ):
        row(name).by_mode[mode] = [wins, played]
        row(name).mode_labels[mode] = labels.get(mode, mode)
    for name, played, wins in (
        scores.filter(hand__facts__contra__gt=0)
        .values("player")
        .annotate(
            n=Count("id"), w=Count("id", filter=Q(declaring=True) & won | Q(declaring=False, hand__facts__won=False))
        )
        .values_list("player", "n", "w")
    ):
        row(name).contra = [wins, played]
    partner = Case(
        When(player=F("hand__facts__declarer"), then=F("hand__facts__partner")), default=F("hand__facts__declarer")
    )
    for name, other, total, hands in (
        declaring.exclude(hand__facts__partner="")
        .annotate(other=partner)
        .values("player", "other")
        .annotate(t=Sum("score"), n=Count("id"))
        .values_list("player", "other", "t", "n")
    ):
        row(name).partners[other] = [total, hands]
    ranking = ENGINES[game].RANKING  # the better first: a higher total, or a lower one where points are penalties
    return sorted(stats.values(), key=lambda r: (total_key(ranking, r.total), r.name))
