"""Ranking systems across events as knobs (``System``) and their presets, each knob with its
published source (``SOURCES``): the EMA's MERS for riichi and for MCR, RUKRS as proposed, and the
club's own season ranking."""

from dataclasses import dataclass, fields
from datetime import date
from fractions import Fraction

from ..errors import gettext_noop
from ..vocabulary import FamilyName, Value


class Aggregate(Value):
    """How a player's counted results make his ranking points."""

    AVERAGE = "average"  # the mean of the parts present: the best share and the best N, each a weighted average
    TOTAL = "total"  # the sum of the best N results' points, each times its weight


@dataclass(frozen=True, slots=True)
class System:
    """A ranking across events. Which events count: ``families``, ``rulesets`` (none: any),
    ``min_field`` players at least, not older than ``ages`` allows, not before the latest reset
    (``season_start`` each year, ``resets`` on given days). What a result is worth: ``place_points``
    by place (first, second, ...; below the table nothing), or where it is empty the MERS base rank
    1000 × (field − place) / (field − 1), rounded to a whole point; times the event's MERS weight
    where ``weighted``, times the share ``ages`` gives its age in days (``(365, 1)``: a full share
    up to a year; a result older than the last step does not count). ``per_day``: a result per
    day of the event instead of one per event. How many count: the best ``best_floor`` and
    ``best_share`` of the rest, rounded up (part A), and the best ``best_n`` (part B), each padded
    with results of 0 and weight 1 up to ``best_floor`` and ``best_n`` where ``pad``; ``aggregate``
    makes the points; a player with fewer than ``min_results`` is not ranked."""

    slug: str
    name: str
    families: tuple[str, ...]
    rulesets: tuple[str, ...] = ()
    min_field: int = 0
    ages: tuple[tuple[int, Fraction], ...] = ()
    season_start: tuple[int, int] | None = None  # (month, day)
    resets: tuple[date, ...] = ()
    per_day: bool = False
    place_points: tuple[int, ...] = ()
    weighted: bool = False
    best_floor: int = 0
    best_share: Fraction | None = None
    best_n: int | None = None
    pad: bool = False
    aggregate: Aggregate = Aggregate.AVERAGE
    min_results: int = 1

    def knobs(self) -> tuple[str, ...]:
        """The names of the knobs (every field but the slug and the name)."""
        return tuple(field.name for field in fields(self) if field.name not in ("slug", "name"))


MERS_TEXT = 'the EMA\'s MERS ranking rules (mahjong-europe.org, "Basics for ranking system", from 2018)'
MERS_PORTAL = "the EMA's MERS as mahjong-portal computes it (MahjongRepository/mahjong-portal, rating/calculation)"
MUKRS_TEXT = 'the UK Mahjong Association\'s "The Mahjong UK Ranking System (MUKRS)" (ukmahjong.co.uk, June 2026)'
RUKRS_PROPOSED = (
    "RUKRS as proposed: a result per tournament day, the best 80 % and the best 8 averaged, reset at each selection"
)
CLUB = "the club's rule"


def _mers(slug: str, name: str, family: str) -> System:
    return System(
        slug=slug,
        name=name,
        families=(family,),
        ages=((365, Fraction(1)), (730, Fraction(1, 2))),
        weighted=True,
        best_floor=5,
        best_share=Fraction(4, 5),
        best_n=4,
        pad=True,
        aggregate=Aggregate.AVERAGE,
        min_results=2,
    )


