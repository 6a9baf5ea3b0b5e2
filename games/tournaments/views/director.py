"""The director's page: the players registered, renamed, withdrawn and brought back, and each round drawn (by the
league's ratings for a seeded first round)."""

from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST, require_safe

from games.lib.inputs import LARGEST, whole_number
from games.lib.text import isolate_text
from games.models import Entry, Round, Tournament
from games.ratings import shown as ratings_shown
from games.registry import GAMES
from games.tables.common import remember_on
from games.tournaments import engine, services
from games.tournaments.common import director_of, entry_of, unconfirmed
from games.tournaments.forms import PlayersForm, RenameEntryForm, differences, preset_label
from games.tournaments.pages import table_rules


def _director_page(
    request: HttpRequest,
    tournament: Tournament,
    *,
    players_form: PlayersForm | None = None,
    draw_error: str = "",
    rename_form: RenameEntryForm | None = None,
    status: int = 200,
) -> HttpResponse:
    rounds = list(tournament.rounds.order_by("number"))
    return render(
        request,
        "games/tournament/director.html",
        {
            "tournament": tournament,
            "game": GAMES[tournament.game],
            "entries": tournament.entries.order_by("no"),
            "rounds": rounds,
            "next_round": services.next_round(tournament),
            "redraw": bool(rounds) and rounds[-1].status == Round.DRAWN,
            "players_form": players_form or PlayersForm(),
            "draw_error": draw_error,
            "rename_form": rename_form or RenameEntryForm(),
            "differences": differences(services.settings_document(tournament), tournament.preset),
            "preset": preset_label(tournament.preset),
            "table_rules": table_rules(tournament),
            "can_draw": not tournament.rounds.filter(status=Round.STARTED).exists(),
            "by_ratings": by_ratings_offered(tournament),
            "final": services.is_final(tournament),
            "schedule": schedule_shown(tournament),
            "all_drawn": services.next_round(tournament) > services.last_round(tournament),
            "public_url": request.build_absolute_uri(reverse("tournament", args=[tournament.public_token])),
        },
        status=status,
    )


def schedule_shown(tournament: Tournament) -> list[dict]:
    """TN3: a schedule's every round, published before round 1 (start numbers and names by table, who sits out);
    empty for other draws or too few players for a table."""
    if (tournament.settings.get("draw") or {}).get("first") != "schedule" or tournament.entries.count() < (
        tournament.settings.get("table_size") or 0
    ):
        return []
    names = dict(tournament.entries.values_list("no", "name"))
    return [
        {
            "round": number,
            "tables": [
                [(no, names[no]) for no in sorted(seats)] for seats in tables
            ],  # who, not where: seats are drawn
            "out": [(no, names[no]) for no in out],
        }
        for number, (tables, out) in enumerate(
            engine.published_schedule(services.load(tournament, live=False)), start=1
        )
    ]


@require_safe
def director(request: HttpRequest, token: str) -> HttpResponse:
    tournament = director_of(token)
    remember_on(request, "tournaments", tournament.pk)  # listed on this browser's home page
    return _director_page(request, tournament)


@require_POST
def register(request: HttpRequest, token: str) -> HttpResponse:
    tournament = director_of(token)
    form = PlayersForm(request.POST, request.FILES)
    drawn = tournament.rounds.filter(status=Round.DRAWN).values_list("number", flat=True).first()
    if form.is_valid():
        try:
            added = services.register(tournament, form.entries())
        except services.Refused as error:
            form.add_error("players", error.message)
        else:
            messages.success(request, _("Players registered: %(count)s.") % {"count": len(added)})
            if drawn is not None:
                messages.info(
                    request, _("Round %(number)s was drawn before this change: draw it again.") % {"number": drawn}
                )
            return redirect("director", token=token)
    return _director_page(request, tournament, players_form=form, status=400)


@require_POST
def rename(request: HttpRequest, token: str) -> HttpResponse:
    """A registered name corrected everywhere in the tournament (its tables too)."""
    tournament = director_of(token)
    form = RenameEntryForm(request.POST)
    if form.is_valid():
        entry = tournament.entries.filter(no=form.cleaned_data["no"]).first()
        try:
            if entry is None:
                raise services.Refused("no", _("No player has this start number."))
            old = entry.name
            services.rename_entry(entry, form.cleaned_data["name"])
        except services.Refused as error:
            form.add_error(error.field if error.field in form.fields else None, error.message)
        else:
            messages.success(
                request,
                _("%(old)s is now called %(new)s, in every hand.")
                % {"old": isolate_text(old), "new": isolate_text(form.cleaned_data["name"])},
            )
            return redirect("director", token=token)
    return _director_page(request, tournament, rename_form=form, status=400)


