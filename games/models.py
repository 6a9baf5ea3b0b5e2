"""What happened at the table (the inputs), and the scores the engine derived from them.

A hand's ``data`` is exactly its object in the table document (shared/formats/table-json.md), so settle,
export and import read and write the same thing the app stores. Scores and totals are derived: services.py
recomputes them from the inputs, in order, after every change.
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
    """A group's regular players. Reached only through its unguessable link, like a table."""

    name = models.CharField(_("name"), max_length=80)
    players = models.JSONField(_("players"), default=list)
    token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
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
    summary = models.JSONField(default=dict)  # next povinnost/dealer, radelci, Bummerl …

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name or ", ".join(self.players)


class Hand(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hands")
    seq = models.PositiveIntegerField()  # order of play; kept when the hand is edited, deleted or restored
    data = models.JSONField()  # the hand as the table document writes it
    scores = models.JSONField(default=list)  # one whole number per player, in seating order (derived)
    deleted = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["seq"]
        constraints = [models.UniqueConstraint(fields=["table", "seq"], name="one_hand_per_place")]

    def __str__(self) -> str:
        return f"{self.table_id}#{self.seq}"


class Change(models.Model):
    """One entry of a table's history. Nothing is ever lost: each change keeps the data before and after."""

    RECORDED, EDITED, DELETED, RESTORED, RULES = "recorded", "edited", "deleted", "restored", "rules"
    KINDS = [(RECORDED, _("recorded")), (EDITED, _("edited")), (DELETED, _("deleted")), (RESTORED, _("restored")),
             (RULES, _("house rules changed"))]

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="changes")
    hand = models.ForeignKey(Hand, null=True, blank=True, on_delete=models.CASCADE, related_name="changes")
    kind = models.CharField(max_length=16, choices=KINDS)
    before = models.JSONField(null=True)  # the hand's data (or the table's rules) before; null when recorded
    after = models.JSONField(null=True)  # after; null when deleted
    device = models.CharField(max_length=40, blank=True)
    undoes = models.OneToOneField("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="undone_by")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
