"""Dreierschnapsen (Talonschnapsen): three players, each hand one declarer against the other two, the contracts
of Bauernschnapsen, Kontra, and the Bummerl of 24 with Schneider and Retourschneider:
shared/rules/schnapsen-family.md (BS1–BS10). The scoring is schnapsen_family's; a lost hand pays both defenders
(BS7), and every player still below the target when somebody reaches it gets a Bummerl (BS8.3)."""

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
)

SLUG = "dreierschnapsen"
TITLE = N_("Dreierschnapsen")
BLURB = N_("3 players, one against two · contracts, Kontra · Bummerl to 24")
PLAYER_COUNTS = (3,)
PRESETS = presets(3)


def parse_rules(raw: Any, players: tuple[str, ...] = ()) -> Rules:
    """``target``, ``max_kontra`` and the ``value_…`` are whole numbers; the other options take their listed values."""
    return parse_rules_for(raw, 3)
