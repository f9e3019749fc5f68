"""``make racerun``: the races of the writes of teams and leagues tried over HTTP against ``make serve`` on PostgreSQL.

Two members of staff, each with a browser of their own (their login's cookie), open a form's page
(its CSRF token and submission key) and send it at the same moment (released together by a
barrier); then the rule is checked in the database. Each race, ``tries`` times over:

- a team penalty sent twice at once (one staff's double tap of one form): stored once;
- one player added to two teams of one team competition by two staff: on one of them;
- one player put in two divisions of a season by two staff: in one of them;
- a stage reopened while the next one is closed: never the next closed and it open;
- two staff creating a team of one name (capitals apart): one team;
- two staff ending a season with one new name: one new season.

Counted per race: the tries, those that kept the rule, the answers with a 5xx status, and the
other failures: tries that kept the rule without a 5xx, but a request got no answer or a 4xx, or
the staff who came second were not told why in the form's words. Everything runs on loopback,
each request within ``SECONDS``; the server is a process group of our own, stopped at the end.
"""

import io
import re
import threading
import time
from collections import Counter
from collections.abc import Callable
from contextlib import redirect_stdout
from dataclasses import dataclass, field
from datetime import date
from functools import partial

import httpx
from django.conf import settings
from django.core.management import call_command
from django.db import connections
from django.urls import reverse

from scoring.demo.serving import Server, ensure_database, staff_session
from scoring.events import services as events
from scoring.leagues import services as leagues
from scoring.models import Division, Player, Ruleset, Season, Stage, Team, TeamMember, TeamPenalty
from scoring.records import services as records
from scoring.teams import services as teams

SECONDS = 30  # the longest one request may take
FORM = re.compile(r"<form\b([^>]*)>(.*?)</form>", re.S)
ACTION = re.compile(r'\baction="([^"]*)"')
HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)">')
SEASON = (date(2026, 1, 1), date(2026, 12, 31))


