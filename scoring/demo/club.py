"""A believable small club for the local demo (``seed_demo``). Everything is written through
``scoring.records.services``; the hands come from the rule engine's ``random_game``. Its
logins (staff, and a few members linked to their players) get generated passwords, kept in
``settings.DEMO_LOGINS_FILE`` (readable by its owner only) so ``make run`` can print how to
sign in every time."""

import random
import secrets
from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from scoring.events.services import create_event
from scoring.leagues import services as leagues
from scoring.models import ClubSession, Division, Game, Player, Ruleset, Season, Stage
from scoring.records import services
from scoring.rules import RuleError, parse_game, random_game
from scoring.teams import services as teams

PLAYER_NAMES = (
    "Aiko",
    "Bruno",
    "Carmen",
    "Dmitri",
    "Elena",
    "Farid",
    "Greta",
    "Hiro",
    "Ines",
    "Jonas",
    "Keiko",
    "Lars",
    "Mei",
    "Nadia",
    "Oscar",
    "Priya",
    "Quinn",
    "Rosa",
    "Sven",
    "Tomoko",
)
# (name, kind, days ago, ruleset slug, games)
SESSIONS = (
    ("Club night, week 1", ClubSession.CASUAL, 35, "ema-2016", 10),
    ("League round 1", ClubSession.LEAGUE, 28, "wrc", 10),
    ("Club night, week 3", ClubSession.CASUAL, 21, "reach", 10),
    ("League round 2", ClubSession.LEAGUE, 14, "mleague", 10),
    ("Spring tournament", ClubSession.TOURNAMENT, 7, "ema-2016", 12),
    ("American tournament", ClubSession.TOURNAMENT, 5, "american-tournament", 4),
    ("American afternoon", ClubSession.CASUAL, 3, "american", 8),
)
OTHER_PRESETS = ("ema-2008", "jpml-a", "club-uma")
DEMO_LOGIN = "demo-admin"
DEMO_MEMBERS = PLAYER_NAMES[:3]  # members who sign in as their player (login: the name in lower case)
DEMO_EVENT = "Club night, tonight"
DEMO_LEAGUE = "Club league"
DEMO_TEAMS = ("Dragons", "Winds", "Bamboo", "Circles")


def club_ruleset() -> Ruleset:
    """A club's own copy of a preset (EMA 2016 with a gentler uma), as admins make them."""
    row = Ruleset.objects.filter(slug="club-uma").first()
    if row is None:
        row = Ruleset(
            slug="club-uma",
            name="Club night (EMA 2016, uma 10/5)",
            based_on="ema-2016",
            knobs={"uma": [10000, 5000, -5000, -10000]},
        )
        row.full_clean()
        row.save()
    return row


def ruleset_row(slug: str) -> Ruleset:
    return club_ruleset() if slug == "club-uma" else Ruleset.objects.preset(slug)


def play_game(rng: random.Random, *, ruleset: Ruleset, players, session=None, user=None, stop_early=False) -> Game:
    """Start a game and record a random valid game hand by hand, as a scorer would."""
    rules = ruleset.to_rules()
    doc = random_game(rng, rules.preset, players=[p.name for p in players])
    log = parse_game(doc)
    game = services.start_game(ruleset=ruleset, players=players, session=session, user=user)
    hands = log.hands[: rng.randint(3, 8)] if stop_early else log.hands
    for number, facts in enumerate(hands, 1):
        try:
            hand = services.record_hand(
                game=game, facts=facts, expected_number=number, submission_key=secrets.token_hex(8), user=user
            )
        except RuleError:
            break  # this ruleset or tournament flag settles differently from the random game's
        game = hand.game
        if game.status != Game.IN_PROGRESS:
            break
    game.refresh_from_db()
    if not stop_early and game.status == Game.IN_PROGRESS:
        if log.penalties:
            services.change_game(game=game, penalties=log.penalties, user=user)
        game = services.finish_game(game=game, user=user)
    return game


def _login(username: str, *, staff: bool = False) -> tuple[str, str]:
    """Create (or reset) a demo login with a new generated password: (username, password)."""
    password = secrets.token_urlsafe(12)
    user, _created = get_user_model().objects.get_or_create(username=username)
    user.is_staff = user.is_superuser = staff
    user.set_password(password)
    user.save()
    return username, password


