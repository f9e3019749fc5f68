"""Does what is stored equal a replay of the stored facts? (the records' invariants; used by
``manage.py check_games`` and the tests.) And do the league and team records keep their rules and
follow from the standings they were written from? Only reads."""

from fractions import Fraction
from itertools import pairwise

from django.db.models import Count
from django.utils.translation import gettext as _

from scoring.leagues import carry
from scoring.leagues.reads import read_league
from scoring.models import Division, Game, HandSeat, Season, Stage, TeamCompetition, TeamMember
from scoring.records import derived
from scoring.records.gamelogs import game_log, hands_with_facts, seats_in_order
from scoring.rules import RuleError, replay
from scoring.rules.league import Points
from scoring.rules.table_points import UNIT, shown


def game_mismatches(game: Game) -> list[str]:
    """What differs between the stored derived numbers of ``game`` and a replay of its facts
    (empty when they agree), one line per difference."""
    seats = seats_in_order(game)
    hands = list(hands_with_facts(game))
    log = game_log(game, hands=hands, seats=seats)
    try:
        played = replay(log)
    except RuleError as error:
        return [_("the stored facts do not replay: %(error)s") % {"error": error}]
    rules = game.rules
    stored_rows: dict[tuple[int, int], HandSeat] = {}
    for stored in HandSeat.objects.filter(hand__game=game).select_related("seat"):
        stored_rows[(stored.hand_id, stored.seat.seat)] = stored
    problems = []
    counts = [derived.zero_counts() for _seat in seats]
    for hand, facts, before, settlement in zip(hands, log.hands, played.tables, played.settlements, strict=True):
        where = _("hand %(number)s") % {"number": hand.number}
        for name, value in derived.hand_values(rules, before, settlement).items():
            problems += _differs(where, name, getattr(hand, name), value)
        for win in hand.wins.all():
            problems += _differs(where, "yaku", win.yaku, derived.yaku_of(win, hand, rules))
        seat_values = derived.hand_seat_values(rules, facts, before, settlement)
        for seat, values, seat_counts in zip(seats, seat_values, counts, strict=True):
            derived.add_counts(seat_counts, values)
            row = stored_rows.get((hand.pk, seat.seat))
            if row is None:
                problems.append(f"{where}, {seat.player.name}: " + _("no stored row"))
                continue
            for name, value in values.items():
                problems += _differs(f"{where}, {seat.player.name}", name, getattr(row, name), value)
    standings = derived.standing_values(played.table, played.standings)
    copies = derived.seat_copies(rules, finished=game.status == Game.FINISHED)
    for seat, seat_standing, seat_counts in zip(seats, standings, counts, strict=True):
        for name, value in {**seat_standing, **seat_counts, **copies}.items():
            problems += _differs(seat.player.name, name, getattr(seat, name), value)
    for name, value in derived.game_values(played.table).items():
        problems += _differs(_("game"), name, getattr(game, name), value)
    if len(stored_rows) != game.seat_count * len(hands):
        problems.append(
            _("%(count)s stored seat rows for %(hands)s hands") % {"count": len(stored_rows), "hands": len(hands)}
        )
    return problems


def _differs(where: str, name: str, stored: object, expected: object) -> list[str]:
    if stored == expected:
        return []
    return [f"{where}: {name} is {stored!r}, a replay gives {expected!r}"]


def league_mismatches() -> list[str]:
    """Where the league and team records break their rules or no longer follow from the standings
    they were written from (the records written directly, not through the services), one line each:
    a player on two teams of one team competition, a player in two divisions of a season, a stage
    closed while one before it is open (or entered while it is), points carried into a stage that
    its stage before no longer gives, and a field the stage before no longer sends on."""
    return [*_two_teams(), *_two_divisions(), *_stages_out_of_order(), *_carried_elsewhere()]


def _two_teams() -> list[str]:
    rows = TeamMember.objects.filter(team__competitions__isnull=False).order_by("team__name")
    teams: dict[tuple[int, str], list[str]] = {}
    for competition, player, team in rows.values_list("team__competitions", "player__name", "team__name"):
        teams.setdefault((competition, player), []).append(team)
    twice = {key: names for key, names in teams.items() if len(names) > 1}
    competitions = TeamCompetition.objects.select_related("event", "season").in_bulk({key[0] for key in twice})
    return [
        _("team competition “%(competition)s”: %(player)s plays for more than one team: %(teams)s")
        % {"competition": competitions[competition], "player": player, "teams": _quoted(names)}
        for (competition, player), names in sorted(twice.items())
    ]


def _two_divisions() -> list[str]:
    rows = Division.members.through.objects.order_by("division__order")
    divisions: dict[tuple[str, str], list[str]] = {}
    for season, player, division in rows.values_list("division__season__name", "player__name", "division__name"):
        divisions.setdefault((season, player), []).append(division)
    return [
        _("season “%(season)s”: %(player)s is in more than one division: %(divisions)s")
        % {"season": season, "player": player, "divisions": _quoted(names)}
        for (season, player), names in sorted(divisions.items())
        if len(names) > 1
    ]


def _stages_out_of_order() -> list[str]:
    problems = []
    stages = Stage.objects.select_related("season").annotate(entered=Count("entries")).order_by("season", "order")
    for before, stage in pairwise(stages):
        if before.season_id != stage.season_id or before.closed:
            continue
        where = {"where": _stage(stage.season, stage), "before": before.name}
        if stage.closed:
            problems.append(_("%(where)s is closed while “%(before)s” before it is open") % where)
        if stage.entered:
            problems.append(_("%(where)s has entrants while “%(before)s” before it is open") % where)
    return problems


def _carried_elsewhere() -> list[str]:
    problems = []
    for season in Season.objects.filter(stages__closed=True).distinct().order_by("start", "pk"):
        for found in carry.carried(read_league(season)):
            where = {"where": _stage(season, found.following, found.division), "before": found.stage.name}
            for player, points in sorted(found.stale.items()):
                problems.append(
                    _("%(where)s: %(player)s carries %(stored)s in, “%(before)s” gives %(due)s")
                    % {
                        **where,
                        "player": found.names[player],
                        "stored": _points(found.stored[player]),
                        "due": _points(points),
                    }
                )
            if found.cut_moved:
                problems.append(
                    _(
                        "%(where)s: the entrants are not the cut of “%(before)s” (above it, not entered: "
                        "%(joining)s; entered, not above it: %(leaving)s)"
                    )
                    % {**where, "joining": ", ".join(found.joining) or "—", "leaving": ", ".join(found.leaving) or "—"}
                )
    return problems


def _stage(season: Season, stage: Stage, division: Division | None = None) -> str:
    """A stage named as a line of ``check_games`` names it: “season” › “stage” (division)."""
    named = f"“{season.name}” › “{stage.name}”"
    return f"{named} ({division.name})" if division is not None else named


def _points(points: Points) -> str:
    """Points as the records hold them: the result, and the table points where the family has them."""
    if not points.table_points:
        return str(points.result)
    return f"{shown(Fraction(points.table_points, UNIT))} / {points.result}"


def _quoted(names: list[str]) -> str:
    return ", ".join(f"“{name}”" for name in names)
