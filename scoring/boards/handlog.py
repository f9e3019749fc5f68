"""Reads for the table and game pages: the scoreboard, hands and payments in words. Only
reads; the words are the club's ("Cho pays Ann 3,900 + 300 for
counters; Ann takes 2 riichi sticks").
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from scoring.boards.piece import reads_piece
from scoring.models import Game, HandSeat
from scoring.records.gamelogs import hand_facts, hands_with_facts
from scoring.rulebook.numbers import MINUS, number, points
from scoring.rulebook.offences import comment_text
from scoring.rules import POT, Payment, RuleSet, TableState, round_label, seat_winds, seating
from scoring.rules import dealer as engine_dealer
from scoring.rules.riichi import STICK
from scoring.rules.table_points import UNIT as TABLE_POINT_UNITS
from scoring.rules.table_points import shown as shown_table_points
from scoring.rules.vocabulary import IncidentKind, PenaltyTo, RiichiResult


def _table_points(units: int) -> str:
    """MCR's table points stored as 48ths, as ``table_points.shown`` rounds them ("1.75"), in the
    reader's number style ("1,75" in French and German)."""
    text = shown_table_points(Fraction(units, TABLE_POINT_UNITS))
    return number(Decimal(text), decimals=len(text.partition(".")[2]))


def wind_names():
    return (_("East"), _("South"), _("West"), _("North"))


def wind_letters():
    """Each wind's letter in the reader's language (Spanish: E, S, O, N)."""
    return (
        pgettext("East, one letter", "E"),
        pgettext("South, one letter", "S"),
        pgettext("West, one letter", "W"),
        pgettext("North, one letter", "N"),
    )


# ---- payments in words --------------------------------------------------------------------

_REASONS = {
    "noten payment": "noten",
    "chombo": RiichiResult.CHOMBO,
    "nagashi": "nagashi",
    "liability: the whole hand": "liable",
    "liability: half the hand": "liable",
    "hand value (half)": "half",
    "misnamed discard: the discarder alone pays": "misnamed",
    "dead-hand challenge upheld": "challenge_upheld",
    "dead-hand challenge refused": "challenge_refused",
    "mahjong in error": IncidentKind.MAHJONG_IN_ERROR,
    "false mahjong": IncidentKind.FALSE_MAHJONG,
    "took down the wall": "took_down_wall",
}


def _reason_text(key: str) -> str:
    return {
        "noten": _("noten payment"),
        RiichiResult.CHOMBO: _("chombo"),
        "nagashi": _("nagashi mangan"),
        "liable": _("liable"),
        "half": _("half the hand"),
        "misnamed": _("misnamed discard: the discarder alone pays"),
        "challenge_upheld": _("the hand declared dead was dead"),
        "challenge_refused": _("the hand declared dead was valid"),
        IncidentKind.MAHJONG_IN_ERROR: _("mahjong in error"),
        IncidentKind.FALSE_MAHJONG: _("false mahjong"),
        "took_down_wall": _("began to take down the wall"),
    }[key]


@dataclass
class _Transfer:
    payer: int
    payee: int
    main: int = 0
    counters: int = 0
    reasons: list = field(default_factory=list)


# payments for something that happened during the hand, not for its result: a line of their own
APART = frozenset({"false mahjong"})


