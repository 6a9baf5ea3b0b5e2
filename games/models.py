"""What happened at the table (the inputs), and what the engine derived from them.

A hand's ``data`` is exactly its object in the table document (shared/formats/table-json.md), so settle,
export and import read and write the same thing the app stores. Everything else is derived by services.py
from the inputs, in order: each hand's scores, the running totals and the engine's state it leaves behind
(so the next hand is scored from there, not from a replay of the table), and what the hand was in queryable
rows (``HandFacts``, ``Bonus``, ``Score``) for statistics and the admin. The table document stays the record;
the derived rows are rebuilt from it.
"""

import secrets

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from .registry import GAMES


def new_token() -> str:
    """An unguessable link part: 24 random bytes, 192 bits."""
    return secrets.token_urlsafe(24)


class Circle(models.Model):
    """A group's regular players. Reached only through its unguessable links, like a table: ``token`` can change
    it and open its tables to edit; ``view_token`` only shows it, and leads only to its tables' view links."""

    name = models.CharField(_("name"), max_length=80)
    players = models.JSONField(_("players"), default=list)
    token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    view_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    rules = models.JSONField(_("our house rules"), default=dict)  # game → the rules a new table starts from
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.name


def validate_game(slug: str) -> None:
    """A table's game is one of the registry's (games/registry.py): a new game needs no migration."""
    if slug not in GAMES:
        raise ValidationError(_("%(game)s is not a game Talon keeps score for."), params={"game": slug})


class Table(models.Model):
    game = models.CharField(_("game"), max_length=32, validators=[validate_game])
    name = models.CharField(_("name"), max_length=80, blank=True)
    players = models.JSONField(_("players"))  # names in seating order (counter-clockwise for the tarok games)
    rules = models.JSONField(_("house rules"), default=dict)  # only the options that differ from the defaults
    edit_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    view_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    played_on = models.DateField(_("played on"), null=True, blank=True)
    circle = models.ForeignKey(Circle, null=True, blank=True, on_delete=models.SET_NULL, related_name="tables")
    price_per_point = models.CharField(_("price per point"), max_length=12, blank=True)  # "0.10": exact, no float
    currency = models.CharField(_("currency"), max_length=8, blank=True)
    # Derived from the hands by services.replay; kept so that the table page needs no replay.
    version = models.PositiveIntegerField(default=0)  # +1 on every change; what live pages and edits check
    totals = models.JSONField(default=dict)
    summary = models.JSONField(default=dict)  # who leads and deals next, each player's marks … (the engine's status)
    state = models.JSONField(default=dict)  # the engine's state after the last live hand
    hand_count = models.PositiveIntegerField(default=0)  # live hands

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        """Its name, or its players' names, each isolated (FSI … PDI): a right-to-left override in one name
        cannot reorder the others."""
        return self.name or ", ".join(f"\u2068{name}\u2069" for name in self.players)


class Hand(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hands")
    seq = models.PositiveIntegerField()  # order of play; kept when the hand is edited, deleted or restored
    data = models.JSONField()  # the hand as the table document writes it
    scores = models.JSONField(default=list)  # one whole number per player, in seating order (derived)
    deleted = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Derived, kept so that a page or the next hand needs no replay:
    number = models.PositiveIntegerField(null=True)  # its place among the live hands (1, 2, …); null when deleted
    totals = models.JSONField(default=list)  # running totals after this hand, in seating order
    state = models.JSONField(default=dict)  # the engine's state after this hand

    class Meta:
        ordering = ["seq"]
        constraints = [models.UniqueConstraint(fields=["table", "seq"], name="one_hand_per_place")]
        indexes = [models.Index(fields=["table", "number"], name="hand_by_number")]

    def __str__(self) -> str:
        return f"{self.table_id}#{self.seq}"


class HandFacts(models.Model):
    """What a hand was, as the engine reads it (games.contract.engine.Facts): derived from ``Hand.data``."""

    hand = models.OneToOneField(Hand, primary_key=True, on_delete=models.CASCADE, related_name="facts")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=16, default="hand")  # hand, adjustment, closing
    mode = models.CharField(_("contract or mode"), max_length=32, blank=True)
    leader = models.CharField(_("leader or declarer"), max_length=40, blank=True)
    declarer = models.CharField(_("declarer"), max_length=40, blank=True)
    partner = models.CharField(_("partner"), max_length=40, blank=True)
    won = models.BooleanField(_("declarers won"), null=True)
    points = models.CharField(_("card points"), max_length=12, blank=True)  # as the table document writes them
    contra = models.PositiveSmallIntegerField(_("contra"), default=0)

    class Meta:
        verbose_name_plural = "hand facts"
        indexes = [
            models.Index(fields=["table", "mode"], name="facts_by_mode"),
            # a table's penalties, corrections and closing, read without its hands: a new hand's number, a round's
            # limit (games.tables.services.others)
            models.Index(fields=["table", "kind"], name="facts_by_kind"),
        ]


