"""A Königrufen dealer who sat a hand out at a table of five (AT2) did not play it: his score row of that hand (0)
goes, as ``games.tables.services`` no longer writes one (``Facts.out``); going back writes it again, at 0."""

from django.db import migrations


def sat_out(apps):
    """(hand, player who sat it out) of every Königrufen hand stored with a sitter."""
    hands = apps.get_model("games", "Hand").objects.filter(table__game="koenigrufen")
    for hand in hands.only("pk", "table_id", "data").iterator():
        sitter = hand.data.get("sitting_out") if isinstance(hand.data, dict) else None
        if isinstance(sitter, str) and sitter:
            yield hand, sitter


def forwards(apps, schema_editor):
    Score = apps.get_model("games", "Score")
    for hand, sitter in sat_out(apps):
        Score.objects.filter(hand=hand, player=sitter).delete()


def backwards(apps, schema_editor):
    Score = apps.get_model("games", "Score")
    for hand, sitter in sat_out(apps):
        Score.objects.get_or_create(hand=hand, player=sitter, defaults={"table_id": hand.table_id, "score": 0})


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0017_leader_verbose_name"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
