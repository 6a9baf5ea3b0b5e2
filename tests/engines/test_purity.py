"""The engines are the pure core: importing them must not import Django."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_engines_import_nothing_from_django():
    code = ("import sys; import games.engines.table, games.engines.czech_taroky, games.engines.slovenian_tarok, "
            "games.engines.schnapsen, games.engines.two_ten_jack; "
            "bad = [m for m in sys.modules if m == 'django' or m.startswith('django.')]; "
            "print(bad); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_engines_use_no_floats():
    for path in (ROOT / "games" / "engines").glob("*.py"):
        text = path.read_text()
        assert "float(" not in text, path.name
