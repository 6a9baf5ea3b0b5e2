"""The admin, for whoever runs a deployment: tables and hands as players describe them (players need no account)."""

from django.contrib import admin

from games.tables.presentation import describe_hand

from .models import Bonus, Change, Circle, Hand, HandFacts, Score, Table


class ReadOnly(admin.ModelAdmin):
    """Everything here is derived from the table document or kept as history: changes go through the app."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Table)
class TableAdmin(ReadOnly):
    list_display = ["__str__", "game", "hand_count", "version", "created_at"]
    list_filter = ["game"]
    search_fields = ["name"]
    exclude = ["edit_token", "view_token", "state"]


class FactsInline(admin.StackedInline):
    model = HandFacts
    can_delete = False
    readonly_fields = ["kind", "mode", "leader", "declarer", "partner", "won", "points", "contra"]
    exclude = ["table"]


class ScoreInline(admin.TabularInline):
    model = Score
    can_delete = False
    readonly_fields = ["player", "score", "declaring"]
    exclude = ["table"]


@admin.register(Hand)
class HandAdmin(ReadOnly):
    list_display = ["table", "number", "what", "scores", "deleted"]
    list_filter = ["deleted", "facts__mode", "facts__won", "table__game"]
    list_select_related = ["table"]
    readonly_fields = ["what", "data", "scores", "totals", "number", "deleted"]
    exclude = ["state"]
    inlines = [FactsInline, ScoreInline]

    @admin.display(description="hand")
    def what(self, hand: Hand) -> str:
        return describe_hand(hand.table, hand.data)


@admin.register(HandFacts)
class HandFactsAdmin(ReadOnly):
    list_display = ["hand", "mode", "leader", "declarer", "partner", "won", "points", "contra"]
    list_filter = ["mode", "won", "contra"]
    search_fields = ["leader", "declarer", "partner"]


@admin.register(Bonus)
class BonusAdmin(ReadOnly):
    list_display = ["facts", "kind", "side", "announced", "made", "kontra"]
    list_filter = ["kind", "side", "announced", "made"]


@admin.register(Change)
class ChangeAdmin(ReadOnly):
    list_display = ["table", "kind", "number", "device", "created_at"]
    list_filter = ["kind"]


@admin.register(Circle)
class CircleAdmin(ReadOnly):
    list_display = ["name", "created_at"]
    exclude = ["token"]


admin.site.site_header = "Talon"
