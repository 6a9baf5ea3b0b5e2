"""`manage.py tournament standings|draw|league`: the output shapes and the error contract of
shared/formats/tournament.md (exit 2, one line naming the round, the table and the field, never a traceback)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ..commands import Done, manage

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["Ana", "Bojan", "Cene", "Dora", "Eva", "Filip", "Gal", "Hana", "Ivo"]


def run(stdin: str, *args: str) -> Done:
    return manage("tournament", *args, stdin=stdin)


def run_process(stdin: str, *args: str) -> subprocess.CompletedProcess:
    """The real ``python manage.py tournament``: its exit code and its two streams."""
    return subprocess.run(
        [sys.executable, "manage.py", "tournament", *args],
        input=stdin,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def document(**change):
    doc = {
        "tournament": "DP Šmarjetna",
        "preset": "tarzs",
        "draw": {"seed": 2026},
        "players": [{"no": i, "name": name} for i, name in enumerate(NAMES, start=1)],
        "played": [
            {
                "round": 1,
                "tables": [
                    {"table": 1, "seats": [1, 4, 7], "totals": [50, 50, -10]},
                    {"table": 2, "seats": [2, 5, 8], "totals": [80, 0, -10]},
                    {
                        "table": 3,
                        "seats": [3, 6, 9],
                        "document": {
                            "game": "slovenian-tarok",
                            "rules": {"preset": "seed"},
                            "players": ["Cene", "Filip", "Ivo"],
                            "hands": [{"contract": "three", "declarer": "Cene", "points": 45}],
                        },
                    },
                ],
            }
        ],
    }
    doc.update(change)
    return doc


def test_standings_prints_one_row_per_player_in_standings_order():
    done = run(json.dumps(document()), "standings", "-")
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)["standings"]
    assert list(json.loads(done.stdout)) == ["standings"]
    assert [row["no"] for row in rows][:3] == [2, 3, 1]
    assert rows[0] == {
        "no": 2,
        "name": "Bojan",
        "place": 1,
        "measure": 2,
        "tie_breaks": {"score": 80},
        "rounds": [{"round": 1, "table": 2, "place": 1, "score": 80}],
    }
    tied = [row for row in rows if row["no"] in (1, 4)]
    assert [row["measure"] for row in tied] == [1.5, 1.5] and tied[0]["place"] == tied[1]["place"] == 3


def test_standings_reads_a_file_and_can_show_them_before_corrections(tmp_path):
    path = tmp_path / "cup.json"
    path.write_text(
        json.dumps(
            document(
                corrections=[
                    {"round": 1, "table": 2, "totals": [0, 80, -10], "reason": "appeal", "at": "2026-05-01T20:00:00"}
                ]
            )
        )
    )
    now = json.loads(run("", "standings", str(path)).stdout)["standings"]
    was = json.loads(run("", "standings", str(path), "--as-recorded").stdout)["standings"]
    assert now[0]["name"] == "Eva" and was[0]["name"] == "Bojan"


def test_draw_prints_the_round_from_the_seed_and_the_same_document_gives_the_same_draw():
    done = run(json.dumps(document()), "draw", "-", "--round", "2")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert list(out) == ["round", "tables", "sitting_out"] and out["round"] == 2
    assert [table["table"] for table in out["tables"]] == [1, 2, 3] and out["sitting_out"] == []
    assert sorted(no for table in out["tables"] for no in table["seats"]) == list(range(1, 10))
    assert run(json.dumps(document()), "draw", "-", "--round", "2").stdout == done.stdout


def test_league_ranks_a_season(tmp_path):
    paths = []
    for number in range(2):
        path = tmp_path / f"t{number}.json"
        path.write_text(json.dumps(document()))
        paths.append(str(path))
    done = run("", "league", *paths, "--points", "10,6,3", "--best", "1", "--qualify", "1")
    assert done.returncode == 0, done.stderr
    first = json.loads(done.stdout)["league"][0]
    assert first == {"name": "Bojan", "place": 1, "points": 10, "results": [10, 10], "counted": [1], "qualified": True}


def table(**change):
    return {"table": 1, "seats": [1, 4, 7], "totals": [50, 50, -10], **change}


@pytest.mark.parametrize(
    "args, doc, line",
    [
        (
            ("standings", "-"),
            document(played=[{"round": 1, "tables": [table(seats=[1, 4, 12])]}]),
            "round 1, table 1, seats: 12 is not a start number of this tournament (1 to 9)",
        ),
        (
            ("standings", "-"),
            document(played=[{"round": 1, "tables": [table(), table(table=2, seats=[2, 4, 8])]}]),
            "round 1, table 2, seats: player 4 is seated at two tables of this round (1 and 2)",
        ),
        (
            ("standings", "-"),
            document(
                preset="breclav",
                players=[{"no": i, "name": n} for i, n in enumerate(NAMES[:4], 1)],
                played=[{"round": 1, "tables": [{"table": 1, "seats": [1, 2, 3, 4], "totals": [10, -5, -5, 10]}]}],
            ),
            "round 1, table 1, totals: must add up to 0 (the scores are zero-sum), they add up to +10",
        ),
        (
            ("standings", "-"),
            document(played=[{"round": 1, "tables": [table(seats=[1, 4, 7, 8])]}]),
            "round 1, table 1, seats: must list the start numbers of 3 players in seat order",
        ),
        (
            ("standings", "-"),
            document(played=[{"round": 1, "tables": [table(colour="red")]}]),
            "round 1, table 1, colour: is not a field of a tournament document",
        ),
        (("draw", "-", "--round", "2"), document(venue="Šmarjetna"), "venue: is not a field of a tournament document"),
        (("draw", "-", "--round", "4"), document(), "round 4: round 2 has not been played yet"),
        (("draw", "-", "--round", "x"), document(), "--round: must be a whole number of at least 1, got x"),
        (("draw", "-"), document(), "--round: is required"),
        (("standings", "-"), "{not json", "document: not valid JSON"),
        (("standings", "-"), "[" * 100000, "document:"),
        (("shuffle", "-"), document(), "tournament: say standings FILE"),
    ],
)
def test_bad_input_exits_2_with_one_line(args, doc, line):
    done = run(doc if isinstance(doc, str) else json.dumps(doc), *args)
    assert done.returncode == 2, done.stdout
    assert done.stdout == ""
    assert done.stderr.startswith(line), done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_a_missing_file_is_one_line():
    done = run_process("", "standings", "/no/such/cup.json")  # the process itself: exit 2 and one line
    assert done.returncode == 2 and done.stderr.startswith("tournament: cannot read /no/such/cup.json")
    assert done.stderr.count("\n") == 1 and done.stdout == ""


def test_options_may_come_before_or_after_the_file():
    before = run(json.dumps(document()), "draw", "--round", "2", "-")
    after = run(json.dumps(document()), "draw", "-", "--round", "2")
    assert before.returncode == 0, before.stderr
    assert json.loads(before.stdout) == json.loads(after.stdout) and json.loads(before.stdout)["round"] == 2


def test_standings_need_no_seed_a_paper_tournament_never_drew_with():
    seedless = document(draw={})
    done = run(json.dumps(seedless), "standings", "-")
    assert done.returncode == 0, done.stderr
    seeded = run(json.dumps(document()), "standings", "-")
    assert json.loads(done.stdout) == json.loads(seeded.stdout)
    drawn = run(json.dumps(seedless), "draw", "-", "--round", "2")
    assert drawn.returncode == 2 and "draw.seed" in drawn.stderr and len(drawn.stderr.strip().splitlines()) == 1


def test_league_points_take_spaces_as_the_web_form_does(tmp_path):
    path = tmp_path / "t.json"
    path.write_text(json.dumps(document()))
    commas = run("", "league", str(path), "--points", "25,20,16")
    spaces = run("", "league", "--points", "25 20 16", str(path))
    assert spaces.returncode == 0, spaces.stderr
    assert json.loads(spaces.stdout) == json.loads(commas.stdout)
    assert json.loads(spaces.stdout)["league"][0]["points"] == 25


def test_a_document_saved_with_a_byte_order_mark_is_read_as_the_import_page_reads_it(tmp_path):
    """The director's import page takes a file a Windows editor saved with a byte order mark (utf-8-sig): so does
    the command, for the same file."""
    path = tmp_path / "cup.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(document()).encode())
    done = run("", "standings", str(path))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["standings"][0]["name"] == "Bojan"


@pytest.mark.parametrize("held", ["document", "replaced"])
def test_a_document_whose_tables_hold_more_hands_than_the_import_takes_exits_2(settings, held):
    """TALON_MAX_HANDS over the tables' documents and the hands a typed result replaced, as the import page counts
    them: read up to it, refused past it in one line."""
    doc = document()
    table = doc["played"][0]["tables"][2]
    if held == "replaced":
        table["replaced"], table["totals"] = table.pop("document"), [0, 0, 0]
    hands = table[held]["hands"]
    settings.TALON_MAX_HANDS = 2
    table[held]["hands"] = hands * 2
    assert run(json.dumps(doc), "standings", "-").returncode == 0
    table[held]["hands"] = hands * 3
    done = run(json.dumps(doc), "standings", "-")
    assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1
    assert "Hands at the tables of this document: 3; an import brings at most 2." in done.stderr, done.stderr
