"""What the tournaments' views share: a tournament reached by its links (the director's, the public one), its
round and its player by number, and the one-tap action that asks once.

Neither link opens the other's pages, and a table's links open neither: each page is found by its own token field
only (a 404 otherwise).
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from games.lib.inputs import LARGEST
from games.models import Entry, Round, Tournament


def director_of(token: str) -> Tournament:
    return get_object_or_404(Tournament, director_token=token)


def public_of(token: str) -> Tournament:
    return get_object_or_404(Tournament, public_token=token)


def round_of(tournament: Tournament, number: int) -> Round:
    if number > LARGEST:  # no such round, and no query a database column could not hold
        raise Http404()
    return get_object_or_404(Round, tournament=tournament, number=number)


def entry_of(tournament: Tournament, no: int) -> Entry:
    if no > LARGEST:
        raise Http404()
    return get_object_or_404(Entry, tournament=tournament, no=no)


def unconfirmed(
    request: HttpRequest, tournament: Tournament, *, question: str, consequences: list[str], yes: str, back: str
) -> HttpResponse | None:
    """A one-tap action that changes the room asks once: its page saying what will happen (None once confirmed).
    What was sent comes back with the confirmation, so the page works without JavaScript."""
    if request.POST.get("confirmed") == "1":
        return None
    fields = [(name, value) for name, value in request.POST.items() if name not in ("csrfmiddlewaretoken", "confirmed")]
    return render(
        request,
        "games/tournament/confirm.html",
        {
            "tournament": tournament,
            "question": question,
            "consequences": consequences,
            "yes": yes,
            "back": back,
            "fields": fields,
            "action": request.path,
        },
    )
