"""What the event pages read: the rounds so far (for a draw), the event standings, its
chombos, mahjongs called in error (MCR's false mahjongs, American's mahjongs in error) and
penalties (fouls), the tournament results export.

Places use the engine's one definition (``scoring.rules.standings.places``): equal points
share the better place (1, 1, 3). A player without a game that counts yet has no place.
Where the event's family ranks by table points (MCR, the EMA's MCR regulations), players
rank by their summed table points, then by points.
"""

from dataclasses import dataclass
from fractions import Fraction

from django.db.models import Count, Q, Sum
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.events.designs import designed_tables
from scoring.events.seating import Past, repeated_pairs
from scoring.models import Event, EventRound, EventTable, Game, Hand, Incident, Penalty, Player, Seat
from scoring.rulebook.numbers import points
from scoring.rules.families import ranks_by_table_points
from scoring.rules.standings import places
from scoring.rules.table_points import UNIT, shown
from scoring.rules.vocabulary import IncidentKind, RiichiResult


def past_of(event: Event, *, before: int, seats: int | None = None) -> Past:
    """The seats and sit-outs of the event's rounds numbered below ``before``, at tables of
    ``seats`` (the event's ruleset's family's count unless given), the rest at tables of its
    three-player ruleset's, if it has one."""
    rounds = event.round_set.filter(number__lt=before).prefetch_related("tables").order_by("number")
    return Past(
        tuple(tuple(tuple(t.players) for t in r.tables.all()) for r in rounds),
        tuple(tuple(r.sitting_out) for r in rounds),
        seats=seats or event.seats,
        rest_seats=event.rest_seats,
    )


def table_of(event: Event, player: Player) -> EventTable | None:
    """The player's table in the event's last round drawn, or None."""
    round_ = event.round_set.order_by("-number").first()
    return next((t for t in round_.tables.all() if player.pk in t.players), None) if round_ else None


def draw_note(event: Event, round_: EventRound) -> str:
    """What a random draw used: the event's design (its round's tables as drawn, no swap
    since), or the search, and how many pairs of its opponents met before (and, with
    three-player tables, that no design seats them); "" for the swiss and interval draws."""
    if round_.method != EventRound.RANDOM:
        return ""
    tables = tuple(tuple(t.players) for t in sorted(round_.tables.all(), key=lambda t: t.number))
    past = past_of(event, before=round_.number)
    if (
        not round_.sitting_out
        and designed_tables([p for t in tables for p in t], past, event.seed, event.rounds) == tables
    ):
        return _("designed: no repeat opponents")
    count = repeated_pairs(past, tables)
    if any(len(table) < past.seats for table in tables):
        return ngettext(
            "best found: %(count)s repeat pair (a designed schedule seats four at every table)",
            "best found: %(count)s repeat pairs (a designed schedule seats four at every table)",
            count,
        ) % {"count": count}
    return ngettext("best found: %(count)s repeat pair", "best found: %(count)s repeat pairs", count) % {"count": count}


@dataclass(frozen=True)
class Line:
    """A player's line of the event standings; ``place`` None while they have no game that
    counts (not ranked), ``table_points`` where the event's family ranks by them, else None."""

    place: int | None
    player: Player
    games: int
    penalties: int
    points: int
    table_points: Fraction | None = None

    @property
    def points_text(self) -> str:
        return points(self.points, signed=True)

    @property
    def table_points_text(self) -> str:
        """Exact: whole, or to two decimals (4.08, 1.75), never a drifting float."""
        return "" if self.table_points is None else shown(self.table_points)

    @property
    def penalties_text(self) -> str:
        return points(-self.penalties) if self.penalties else ""


def counted_games(event: Event):
    """The finished games of the event that count; with ``hide_standings``, only those of
    rounds whose every table has finished."""
    return Game.objects.finished().filter(event_table__round__event=event).shown()


