"""Places by result: a seat's place was its rank by table score; it is now its rank
by result, penalties included, tied results sharing the better place (1, 1, 3, 4). Every
game's places are recomputed from its stored results; when any place changed, the ratings
(which rank players by place) are recomputed too."""

from django.db import migrations

from scoring.rules.standings import places


def places_by_result(apps, schema_editor):
    Seat = apps.get_model("scoring", "Seat")
    seats_of: dict[int, list] = {}
    for seat in Seat.objects.order_by("game_id", "seat").only("game_id", "seat", "place", "result").iterator():
        seats_of.setdefault(seat.game_id, []).append(seat)
    changed = []
    for seats in seats_of.values():
        for seat, place in zip(seats, places(tuple(s.result for s in seats)), strict=True):
            if seat.place != place:
                seat.place = place
                changed.append(seat)
    Seat.objects.bulk_update(changed, ["place"], batch_size=1000)
    if changed:
        from scoring.caching import versions
        from scoring.records import ratings  # the live code: ratings follow the new places

        with versions.unbumped():  # the page versions' table comes with 0018
            ratings.recompute_all()


class Migration(migrations.Migration):

    dependencies = [
        ("scoring", "0009_events_and_gong"),
    ]

    operations = [migrations.RunPython(places_by_result, migrations.RunPython.noop)]
