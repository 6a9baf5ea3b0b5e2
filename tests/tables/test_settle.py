"""`manage.py settle`: the output document and the error contract of shared/formats/table-json.md."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

from ..commands import Done, manage

ROOT = Path(__file__).resolve().parents[2]


def settle(stdin: str, *args: str) -> Done:
    return manage("settle", *(args or ("-",)), stdin=stdin)


def settle_process(stdin: str, *args: str) -> subprocess.CompletedProcess:
    """The real ``python manage.py settle``: its exit code and its two streams."""
    return subprocess.run(
        [sys.executable, "manage.py", "settle", *(args or ("-",))],
        input=stdin,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_it_prints_scores_explanations_and_totals():
    doc = {
        "game": "czech-taroky",
        "players": ["Anna", "Bara", "Cyril", "Dana"],
        "hands": [
            {"povinnost": "Anna", "partner": "Cyril", "points": 63},
            {"povinnost": "Bara", "mode": "prever", "prever": "Bara", "talon": 3, "points": 45},
        ],
    }
    done = settle(json.dumps(doc))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["game"] == "czech-taroky"
    assert out["players"] == ["Anna", "Bara", "Cyril", "Dana"]
    assert out["hands"][0]["scores"] == {"Anna": 4, "Bara": -4, "Cyril": 4, "Dana": -4}
    assert out["hands"][1]["scores"] == {"Anna": 20, "Bara": -60, "Cyril": 20, "Dana": 20}
    assert all(isinstance(line, str) for line in out["hands"][0]["explanation"])
    assert out["totals"] == {"Anna": 24, "Bara": -64, "Cyril": 24, "Dana": 16}
    assert list(out) == ["game", "players", "hands", "totals"]


def test_it_reads_a_file(tmp_path):
    path = tmp_path / "table.json"
    path.write_text(
        json.dumps({"game": "schnapsen", "players": ["Anna", "Ben"], "hands": [{"winner": "Anna", "game_points": 3}]})
    )
    done = settle("", str(path))
    out = json.loads(done.stdout)
    assert out["bummerl"] == {"Anna": 0, "Ben": 0} and out["current"] == {"Anna": 3, "Ben": 0}


def test_slovenian_adds_radelci():
    doc = {
        "game": "slovenian-tarok",
        "players": ["A", "B", "C", "D"],
        "hands": [{"contract": "beggar", "declarer": "A", "won": True}],
    }
    out = json.loads(settle(json.dumps(doc)).stdout)
    assert out["radelci"] == {"A": 1, "B": 1, "C": 1, "D": 1}
    assert list(out)[-1] == "radelci"


@pytest.mark.parametrize(
    "stdin, line",
    [
        (
            json.dumps(
                {
                    "game": "czech-taroky",
                    "players": ["A", "B", "C", "D"],
                    "hands": [{"povinnost": "A", "partner": "C", "points": 60}] * 2
                    + [{"povinnost": "A", "partner": "C", "points": 120}],
                }
            ),
            "hand 3: points: must be between 0 and 106, got 120",
        ),
        ("{not json", "document: not valid JSON"),
        (json.dumps({"game": "poker", "players": ["A", "B"]}), "game: must be one of"),
        (json.dumps({"game": "czech-taroky", "players": ["A", "B", "C"]}), "players: czech-taroky is played by 4"),
        (json.dumps({"game": "czech-taroky", "players": ["A", "A", "C", "D"]}), "players: names must be distinct"),
        (
            json.dumps({"game": "czech-taroky", "players": ["A", "B", "C", "D"], "rules": {"x": 1}}),
            "rules: x: is not a house rule",
        ),
        (json.dumps({"game": "czech-taroky", "players": ["A", "B", "C", "D"], "extra": 1}), "extra: is not a field"),
        (
            json.dumps(
                {
                    "game": "czech-taroky",
                    "players": ["A", "B", "C", "D"],
                    "hands": [{"povinnost": "A", "partner": "C", "points": 60, "colour": "red"}],
                }
            ),
            "hand 1: colour: is not a field",
        ),
        ("[" * 100000, "document:"),
        ('{"game": "czech-taroky", "game": "schnapsen"}', 'document: not valid JSON: the key "game" appears twice'),
        ('{"hands": [{"points": ' + "9" * 5000 + "}]}", "document: not valid JSON: a number has more than 4300 digits"),
        (
            json.dumps(
                {
                    "game": "czech-taroky",
                    "players": ["A", "B", "C", "D"],
                    "hands": [{"povinnost": "A", "partner": "C", "points": int("9" * 400)}],
                }
            ),
            "hand 1: points: must be between 0 and 106, got 9999999999999999999999999999999999999…\n",
        ),
    ],
)
def test_bad_input_exits_2_with_one_line(stdin, line):
    done = settle(stdin)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith(line), done.stderr
    assert done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr


def test_a_missing_file_is_one_line():
    done = settle_process("", "/no/such/table.json")  # the process itself: exit 2 and one line
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and done.stdout == ""


@pytest.mark.parametrize("args", [("--bogus", "-"), ("-", "extra")])
def test_an_unknown_option_or_an_argument_too_many_is_one_line(args):
    done = settle_process("{}", *args)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("settle: unrecognized arguments:") and done.stderr.count("\n") == 1, done.stderr


def test_rules_on_the_command_line_replace_the_documents_own(tmp_path, capsys):
    path = tmp_path / "table.json"
    path.write_text(
        json.dumps(
            {
                "game": "slovenian-tarok",
                "players": ["Ana", "Bojan", "Cene", "Dora"],
                "hands": [
                    {
                        "contract": "three",
                        "declarer": "Ana",
                        "partner": "Bojan",
                        "points": 40,
                        "bonuses": [{"kind": "valat", "side": "declarers", "announced": True, "made": False}],
                    }
                ],
            }
        )
    )
    call_command("settle", str(path))
    assert json.loads(capsys.readouterr().out)["totals"]["Ana"] == -485
    call_command("settle", str(path), "--rules", '{"preset": "palcka"}')
    assert json.loads(capsys.readouterr().out)["totals"]["Ana"] == -500


@pytest.mark.parametrize(
    "rules, message",
    [
        ("{bad", "rules: not valid JSON"),
        ('{"preset": "x"}', "rules: preset:"),
        ('{"announced_valat": "maybe"}', "rules: announced_valat:"),
        ("null", "rules: must be a JSON object"),
        ("[]", "rules: must be a JSON object"),
    ],
)
def test_bad_rules_on_the_command_line_exit_2_with_one_line(tmp_path, rules, message):
    path = tmp_path / "table.json"
    path.write_text(
        json.dumps(
            {"game": "czech-taroky" if "announced" not in rules else "slovenian-tarok", "players": ["A", "B", "C", "D"]}
        )
    )
    done = settle("", str(path), "--rules", rules)
    assert done.returncode == 2 and done.stdout == "" and done.stderr.startswith(message)
    assert done.stderr.count("\n") == 1


# ---- no larger than the import form takes (TALON_MAX_DOCUMENT) --------------------------------------------------


def _table_of_bytes(size: int) -> str:
    """A valid table document of exactly ``size`` bytes in UTF-8 (padded with spaces, each one byte)."""
    text = json.dumps({"game": "czech-taroky", "players": ["A", "B", "C", "Ď"], "hands": []}, ensure_ascii=False)
    return text + " " * (size - len(text.encode()))


def test_a_document_as_large_as_the_import_takes_is_settled(settings, tmp_path):
    settings.TALON_MAX_DOCUMENT = 2_000
    path = tmp_path / "table.json"
    path.write_text(_table_of_bytes(2_000), encoding="utf-8")
    assert settle("", str(path)).returncode == 0
    assert settle(_table_of_bytes(2_000)).returncode == 0


@pytest.mark.parametrize("source", ["file", "stdin"])
def test_a_document_larger_than_the_import_takes_exits_2_with_one_line(settings, tmp_path, source):
    """Measured as the import form measures it, in bytes: one more than TALON_MAX_DOCUMENT is refused, with the
    limit said (a two-byte letter counts two)."""
    settings.TALON_MAX_DOCUMENT = 2_000
    text = _table_of_bytes(2_001)
    path = tmp_path / "table.json"
    path.write_text(text, encoding="utf-8")
    done = settle("", str(path)) if source == "file" else settle(text)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert "larger than" in done.stderr and "2000 bytes" in done.stderr, done.stderr


def test_a_file_that_never_ends_is_refused_not_read_until_memory_runs_out():
    done = subprocess.run(
        [sys.executable, "manage.py", "settle", "/dev/zero"], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "larger than" in done.stderr


def test_a_document_with_more_hands_than_the_import_takes_exits_2_with_one_line(settings):
    """TALON_MAX_HANDS, as the import refuses it: settled up to it, refused past it with the limit said."""
    settings.TALON_MAX_HANDS = 3
    hand = {"povinnost": "A", "partner": "C", "points": 63}
    table = {"game": "czech-taroky", "players": ["A", "B", "C", "D"]}
    assert settle(json.dumps({**table, "hands": [hand] * 3})).returncode == 0
    done = settle(json.dumps({**table, "hands": [hand] * 4}))
    assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1
    assert "at most 3 hands, this one has 4" in done.stderr, done.stderr


@pytest.mark.django_db
def test_a_file_that_starts_with_a_byte_order_mark_is_settled_as_the_import_takes_it(tmp_path, client):
    """Notepad saves UTF-8 with a byte order mark: the table import's upload and settle read it alike."""
    text = json.dumps({"game": "czech-taroky", "players": ["A", "B", "C", "D"], "hands": []})
    path = tmp_path / "table.json"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    upload = SimpleUploadedFile("table.json", path.read_bytes(), content_type="application/json")
    assert client.post(reverse("import"), {"document": "", "upload": upload}).status_code == 302
    assert settle("", str(path)).returncode == 0
