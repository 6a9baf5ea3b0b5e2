"""A typed result's marks beside its totals are kept under the game's own name for them, as the engine's ranking
declares it: the column ``bummerl`` (a list in seat order) becomes ``marks`` ({"bummerl": that list})."""

from django.db import migrations, models

OLD = "bummerl"  # the one game whose ranking read a mark when the column was named for it


def forwards(apps, schema_editor):
    for name in ("RoundTable", "Correction"):
        model = apps.get_model("games", name)
        for row in model.objects.exclude(**{f"{OLD}__isnull": True}).only("pk", OLD).iterator():
            model.objects.filter(pk=row.pk).update(marks={OLD: getattr(row, OLD)})


def backwards(apps, schema_editor):
    for name in ("RoundTable", "Correction"):
        model = apps.get_model("games", name)
        for row in model.objects.exclude(marks__isnull=True).only("pk", "marks").iterator():
            model.objects.filter(pk=row.pk).update(**{OLD: (row.marks or {}).get(OLD)})


class Migration(migrations.Migration):
    dependencies = [("games", "0015_former_link")]

    operations = [
        migrations.AddField(model_name="roundtable", name="marks", field=models.JSONField(blank=True, null=True)),
        migrations.AddField(model_name="correction", name="marks", field=models.JSONField(blank=True, null=True)),
        migrations.RunPython(forwards, backwards),
        migrations.RemoveField(model_name="roundtable", name=OLD),
        migrations.RemoveField(model_name="correction", name=OLD),
    ]