MERS_SOURCES = {
    "families": f"{MERS_TEXT}: a ranking for riichi and one for MCR",
    "rulesets": f"{CLUB}: any ruleset of the family (the EMA certifies the events)",
    "min_field": f"{CLUB}: no text at hand sets a least field",
    "ages": f"{MERS_PORTAL}: full weight for a year, half in the second, nothing after two years",
    "season_start": f"{MERS_TEXT}: a rolling ranking, no season",
    "resets": f"{MERS_TEXT}: a rolling ranking, never reset",
    "per_day": f"{MERS_TEXT}: one result per tournament",
    "place_points": f"{MERS_TEXT}: the base rank 1000 × (players − place) / (players − 1); {MERS_PORTAL} rounds it",
    "weighted": f"{MERS_TEXT}: each tournament's MERS weight",
    "best_floor": f"{MERS_PORTAL}: part A, the best 5 results and 80 % of the others, rounded up",
    "best_share": f"{MERS_PORTAL}: part A, the best 5 results and 80 % of the others, rounded up",
    "best_n": f"{MERS_PORTAL}: part B, the best 4 results",
    "pad": f"{MERS_TEXT}: fewer than five results are made up with results of 0, weight 1",
    "aggregate": f"{MERS_PORTAL}: half part A plus half part B",
    "min_results": f"{MERS_TEXT}: at least two tournaments to appear on the ranking",
}

SYSTEMS: dict[str, System] = {
    "mers-riichi": _mers("mers-riichi", gettext_noop("MERS (riichi)"), FamilyName.RIICHI),
    "mers-mcr": _mers("mers-mcr", gettext_noop("MERS (MCR)"), FamilyName.MCR),
    "rukrs": System(
        slug="rukrs",
        name=gettext_noop("RUKRS (as proposed)"),
        families=(FamilyName.RIICHI,),
        ages=((1095, Fraction(1)),),
        per_day=True,
        best_share=Fraction(4, 5),
        best_n=8,
        pad=True,
        aggregate=Aggregate.AVERAGE,
    ),
    "club": System(
        slug="club",
        name=gettext_noop("Club ranking"),
        families=tuple(FamilyName),
        season_start=(1, 1),
        place_points=(10, 8, 6, 5, 4, 3, 2, 1),
        best_n=10,
        aggregate=Aggregate.TOTAL,
    ),
}

SOURCES: dict[str, dict[str, str]] = {
    "mers-riichi": MERS_SOURCES,
    "mers-mcr": MERS_SOURCES,
    "rukrs": {
        "families": f"{MUKRS_TEXT}: riichi results of MERS tournaments, from the EMA's data",
        "rulesets": f"{CLUB}: any riichi ruleset",
        "min_field": f"{CLUB}: no text at hand sets a least field",
        "ages": f"{MUKRS_TEXT}: eligibility looks at the three years before the selection date",
        "season_start": f"{RUKRS_PROPOSED}; no season",
        "resets": f"{RUKRS_PROPOSED}; the selection dates are given with the ranking",
        "per_day": RUKRS_PROPOSED,
        "place_points": f"{MUKRS_TEXT}: the same tournament results as MERS, hence its base rank",
        "weighted": f"{CLUB}: a day is one result, the days already weigh a longer event",
        "best_floor": RUKRS_PROPOSED,
        "best_share": RUKRS_PROPOSED,
        "best_n": RUKRS_PROPOSED,
        "pad": f"{CLUB}: as MERS, fewer than 8 days are made up with results of 0",
        "aggregate": f"{CLUB}: the two averages halved, as MERS does",
        "min_results": f"{CLUB}: one day is enough to appear",
    },
    "club": {
        knob: f"{CLUB}: {why}"
        for knob, why in {
            "families": "every family the club plays",
            "rulesets": "any ruleset",
            "min_field": "any event",
            "ages": "the whole season counts in full",
            "season_start": "a season from 1 January",
            "resets": "none but the season's start",
            "per_day": "one result per event",
            "place_points": "10, 8, 6, 5, 4, 3, 2, 1 points for the first eight places",
            "weighted": "every event weighs the same",
            "best_floor": "no part A",
            "best_share": "no part A",
            "best_n": "the best 10 events of the season",
            "pad": "nothing to make up in a sum",
            "aggregate": "the points added up",
            "min_results": "one event is enough to appear",
        }.items()
    },
}
