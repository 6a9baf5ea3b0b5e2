"""How often one client may ask for the pages that cost the most: what if, the score sheet, the exports and
adopting other rules, a change that scores many hands again (a hand deleted, restored, changed or put in near
the start of a long table, an undo) and an import (counted by its number of hands). Each scores or reads every
hand of a table (up to TALON_MAX_HANDS), so a few clients asking again and again could keep every app server
busy and slow every other table.

A client is its address (``REMOTE_ADDR``; with ``TALON_BEHIND_PROXY`` the address the proxy saw, the last one in
``X-Forwarded-For``; an IPv6 address stands for its whole /64 network). Each has TALON_EXPENSIVE_PER_WINDOW
such requests per TALON_EXPENSIVE_WINDOW seconds, counted in the ``limits`` cache (local memory, a bounded
number of entries: a visitor cannot make it grow); beyond that it gets 429 and a page saying when to try again.
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections.abc import Callable
from functools import wraps

from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def client_of(request: HttpRequest) -> str:
    address = ""
    if getattr(settings, "TALON_BEHIND_PROXY", False):
        address = request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")[-1].strip()
    return network_of(address or request.META.get("REMOTE_ADDR", ""))


def network_of(address: str) -> str:
    """The client an address stands for: an IPv4 address itself, an IPv6 address its /64 network (one phone or
    one home is given a whole /64 and may send from any of its addresses: counting each alone, one client could
    ask without end)."""
    try:
        ip = ipaddress.ip_address(address.strip("[]"))
    except ValueError:
        return address[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def wait_for(request: HttpRequest, cost: int = 1) -> int:
    """Count this request against its client, as ``cost`` long pages, before it does any of its work; 0 when the
    client stays within its allowance with it, else the seconds until it may (a request beyond the allowance is
    refused, never taken). A cost above the whole allowance counts as the whole allowance, so that what a page
    allows at all may be asked once in a fresh window."""
    window, allowed = settings.TALON_EXPENSIVE_WINDOW, settings.TALON_EXPENSIVE_PER_WINDOW
    cost = max(1, min(cost, allowed))
    now = time.time()
    key = f"expensive:{client_of(request)}:{int(now // window)}"
    cache = caches["limits"]
    cache.add(key, 0, timeout=window + 1)
    try:
        count = cache.incr(key, cost)
    except ValueError:  # culled between add and incr: count it afresh
        cache.set(key, cost, timeout=window + 1)
        count = cost
    if count <= allowed:
        return 0
    return max(1, math.ceil(window - now % window))


def wait_for_rescoring(request: HttpRequest, table, seq: int | None) -> int:
    """As wait_for, for a change that scores again every live hand after ``seq`` (None: every hand): it counts
    only when that is at least TALON_LONG_RESCORE hands, so that changing a recent hand is never limited, while on
    the longest tables a change at the start, which takes seconds, is."""
    if seq is not None and table.hands.filter(deleted=False, seq__gt=seq).count() < settings.TALON_LONG_RESCORE:
        return 0
    return wait_for(request)


HANDS_PER_PAGE = 1000  # hands an import scores for the cost of one long page
SENT_PER_PAGE = 128 * 1024  # bytes a document sent brings for the cost of one long page (about HANDS_PER_PAGE hands)


def sent_cost(request: HttpRequest) -> int:
    """What a request that sends a document counts as, from the size it announces (``Content-Length``, all that
    Django reads of a body), before a byte of the document is read: one long page, and one more for every
    SENT_PER_PAGE bytes. A request larger than an import reads counts as one: its document is refused as it
    arrives, unread, and the client may send a smaller one at once."""
    try:
        size = max(0, int(request.META.get("CONTENT_LENGTH") or 0))
    except ValueError:
        size = 0
    if size > settings.TALON_MAX_DOCUMENT + SENT_PER_PAGE:  # the form's other fields and the upload's wrapping
        return 1
    return 1 + size // SENT_PER_PAGE


def wait_for_more(request: HttpRequest, counted: int, cost: int) -> int:
    """As wait_for, for what a request costs beyond the ``counted`` long pages it was counted as before it was
    read (a document's hands, tables and corrections, once read): 0 when it costs no more. Together they count
    at most the whole allowance, as wait_for counts one request."""
    more = min(cost, settings.TALON_EXPENSIVE_PER_WINDOW) - counted
    return wait_for(request, more) if more > 0 else 0


def import_cost(document) -> int:
    """What importing ``document`` counts as: one long page, and one more for every HANDS_PER_PAGE hands it
    scores (the largest takes seconds, and anyone may send one, no link needed)."""
    hands = document.get("hands") if isinstance(document, dict) else None
    return 1 + (len(hands) if isinstance(hands, list) else 0) // HANDS_PER_PAGE


def too_many(request: HttpRequest, seconds: int) -> HttpResponse:
    response = render(request, "games/too_many.html", {"seconds": seconds}, status=429)
    response["Retry-After"] = str(seconds)
    return response


def expensive(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A view whose every request counts against its client's allowance of expensive pages."""

    @wraps(view)
    def limited(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        seconds = wait_for(request)
        if seconds:
            return too_many(request, seconds)
        return view(request, *args, **kwargs)

    return limited