class Bonus(models.Model):
    """An announcement or bonus of a hand (``kind``: the engine's id for it)."""

    facts = models.ForeignKey(HandFacts, on_delete=models.CASCADE, related_name="bonuses")
    kind = models.CharField(max_length=32)
    side = models.CharField(max_length=16)
    announced = models.BooleanField()
    made = models.BooleanField()
    kontra = models.PositiveSmallIntegerField(default=0)


class Score(models.Model):
    """One player's score in one hand, as a row: statistics are sums and counts over these."""

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="player_scores")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="+")
    player = models.CharField(max_length=40)
    score = models.BigIntegerField()  # marks × a game's end penalty can pass 2³¹ on a table of many hands
    declaring = models.BooleanField(default=False)  # on the declarer side

    class Meta:
        constraints = [models.UniqueConstraint(fields=["hand", "player"], name="one_score_per_player")]
        indexes = [models.Index(fields=["table", "player"], name="score_by_player")]


class Change(models.Model):
    """One entry of a table's history. Nothing is ever lost: each change keeps the data before and after."""

    RECORDED, EDITED, DELETED, RESTORED, RULES, DETAILS = (
        "recorded",
        "edited",
        "deleted",
        "restored",
        "rules",
        "details",
    )
    RENAMED = "renamed"
    KINDS = [
        (RECORDED, _("recorded")),
        (EDITED, _("edited")),
        (DELETED, _("deleted")),
        (RESTORED, _("restored")),
        (RULES, _("house rules changed")),
        (DETAILS, _("table details changed")),
        (RENAMED, _("player renamed")),
    ]

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="changes")
    hand = models.ForeignKey(Hand, null=True, blank=True, on_delete=models.CASCADE, related_name="changes")
    kind = models.CharField(max_length=16, choices=KINDS)
    before = models.JSONField(null=True)  # the hand's data (the rules, a player's name) before; null when recorded
    after = models.JSONField(null=True)  # after; null when deleted
    device = models.CharField(max_length=40, blank=True)
    undoes = models.OneToOneField("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="undone_by")
    created_at = models.DateTimeField(auto_now_add=True)
    version = models.PositiveIntegerField(null=True)  # the table's version after this change
    # the hand's number among the game's hands when the change was made (None: a penalty, a correction, the closing)
    number = models.PositiveIntegerField(null=True)
    submission = models.CharField(max_length=32, blank=True)  # the form that asked for it: each form counts once

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "submission"], condition=~models.Q(submission=""), name="one_change_per_submission"
            )
        ]
        # a Save's "was this form sent before?" reads one row, not the table's history (SQLite's planner uses no
        # partial index for it)
        indexes = [models.Index(fields=["table", "submission"], name="change_by_submission")]


