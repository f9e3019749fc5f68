"""The test builders every folder uses: players, games played through the services, events,
league nights, and the logins and clubs more than one folder's tests start from.

A folder's ``conftest.py`` keeps what only its own tests use and imports the rest from here
(never from another folder's conftest). The fixtures here (``scorer``, ``staff``, ``club``,
``eight``, ``staged``) are imported by name where they are used, as fixtures are.
"""

import datetime
import itertools
from collections.abc import Iterable
from datetime import date, timedelta

import pytest
from django.contrib.auth.models import Group, User

from scoring.events import services as events
from scoring.models import Player, Ruleset, Season, Stage
from scoring.records import services
from scoring.rules import AmericanHand, RiichiHand, Win


def make_players(names: Iterable[str]) -> list[Player]:
    """A player of each name, in order."""
    return [Player.objects.create(name=name) for name in names]


# --- logins ----------------------------------------------------------------------------------


@pytest.fixture
def scorer(db):
    """A member of the "scorers" group."""
    user = User.objects.create_user("sam", password="pw-sam-123")
    user.groups.add(Group.objects.get_or_create(name="scorers")[0])
    return user


@pytest.fixture
def staff(db):
    """A staff login."""
    return User.objects.create_user("stu", password="pw-stu-123", is_staff=True)


# --- games -----------------------------------------------------------------------------------

_keys = itertools.count()


def play(players, hands, *, preset="ema-2016", session=None, finish=True, day=None, rounds=None):
    """A game of ``players`` (East, South, West, North) with ``hands`` recorded one by one;
    finished by the scorer unless it ended by itself or ``finish`` is false; ``rounds``: its
    length where not the ruleset's."""
    ruleset = Ruleset.objects.preset(preset)
    game = services.start_game(ruleset=ruleset, players=players, session=session, date=day, rounds=rounds)
    for number, facts in enumerate(hands, 1):
        services.record_hand(game=game, facts=facts, expected_number=number, submission_key=f"k{next(_keys)}")
    game.refresh_from_db()
    if finish and game.status == game.IN_PROGRESS:
        game = services.finish_game(game=game)
    game.refresh_from_db()
    return game


TABLE_NAMES = ("Ann", "Bo", "Cho", "Dee")  # the table pages' four


def start(players, slug="ema-2016", **kwargs):
    """A game of ``players`` on the preset ``slug``, started through the services."""
    return services.start_game(ruleset=Ruleset.objects.preset(slug), players=players, **kwargs)


# A few hands whose counts are easy to check by hand (seats 0-3 = East, South, West, North).
RON = RiichiHand("win", wins=(Win(1, 2, 3, 30),), riichi=(1,))  # South rons West
TSUMO = RiichiHand("win", wins=(Win(0, None, 2, 30),))  # East self-draws
DOUBLE_RON = RiichiHand("win", wins=(Win(1, 3, 2, 30), Win(2, 3, 1, 30)))  # North deals into two
DRAW = RiichiHand("draw", tenpai=(0, 2), riichi=(2,))
CHOMBO = RiichiHand("chombo", offender=3)
MAHJONG = AmericanHand("mahjong", winner=0, discarder=1, value=25)
SELF_PICK = AmericanHand("mahjong", winner=2, value=30)
WALL = AmericanHand("wall")


# --- events ----------------------------------------------------------------------------------

EVENT_NAMES = (
    "Ann Arbor",
    "Bo Berg",
    "Cho Chen",
    "Dee Dunn",
    "Eli Egan",
    "Fay Fox",
    "Gus Gray",
    "Hal Hunt",
    "Ivy Irons",
    "Jo Jones",
    "Kai Kerr",
    "Lu Lam",
    "Max Moss",
)


@pytest.fixture
def club(db):
    """The events' club: 13 players (``EVENT_NAMES``)."""
    return make_players(EVENT_NAMES)


