"""The rankings across events on the rules page: each system's knobs (``scoring.rules.rankings``)
with a readable value and the published source the engine cites for it ("the club's rule"
where the texts are silent)."""

from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Any

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scoring.rules.families import FAMILIES
from scoring.rules.rankings import SOURCES, SYSTEMS, Aggregate, System

from .numbers import number

LABELS = {
    "families": gettext_lazy("Families"),
    "rulesets": gettext_lazy("Rulesets"),
    "min_field": gettext_lazy("Least field"),
    "ages": gettext_lazy("Age of a result"),
    "season_start": gettext_lazy("Season"),
    "resets": gettext_lazy("Resets"),
    "per_day": gettext_lazy("A result per"),
    "place_points": gettext_lazy("Points of a place"),
    "weighted": gettext_lazy("Event weight"),
    "best_floor": gettext_lazy("Part A: the best results in full"),
    "best_share": gettext_lazy("Part A: share of the others"),
    "best_n": gettext_lazy("Part B: the best results"),
    "pad": gettext_lazy("Missing results"),
    "aggregate": gettext_lazy("Ranking points"),
    "min_results": gettext_lazy("Least results"),
}


@dataclass(frozen=True)
class Row:
    name: str
    label: str
    value: str
    source: str


def _share(part: Fraction) -> str:
    return number(part * 100, decimals=0) + " %"


def value(system: System, knob: str) -> str:
    """The knob's value as a member reads it."""
    return _which(system, knob) if knob in WHICH else _worth(system, knob)


WHICH = ("families", "rulesets", "min_field", "ages", "season_start", "resets", "per_day")


def _which(system: System, knob: str) -> str:
    """A knob of which results count."""
    match knob:
        case "families":
            return ", ".join(_(FAMILIES[f].LABEL) for f in system.families)
        case "rulesets":
            return ", ".join(system.rulesets) or _("any of the families")
        case "min_field":
            return str(system.min_field) if system.min_field else _("any field")
        case "ages":
            if not system.ages:
                return _("any age, in full")
            steps = [
                _("up to %(days)s days: %(share)s") % {"days": number(days), "share": _share(part)}
                for days, part in system.ages
            ]
            return "; ".join(steps) + "; " + _("older: not counted")
        case "season_start":
            if system.season_start is None:
                return _("none: a rolling ranking")
            month, day = system.season_start
            return _("each year from %(day)s") % {"day": date_format(date(2000, month, day), "MONTH_DAY_FORMAT")}
        case "resets":
            return ", ".join(date_format(day, "DATE_FORMAT") for day in system.resets) or _(
                "none (a reset day may be given)"
            )
    return _("tournament day") if system.per_day else _("tournament")


def _worth(system: System, knob: str) -> str:
    """A knob of what the results are worth and how many count."""
    match knob:
        case "place_points":
            if not system.place_points:
                return _("the MERS base rank: 1000 × (players − place) / (players − 1), to a whole point")
            return ", ".join(str(p) for p in system.place_points) + " " + _("(first, second, …; below: 0)")
        case "weighted":
            return _("the event's MERS weight") if system.weighted else _("none: every event weighs 1")
        case "best_floor":
            return str(system.best_floor) if system.best_share is not None else _("no part A")
        case "best_share":
            return (
                _share(system.best_share) + " " + _("rounded up") if system.best_share is not None else _("no part A")
            )
        case "best_n":
            return str(system.best_n) if system.best_n is not None else _("all")
        case "pad":
            return _("made up with results of 0, weight 1") if system.pad else _("not made up")
        case "aggregate":
            if system.aggregate == Aggregate.TOTAL:
                return _("the sum of the counted results' weighted points")
            return _("the mean of the parts present, each a weighted average")
        case "min_results":
            return ngettext("%(count)s result", "%(count)s results", system.min_results) % {"count": system.min_results}
    return str(getattr(system, knob))


def rows(system: System) -> list[Row]:
    """Every knob of ``system``: label, value and source."""
    return [Row(knob, str(LABELS[knob]), value(system, knob), _(SOURCES[system.slug][knob])) for knob in system.knobs()]


def systems() -> list[dict[str, Any]]:
    """Each ranking system with its rows, for the rules page."""
    return [{"system": system, "rows": rows(system)} for system in SYSTEMS.values()]
