"""Does what is stored equal a replay of the stored facts? (the records' invariants; used by
``manage.py check_games`` and the tests.) Only reads."""

from django.utils.translation import gettext as _

from scoring.models import Game, HandSeat
from scoring.records import derived
from scoring.records.gamelogs import game_log, hands_with_facts, seats_in_order
from scoring.rules import RuleError, replay


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