def standings(event: Event) -> list[Line]:
    """The event's standings: every checked-in player (substitutes excepted), their summed
    results (penalties already taken off) and table points (stored in 48ths) over the games
    that count; ranked by table points first where the event's family ranks by them."""
    rows = (
        Seat.objects.filter(game__in=counted_games(event))
        .values("player")
        .annotate(points=Sum("result"), penalties=Sum("penalties"), games=Count("id"), units=Sum("table_points"))
    )
    totals = {row["player"]: row for row in rows}
    entries = event.entries.filter(Q(present=True) | Q(player__in=totals), substitute=False).select_related("player")
    players = [e.player for e in entries]

    def total(player: Player, key: str) -> int:
        return totals.get(player.pk, {}).get(key, 0)

    by_table_points = ranks_by_table_points(event.ruleset.to_rules())
    played = [p for p in players if total(p, "games")]
    table_points = [Fraction(total(p, "units"), UNIT) if by_table_points else None for p in played]
    scores = [total(p, "points") for p in played]
    ranked = places([(tp or 0, score) for tp, score in zip(table_points, scores, strict=True)])
    lines = [
        Line(place, player, total(player, "games"), total(player, "penalties"), score, tp)
        for place, player, score, tp in zip(ranked, played, scores, table_points, strict=True)
    ]
    waiting = [Line(None, p, 0, 0, 0, Fraction(0) if by_table_points else None) for p in players if p not in played]
    return sorted(lines, key=lambda line: (line.place, line.player.name.lower())) + sorted(
        waiting, key=lambda line: line.player.name.lower()
    )


def draw_order(event: Event, players) -> list[int]:
    """``players`` best first by the current standings (then by id), the unranked last, for
    swiss and interval."""
    rank = {line.player.pk: line.place for line in standings(event) if line.place}
    return sorted(players, key=lambda p: (rank.get(p, len(rank) + 1), p))


# the incidents whose caller is at fault: a mahjong called in error (each family's rule makes
# the caller pay; the hand goes on)
CALLED_IN_ERROR = (IncidentKind.FALSE_MAHJONG, IncidentKind.MAHJONG_IN_ERROR)


@dataclass(frozen=True)
class Foul:
    """A chombo, a mahjong called in error or a penalty of the event: where, whose, what
    (``called`` names the incident), and the address of its hand (of its game for a penalty
    on the whole game)."""

    round: int
    table: int
    hand: int | None
    player: str
    chombo: bool
    points_text: str
    reason: str
    url: str
    called: str = ""


def fouls(event: Event) -> list[Foul]:
    """Every chombo hand, every mahjong called in error and every penalty of the event's
    games, in play order (in a hand: the chombo, the calls, then the penalties)."""
    games = Game.objects.filter(event_table__round__event=event).select_related("event_table__round")
    names = {(s.game_id, s.seat): s.player.name for s in Seat.objects.filter(game__in=games).select_related("player")}

    def foul(game, hand, seat, chombo, value, reason="", called=""):
        url = reverse("scoring:game", args=[game.pk]) + (f"#hand-{hand}" if hand else "")
        return Foul(
            game.event_table.round.number,
            game.event_table.number,
            hand,
            names[game.pk, seat],
            chombo,
            points(value) if value else "",
            reason,
            url,
            called,
        )

    chombos = Hand.objects.filter(game__in=games, result=RiichiResult.CHOMBO).select_related("game__event_table__round")
    calls = Incident.objects.filter(hand__game__in=games, kind__in=CALLED_IN_ERROR).select_related(
        "hand__game__event_table__round"
    )
    penalties = Penalty.objects.filter(game__in=games).select_related("hand", "game__event_table__round")
    rows = (
        [foul(h.game, h.number, h.offender, True, 0) for h in chombos]
        + [foul(i.hand.game, i.hand.number, i.caller, False, 0, called=i.get_kind_display()) for i in calls]
        + [foul(p.game, p.hand.number if p.hand else None, p.player, False, p.points, p.reason) for p in penalties]
    )
    return sorted(rows, key=lambda f: (f.round, f.table, f.hand is None, f.hand or 0, not f.chombo, not f.called))


def base_points(place: int, count: int) -> int:
    """EMA ranking base points: 1000 × (N − place) / (N − 1), rounded to the nearest point."""
    if count < 2:
        return 1000
    return round(1000 * (count - place) / (count - 1))


def results(event: Event) -> list[list]:
    """The tournament results for the EMA, a header row then a row per player in place order:
    place, EMA number, last name, first name, country, then table points where the event's
    family ranks by them (the EMA's MCR results), points, and the ranking base points. A player
    without a game that counts shares the place after the last ranked one."""
    lines = standings(event)
    last = sum(1 for line in lines if line.place) + 1
    by_table_points = ranks_by_table_points(event.ruleset.to_rules())
    header = ["place", "ema_number", "last_name", "first_name", "country"]
    header += ["table_points"] if by_table_points else []
    rows = [header + ["points", "base_points"]]
    for line in lines:
        first, _space, surname = line.player.name.rpartition(" ")
        place = line.place or last
        row = [place, line.player.ema_number, surname, first, line.player.country]
        row += [line.table_points_text] if by_table_points else []
        rows.append(row + [line.points, base_points(place, len(lines))])
    return rows