def demo_logins() -> list[tuple[str, str]]:
    """The staff login and the members' (each linked to their player), with new passwords,
    written to ``settings.DEMO_LOGINS_FILE``; (username, password) each."""
    logins = [_login(DEMO_LOGIN, staff=True)]
    for name in DEMO_MEMBERS:
        logins.append(_login(name.lower()))
        Player.objects.filter(name=name).update(user=get_user_model().objects.get(username=name.lower()))
    path = Path(settings.DEMO_LOGINS_FILE)
    path.touch(mode=0o600)
    path.write_text("".join(f"{username} {password}\n" for username, password in logins))
    return logins


def saved_logins() -> list[tuple[str, str | None]]:
    """The demo logins of the file that still exist: (username, password), the password None
    where it was changed since."""
    path = Path(settings.DEMO_LOGINS_FILE)
    lines = [line.split(" ", 1) for line in path.read_text().splitlines()] if path.exists() else []
    users = get_user_model().objects.in_bulk([username for username, _password in lines], field_name="username")
    return [
        (username, password if users[username].check_password(password) else None)
        for username, password in lines
        if username in users
    ]


def seed_event(players) -> None:
    """Tonight's club night on EMA 2016, everyone listed, nobody checked in yet: a member's
    phone checks in and, once staff draw and start a round, finds their table."""
    create_event(
        name=DEMO_EVENT, date=timezone.localdate(), ruleset=ruleset_row("ema-2016"), players=players[:12], seed=1
    )


def seed_league(players) -> Season:
    """The club's league over the demo's weeks: a regular stage (its top 8 carry half their
    points) then a final, two divisions of ten (two up, two down), and a team competition of four
    teams of five, the best three of each counting; the stages and divisions through the league
    services, the teams through the team services."""
    today = timezone.localdate()
    season = Season.objects.create(name=DEMO_LEAGUE, start=today - timedelta(days=40), end=today + timedelta(days=60))
    leagues.add_stage(
        stage=Stage(
            season=season,
            order=1,
            name="Regular",
            start=season.start,
            end=today - timedelta(days=10),
            cut=8,
            carry="half",
        )
    )
    final = Stage(season=season, order=2, name="Final", start=today - timedelta(days=9), end=season.end)
    leagues.add_stage(stage=final)
    leagues.add_division(division=Division(season=season, name="A", order=1, relegate=2), members=players[:10])
    leagues.add_division(division=Division(season=season, name="B", order=2, promote=2), members=players[10:20])
    squads = [
        teams.create_team(name=name, players=players[index::4][:5], captain=players[index])
        for index, name in enumerate(DEMO_TEAMS)
    ]
    teams.set_league_teams(season=season, teams=squads, best=3)
    return season


@transaction.atomic
def seed_club(seed: int = 2026) -> dict:
    """About 20 players, 7 sessions and 64 games across several presets, an American table and an
    American tournament scored in tournament points."""
    rng = random.Random(seed)
    players = [Player.objects.get_or_create(name=name)[0] for name in PLAYER_NAMES]
    today = timezone.localdate()
    games = 0
    for index, (name, kind, days_ago, slug, count) in enumerate(SESSIONS):
        session, _created = ClubSession.objects.get_or_create(
            name=name, defaults={"kind": kind, "date": today - timedelta(days=days_ago)}
        )
        last = index == len(SESSIONS) - 1
        choices = (slug,) if slug.startswith("american") else (slug, *OTHER_PRESETS)
        for number in range(count):
            game_slug = slug if number % 3 else rng.choice(choices)
            ruleset = ruleset_row(game_slug)
            play_game(
                rng,
                ruleset=ruleset,
                players=rng.sample(players, ruleset.seats),
                session=session,
                stop_early=last and number >= count - 2,
            )
            games += 1
    seed_event(players)
    seed_league(players)
    return {"players": len(players), "sessions": len(SESSIONS), "games": games, "leagues": 1, "teams": len(DEMO_TEAMS)}
