"""Talon at home (``make serve``): the address phones open, printed as text and as a QR code, and the home settings
(debug off, Talon's error pages, plain HTTP, static files served without collecting them)."""

import io
import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import segno

from games.management.commands import serve_lan

ROOT = Path(__file__).resolve().parents[2]


class FakeSocket:
    def __init__(self, address=None, error=None):
        self.address, self.error = address, error

    def __call__(self, *args):
        return self

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def connect(self, where):
        if self.error:
            raise self.error

    def getsockname(self):
        return (self.address, 54321)


def test_the_lan_address_is_the_one_the_system_would_send_from(monkeypatch):
    monkeypatch.setattr(socket, "socket", FakeSocket("192.168.1.23"))
    assert serve_lan.lan_address() == "192.168.1.23"


def test_without_a_network_the_address_is_this_computer(monkeypatch):
    monkeypatch.setattr(socket, "socket", FakeSocket(error=OSError("Network is unreachable")))
    assert serve_lan.lan_address() == "127.0.0.1"
    monkeypatch.setattr(socket, "socket", FakeSocket("0.0.0.0"))
    assert serve_lan.lan_address() == "127.0.0.1"


def test_the_real_lan_address_needs_no_internet():
    address = serve_lan.lan_address()
    assert len(address.split(".")) == 4 and all(part.isdigit() for part in address.split("."))


def drawn_modules(text: str) -> list[list[bool]]:
    """The QR code's modules back from the half blocks: each character is a top and a bottom module."""
    halves = {"█": (True, True), "▀": (True, False), "▄": (False, True), " ": (False, False)}
    rows = []
    for line in text.splitlines():
        if line and set(line) <= set(halves):
            rows.append([halves[c][0] for c in line])
            rows.append([halves[c][1] for c in line])
    return rows


def test_it_prints_the_address_as_text_and_as_a_qr_code_of_it():
    out = io.StringIO()
    serve_lan.announce("http://192.168.1.23:8000/", out)
    printed = out.getvalue()
    assert "    http://192.168.1.23:8000/\n" in printed
    assert "No network found" not in printed
    drawn = drawn_modules(printed)
    expected = [[bool(m) for m in row] for row in segno.make("http://192.168.1.23:8000/", error="m").matrix]
    size = len(expected)
    # the terminal shows light as a filled block: the code's dark modules are the blanks, inside a light border
    inner = [[not m for m in row[2 : 2 + size]] for row in drawn[2 : 2 + size]]
    assert inner == expected


def test_it_says_when_only_this_computer_can_open_it():
    out = io.StringIO()
    serve_lan.announce("http://127.0.0.1:8000/", out)
    assert "only this computer" in out.getvalue()


HOME_CHECK = """
import json, django
django.setup()
from django.conf import settings
from django.test import Client
client = Client()
static = client.get("/static/js/talon.js")
missing = client.get("/no-such-page/")
print(json.dumps({
    "DEBUG": settings.DEBUG, "ALLOWED_HOSTS": settings.ALLOWED_HOSTS, "SECRET_KEY": settings.SECRET_KEY,
    "SESSION_COOKIE_SECURE": settings.SESSION_COOKIE_SECURE, "CSRF_COOKIE_SECURE": settings.CSRF_COOKIE_SECURE,
    "SECURE_SSL_REDIRECT": settings.SECURE_SSL_REDIRECT, "static": static.status_code,
    "static_body": b"".join(static.streaming_content if static.streaming else [static.content])[:40].decode(),
    "missing": missing.status_code, "missing_page": missing.content.decode(),
}))
"""


def home_settings(tmp_path: Path) -> dict:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DEBUG", "SECRET_KEY", "TALON_PRODUCTION", "ALLOWED_HOSTS")
    }
    env.update(
        TALON_HOME="1",
        TALON_SECRET_KEY_FILE=str(tmp_path / "key"),
        DJANGO_SETTINGS_MODULE="scorekeeper.settings",
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
    )
    result = subprocess.run(
        [sys.executable, "-c", HOME_CHECK], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_the_home_settings_have_debug_off_plain_http_and_serve_static_files(tmp_path):
    home = home_settings(tmp_path)
    assert home["DEBUG"] is False
    assert home["ALLOWED_HOSTS"] == ["*"]  # phones reach it by whatever address the computer has
    assert not home["SESSION_COOKIE_SECURE"] and not home["CSRF_COOKIE_SECURE"] and not home["SECURE_SSL_REDIRECT"]
    assert home["static"] == 200 and "Talon" in home["static_body"]
    assert home["missing"] == 404 and "Not found · Talon" in home["missing_page"]  # Talon's own page, no traceback
    key = tmp_path / "key"
    assert key.read_text() == home["SECRET_KEY"] and len(home["SECRET_KEY"]) >= 50
    assert key.stat().st_mode & 0o077 == 0  # readable by its owner only
    assert home_settings(tmp_path)["SECRET_KEY"] == home["SECRET_KEY"]  # the same key after a restart
