"""The installable app: manifest, service worker, offline page, icons."""

import json

import pytest
from django.contrib.staticfiles import finders

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
    page = client.get("/").content.decode()
    assert 'rel="manifest" href="/manifest.webmanifest"' in page
    assert "serviceWorker" in open(finders.find("js/talon.js")).read()


def test_service_worker_caches_the_shell_from_the_root(client):
    response = client.get("/sw.js")
    assert response["Content-Type"].startswith("text/javascript") and response["Service-Worker-Allowed"] == "/"
    body = response.content.decode()
    for asset in ("/offline/", "/static/css/talon.css", "/static/django_htmx/htmx-2.min.js"):
        assert f'"{asset}"' in body
    assert 'caches.match(OFFLINE)' in body


def test_offline_page_says_what_works(client):
    page = client.get("/offline/").content.decode()
    assert "What works without signal" in page and "What needs signal" in page