def at_once(*calls):
    """Run each call in its own thread, released together; each one's result or exception."""
    barrier = threading.Barrier(len(calls))
    outcomes = [None] * len(calls)

    def run(index, call):
        try:
            barrier.wait()
            outcomes[index] = call()
        except Exception as error:  # the caller looks at what each thread got
            outcomes[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


class NotTried(Exception):
    """The race could not be set up over HTTP (a form page without its form, no answer)."""


@dataclass
class Answer:
    """What a form sent got: the status of each answer (redirects followed) and the last page."""

    statuses: list[int]
    page: str = ""
    error: str = ""  # no answer: the exception's name

    @property
    def server_errors(self) -> int:
        return sum(status >= 500 for status in self.statuses)

    @property
    def refused_otherwise(self) -> bool:
        """No answer, or a 4xx (a CSRF failure, a page not found): not the form's own answer."""
        return bool(self.error) or any(400 <= status < 500 for status in self.statuses)


class Browser:
    """A staff member's browser on the server: opens a form's page, sends the form."""

    def __init__(self, server_url: str, cookies: httpx.Cookies | dict[str, str]):
        self.client = httpx.Client(base_url=server_url, cookies=cookies, timeout=SECONDS, follow_redirects=True)

    def twin(self) -> "Browser":
        """The same browser again (its cookies): a second tap of one form."""
        return Browser(str(self.client.base_url), httpx.Cookies(self.client.cookies))

    def form(self, page: str, action: str | None = None) -> dict[str, str]:
        """The hidden fields (CSRF token, submission key) of the form on ``page`` that posts to
        ``action`` (to the page itself if None)."""
        try:
            response = self.client.get(page)
        except httpx.HTTPError as error:
            raise NotTried(f"{page}: {type(error).__name__}") from None
        for attributes, body in FORM.findall(response.text):
            target = ACTION.search(attributes)
            if (target.group(1) if target else page) == (action or page):
                return dict(HIDDEN.findall(body))
        raise NotTried(f"{page} ({response.status_code}): no form posting to {action or page}")

    def send(self, action: str, data: dict) -> Answer:
        try:
            response = self.client.post(action, data=data)
        except httpx.HTTPError as error:
            return Answer([], error=type(error).__name__)
        return Answer([r.status_code for r in (*response.history, response)], response.text)

    def close(self) -> None:
        self.client.close()


@dataclass
class Try:
    """One try of a race: whether the rule held, what each request got, and the words the staff
    who came second must find on their page (one of them, on exactly one page)."""

    held: bool
    answers: list[Answer]
    told: tuple[str, ...] = ()

    @property
    def as_meant(self) -> bool:
        pages = [answer.page for answer in self.answers]
        told = not self.told or sum(any(words in page for words in self.told) for page in pages) == 1
        return told and not any(answer.refused_otherwise for answer in self.answers)


@dataclass
class Tally:
    """A race's figures over its tries."""

    race: str
    tries: int = 0
    held: int = 0
    server_errors: int = 0
    other: int = 0
    notes: Counter = field(default_factory=Counter)  # what went wrong, how often

    def add(self, tried: Try) -> None:
        self.tries += 1
        self.held += tried.held
        server_errors = sum(answer.server_errors for answer in tried.answers)
        self.server_errors += server_errors
        if tried.held and not server_errors and not tried.as_meant:
            self.other += 1
            self.notes["not as meant: " + ", ".join(str(a.statuses or a.error) for a in tried.answers)] += 1

    def not_tried(self, why: str) -> None:
        """A try the race could not set up over HTTP: neither held nor broken, an other failure."""
        self.tries += 1
        self.other += 1
        self.notes[why] += 1

    @property
    def failed(self) -> bool:
        return self.held < self.tries or bool(self.server_errors or self.other)


class Club:
    """What the races need, set up through the services: two staff at their browsers, a team
    competition event of two teams, names of this run's own (the database keeps earlier runs)."""

    def __init__(self, server_url: str):
        self.tag = time.strftime("%m%d-%H%M%S")
        self.stu, self.sue = (
            Browser(server_url, {settings.SESSION_COOKIE_NAME: staff_session(name)})
            for name in ("racerun-stu", "racerun-sue")
        )
        ruleset = Ruleset.objects.preset("ema-2016")
        self.event = events.create_event(name=f"Race run {self.tag}", date=date.today(), ruleset=ruleset)
        self.red = teams.create_team(name=f"Red {self.tag}")
        self.blue = teams.create_team(name=f"Blue {self.tag}")
        self.competition = teams.set_team_competition(event=self.event, teams=[self.red, self.blue])

    def player(self, n: int) -> Player:
        return records.player_named(f"Racer {self.tag} {n}")

    def season(self, n: int, what: str, stages: int) -> Season:
        """A season of ``stages`` stages, one after the other."""
        season = Season.objects.create(name=f"{what} {self.tag} {n}", start=SEASON[0], end=SEASON[1])
        for order in range(1, stages + 1):
            start, end = date(2026, order, 1), date(2026, order, 28)
            leagues.add_stage(stage=Stage(season=season, order=order, name=f"Stage {order}", start=start, end=end))
        return season

    def close(self) -> None:
        self.stu.close()
        self.sue.close()


def sent_together(*forms: tuple[Browser, str, dict]) -> list[Answer]:
    """Each browser sends its form (to its action, with its data), all at the same moment."""
    sends = [partial(browser.send, action, data) for browser, action, data in forms]
    return at_once(*sends)


def team_penalty_tapped_twice(club: Club, n: int) -> Try:
    page = reverse("scoring:event_teams", args=[club.event.pk])
    action = reverse("scoring:event_team_penalty", args=[club.event.pk])
    reason = f"Race {club.tag} try {n}"
    data = {**club.stu.form(page, action), "team": club.red.pk, "points": "1000", "reason": reason}
    twin = club.stu.twin()
    answers = sent_together((club.stu, action, data), (twin, action, data))
    twin.close()
    held = TeamPenalty.objects.filter(reason=reason).count() == 1
    return Try(held, answers, ("its change is stored",))


def one_player_added_to_two_teams(club: Club, n: int) -> Try:
    player = club.player(n)
    forms = []
    for browser, team in ((club.stu, club.red), (club.sue, club.blue)):
        action = reverse("scoring:team_add_member", args=[team.pk])
        hidden = browser.form(reverse("scoring:team", args=[team.pk]), action)
        forms.append((browser, action, {**hidden, "player": player.pk}))
    answers = sent_together(*forms)
    held = TeamMember.objects.filter(player=player, team__competitions=club.competition).count() == 1
    return Try(held, answers, ("already plays for",))


def one_player_put_in_two_divisions(club: Club, n: int) -> Try:
    season = club.season(n, "Divisions", stages=1)
    player = club.player(n)
    page = reverse("scoring:league_setup", args=[season.pk])
    action = reverse("scoring:league_add_division", args=[season.pk])
    chosen = {"promote": "0", "relegate": "0", "members": [player.pk]}
    forms = [
        (browser, action, {**browser.form(page, action), **chosen, "order": order, "name": name})
        for browser, order, name in ((club.stu, 1, "A"), (club.sue, 2, "B"))
    ]
    answers = sent_together(*forms)
    held = Division.objects.filter(season=season, members=player).count() == 1
    return Try(held, answers, ("Already in a division of this season",))


def stage_reopened_while_the_next_closes(club: Club, n: int) -> Try:
    season = club.season(n, "Stages", stages=2)
    first, second = season.stages.order_by("order")
    leagues.close_stage(stage=first)
    page = reverse("scoring:league", args=[season.pk])
    reopen = reverse("scoring:league_reopen_stage", args=[season.pk, first.pk])
    close = reverse("scoring:league_close_stage", args=[season.pk, second.pk])
    answers = sent_together(
        (club.stu, reopen, club.stu.form(page, reopen)), (club.sue, close, club.sue.form(page, close))
    )
    first.refresh_from_db()
    second.refresh_from_db()
    return Try(
        first.closed or not second.closed,
        answers,
        ("Reopen the stage after it first", "Close the stage before it first"),
    )


def one_team_name_twice(club: Club, n: int) -> Try:
    name = f"Team {club.tag} {n}"
    page, action = reverse("scoring:teams"), reverse("scoring:team_create")
    answers = sent_together(
        (club.stu, action, {**club.stu.form(page, action), "name": name}),
        (club.sue, action, {**club.sue.form(page, action), "name": name.lower()}),
    )
    return Try(Team.objects.filter(name__iexact=name).count() == 1, answers, ("A team with this name already exists",))


def one_new_season_name_twice(club: Club, n: int) -> Try:
    season = club.season(n, "Ending", stages=1)
    leagues.close_stage(stage=season.stages.get())
    name = f"Next {club.tag} {n}"
    page = reverse("scoring:league_next_season", args=[season.pk])
    data = {"name": name, "start": "2027-01-01", "end": "2027-12-31"}
    answers = sent_together(
        (club.stu, page, {**club.stu.form(page), **data}), (club.sue, page, {**club.sue.form(page), **data})
    )
    return Try(Season.objects.filter(name__iexact=name).count() == 1, answers, ("already exists",))


RACES: dict[str, Callable[[Club, int], Try]] = {
    "team penalty sent twice at once": team_penalty_tapped_twice,
    "one player added to two teams": one_player_added_to_two_teams,
    "one player put in two divisions": one_player_put_in_two_divisions,
    "stage reopened as the next closes": stage_reopened_while_the_next_closes,
    "two staff, one new team name": one_team_name_twice,
    "two staff, one new season name": one_new_season_name_twice,
}


def run(*, port: int, tries: int = 10) -> list[Tally]:
    """Every race ``tries`` times against ``make serve`` on this database; a tally per race."""
    ensure_database()
    with redirect_stdout(io.StringIO()):
        call_command("migrate", verbosity=0)
    server = Server(port).wait()
    tallies = [Tally(race) for race in RACES]
    try:
        club = Club(server.url)
        try:
            for tally, race in zip(tallies, RACES.values(), strict=True):
                for n in range(tries):
                    try:
                        tally.add(race(club, n))
                    except NotTried as error:
                        tally.not_tried(str(error))
        finally:
            club.close()
    finally:
        server.stop()
    return tallies