class Withdrawn(models.Model):
    """A Save whose answer a phone never heard, deleted on that phone before the server had it (its request still on
    the way, or queued behind others): should that Save arrive later, it counts as sent already and records nothing,
    as the player deleted it."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="+")
    submission = models.CharField(max_length=32)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "submission"], name="one_withdrawal_per_submission")]


class RatedEvent(models.Model):
    """A finished part of a table, as ratings read it (games.ratings): its players and their places by the game's
    order. Derived from the table's stored hands whenever they change, so that rating a circle reads these rows,
    never the hands. A table holds one (a closed evening), or one per game of the evening (Two Ten Jack)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="rated_events")
    part = models.PositiveIntegerField()  # 1, 2, …
    game = models.CharField(max_length=32)
    ended = models.DateTimeField()  # when its last hand was recorded: the order ratings play events in
    players = models.JSONField()  # names in seating order
    places = models.JSONField()  # each player's place, 1 first; players level share one

    class Meta:
        ordering = ["ended", "table_id", "part"]
        constraints = [models.UniqueConstraint(fields=["table", "part"], name="one_event_per_part")]


class Rating(models.Model):
    """A player's rating in one game among a circle's tables now (games.ratings; derived, rebuilt from the
    circle's RatedEvents). ``player`` is the name as the circle writes it."""

    circle = models.ForeignKey(Circle, null=True, blank=True, on_delete=models.CASCADE, related_name="ratings")
    # or a league's pool (its tournaments' round tables), or a tournament's own when it is in no league
    league = models.ForeignKey("League", null=True, blank=True, on_delete=models.CASCADE, related_name="ratings")
    tournament = models.ForeignKey(
        "Tournament", null=True, blank=True, on_delete=models.CASCADE, related_name="ratings"
    )
    game = models.CharField(max_length=32)
    player = models.CharField(max_length=40)
    mu = models.FloatField()
    sigma = models.FloatField()
    events = models.PositiveIntegerField()
    change = models.FloatField(default=0)  # of mu, at the player's last event

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["circle", "game", "player"], name="one_rating_per_player"),
            models.UniqueConstraint(fields=["league", "game", "player"], name="one_league_rating"),
            models.UniqueConstraint(fields=["tournament", "game", "player"], name="one_tournament_rating"),
        ]


class RatingStep(models.Model):
    """One player's rating through one event of a circle: place, what was expected, the rating after."""

    circle = models.ForeignKey(Circle, null=True, blank=True, on_delete=models.CASCADE, related_name="rating_steps")
    event = models.ForeignKey(RatedEvent, null=True, blank=True, on_delete=models.CASCADE, related_name="steps")
    # a league's or a tournament's step: its event is a round table (played in Talon or typed from paper)
    league = models.ForeignKey("League", null=True, blank=True, on_delete=models.CASCADE, related_name="rating_steps")
    tournament = models.ForeignKey(
        "Tournament", null=True, blank=True, on_delete=models.CASCADE, related_name="rating_steps"
    )
    round_table = models.ForeignKey(
        "RoundTable", null=True, blank=True, on_delete=models.CASCADE, related_name="rating_steps"
    )
    game = models.CharField(max_length=32)
    number = models.PositiveIntegerField()  # the event's place among the circle's events of this game: 1, 2, …
    player = models.CharField(max_length=40)
    place = models.PositiveSmallIntegerField()
    expected = models.FloatField()  # the place the ratings before it expected: 2.5 among four rated alike
    chance = models.FloatField()  # of finishing first, before it
    mu = models.FloatField()
    sigma = models.FloatField()
    change = models.FloatField()  # of mu

    class Meta:
        ordering = ["number", "id"]
        indexes = [
            models.Index(fields=["circle", "game", "number"], name="step_by_number"),
            models.Index(fields=["league", "game", "number"], name="league_step_by_number"),
            models.Index(fields=["tournament", "game", "number"], name="tournament_step_by_number"),
        ]


# ---- tournaments (issue 23; shared/formats/tournament.md) ---------------------------------------------------


class League(models.Model):
    """TN9: a season of tournaments with one player list (the same name across its tournaments), its standings
    summing each player's tournaments (``settings``: points_table, best, qualify). Reached by its links only."""

    name = models.CharField(_("name"), max_length=80)
    settings = models.JSONField(default=dict)
    director_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    public_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    # The season's standings as its pages show them, stored in the transaction of every change of one of its
    # tournaments (games.tournaments.services.season_changed); None until first worked out.
    standings = models.JSONField(null=True, blank=True, editable=False)

    def __str__(self) -> str:
        return self.name


