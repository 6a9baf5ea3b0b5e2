"""Ratings stored before 0020 hold the library's predicted rank where a rated result now reads the place the ratings
expected (1 + each other player's chance of finishing ahead): every circle's and league's ratings are rebuilt from
their stored events, as ``manage.py ratings`` does, so that no page shows an old figure under the new words. A
database with no rating step (a new one) has nothing to rebuild. The rebuild runs Talon's own code of this release:
a later migration that changes the ratings' tables goes after this one, as it must."""

import io

from django.core.management import call_command
from django.db import migrations


def rebuild_ratings(apps, schema_editor):
    if apps.get_model("games", "RatingStep").objects.exists():
        call_command("ratings", stdout=io.StringIO())


class Migration(migrations.Migration):
    dependencies = [("games", "0023_withdrawn_saves")]

    operations = [migrations.RunPython(rebuild_ratings, migrations.RunPython.noop)]
