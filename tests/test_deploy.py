"""Production settings: check --deploy is clean, static files are compressed and hashed, no key no start."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    leave_out = ("DATABASE_URL", "DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE")  # the last: browser tests
    environment = {k: v for k, v in os.environ.items() if k not in leave_out}
    environment.update(env)
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=environment, capture_output=True,
                          text=True, timeout=120)


PRODUCTION = {"TALON_PRODUCTION": "1", "SECRET_KEY": secrets.token_urlsafe(48), "ALLOWED_HOSTS": "talon.example.org"}


def test_check_deploy_is_clean_in_production():
    done = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


def test_production_needs_its_own_secret_key():
    done = manage("check", **{**PRODUCTION, "SECRET_KEY": ""})
    assert done.returncode != 0 and "SECRET_KEY must be set" in done.stderr


def test_collectstatic_writes_compressed_hashed_files(tmp_path):
    done = manage("collectstatic", "--noinput", **PRODUCTION, STATIC_ROOT=str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "staticfiles.json").exists()
    hashed = [p.name for p in (tmp_path / "css").iterdir()]
    assert any(n.startswith("talon.") and n.endswith(".css.gz") and n != "talon.css.gz" for n in hashed)


def test_every_page_carries_a_content_security_policy(client):
    from django.urls import reverse

    for url in ("/", reverse("rules_index"), "/offline/", "/sw.js", "/does-not-exist/"):
        policy = client.get(url)["Content-Security-Policy"]
        directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
        assert directives["script-src"] == "'self'" and directives["style-src"] == "'self'"
        assert directives["default-src"] == "'self'" and directives["object-src"] == "'none'"
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy and "http" not in policy


def test_talon_caches_nothing_a_visitor_could_grow(client, settings):
    """Many visitors with fresh cookies: no cache holds anything for them (there is no page cache at all)."""
    from django.core.cache import caches

    assert settings.CACHES["default"]["BACKEND"].endswith("DummyCache")
    for n in range(20):
        client.cookies["csrftoken"] = f"visitor{n:032d}"
        client.get("/rules/")
    assert caches["default"].get("anything") is None