def _withdraw_question(request: HttpRequest, tournament: Tournament, entry: Entry) -> HttpResponse | None:
    drawn = tournament.rounds.filter(status=Round.DRAWN).values_list("number", flat=True).first()
    name = isolate_text(entry.name)
    if entry.withdrawn_after is None:
        question = _("Withdraw %(name)s?") % {"name": name}
        lines = [
            _(
                "%(name)s keeps the results played and is drawn no more. The withdrawal can be taken back "
                "until the next round starts."
            )
            % {"name": name}
        ]
        yes = _("Withdraw %(name)s") % {"name": name}
    else:
        question = _("Bring %(name)s back?") % {"name": name}
        lines = [
            _("%(name)s is drawn again from round %(number)s.") % {"name": name, "number": entry.withdrawn_after + 1}
        ]
        yes = _("Bring %(name)s back") % {"name": name}
    if drawn is not None:
        lines.append(
            _(
                "Round %(number)s is drawn: its draw is voided and must be made again; sheets whose table "
                "changes say where their players sit now."
            )
            % {"number": drawn}
        )
    return unconfirmed(
        request,
        tournament,
        question=question,
        consequences=lines,
        yes=yes,
        back=reverse("director", args=[tournament.director_token]),
    )


@require_POST
def withdraw(request: HttpRequest, token: str, no: int) -> HttpResponse:
    tournament = director_of(token)
    entry = entry_of(tournament, no)
    if services.is_final(tournament):  # its players stand as they finished: not even asked
        messages.error(request, _("This tournament is final: every round has been played and closed."))
        return redirect("director", token=token)
    asked = _withdraw_question(request, tournament, entry)
    if asked is not None:
        return asked
    try:
        if entry.withdrawn_after is None:
            voided = services.withdraw(entry)
            messages.success(request, _("%(name)s is drawn no more.") % {"name": isolate_text(entry.name)})
        else:
            back_in = entry.withdrawn_after + 1  # the round after the last one started (round 1 before any)
            voided = services.reinstate(entry)
            messages.success(
                request,
                _("%(name)s plays again from round %(number)s.")
                % {"name": isolate_text(entry.name), "number": back_in},
            )
    except services.Refused as error:
        messages.error(request, error.message)
        voided = None
    if voided is not None:
        messages.info(request, _("Round %(number)s was drawn before this change: draw it again.") % {"number": voided})
    return redirect("director", token=token)


@require_POST
def draw(request: HttpRequest, token: str) -> HttpResponse:
    tournament = director_of(token)
    number = whole_number(request.POST.get("round", ""))
    if number is not None and tournament.rounds.filter(number=min(number, LARGEST), status=Round.DRAWN).exists():
        asked = unconfirmed(
            request,
            tournament,
            question=_("Draw round %(number)s again?") % {"number": number},
            consequences=[
                _(
                    "With the same players the draw is the same and every printed sheet stays valid; "
                    "a table whose seats change gets a new sheet, and its old sheet says where its "
                    "players sit now."
                )
            ],
            yes=_("Draw round %(number)s again") % {"number": number},
            back=reverse("director_round", args=[token, number]),
        )
        if asked is not None:
            return asked
    try:
        if number is None:
            raise services.Refused("round", _("Give the round's number."))
        with transaction.atomic():  # rankings filled from the ratings stay only with the draw made from them
            if request.POST.get("by_ratings") and number == 1:
                _rank_by_ratings(tournament)
            drawn = services.draw_round(tournament, number)
    except services.Refused as error:
        return _director_page(request, tournament, draw_error=error.message, status=400)
    messages.success(request, _("Round %(number)s is drawn.") % {"number": number})
    if drawn.repeats:
        messages.info(
            request,
            ngettext(
                "%(count)s pair of players meets again: no seating without a repeat was found.",
                "%(count)s pairs of players meet again: no seating without a repeat was found.",
                drawn.repeats,
            )
            % {"count": drawn.repeats},
        )
    return redirect("director_round", token=token, number=number)


def by_ratings_offered(tournament: Tournament) -> bool:
    """Round 1 of a seeded draw may be ranked by the league's ratings (a tournament in no league has none before
    its first round)."""
    return tournament.league_id is not None and (tournament.settings.get("draw") or {}).get("first") == "seeded-thirds"


def _rank_by_ratings(tournament: Tournament) -> None:
    """Each entry's ranking from the league's current ratings of the game, or refused when there are none."""
    if not by_ratings_offered(tournament):
        raise services.Refused("round", _("Only the first round of a seeded draw in a league is ranked by ratings."))
    if not ratings_shown.ratings_now(services.pool_of(tournament)).get(tournament.game):
        raise services.Refused(
            "round", _("The league has no ratings of this game yet: type the rankings, or draw without them.")
        )
    services.rank_by_ratings(tournament)
