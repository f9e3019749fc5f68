"""The club's records, read from the stored history of finished games (so a full rebuild is
what the page shows): yakuman wall, biggest hands, chombo and penalties, best game and session
results, most wins in one game, most common yaku by player (the yaku stored with each win
entered by its tiles: nothing is scored here).

Each entry counts the games of the families that say so (``RECORDS`` of each family's
``reads`` piece: riichi's and sanma's games count for every entry, American games for the
penalties) and, but for the chombo and penalties list, is kept per family: a three-player
game's hands and results are never ranked with four-player ones. The reads of those entries
take the family.

Ties are listed together: every record keeps all the rows that share the best value. The
yakuman wall and the chombo list show the newest ``LATEST`` rows: a club meets a yakuman once
in a few thousand hands, the benchmark's random games once in forty wins.
"""

from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Any

from django.db.models import F, Max, Q, QuerySet, Sum

from scoring.families import site_family
from scoring.models import ClubSession, Game, Hand, Penalty, Player, Seat, Win
from scoring.rules.families import FAMILIES
from scoring.rules.vocabulary import RiichiResult
from scoring.tiles.scoring import DORA_YAKU

BIGGEST = 10  # rows of the biggest hands (more on a tie at the last place)
LATEST = 100  # rows of the yakuman wall and of the chombo list, the newest
# the page's entries; a family's ``reads`` piece names those its games count for (``RECORDS``)
ENTRIES = ("yakuman", "biggest_hands", "biggest_fan", "best_results", "common_yaku", "chombo", "penalties")


def counted_by(entry: str) -> list[str]:
    """The families whose finished games count for the records page's ``entry`` (one of ``ENTRIES``)."""
    if entry not in ENTRIES:
        raise LookupError(f"no entry {entry!r} on the records page; the entries are {', '.join(ENTRIES)}")
    return [family for family in FAMILIES if entry in site_family(family, "reads").RECORDS]


def counted() -> list[str]:
    """The families whose finished games count for any entry of the records page."""
    return [family for family in FAMILIES if site_family(family, "reads").RECORDS]


def _of_families[M: (Hand, Penalty)](rows: QuerySet[M], entry: str, field: str) -> QuerySet[M]:
    """``rows`` of the families that count for ``entry`` (all of them: no condition)."""
    families = counted_by(entry)
    return rows if len(families) == len(FAMILIES) else rows.filter(**{f"{field}__in": families})


def _wins(family: str) -> QuerySet[Win]:
    return Win.objects.filter(hand__game__status=Game.FINISHED, hand__game__ruleset__family=family)


def _played(family: str) -> bool:
    """Whether ``family`` has a finished game: one look by its rulesets, so that the reads of a family
    nobody plays here (sanma, MCR beside years of riichi) do not search every win of the others."""
    return Game.objects.filter(ruleset__family=family, status=Game.FINISHED).exists()


def _player_names(game_ids: Iterable[int]) -> dict[tuple[int, int], str]:
    seats = Seat.objects.filter(game_id__in=set(game_ids)).values_list("game_id", "seat", "player__name")
    return {(game, seat): name for game, seat, name in seats}


# how many times ``count`` of the club's biggest wins are searched for a family's before its
# own are read by its games (a family few play: sanma or MCR beside years of riichi)
FEW_AMONG = 64

type Row = dict[str, Any]  # a record's row as the page shows it: names, numbers, the game and hand


def _win_rows(wins: QuerySet[Win]) -> list[Row]:
    """The rows of a list of wins (a query), read as plain values: only the columns shown."""
    shown = wins.values("winner", "han", "fu", "yakuman", "tiles", game=F("hand__game_id"), number=F("hand__number"))
    rows: list[Row] = [dict(w) for w in shown]
    names = _player_names(w["game"] for w in rows)
    return [{"name": names[w["game"], w.pop("winner")], **w} for w in rows]


def yakuman_wall(family: str, count: int = LATEST) -> list[Row]:
    """The newest ``count`` yakuman of ``family``, newest first, with their tiles where they were entered."""
    wins = _wins(family).filter(yakuman__gt=0).order_by("-hand__game__date", "-hand__game_id", "-hand__number")
    return _win_rows(wins[:count])


