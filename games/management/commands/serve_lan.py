"""Talon at home: ``manage.py serve_lan`` prints the address phones on the same Wi-Fi open (as text and as a QR code
in the terminal), then serves Talon there. ``make serve`` runs it with TALON_HOME=1 (see scorekeeper/settings.py)."""

from __future__ import annotations

import io
import socket
from typing import TextIO

import segno
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

from games.offline.runtime import compress

NOWHERE = "192.0.2.1"  # TEST-NET-1 (RFC 5737): never routed, and a UDP "connect" sends nothing anyway


def lan_address() -> str:
    """This computer's address on the local network: the one the system would send from. A UDP socket's connect
    only picks the route; no packet leaves and no internet is needed. 127.0.0.1 when there is no network."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect((NOWHERE, 9))
            address = probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    return address if address and not address.startswith("0.") else "127.0.0.1"


def announce(url: str, out: TextIO) -> None:
    """The address as text, and as a QR code a phone's camera opens (drawn with half blocks: two rows a line)."""
    out.write(f"\nTalon is ready. On a phone on the same Wi-Fi, open:\n\n    {url}\n\nor point its camera here:\n\n")
    drawn = io.StringIO()
    segno.make(url, error="m").terminal(out=drawn, compact=True, border=2)
    out.write(drawn.getvalue())
    if url.startswith("http://127.0.0.1"):
        out.write("\nNo network found: only this computer can open it.\n")
    out.write("\nStop Talon with Ctrl+C.\n\n")


class Command(BaseCommand):
    help = "Serve Talon to the phones on this network and print its address (text and QR code)."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default: every interface)")
        parser.add_argument("--port", type=int, default=8000)

    def handle(self, *args, host: str, port: int, **options):
        shown = lan_address() if host in ("0.0.0.0", "") else host
        announce(f"http://{shown}:{port}/", self.stdout)
        if settings.DEBUG:
            self.stderr.write("Debug is on (TALON_HOME is not set): fine for development, not for the table.\n")
        compress(
            settings.PYODIDE_DIR
        )  # whitenoise sends the runtime compressed from its folder (games/offline/runtime.py)
        call_command("runserver", f"{host}:{port}", use_reloader=False, skip_checks=True)
