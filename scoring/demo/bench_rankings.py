"""The ranking page's figures for ``manage.py bench``: ``players`` players over ``events`` events
stored as events held elsewhere (imported results, in bulk: the rows the import writes), the
page rendered once (the first visitor after a change) and then served from the page cache."""

import random
import statistics
from collections import defaultdict
from datetime import date
from decimal import Decimal

from django.test import Client
from django.test.utils import override_settings
from django.urls import reverse

from scoring.demo import bench_stats
from scoring.models import ImportedEvent, ImportedResult, Player
from scoring.rules.rankings import Finish

NO_CACHE = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}


def store_finishes(found: list[Finish]) -> None:
    """The finishes stored as imported events, their players created by EMA number."""
    players = {f.player: f.name for f in found}
    Player.objects.bulk_create(Player(name=name, ema_number=key) for key, name in players.items())
    ids = dict(Player.objects.values_list("ema_number", "pk"))
    by_event: dict[str, list[Finish]] = defaultdict(list)
    for finish in found:
        by_event[finish.event].append(finish)
    events = ImportedEvent.objects.bulk_create(
        ImportedEvent(
            name=name,
            family=rows[0].family,
            rules="Riichi",
            date=rows[0].days[0],
            last_day=rows[0].days[-1],
            mers_weight=Decimal(rows[0].weight.numerator) / rows[0].weight.denominator,
            field=rows[0].field,
            source="bench",
        )
        for name, rows in by_event.items()
    )
    ImportedResult.objects.bulk_create(
        (
            ImportedResult(event_id=event.pk, player_id=ids[f.player], place=f.place, name_in_file=f.name)
            for event, rows in zip(events, by_event.values(), strict=True)
            for f in rows
        ),
        batch_size=5_000,
    )


def ranking_page_figures(*, players: int = 5_000, events: int = 300, runs: int = 30):
    """``ranking_page_rendered_ms`` (the page cache off: the median of 3) and
    ``ranking_page_cached_ms`` (the median of ``runs``) of MERS (riichi) over the stored events."""
    from scoring.demo.bench import random_finishes  # the core's figure's finishes, stored

    on = date(2026, 6, 1)
    with bench_stats.bench_database():
        store_finishes(random_finishes(random.Random(2026), players=players, events=events, on=on))
        yield "ranking_page_results", ImportedResult.objects.count(), "results"
        url = reverse("scoring:ranking", args=["mers-riichi"])
        client = Client()
        with override_settings(CACHES=NO_CACHE):  # after one warm-up render, as every page figure
            rendered = bench_stats._times(client, url, 3)
        yield "ranking_page_rendered_ms", statistics.median(rendered), "ms"
        times = bench_stats._times(client, url, runs)
        yield "ranking_page_cached_ms", statistics.median(times), "ms"