def biggest_hands(family: str, count: int = BIGGEST) -> list[Row]:
    """The biggest wins of ``family`` by yakuman, han, then fu; the last place's ties are all listed."""
    if not _played(family):
        return []
    order = ("-yakuman", "-han", "-fu", "hand__game_id", "hand__number")
    size = count
    while size <= count * FEW_AMONG:  # the top values of every win (the index win_biggest alone)
        top = list(Win.objects.order_by("-yakuman", "-han", "-fu").values_list("yakuman", "han", "fu")[:size])
        if not top:
            return []
        candidates = list(Win.objects.filter(_at_least(*top[-1])).order_by().values_list("pk", flat=True))
        wins = _win_rows(_wins(family).filter(pk__in=candidates).order_by(*order))
        if len(wins) >= count or len(top) < size:
            break
        size *= 4
    else:  # a family with few wins among the club's biggest: its own wins, read by its games
        last = _wins(family).order_by(*order).values_list("yakuman", "han", "fu")[count - 1 : count]
        wins = _win_rows(_wins(family).filter(_at_least(*last[0]) if last else Q()).order_by(*order))
    if len(wins) > count:
        last_size = _size(wins[count - 1])
        wins = [w for w in wins if _size(w) >= last_size]
    return wins


def _at_least(yakuman: int, han: int, fu: int) -> Q:
    """Wins at least as big as yakuman, han, fu."""
    return Q(yakuman__gt=yakuman) | Q(yakuman=yakuman, han__gt=han) | Q(yakuman=yakuman, han=han, fu__gte=fu)


def _size(win: Row) -> tuple[int, int, int]:
    return win["yakuman"], win["han"], win["fu"]


def biggest_by_fan(family: str, count: int = BIGGEST) -> list[Row]:
    """The biggest wins of ``family`` by their points (fan, flowers not counted), then flowers;
    the last place's ties are all listed."""
    if not _played(family):
        return []
    wins = _wins(family)
    last = wins.order_by("-fan", "-flowers").values_list("fan", "flowers")[count - 1 : count]
    if last:
        fan, flowers = last[0]
        wins = wins.filter(Q(fan__gt=fan) | Q(fan=fan, flowers__gte=flowers))
    rows: list[Row] = [
        dict(w)
        for w in wins.order_by("-fan", "-flowers", "hand__game_id", "hand__number").values(
            "winner", "fan", "flowers", game=F("hand__game_id"), number=F("hand__number")
        )
    ]
    names = _player_names(w["game"] for w in rows)
    return [{"name": names[w["game"], w.pop("winner")], **w} for w in rows]


def chombo_and_penalties(count: int = LATEST) -> list[Row]:
    """The newest ``count`` chombo and referee or pot penalties, newest first, each with the hand
    it came from (if any)."""
    finished = {"game__status": Game.FINISHED}
    chombos = (
        _of_families(Hand.objects.filter(result=RiichiResult.CHOMBO, **finished), "chombo", "game__ruleset__family")
        .order_by("-game_id", "-number")
        .values("game_id", "number", "offender")[:count]
    )
    penalties = (
        _of_families(Penalty.objects.filter(**finished), "penalties", "game__ruleset__family")
        .order_by("-game_id", "-hand__number", "-id")
        .values("game_id", "hand__number", "player", "points", "reason")[:count]
    )
    names = _player_names([c["game_id"] for c in chombos] + [p["game_id"] for p in penalties])
    rows = [
        {
            "name": names[c["game_id"], c["offender"] or 0],  # a chombo always names its offender
            "game": c["game_id"],
            "number": c["number"],
            "what": RiichiResult.CHOMBO,
            "points": 0,
            "reason": "",
        }
        for c in chombos
    ]
    rows += [
        {
            "name": names[p["game_id"], p["player"]],
            "game": p["game_id"],
            "number": p["hand__number"],
            "what": "penalty",
            "points": p["points"],
            "reason": p["reason"],
        }
        for p in penalties
    ]
    return sorted(rows, key=lambda r: (r["game"], r["number"] or 0), reverse=True)[:count]


