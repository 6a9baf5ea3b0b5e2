"""The format's limits (issue 30): what a document may hold is bounded by what a real championship needs, stated
once in the engine and checked before the work they bound; a correction's time read once, with a stated default
offset and a sane range."""

from datetime import UTC, datetime

import pytest

import games.registry  # noqa: F401  (the games a tournament may be of)
from games.tournaments import engine as T


def document(players: int, rounds: int, **fields) -> dict:
    return {
        "tournament": "Pokal",
        "preset": "points",
        "game": "two-ten-jack",
        "table_size": 2,
        "rounds": rounds,
        "draw": {"seed": 1},
        "players": [{"no": no, "name": f"Player {no}"} for no in range(1, players + 1)],
        **fields,
    }


def refusal(raw) -> T.InvalidTournament:
    with pytest.raises(T.InvalidTournament) as caught:
        T.load(raw)
    return caught.value


def test_the_largest_field_for_its_rounds_is_taken_and_one_more_player_is_refused():
    rounds = 10  # 400 players: fewer than MOST_PLAYERS, the seats bound them
    most = T.most_players(rounds)
    assert most * rounds <= T.MOST_SEATS and most <= T.MOST_PLAYERS
    assert len(T.load(document(most, rounds)).players) == most
    error = refusal(document(most + 1, rounds))
    assert error.field == "players"
    assert f"a tournament of {rounds} rounds takes at most {most} players, got {most + 1}" in error.message()


def test_more_players_than_any_tournament_takes_are_refused_before_any_name_is_read():
    raw = document(0, 1)
    raw["players"] = [{"no": "not even a player"}] * (T.MOST_PLAYERS + 1)
    assert f"at most {T.MOST_PLAYERS} players" in refusal(raw).message()


def test_more_corrections_than_the_format_takes_are_refused_before_any_is_read():
    raw = document(4, 1, corrections=[{"round": 99}] * (T.MOST_CORRECTIONS + 1))
    raw["played"] = [{"round": 1, "tables": [{"table": 1, "seats": [1, 2], "totals": [1, 0]}]}]
    error = refusal(raw)
    assert error.field == "corrections" and f"at most {T.MOST_CORRECTIONS} corrections" in error.message()


def test_a_schedules_extra_round_counts_against_the_players_it_takes():
    assert T.most_players(T.MOST_ROUNDS + 1) == T.MOST_SEATS // (T.MOST_ROUNDS + 1)


@pytest.mark.parametrize(
    "text, moment",
    [
        ("2026-05-01T18:30:00Z", datetime(2026, 5, 1, 18, 30, tzinfo=UTC)),
        ("2026-05-01T18:30:00", datetime(2026, 5, 1, 18, 30, tzinfo=UTC)),
        ("2026-05-01", datetime(2026, 5, 1, tzinfo=UTC)),
        ("2026-05-01T20:30:00+02:00", datetime(2026, 5, 1, 18, 30, tzinfo=UTC)),
        ("1900-01-01T00:00:00Z", datetime(1900, 1, 1, tzinfo=UTC)),
        ("2999-12-31T23:59:59Z", datetime(2999, 12, 31, 23, 59, 59, tzinfo=UTC)),
    ],
)
def test_a_correction_time_is_read_as_the_moment_it_names_in_utc(text, moment):
    assert T.correction_time(text) == moment


@pytest.mark.parametrize(
    "text",
    [
        "0001-01-01T00:00:00+14:00",
        "9999-12-31T23:59:59-14:00",
        "0001-01-01",
        "9999-12-31",
        "1899-12-31T23:59:59Z",
        "3000-01-01T00:00:00Z",
        "2026-13-01",
        "yesterday",
        "",
        "2026-05-01T18:30:00" + " " * 30,
        None,
        20260501,
    ],
)
def test_a_correction_time_outside_the_calendars_sane_range_or_no_time_is_none(text):
    assert T.correction_time(text) is None


@pytest.mark.parametrize("points", [10**4000, 1_000_001, -1_000_001], ids=["4001 digits", "one more", "one less"])
def test_place_points_written_as_json_integers_have_the_forms_bound(points):
    """A place-points value the form refuses (beyond MOST_POINTS) is refused in a document too, as a JSON integer
    as well as text: no 4000-digit measure in the standings."""
    error = refusal(document(4, 1, scoring={"measure": "place-points", "place_points": [points, 0]}))
    assert error.field == "scoring.place_points[0]"
    assert "must be a number" in error.message()


def test_place_points_up_to_the_bound_are_taken_as_integers_and_as_text():
    for points in (1_000_000, "1000000"):
        raw = document(4, 1, scoring={"measure": "place-points", "place_points": [points, 0]})
        assert T.load(raw).scoring.place_points[0] == int(points)
    raw = document(4, 1, scoring={"measure": "place-points", "place_points": [0, -1_000_000]})  # they fall
    assert T.load(raw).scoring.place_points[1] == -1_000_000
