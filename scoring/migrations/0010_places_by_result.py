"""Places by result: a seat's place was its rank by table score; it is now its rank
by result, penalties included, tied results sharing the better place (1, 1, 3, 4). Every
game's places are recomputed from its stored results; when any place changed, the ratings
(which rank players by place) are recomputed too.

What this needs is frozen here, as the site computed it when this migration was written, so that
it migrates the same whatever the site's code becomes: the places, and the ratings (OpenSkill's
Plackett-Luce model with its defaults, each family's finished games rated in play order: day,
start, game id), written through the historical models."""

import datetime

from django.db import migrations
from django.db.models import Value
from django.db.models.functions import Coalesce, TruncDate

FAMILIES = ("riichi", "american")
MIDNIGHT = datetime.time(0)


def places(results):
    """Each seat's place: tied results share the better place and the next is skipped (1, 1, 3, 4)."""
    ranked = sorted(results, reverse=True)
    return tuple(1 + ranked.index(result) for result in results)


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
        for family in FAMILIES:
            recompute_ratings(apps, family)


def finished_games(Seat, family):
    """The family's finished games in play order: (day, start, game id, [(player, place) by seat])."""
    rows = (
        Seat.objects.filter(finished=True, family=family)
        .annotate(
            day=Coalesce("game__date", TruncDate("game__created_at")), start=Coalesce("game__start", Value(MIDNIGHT))
        )
        .order_by("day", "start", "game_id", "seat")
        .values_list("game_id", "day", "start", "player_id", "place")
    )
    games = []
    for game_id, day, start, player_id, place in rows.iterator(chunk_size=10_000):
        if not games or games[-1][2] != game_id:
            games.append((day, start, game_id, []))
        games[-1][3].append((player_id, place))
    return games


def recompute_ratings(apps, family):
    """Every rating of the family from scratch: each finished game ranks its players by place
    (tied places tied ranks); a player starts at OpenSkill's μ 25, σ 25/3; the ordinal is μ − 3σ."""
    from openskill.models import PlackettLuce, PlackettLuceRating

    Seat, RatingChange, PlayerRating = (
        apps.get_model("scoring", name) for name in ("Seat", "RatingChange", "PlayerRating")
    )
    model = PlackettLuce()
    stale = RatingChange.objects.filter(family=family)
    touched = set(stale.values_list("player", flat=True).distinct())
    stale.delete()
    state, changes = {}, []
    for day, start, game_id, seats in finished_games(Seat, family):
        before = [state.get(player) or (model.mu, model.sigma, 0) for player, _place in seats]
        after = model.rate(
            [[PlackettLuceRating(mu, sigma)] for mu, sigma, _games in before], ranks=[place for _player, place in seats]
        )
        for (player, place), (mu_before, sigma_before, games), (rating,) in zip(seats, before, after, strict=True):
            state[player] = (rating.mu, rating.sigma, games + 1)
            changes.append(
                RatingChange(
                    game_id=game_id,
                    player_id=player,
                    family=family,
                    played_on=day,
                    started=start,
                    place=place,
                    mu_before=mu_before,
                    sigma_before=sigma_before,
                    mu=rating.mu,
                    sigma=rating.sigma,
                    ordinal=rating.mu - 3 * rating.sigma,
                )
            )
            touched.add(player)
    RatingChange.objects.bulk_create(changes, batch_size=1000)
    PlayerRating.objects.filter(family=family, player__in=touched).delete()
    PlayerRating.objects.bulk_create(
        [
            PlayerRating(player_id=player, family=family, mu=mu, sigma=sigma, ordinal=mu - 3 * sigma, games=games)
            for player, (mu, sigma, games) in state.items()
        ],
        batch_size=1000,
    )


class Migration(migrations.Migration):

    dependencies = [
        ("scoring", "0009_events_and_gong"),
    ]

    operations = [migrations.RunPython(places_by_result, migrations.RunPython.noop)]
