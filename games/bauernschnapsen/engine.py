"""Bauernschnapsen: four players, partners sitting opposite (the 1st and 3rd, the 2nd and 4th), a ladder of
contracts from the Rufer's normal game to the Herrenschnapser, Kontra, and the Bummerl of 24 with Schneider and
Retourschneider: shared/rules/schnapsen-family.md (BS1–BS10). The scoring is schnapsen_family's; a team's points
and marks go to both partners (BS6)."""

from __future__ import annotations

from typing import Any

from games.contract.words import N_
from games.schnapsen_family.scoring import (  # noqa: F401 (the engine contract: these names are the game's)
    MODES,
    OPTIONS,
    PLAYER_FIELDS,
    RANKING,
    RULES,
    SETTLE_UNIT,
    SETTLE_WHAT,
    ZERO_SUM,
    Hand,
    Rules,
    State,
    describe_hand,
    hand_facts,
    kontra_levels,
    milestone,
    new_state,
    offered,
    parse_hand,
    parse_rules_for,
    penalty,
    play,
    presets,
    score_hand,
    status,
    summary,
    teams,
)

SLUG = "bauernschnapsen"
TITLE = N_("Bauernschnapsen")
BLURB = N_("4 players, partners opposite · contracts, Kontra · Bummerl to 24")
PLAYER_COUNTS = (4,)
PRESETS = presets(4)


def parse_rules(raw: Any, players: tuple[str, ...] = ()) -> Rules:
    """``target``, ``max_kontra`` and the ``value_…`` are whole numbers; the other options take their listed values."""
    return parse_rules_for(raw, 4)