def make_event(players, *, slug="ema-2016", ruleset=None, present=True, **options):
    """An event of ``players`` on the preset ``slug`` (or ``ruleset``), everyone checked in
    unless ``present`` is false."""
    event = events.create_event(
        name=options.pop("name", "Friday night"),
        date=datetime.date(2026, 12, 4),
        ruleset=ruleset or Ruleset.objects.preset(slug),
        players=players,
        seed=42,
        **options,
    )
    if present:
        for player in players:
            events.check_in(event=event, player=player)
    return event


# --- leagues ---------------------------------------------------------------------------------

LEAGUE_NAMES = ("Ann", "Bob", "Cho", "Dee", "Eve", "Fay", "Gus", "Hal")
JAN = date(2026, 1, 7)


def week(n: int) -> date:
    return JAN + timedelta(weeks=n - 1)


def tsumo_night(players, n: int, *, games: int = 1):
    """Evening ``n``: ``games`` games of these four, each one hand: East (the first) self-draws."""
    for _ in range(games):
        play(players, [TSUMO], day=week(n))


@pytest.fixture
def eight(db):
    """Ann … Hal (``LEAGUE_NAMES``)."""
    return make_players(LEAGUE_NAMES)


@pytest.fixture
def staged(eight):
    """Regular (January; 2 evenings to be ranked; the top 2 carry ½) then Final (February). Ann and
    Eve win both their January evenings; Bob plays one evening only."""
    season = Season.objects.create(name="League 2026", start=date(2026, 1, 1), end=date(2026, 12, 31))
    regular = Stage.objects.create(
        season=season,
        order=1,
        name="Regular",
        start=date(2026, 1, 1),
        end=date(2026, 1, 31),
        cut=2,
        carry="half",
        min_nights=2,
    )
    final = Stage.objects.create(season=season, order=2, name="Final", start=date(2026, 2, 1), end=date(2026, 2, 28))
    ann, bob, cho, dee, eve, fay, gus, hal = eight
    tsumo_night([ann, bob, cho, dee], 1)
    tsumo_night([eve, fay, gus, hal], 1)
    tsumo_night([ann, cho, dee, fay], 2)
    tsumo_night([eve, gus, hal, fay], 2)
    return season, regular, final


# --- browser pages ---------------------------------------------------------------------------

# Installed in every browser test's pages (tests/conftest.py, ``htmx_watch``): what htmx has yet
# to do. A trigger with a delay (the preview's ``input delay:150ms from:closest form``) is
# pending from the input until htmx fires it; a request is in flight until it has come back, and
# a swap until it has settled (the table's Enter saves on the preview's settle).
HTMX_WATCH = """(() => {
  const watch = (window.htmxWatch = { delayed: new Set(), inflight: 0, settling: 0 });
  const on = (name, handler) => document.addEventListener(name, handler, true);
  on("input", (event) => {
    const form = event.target.closest && event.target.closest("form");
    for (const el of form ? form.querySelectorAll("[hx-trigger*='from:closest form']") : []) {
      if (/\\bdelay:/.test(el.getAttribute("hx-trigger"))) watch.delayed.add(el);
    }
  });
  on("htmx:trigger", (event) => watch.delayed.delete(event.target));
  on("htmx:beforeRequest", () => watch.inflight++);
  on("htmx:afterRequest", () => watch.inflight--);
  const swapped = (event) => (event.target.getAttribute("hx-swap") || "") !== "none";
  on("htmx:afterSwap", (event) => swapped(event) && watch.settling++);
  on("htmx:afterSettle", (event) => swapped(event) && watch.settling--);
})();"""
HTMX_IDLE = "() => !window.htmxWatch || (htmxWatch.delayed.size + htmxWatch.inflight + htmxWatch.settling === 0)"


def htmx_idle(page) -> None:
    """Wait until htmx has nothing left to do on ``page``: no delayed trigger pending, no request
    in flight, no swap settling (instead of a fixed wait for a preview or a save)."""
    page.wait_for_function(HTMX_IDLE)


def htmx_queued(page, selector: str) -> None:
    """Wait until a request of the element ``selector`` synchronises on (``hx-sync``) waits in
    its queue behind the one in flight."""
    page.wait_for_function(
        "(selector) => (document.querySelector(selector)?.['htmx-internal-data']?.queuedRequests?.length ?? 0) > 0",
        arg=selector,
    )