class Tournament(models.Model):
    """A tournament: its settings are the document's rules, table_size, rounds, round_limit, scoring and draw (with
    the seed). Reached only through its links: ``director_token`` runs it; ``public_token`` shows the standings and
    each player's table. ``version`` grows on every change, so a watching page asks only for what changed."""

    name = models.CharField(_("name"), max_length=100)
    game = models.CharField(_("game"), max_length=32, validators=[validate_game])
    preset = models.CharField(_("preset"), max_length=32)
    settings = models.JSONField(default=dict)
    director_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    public_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    version = models.PositiveIntegerField(default=0)
    league = models.ForeignKey(League, null=True, blank=True, on_delete=models.SET_NULL, related_name="tournaments")
    # What its league reads of it (each player's final place and measure, engine.season_results), stored with every
    # change while it is in a league.
    season = models.JSONField(null=True, blank=True, editable=False)

    def __str__(self) -> str:
        return self.name


class Entry(models.Model):
    """A registered player: start number ``no`` (1…N), a ranking for a seeded draw, the first round played
    (a late arrival) and the last one (a withdrawal)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    no = models.PositiveIntegerField(_("start number"))
    name = models.CharField(_("name"), max_length=40)
    ranking = models.PositiveIntegerField(_("ranking"), null=True, blank=True)
    joins = models.PositiveIntegerField(default=1)
    withdrawn_after = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["no"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "no"], name="one_start_number"),
            models.UniqueConstraint(fields=["tournament", "name"], name="one_entry_per_name"),
        ]

    def __str__(self) -> str:
        return f"{self.no}. {self.name}"


class Round(models.Model):
    DRAWN, STARTED, CLOSED = "drawn", "started", "closed"
    STATUSES = [(DRAWN, _("drawn")), (STARTED, _("started")), (CLOSED, _("closed"))]

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    status = models.CharField(max_length=8, choices=STATUSES, default=DRAWN)
    started_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)  # the order its tables are rated in (a league's)

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="one_round_per_number")]


class RoundTable(models.Model):
    """One table of a round: played in Talon (``table``), or its totals typed from the paper sheet (``totals``,
    one per seat)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    table_no = models.PositiveIntegerField()
    table = models.ForeignKey(Table, null=True, blank=True, on_delete=models.SET_NULL, related_name="tournament_tables")
    totals = models.JSONField(null=True, blank=True)
    # typed: each seat's ranked marks beside its totals, by the mark's name (the engine's RANKING), e.g.
    # {"<mark>": [1, 0]}; None for a game ranked by its totals alone
    marks = models.JSONField(null=True, blank=True)
    # The edit link its Talon table will have, given at the draw so that the sheets (and their QR codes) can be
    # printed before the round starts; the table is made with it when the round starts.
    planned_token = models.CharField(max_length=64, blank=True, default="", db_index=True)

    class Meta:
        ordering = ["table_no"]
        constraints = [models.UniqueConstraint(fields=["round", "table_no"], name="one_table_per_number")]


class FormerLink(models.Model):
    """A drawn table's printed link that a later draw of its round (a redraw, a change of players) did not keep:
    opened, it says where each of its players sits now instead of "not found"."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="former_links")
    token = models.CharField(max_length=64, unique=True)
    round_no = models.PositiveIntegerField()
    table_no = models.PositiveIntegerField()
    seats = models.JSONField()  # the start numbers it seated, in seat order


class Seat(models.Model):
    round_table = models.ForeignKey(RoundTable, on_delete=models.CASCADE, related_name="seats")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="+")  # so a database rule can say:
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["seat"]
        constraints = [
            models.UniqueConstraint(fields=["round", "entry"], name="one_table_per_round"),
            models.UniqueConstraint(fields=["round_table", "seat"], name="one_player_per_seat"),
        ]


class Correction(models.Model):
    """TN8: a result corrected after its round, with the reason; the first result stays, the correction applies
    on top."""

    round_table = models.ForeignKey(RoundTable, on_delete=models.CASCADE, related_name="corrections")
    totals = models.JSONField()
    marks = models.JSONField(null=True, blank=True)  # as RoundTable.marks
    reason = models.CharField(_("reason"), max_length=200)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["at", "id"]
