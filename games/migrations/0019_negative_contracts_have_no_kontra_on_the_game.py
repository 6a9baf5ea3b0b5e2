"""A Königrufen negative contract (Piccolo, Bettler …) has no Kontra on the game: each opponent's Kontra is his own
(AT8), so its stored facts say 0, as ``koenigrufen.facts`` now gives, and the statistic "hands won with Kontra on the
game" no longer counts it for the opponents who gave none; going back stores the highest of the opponents' Kontras."""

from django.db import migrations

NEGATIVE = ("piccolo", "zwiccolo", "bettler", "piccolo-ouvert", "zwiccolo-ouvert", "bettler-ouvert")


def negative_facts(apps):
    return apps.get_model("games", "HandFacts").objects.filter(table__game="koenigrufen", mode__in=NEGATIVE)


def forwards(apps, schema_editor):
    negative_facts(apps).update(contra=0)


def backwards(apps, schema_editor):
    for facts in negative_facts(apps).select_related("hand"):
        kontras = facts.hand.data.get("kontra") if isinstance(facts.hand.data, dict) else None
        levels = [k for k in kontras.values() if isinstance(k, int)] if isinstance(kontras, dict) else []
        facts.contra = max(levels, default=0)
        facts.save(update_fields=["contra"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0018_sitters_play_no_hand"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