def payment_lines(payments, names) -> list[str]:
    """Each payer → payee once (a payment ``APART`` on a line of its own), counters apart, then
    the riichi pot, in the engine's order."""
    transfers: dict[tuple, _Transfer] = {}
    order: list = []
    for payment in payments:
        payer, payee, amount, why = payment
        if payer is POT or payee is POT:
            order.append(("pot", payment))
            continue
        key = (payer, payee, why if why in APART else "")
        if key not in transfers:
            transfers[key] = _Transfer(payer, payee)
            order.append(("transfer", key))
        transfer = transfers[key]
        if why == "counters":
            transfer.counters += amount
        else:
            transfer.main += amount
            reason = _REASONS.get(why)
            if reason and reason not in transfer.reasons:
                transfer.reasons.append(reason)
    lines = []
    for kind, item in order:
        if kind == "transfer":
            t = transfers[item]
            line = _("%(payer)s pays %(payee)s %(points)s") % {
                "payer": names[t.payer],
                "payee": names[t.payee],
                "points": points(t.main),
            }
            if t.counters:
                line = _("%(line)s + %(counters)s for counters") % {"line": line, "counters": points(t.counters)}
            if t.reasons:
                line += " (" + ", ".join(_reason_text(r) for r in t.reasons) + ")"
            lines.append(line)
            continue
        payer, payee, amount, why = item
        if payee is POT and why == "riichi stick":
            lines.append(_("%(name)s puts a riichi stick on the table") % {"name": names[payer]})
        elif payee is POT:
            lines.append(
                _("%(name)s pays %(points)s into the riichi pot (%(why)s)")
                % {"name": names[payer], "points": points(amount), "why": _("penalty")}
            )
        elif why == "own riichi stick back":
            lines.append(_("%(name)s takes back their own riichi stick") % {"name": names[payee]})
        elif amount % STICK == 0:
            count = amount // STICK
            lines.append(
                ngettext("%(name)s takes %(count)s riichi stick", "%(name)s takes %(count)s riichi sticks", count)
                % {"name": names[payee], "count": count}
            )
        else:
            lines.append(
                _("%(name)s takes the riichi pot: %(points)s") % {"name": names[payee], "points": points(amount)}
            )
    return lines


def result_penalty_lines(facts, names, rules: RuleSet, tournament: bool) -> list[str]:
    """Points taken from final results because of this hand: chombo deductions, referee penalties."""
    lines = []
    if getattr(facts, "result", "") == RiichiResult.CHOMBO and rules.chombo_is_deduction(tournament):
        lines.append(
            _("%(name)s loses %(points)s from the result after uma (chombo)")
            % {"name": names[facts.offender], "points": points(rules.chombo_points)}
        )
    for penalty in facts.penalties:
        if penalty.to == PenaltyTo.RESULT:
            lines.append(
                _("%(name)s loses %(points)s from the result (%(why)s)")
                % {
                    "name": names[penalty.player],
                    "points": points(penalty.points),
                    "why": penalty.reason or _("referee penalty"),
                }
            )
    return lines


def stored_payments(rows) -> list[Payment]:
    """The payments JSON of a stored hand back as Payment tuples."""

    def seat(value):
        return POT if value == PenaltyTo.POT else value

    return [Payment(seat(r["from"]), seat(r["to"]), r["points"], r["why"]) for r in rows]


# ---- hands in words -----------------------------------------------------------------------


def seat_list(names: Sequence[str], seats: Iterable[int]) -> str:
    """The names of ``seats``, in seat order as given: "Ann, Cho"."""
    return ", ".join(names[s] for s in seats)


def describe(facts, names, rules: RuleSet) -> str:
    """One line for a hand: who won how much, or the draw, or the chombo (the parts the
    family's ``reads`` piece describes)."""
    return "; ".join(reads_piece(rules).describe(facts, names, rules))


def won_text(
    names: Sequence[str], winner: int, discarder: int | None, value: str, *, self_drawn: str, on_discard: str
) -> str:
    """A win in words: ``self_drawn`` (with the winner and the value) or ``on_discard`` (and who
    discarded)."""
    if discarder is None:
        return self_drawn % {"winner": names[winner], "value": value}
    return on_discard % {"winner": names[winner], "from": names[discarder], "value": value}


# ---- the scoreboard -----------------------------------------------------------------------


def scoreboard(game: Game, seats, rules: RuleSet, table: TableState) -> dict:
    """What the table sees: round, dealer, counters, sticks, scores and each score's gap to the
    top one, each player's chair (in the order of play, East's first) and seat wind as the
    family has them this hand. The leader is who is first as things stand (``Seat.place``: by
    result, penalties included, as on every page), nobody before the first hand."""
    dealer = engine_dealer(rules, table)
    top = max(seat.table_score for seat in seats)
    winds = wind_names() if reads_piece(rules).WINDS else None
    letters = wind_letters()
    seat_wind, chairs = seat_winds(rules, table), seating(rules, table)
    rows = []
    for seat in seats:
        wind_index = seat_wind[seat.seat]
        rows.append(
            {
                "seat": seat,
                "name": seat.player.name,
                "chair": chairs.index(seat.seat),
                "wind": letters[wind_index] if winds else "",
                "wind_name": winds[wind_index] if winds else "",
                "dealer": seat.seat == dealer,
                "score": points(seat.table_score),
                "gap": (MINUS + points(top - seat.table_score)) if seat.table_score < top else "",
                "leader": bool(table.hands) and seat.place == 1,
            }
        )
    return {
        "round": round_label(rules, table) if game.is_open else "",
        "hand_number": table.hands + 1,
        "dealer": seats[dealer].player.name,
        "counters": table.counters,
        "pot": table.pot,
        "sticks": table.pot // STICK,
        "pot_is_sticks": table.pot % STICK == 0,
        "pot_text": points(table.pot),
        "rows": rows,
    }


