"""The club's records page, cached like the boards (the keys of the families it counts and the names');
each entry but the chombo and penalties list is read per family, under the family's name."""

from collections.abc import Callable
from typing import Any

from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from scoring.caching import versions
from scoring.caching.pages import HtmxHttpRequest, cached
from scoring.models import Ruleset
from scoring.permissions import results_visible
from scoring.rulebook.numbers import number

from . import reads


def _newest(rows: list[Any]) -> str | None:
    """How many rows a list shows, as numbers read, when it shows only the newest."""
    return number(len(rows)) if len(rows) == reads.LATEST else None


def _per_family(entry: str, read: Callable[[str], Any]) -> list[dict[str, Any]]:
    """``read(family)`` for each family that counts for ``entry``, under the family's name."""
    labels = dict(Ruleset.FAMILY_CHOICES)
    return [{"family": family, "label": labels[family], "rows": read(family)} for family in reads.counted_by(entry)]


_SOME_GAME = 987654321  # a game number no club reaches, replaced in the one address reversed


def _linked(rows: list[reads.Row]) -> list[reads.Row]:
    """Each row (a hand, or a game where ``number`` is None) with ``href``, the address of its
    game's page at the hand, and ``label``, "name, game N, hand M": one address reversed for all
    the rows, and one message each instead of a template tag's."""
    address = reverse("scoring:game", args=[_SOME_GAME])
    for row in rows:
        values = {"name": row["name"], "game": row["game"], "number": row["number"]}
        row["href"] = address.replace(str(_SOME_GAME), str(row["game"]))
        if row["number"]:
            row["href"] += f"#hand-{row['number']}"
            row["label"] = _("%(name)s, game %(game)s, hand %(number)s") % values
        else:
            row["label"] = _("%(name)s, game %(game)s") % values
    return rows


def _best_results(family: str) -> dict[str, list[reads.Row]]:
    return {
        "games": reads.best_game_results(family),
        "sessions": reads.best_session_results(family),
        "most_wins": reads.most_wins_in_one_game(family),
    }


@require_safe
@results_visible
@cached(lambda: [versions.CLUB, *(versions.family(family) for family in reads.counted())])
def club_records(request: HtmxHttpRequest) -> HttpResponse:
    """The club's records from the finished games of the families that count for them, each
    family's apart (``records.html``)."""
    yakuman = _per_family("yakuman", reads.yakuman_wall)
    for wall in yakuman:
        wall["newest"] = _newest(_linked(wall["rows"]))
    chombo = _linked(
        [{**row, "points": number(row["points"])} for row in reads.chombo_and_penalties()]
    )  # 1,000 as read
    biggest = _per_family("biggest_hands", reads.biggest_hands)
    biggest_fan = _per_family("biggest_fan", reads.biggest_by_fan)
    for entry in (*biggest, *biggest_fan):
        _linked(entry["rows"])
    return render(
        request,
        "scoring/honours/records.html",
        {
            "yakuman": yakuman,
            "chombo": chombo,
            "chombo_newest": _newest(chombo),
            "biggest": biggest,
            "biggest_fan": biggest_fan,
            "best": _per_family("best_results", _best_results),
            "common_yaku": _per_family("common_yaku", reads.common_yaku),
        },
    )
