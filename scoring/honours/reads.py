"""The club's records, read from the stored history of finished riichi games (so a full
rebuild is what the page shows): yakuman wall, biggest hands, chombo and penalties, best game
and session results, most wins in one game, most common yaku by player (the yaku stored with
each win entered by its tiles: nothing is scored here).

Ties are listed together: every record keeps all the rows that share the best value.
"""

from collections import Counter, defaultdict

from django.db.models import F, Max, Sum

from scoring.models import Game, Hand, Penalty, Seat, Win
from scoring.tiles.scoring import DORA_YAKU

BIGGEST = 10  # rows of the biggest hands (more on a tie at the last place)


def _wins():
    return (Win.objects.filter(hand__game__status=Game.FINISHED, hand__game__ruleset__family="riichi")
            .select_related("hand__game"))


def _player_names(game_ids) -> dict[tuple[int, int], str]:
    seats = Seat.objects.filter(game_id__in=set(game_ids)).select_related("player")
    return {(s.game_id, s.seat): s.player.name for s in seats}


def _win_rows(wins) -> list[dict]:
    names = _player_names(w.hand.game_id for w in wins)
    return [{"name": names[w.hand.game_id, w.winner], "game": w.hand.game_id, "number": w.hand.number,
             "han": w.han, "fu": w.fu, "yakuman": w.yakuman, "tiles": w.tiles} for w in wins]


def yakuman_wall() -> list[dict]:
    """Every yakuman, newest first, with its tiles where they were entered."""
    return _win_rows(list(_wins().filter(yakuman__gt=0).order_by("-hand__game__date", "-hand__game_id",
                                                                 "-hand__number")))


def biggest_hands(count: int = BIGGEST) -> list[dict]:
    """The biggest wins by yakuman, han, then fu; the last place's ties are all listed."""
    ordered = list(_wins().order_by("-yakuman", "-han", "-fu", "hand__game_id", "hand__number")[:count])
    if len(ordered) == count:
        last = ordered[-1]
        ordered += list(_wins().filter(yakuman=last.yakuman, han=last.han, fu=last.fu)
                        .exclude(pk__in=[w.pk for w in ordered]).order_by("hand__game_id", "hand__number"))
    return _win_rows(ordered)


def chombo_and_penalties() -> list[dict]:
    """Each chombo and each referee or pot penalty, with the hand it came from (if any)."""
    finished = {"game__status": Game.FINISHED}
    chombos = Hand.objects.filter(result="chombo", **finished).values("game_id", "number", "offender")
    penalties = Penalty.objects.filter(**finished).values("game_id", "hand__number", "player", "points", "reason")
    names = _player_names([c["game_id"] for c in chombos] + [p["game_id"] for p in penalties])
    rows = [{"name": names[c["game_id"], c["offender"]], "game": c["game_id"], "number": c["number"],
             "what": "chombo", "points": 0, "reason": ""} for c in chombos]
    rows += [{"name": names[p["game_id"], p["player"]], "game": p["game_id"], "number": p["hand__number"],
              "what": "penalty", "points": p["points"], "reason": p["reason"]} for p in penalties]
    return sorted(rows, key=lambda r: (r["game"], r["number"] or 0))


def _best(rows, key) -> list:
    """All the rows that share the best ``key`` (ties together)."""
    best = max((key(r) for r in rows), default=None)
    return [r for r in rows if key(r) == best] if best is not None else []


def _finished_seats():
    return Seat.objects.filter(finished=True, family="riichi")


def best_game_results() -> list[dict]:
    best = _finished_seats().aggregate(best=Max("result"))["best"]
    return list(_finished_seats().filter(result=best).values("game_id", "result", name=F("player__name"))
                .order_by("game_id")) if best is not None else []


def best_session_results() -> list[dict]:
    totals = (_finished_seats().exclude(game__session=None)
              .values("game__session_id", "game__session__name", "player__name")
              .annotate(total=Sum("result")))
    return _best(list(totals), lambda r: r["total"])


def most_wins_in_one_game() -> list[dict]:
    best = _finished_seats().aggregate(best=Max("wins"))["best"]
    if not best:
        return []
    return list(_finished_seats().filter(wins=best).values("game_id", "wins", name=F("player__name"))
                .order_by("game_id"))


def common_yaku(limit: int = 3, player=None) -> list[tuple[str, list[tuple[str, int, int, int]]]]:
    """Per player (or only ``player``), the yaku of his wins entered by tiles, most common first,
    the ties at the last place kept (dora not counted): (name, [(yaku, count, game, hand)]),
    game and hand being the latest win with that yaku."""
    wins = _wins().filter(yaku__isnull=False)
    if player is not None:
        wins = wins.filter(hand__game__seats__player=player)
    wins = list(wins.order_by("hand__game__date", "hand__game_id", "hand__number"))
    seats = {(s.game_id, s.seat): s.player for s in
             Seat.objects.filter(game_id__in={w.hand.game_id for w in wins}).select_related("player")}
    counts: dict[int, Counter] = defaultdict(Counter)
    latest: dict[tuple[int, str], tuple[int, int]] = {}
    for win in wins:
        hand, winner = win.hand, seats[win.hand.game_id, win.winner]
        if player is not None and winner.pk != player.pk:
            continue
        for name in set(win.yaku) - set(DORA_YAKU):
            counts[winner.pk][name] += 1
            latest[winner.pk, name] = (hand.game_id, hand.number)
    names = {p.pk: p.name for p in seats.values()}
    rows = []
    for pk, counter in counts.items():
        ranked = counter.most_common()
        kept = [(name, n) for name, n in ranked if n >= ranked[min(limit, len(ranked)) - 1][1]]
        rows.append((names[pk], [(name, n, *latest[pk, name]) for name, n in kept]))
    return sorted(rows)
