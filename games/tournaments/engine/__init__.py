"""Tournaments: the draw, the results and the standings of shared/formats/tournament.md (TN1–TN9).

Pure Python, standard library only, ints and ``fractions.Fraction``. A tournament is read from its document
(``load``) into a ``Tournament``; ``draw`` seats a round, ``standings`` ranks the players, ``league`` ranks a
season. Every draw is reproducible from the document's seed (``random.Random(f"{seed}:{round}:{attempt}")``, never
the global generator).

Talon's additions to the document (named here, refused anywhere else, README "Tournaments: the rules Talon
follows"):

- a player's ``"joins": K`` (a late arrival, drawn from round K) and ``"withdrawn_after": K`` (drawn no more after
  round K; 0: withdrew before round 1);
- in a game ranked by a mark of its status before its totals (the engine's ``RANKING``: a ``Rank`` whose key is
  not ``TOTAL``), a typed table gives each seat's mark beside ``totals``, under the mark's own name as the engine
  declares it (the README lists each game's); refused in any other game and beside a table's document;
- ``"corrections"``: ``[{"round", "table", "totals", "reason", "at"}]`` (and the game's ranked marks, as a typed
  table gives them): TN8 appeals, applied over the results in ``played`` in their order; ``played`` stays as first recorded;
- ``place_points`` may hold exact fractions as text (``"1/3"``) beside numbers (``0.5``).
"""

from __future__ import annotations

from .base import (
    CORRECTION_FIELDS,
    DOCUMENT_FIELDS,
    DRAWS,
    MEASURES,
    MOST_CORRECTIONS,
    MOST_MARKS,
    MOST_PLAYERS,
    MOST_ROUND_LIMIT,
    MOST_ROUNDS,
    MOST_SEATS,
    MOST_SEED,
    PLAYER_FIELDS,
    TABLE_FIELDS,
    TIE_BREAKS,
    TITLE_LENGTH,
    Correction,
    DrawRules,
    InvalidTournament,
    PlayedRound,
    Player,
    Scoring,
    TableResult,
    Tournament,
    read_number,
)
from .document import differs, dump, dump_player, falling, json_number, load, most_players
from .draws import Draw, by_standings, draw, draw_json, finished, group_steps, met_before, sat_out_before
from .presets import PRESETS, TOURNAMENT_PRESETS
from .schedules import (
    GF4_TIMES,
    SCHEDULE_NODES,
    SCHEDULE_STEPS,
    SCHEDULE_TRIES,
    published_schedule,
    schedule,
    schedule_lots,
)
from .season import LeagueLine, SeasonResult, league, league_json, season, season_results
from .seating import pair_of
from .standing import RoundLine, Standing, standings, standings_json
from .table_results import EARLIEST, LATEST, check_result, correction_time, places, results, seat_places, typed_marks

__all__ = [
    "PRESETS",
    "TOURNAMENT_PRESETS",
    "CORRECTION_FIELDS",
    "DOCUMENT_FIELDS",
    "DRAWS",
    "by_standings",
    "group_steps",
    "MEASURES",
    "MOST_CORRECTIONS",
    "MOST_MARKS",
    "MOST_PLAYERS",
    "MOST_ROUND_LIMIT",
    "MOST_ROUNDS",
    "MOST_SEATS",
    "MOST_SEED",
    "PLAYER_FIELDS",
    "TABLE_FIELDS",
    "TIE_BREAKS",
    "TITLE_LENGTH",
    "Correction",
    "DrawRules",
    "InvalidTournament",
    "PlayedRound",
    "Player",
    "Scoring",
    "TableResult",
    "Tournament",
    "read_number",
    "differs",
    "falling",
    "dump",
    "dump_player",
    "json_number",
    "load",
    "most_players",
    "EARLIEST",
    "LATEST",
    "check_result",
    "correction_time",
    "places",
    "results",
    "seat_places",
    "typed_marks",
    "RoundLine",
    "Standing",
    "standings",
    "standings_json",
    "pair_of",
    "GF4_TIMES",
    "SCHEDULE_NODES",
    "SCHEDULE_STEPS",
    "SCHEDULE_TRIES",
    "published_schedule",
    "schedule",
    "schedule_lots",
    "Draw",
    "draw",
    "draw_json",
    "finished",
    "met_before",
    "sat_out_before",
    "LeagueLine",
    "SeasonResult",
    "league",
    "league_json",
    "season",
    "season_results",
]
