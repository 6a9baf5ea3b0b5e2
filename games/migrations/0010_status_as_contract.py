"""Every table's status in the contract's form (``Status.as_json``: finished, closed, over, who deals or leads
next, the round and each player's marks), from the state its last live hand left."""

from django.db import migrations


def restate(apps, schema_editor):
    from games.engines import table as engine_table

    Table = apps.get_model("games", "Table")
    for table in Table.objects.all().iterator():
        setup = engine_table.setup(table.game, table.rules, table.players)
        state = engine_table.load_state(setup, table.state)
        table.summary = setup.engine.status(state).as_json()
        table.save(update_fields=["summary"])


class Migration(migrations.Migration):
    dependencies = [("games", "0009_score_big_integer")]
    operations = [migrations.RunPython(restate, migrations.RunPython.noop)]
