from django.db import migrations, models

import games.models


def give_every_circle_a_view_link(apps, schema_editor):
    Circle = apps.get_model("games", "Circle")
    for circle in Circle.objects.all():
        circle.view_token = games.models.new_token()
        circle.save(update_fields=["view_token"])


class Migration(migrations.Migration):
    dependencies = [("games", "0005_submissions_and_details")]

    operations = [
        migrations.AddField(model_name="circle", name="view_token",
                            field=models.CharField(editable=False, max_length=64, null=True)),
        migrations.RunPython(give_every_circle_a_view_link, migrations.RunPython.noop),
        migrations.AlterField(model_name="circle", name="view_token",
                              field=models.CharField(default=games.models.new_token, editable=False, max_length=64,
                                                     unique=True)),
    ]
