"""Who pays whom at the end of an evening, with the fewest payments. Pure Python, exact arithmetic.

Zero-sum games already score in chips: each player's total is what they win or pay. In games whose scores do
not add to zero (points won, penalty points, games lost) every two players settle the difference of their
scores, so a player's balance is the sum of their differences with everyone else.
"""

from __future__ import annotations

import re
from fractions import Fraction

_PRICE = re.compile(r"^\s*([0-9]{1,6})(?:[.,]([0-9]{1,4}))?\s*$")  # ASCII digits: \d takes any script


def parse_price(text: str) -> Fraction | None:
    """ "0.10", "0,05", "2" → an exact Fraction; None for anything else."""
    match = _PRICE.match(text or "")
    if not match:
        return None
    whole, decimals = match.groups()
    return Fraction(int(whole)) + (Fraction(int(decimals), 10 ** len(decimals)) if decimals else 0)


def balances(scores: dict[str, int], *, zero_sum: bool) -> dict[str, int]:
    """Points each player receives (positive) or pays (negative) in all."""
    if zero_sum:
        return dict(scores)
    total = sum(scores.values())
    n = len(scores)
    return {name: n * score - total for name, score in scores.items()}


def fewest_payments(balance: dict[str, Fraction | int]) -> list[tuple[str, str, Fraction]]:
    """(payer, receiver, amount) with the fewest payments: split the players into as many groups that settle
    among themselves as possible (a group of k needs k − 1 payments), then settle each group greedily."""
    names = [n for n, b in balance.items() if b != 0]
    values = [Fraction(balance[n]) for n in names]
    count = len(names)
    full = (1 << count) - 1
    sums = [Fraction(0)] * (1 << count)
    for mask in range(1, 1 << count):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + values[low]
    best = [0] * (1 << count)  # most zero-sum groups the players in mask can be split into
    for mask in range(1, 1 << count):
        if sums[mask] != 0:
            continue
        sub = (mask - 1) & mask
        best[mask] = 1
        while sub:
            if sums[sub] == 0 and best[sub] and best[mask ^ sub]:
                best[mask] = max(best[mask], best[sub] + best[mask ^ sub])
            sub = (sub - 1) & mask
    groups, mask = [], full
    while mask:
        chosen = mask
        sub = (mask - 1) & mask
        while sub:
            if sums[sub] == 0 and best[sub] == 1 and best[mask ^ sub] == best[mask] - 1:
                chosen = sub
                break
            sub = (sub - 1) & mask
        groups.append(chosen)
        mask ^= chosen
    payments = []
    for group in groups:
        members = [(values[i], names[i]) for i in range(count) if group >> i & 1]
        payers = sorted(([-v, n] for v, n in members if v < 0), reverse=True)
        receivers = sorted(([v, n] for v, n in members if v > 0), reverse=True)
        while payers and receivers:
            amount = min(payers[0][0], receivers[0][0])
            payments.append((payers[0][1], receivers[0][1], amount))
            payers[0][0] -= amount
            receivers[0][0] -= amount
            payers = sorted((p for p in payers if p[0]), reverse=True)
            receivers = sorted((r for r in receivers if r[0]), reverse=True)
    return payments