def _finished_seats(family: str) -> QuerySet[Seat]:
    return Seat.objects.filter(finished=True, family=family)


def best_game_results(family: str) -> list[Row]:
    best = _finished_seats(family).aggregate(best=Max("result"))["best"]
    if best is None:
        return []
    rows = _finished_seats(family).filter(result=best).values("game_id", "result", name=F("player__name"))
    return [dict(row) for row in rows.order_by("game_id")]


def best_session_results(family: str) -> list[Row]:
    """The best total of one player's games of ``family`` in one session."""
    if not _played(family):
        return []
    totals = (
        _finished_seats(family)
        .exclude(game__session=None)
        .values("game__session_id", "player_id")
        .annotate(total=Sum("result"))
        .order_by("-total")
    )
    best: list[Row] = []
    for row in totals.iterator():  # the best first: read only while the total is the best's
        if best and row["total"] != best[0]["total"]:
            break
        best.append(dict(row))
    sessions = dict(ClubSession.objects.filter(pk__in={r["game__session_id"] for r in best}).values_list("pk", "name"))
    players = dict(Player.objects.filter(pk__in={r["player_id"] for r in best}).values_list("pk", "name"))
    return [
        {
            "game__session_id": r["game__session_id"],
            "game__session__name": sessions[r["game__session_id"]],
            "player__name": players[r["player_id"]],
            "total": r["total"],
        }
        for r in best
    ]


def most_wins_in_one_game(family: str) -> list[Row]:
    best = _finished_seats(family).aggregate(best=Max("wins"))["best"]
    if not best:
        return []
    rows = _finished_seats(family).filter(wins=best).values("game_id", "wins", name=F("player__name"))
    return [dict(row) for row in rows.order_by("game_id")]


type YakuCount = tuple[str, int, int, int]  # a yaku, how often, and the game and hand of its latest win


def common_yaku(family: str, limit: int = 3, player: Player | None = None) -> list[tuple[str, list[YakuCount]]]:
    """Per player (or only ``player``), the yaku of his wins of ``family`` entered by tiles, most
    common first, the ties at the last place kept (dora not counted): (name, [(yaku, count,
    game, hand)]), game and hand being the latest win with that yaku. Nothing (no query) for a
    family that does not count for ``common_yaku``."""
    if family not in counted_by("common_yaku"):
        return []
    with_yaku = Win.objects.filter(yaku__isnull=False)  # the index win_with_yaku, whatever the history
    if player is not None:
        with_yaku = with_yaku.filter(hand__game__seats__player=player)
    # plain values, the family and the game's status picked here: a filter on them in the query
    # would walk every game by date
    ordered = with_yaku.order_by("hand__game__date", "hand__game_id", "hand__number").values_list(
        "hand__game_id", "hand__number", "winner", "yaku", "hand__game__status", "hand__game__ruleset__family"
    )
    wins = [row[:4] for row in ordered if row[4] == Game.FINISHED and row[5] == family]
    seats = {
        (game_id, seat): (player_id, name)
        for game_id, seat, player_id, name in Seat.objects.filter(game_id__in={w[0] for w in wins}).values_list(
            "game_id", "seat", "player_id", "player__name"
        )
    }
    counts: dict[int, Counter[str]] = defaultdict(Counter)
    latest: dict[tuple[int, str], tuple[int, int]] = {}
    names: dict[int, str] = {}
    for game_id, number, winner, yaku in wins:
        winner_pk, name = seats[game_id, winner]
        if player is not None and winner_pk != player.pk:
            continue
        names[winner_pk] = name
        for yaku_name in set(yaku or ()) - set(DORA_YAKU):
            counts[winner_pk][yaku_name] += 1
            latest[winner_pk, yaku_name] = (game_id, number)
    rows = []
    for pk, counter in counts.items():
        ranked = counter.most_common()
        kept = [(name, n) for name, n in ranked if n >= ranked[min(limit, len(ranked)) - 1][1]]
        rows.append((names[pk], [(name, n, *latest[pk, name]) for name, n in kept]))
    return sorted(rows)
