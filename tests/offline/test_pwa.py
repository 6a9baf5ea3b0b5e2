"""The installable app: manifest, service worker, offline page, icons."""

import json
import re

import pytest
from django.contrib.staticfiles import finders

from games.tables.views.shell import PAGE_MODULES

from ..factories import visible_text

pytestmark = pytest.mark.django_db


def test_manifest_makes_a_full_screen_app(client):
    response = client.get("/manifest.webmanifest")
    assert response["Content-Type"] == "application/manifest+json"
    data = json.loads(response.content)
    assert data["display"] == "standalone" and data["start_url"].startswith("/") and data["short_name"] == "Talon"
    sizes = {icon["sizes"] for icon in data["icons"]}
    assert {"192x192", "512x512"} <= sizes and any(icon["purpose"] == "maskable" for icon in data["icons"])
    for icon in data["icons"]:
        assert finders.find(icon["src"].removeprefix("/static/")), icon["src"]


def test_every_page_links_the_manifest_and_registers_the_worker(client):
    from django.urls import reverse

    from games.models import Circle
    from games.registry import GAMES

    from ..factories import make_sample

    circle = Circle.objects.create(name="Tuesday")
    urls = [reverse(name) for name in ("home", "new_table", "rules_index", "import", "new_circle", "offline")]
    urls += [reverse("circle", args=[circle.token]), reverse("circle_view", args=[circle.view_token])]
    for slug in GAMES:
        table = make_sample(slug)
        urls += [reverse("new_table_for", args=[slug]), reverse("rules", args=[slug])]
        urls += [
            reverse(name, args=[table.edit_token])
            for name in (
                "table",
                "hands",
                "record_hand",
                "history",
                "settings",
                "what_if",
                "adjust",
                "end_evening",
                "sheet",
            )
        ]
        urls += [reverse("hand", args=[table.edit_token, 1]), reverse("edit_hand", args=[table.edit_token, 1])]
        urls += [reverse(name, args=[table.view_token]) for name in ("view_table", "view_hands", "view_sheet")]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200 and response["Content-Type"].startswith("text/html"), url
        assert 'rel="manifest" href="/manifest.webmanifest"' in response.content.decode(), url
        assert '<script type="module" src="/static/js/talon.js">' in response.content.decode(), url
    # one of the modules talon.js imports (tests/offline/test_offline_modules.py) registers the worker
    assert any('serviceWorker.register("/sw.js"' in open(finders.find(name)).read() for name in PAGE_MODULES)


def test_service_worker_caches_the_shell_from_the_root(client):
    response = client.get("/sw.js")
    assert response["Content-Type"].startswith("text/javascript") and response["Service-Worker-Allowed"] == "/"
    body = response.content.decode()
    for asset in ("/offline/", "/static/css/talon.css", "/static/django_htmx/htmx-2.min.js"):
        assert f'"{asset}"' in body
    assert "caches.match(OFFLINE)" in body


def test_offline_page_says_what_works(client):
    """Under each heading, a list that says something: the headings alone would tell a player nothing."""
    page = client.get("/offline/").content.decode()
    for heading in ("What works without signal", "What needs signal"):
        after = page[page.index(f"<h2>{heading}</h2>") :]
        listed = re.match(r"<h2>[^<]*</h2>\s*<ul>(.*?)</ul>", after, re.S)
        assert listed, heading
        items = [visible_text(item) for item in re.findall(r"<li>(.*?)</li>", listed.group(1), re.S)]
        assert items and all(len(item.split()) >= 5 for item in items), (heading, items)
