"""A league (TN9): made, its tournaments added and their players registered, its standings and ratings shown to
the director and on its public link, each page counted by its size against the allowance."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from games.lib.limits import too_many, wait_for
from games.lib.numbers import local_number
from games.lib.text import isolate_text
from games.models import League, Tournament
from games.ratings.shown import Pool
from games.tables.common import remember_on
from games.tournaments import services
from games.tournaments.boards import pool_ratings
from games.tournaments.forms import JoinLeagueForm, LeagueForm


def _league_lines(league: League) -> list[dict]:
    names = list(league.tournaments.order_by("created_at", "pk"))
    return [
        {
            "line": line,
            "points": local_number(line.points),
            "results": [
                (tournament, None if value is None else local_number(value), index in line.counted)
                for index, (tournament, value) in enumerate(zip(names, line.results))
            ],
        }
        for line in services.stored_league_standings(league)
    ]


@require_http_methods(["GET", "POST"])
def new_league(request: HttpRequest) -> HttpResponse:
    form = LeagueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        league = League.objects.create(name=form.cleaned_data["name"], settings=form.settings())
        return redirect("league_director", token=league.director_token)
    return render(request, "games/tournament/new_league.html", {"form": form})


def _league_page(
    request: HttpRequest, league: League, *, form: JoinLeagueForm | None = None, status: int = 200
) -> HttpResponse:
    return render(
        request,
        "games/tournament/league.html",
        {
            "league": league,
            "director": True,
            "form": form or JoinLeagueForm(),
            "tournaments": league.tournaments.order_by("created_at", "pk"),
            "lines": _league_lines(league),
            "players": services.league_players(league),
            "ratings": pool_ratings(Pool(league=league)),
            "public_url": request.build_absolute_uri(reverse("league", args=[league.public_token])),
        },
        status=status,
    )


@require_safe
def league_director(request: HttpRequest, token: str) -> HttpResponse:
    league = get_object_or_404(League, director_token=token)
    refused = _league_wait(request, league, _page_cost(league))
    if refused:
        return refused
    remember_on(request, "leagues", league.pk)  # listed on this browser's home page
    return _league_page(request, league)


LEAGUE_PER_PAGE = 10  # tournaments of a league that adding one may read again, for the cost of one long page


LEAGUE_CELLS_PER_PAGE = 5_000  # a league page's results (players × tournaments) for the cost of one long page


def _league_wait(request: HttpRequest, league: League, cost: int) -> HttpResponse | None:
    """429 when ``cost`` long pages (counted before any work) take the client beyond its allowance."""
    seconds = wait_for(request, cost) if cost else 0
    return too_many(request, seconds) if seconds else None


def _page_cost(league: League) -> int:
    """A league page writes each player's result in each tournament: a season's page (a few thousand) costs
    nothing; the largest (500 players × 50 tournaments, 500 KB) counts as five long pages."""
    return len(league.standings or []) * league.tournaments.count() // LEAGUE_CELLS_PER_PAGE


@require_POST
def league_add(request: HttpRequest, token: str) -> HttpResponse:
    league = get_object_or_404(League, director_token=token)
    refused = _league_wait(request, league, 1 + league.tournaments.count() // LEAGUE_PER_PAGE)
    if refused:  # a tournament joining before the others rates the whole league again
        return refused
    form = JoinLeagueForm(request.POST)
    if form.is_valid():
        tournament = Tournament.objects.filter(director_token=form.cleaned_data["link"]).first()
        try:
            if tournament is None:
                raise services.Refused("link", _("No tournament has this director link."))
            services.add_to_league(league, tournament)
        except services.Refused as error:
            form.add_error("link", error.message)
        else:
            messages.success(
                request, _("%(tournament)s is in the league.") % {"tournament": isolate_text(tournament.name)}
            )
            return redirect("league_director", token=token)
    return _league_page(request, league, form=form, status=400)


@require_POST
def league_register(request: HttpRequest, token: str, tournament: str) -> HttpResponse:
    """The league's one player list registered in one of its tournaments."""
    league = get_object_or_404(League, director_token=token)
    chosen = get_object_or_404(Tournament, league=league, public_token=tournament)
    try:
        added = services.register_league_players(league, chosen)
    except services.Refused as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Players registered: %(count)s.") % {"count": len(added)})
    return redirect("league_director", token=token)


@require_safe
def league(request: HttpRequest, token: str) -> HttpResponse:
    chosen = get_object_or_404(League, public_token=token)
    refused = _league_wait(request, chosen, _page_cost(chosen))
    if refused:
        return refused
    return render(
        request,
        "games/tournament/league.html",
        {
            "league": chosen,
            "director": False,
            "tournaments": chosen.tournaments.order_by("created_at", "pk"),
            "lines": _league_lines(chosen),
            "ratings": pool_ratings(Pool(league=chosen)),
        },
    )