def standings_rows(game: Game, seats, rules: RuleSet) -> dict:
    """The standings (final, or as they stand), place order: uma, oka, chombo deductions and
    other penalties apart; ``show`` says which of those columns carry anything."""
    per_chombo = rules.chombo_points if rules.chombo_is_deduction(game.tournament) else 0
    rows = []
    for seat in sorted(seats, key=lambda s: (s.place, s.seat)):
        chombo = seat.chombo * per_chombo
        rows.append(
            {
                "place": seat.place,
                "name": seat.player.name,
                "player": seat.player_id,
                "score": points(seat.score),
                "uma": points(seat.uma, signed=True),
                "oka": points(seat.oka, signed=True),
                "chombo": points(-chombo, signed=True),
                "penalties": points(-(seat.penalties - chombo), signed=True),
                "result": points(seat.result, signed=True),
                "result_value": seat.result,
                "table_points": _table_points(seat.table_points),
                "values": {
                    "uma": seat.uma,
                    "oka": seat.oka,
                    "chombo": chombo,
                    "penalties": seat.penalties - chombo,
                    "table_points": seat.table_points,
                },
            }
        )
    columns = ("uma", "oka", "chombo", "penalties", "table_points")  # table points: MCR's, in 48ths
    show = {name: any(row["values"][name] for row in rows) for name in columns}
    return {"rows": rows, "show": show}


# ---- the hand log -------------------------------------------------------------------------


def hand_rows(game: Game, seats, rules: RuleSet, *, newest_first: bool = False) -> list[dict]:
    """Every hand: round, dealer, counters, what happened, each seat's wind (where the family
    shows winds: MCR's players change chairs every 4 hands), delta and score after, the
    payments in words (5 queries, whatever the length of the game)."""
    names = tuple(seat.player.name for seat in seats)
    wind_words = wind_names() if reads_piece(rules).WINDS else None
    letters = wind_letters()
    hands = list(hands_with_facts(game))
    by_hand: dict[int, dict[int, HandSeat]] = {}
    for row in (
        HandSeat.objects.filter(hand__game=game)
        .select_related(None)
        .only("hand_id", "seat_id", "delta", "score_after", "penalty")
    ):
        by_hand.setdefault(row.hand_id, {})[row.seat_id] = row
    rows = []
    for hand in hands:
        facts = hand_facts(hand, rules.family)
        seat_rows = by_hand.get(hand.pk, {})
        before = TableState((0,) * len(seats), rotations=hand.rotations, hands=hand.number - 1)
        winds = seat_winds(rules, before) if wind_words else None
        cells = []
        for seat in seats:
            row = seat_rows.get(seat.pk)
            delta = row.delta if row else 0
            cells.append(
                {
                    "name": seat.player.name,
                    "wind": letters[winds[seat.seat]] if winds else "",
                    "wind_name": wind_words[winds[seat.seat]] if winds and wind_words else "",
                    "player": seat.player_id,
                    "delta": points(delta, signed=True),
                    "delta_value": delta,
                    "score_after": points(row.score_after) if row else "",
                    "score_value": row.score_after if row else None,
                }
            )
        rows.append(
            {
                "number": hand.number,
                "round": hand.round_label,
                "dealer": names[hand.dealer],
                "counters": hand.counters,
                "summary": describe(facts, names, rules),
                "comment": comment_text(hand.comment),
                "cells": cells,
                # a win entered by its tiles: (winner, the game log's tiles object), drawn by scoring/tiles/hand.html
                "tiles": [(names[w.winner], w.tiles) for w in hand.wins.all() if w.tiles],
                "payments": payment_lines(stored_payments(hand.payments), names)
                + result_penalty_lines(facts, names, rules, game.tournament),
            }
        )
    return list(reversed(rows)) if newest_first else rows
