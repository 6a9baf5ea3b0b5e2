"""Production settings: check --deploy is clean, static files are compressed and hashed, no key no start."""

import json
import os
import posixpath
import re
import secrets
import string
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

from games.offline.bundle import OFFLINE_MODULES
from games.tables.views.shell import PAGE_MODULES

ROOT = Path(__file__).resolve().parents[2]


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    leave_out = ("DATABASE_URL", "DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE")  # the last: browser tests
    environment = {k: v for k, v in os.environ.items() if k not in leave_out}
    environment.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=environment, capture_output=True, text=True, timeout=120
    )


PRODUCTION = {"TALON_PRODUCTION": "1", "SECRET_KEY": secrets.token_urlsafe(48), "ALLOWED_HOSTS": "talon.example.org"}


def test_check_deploy_is_clean_in_production():
    done = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


@pytest.mark.parametrize(
    "key", ["", "a" * 60, "abcd" * 15, "django-insecure-" + string.ascii_letters], ids=["none", "a", "abcd", "insecure"]
)
def test_production_needs_its_own_secret_key(key):
    """None, or one that check --deploy calls weak (W009: fewer than 5 different characters, Django's own
    placeholder): a deployment must not start with it."""
    done = manage("check", **{**PRODUCTION, "SECRET_KEY": key})
    assert done.returncode != 0 and "SECRET_KEY must be set" in done.stderr


@pytest.fixture(scope="module")
def collected(tmp_path_factory) -> Path:
    """The static files as deployed (collected once for the tests below)."""
    folder = tmp_path_factory.mktemp("static")
    done = manage("collectstatic", "--noinput", **PRODUCTION, STATIC_ROOT=str(folder))
    assert done.returncode == 0, done.stderr
    return folder


def test_collectstatic_writes_compressed_hashed_files(collected):
    assert (collected / "staticfiles.json").exists()
    hashed = [p.name for p in (collected / "css").iterdir()]
    assert any(n.startswith("talon.") and n.endswith(".css.gz") and n != "talon.css.gz" for n in hashed)


def test_the_modules_import_each_other_by_their_hashed_names(collected):
    # a phone keeps each module under its hashed name: an import of a plain name would fetch a file it never kept
    # (the page's script and its modules with the shell, the offline part's with a kept table)
    paths = json.loads((collected / "staticfiles.json").read_text())["paths"]
    modules = sorted({*OFFLINE_MODULES, *PAGE_MODULES})
    assert set(modules) <= set(paths)
    imports = re.compile(r'^(?:import|export)(?: .* from)? ?"(\.\.?/[^"]+)";', re.MULTILINE)
    for module in modules:
        folder = posixpath.dirname(module)
        plain = imports.findall((ROOT / "static" / module).read_text())
        hashed = imports.findall((collected / paths[module]).read_text())
        names = [paths[posixpath.normpath(posixpath.join(folder, name))].rsplit("/", 1)[-1] for name in plain]
        assert hashed == [posixpath.join(posixpath.dirname(name), new) for name, new in zip(plain, names)], module
        assert all(posixpath.basename(name) not in names for name in plain), module


def test_every_page_carries_a_content_security_policy(client):
    from django.urls import reverse

    for url in ("/", reverse("rules_index"), "/offline/", "/sw.js", "/does-not-exist/"):
        policy = client.get(url)["Content-Security-Policy"]
        directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
        assert directives["script-src"] == "'self'" and directives["style-src"] == "'self'"
        assert directives["default-src"] == "'self'" and directives["object-src"] == "'none'"
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy and "http" not in policy


@pytest.mark.django_db
def test_talon_caches_nothing_a_visitor_could_grow(client, settings):
    """Many visitors with fresh cookies and addresses on the ordinary pages: no cache holds anything for them (no
    page cache at all); the two small caches (the limit on long pages, what if) are bounded in entries."""
    from django.core.cache import caches

    from ..factories import make_sample

    assert settings.CACHES["default"]["BACKEND"].endswith("DummyCache")
    table = make_sample("czech-taroky")
    for name, config in settings.CACHES.items():
        if name != "default":
            assert config["BACKEND"].endswith("LocMemCache") and config["OPTIONS"]["MAX_ENTRIES"] <= 10_000, name
            caches[name].clear()
    for n in range(20):
        client.cookies["csrftoken"] = f"visitor{n:032d}"
        for url in (
            "/rules/",
            reverse("table", args=[table.edit_token]),
            reverse("view_table", args=[table.view_token]),
        ):
            assert client.get(url, REMOTE_ADDR=f"10.0.0.{n}").status_code == 200
    assert all(len(caches[name]._cache) == 0 for name in settings.CACHES if name != "default")
