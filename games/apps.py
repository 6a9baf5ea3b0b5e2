from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """What follows a table's change listens to its one announcement (games.tables.signals), inside the
        change's transaction: the circle's ratings, and a closed tournament round's pool."""
        from games.ratings import store as ratings_store  # the app registry is ready only now
        from games.tables.signals import table_changed
        from games.tournaments import services as tournaments

        table_changed.connect(ratings_store.table_changed, dispatch_uid="ratings")
        table_changed.connect(tournaments.round_table_changed, dispatch_uid="tournaments")
