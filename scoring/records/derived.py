"""The derived columns of a hand, a seat in a hand and a seat in a game, from what the rule
engine returns. Pure functions over engine values: ``services`` stores what they give,
``check_games`` compares them with what is stored. And the yaku of a win entered by its tiles
(``set_yaku``), so that no page scores tiles to read them.
"""

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, cast

from scoring.records.gamelogs import records_piece
from scoring.rules import POT, HandFacts, RuleSet, Settlement, Standing, TableState, dealer, round_label
from scoring.rules.families import family_of_hand
from scoring.rules.table_points import in_units
from scoring.rules.vocabulary import PenaltyTo
from scoring.tiles.gamelog import win_yaku

if TYPE_CHECKING:  # the stored rows yaku_of and set_yaku read: imported for their types only
    from scoring.models import Hand, Win

HAND_FIELDS = (
    "round_label",
    "dealer",
    "rotations",
    "counters",
    "pot_before",
    "pot_after",
    "ended_game",
    "payments",
    "notes",
)
# the columns these dicts fill, by name: ``"chombo"`` and ``"riichi"`` here NAME a seat's flag and
# count, not a value (a chombo hand's result is the value ``RiichiResult.CHOMBO``)
HAND_SEAT_FIELDS = (
    "delta",
    "score_after",
    "penalty",
    "dealer",
    "won",
    "tsumo",
    "dealt_in",
    "riichi",
    "tenpai",
    "chombo",
)
SEAT_STANDING_FIELDS = ("table_score", "score", "place", "uma", "oka", "penalties", "result", "table_points")
SEAT_COUNT_FIELDS = (
    "hands",
    "dealer_hands",
    "wins",
    "tsumo_wins",
    "deal_ins",
    "riichi",
    "tenpai",
    "chombo",
    "win_points",
    "deal_in_points",
)
GAME_FIELDS = ("rotations", "counters", "pot", "hand_count", "ended")


def hand_values(rules: RuleSet, before: TableState, settlement: Settlement) -> dict[str, Any]:
    """A hand's derived columns: the table before it and after it, payments and notes."""
    return {
        "round_label": round_label(rules, before) or "",
        "dealer": dealer(rules, before),
        "rotations": before.rotations,
        "counters": before.counters,
        "pot_before": before.pot,
        "pot_after": settlement.table.pot,
        "ended_game": settlement.table.finished,
        "payments": [
            {
                "from": PenaltyTo.POT if p.payer is POT else p.payer,
                "to": PenaltyTo.POT if p.payee is POT else p.payee,
                "points": p.points,
                "why": p.why,
            }
            for p in settlement.payments
        ],
        "notes": list(settlement.notes),
    }


def hand_seat_values(
    rules: RuleSet, facts: HandFacts, before: TableState, settlement: Settlement
) -> list[dict[str, Any]]:
    """One dict per player (seat order): delta, score after, result penalty and flags."""
    piece = records_piece(family_of_hand(facts).NAME)
    winners, discarders = piece.winners_and_discarders(facts)
    deals = dealer(rules, before)
    rows = []
    for player in range(len(settlement.deltas)):
        riichi, tenpai, chombo = piece.seat_flags(facts, player)
        rows.append(
            {
                "delta": settlement.deltas[player],
                "score_after": settlement.table.scores[player],
                "penalty": settlement.result_penalties[player],
                "dealer": player == deals,
                "won": player in winners,
                "tsumo": winners.get(player, False),
                "dealt_in": player in discarders,
                "riichi": riichi,
                "tenpai": tenpai,
                "chombo": chombo,
            }
        )
    return rows


def zero_counts() -> dict[str, int]:
    return dict.fromkeys(SEAT_COUNT_FIELDS, 0)


def add_counts(counts: dict[str, int], row: dict[str, Any]) -> None:
    """Add one seat-in-a-hand row to a seat's per-game counts (in place)."""
    counts["hands"] += 1
    counts["dealer_hands"] += row["dealer"]
    counts["wins"] += row["won"]
    counts["tsumo_wins"] += row["tsumo"]
    counts["deal_ins"] += row["dealt_in"]
    counts["riichi"] += row["riichi"]
    counts["tenpai"] += row["tenpai"]
    counts["chombo"] += row["chombo"]
    if row["won"]:
        counts["win_points"] += row["delta"]
    if row["dealt_in"]:
        counts["deal_in_points"] -= row["delta"]


def standing_values(table: TableState, lines: tuple[Standing, ...]) -> list[dict[str, int]]:
    """One dict per player (seat order): table score and the standings line."""
    values: list[dict[str, int] | None] = [None] * len(table.scores)
    for line in lines:
        values[line.player] = {
            "table_score": table.scores[line.player],
            "score": line.score,
            "place": line.place,
            "uma": line.uma,
            "oka": line.oka,
            "penalties": line.penalties,
            "result": line.result,
            "table_points": 0 if line.table_points is None else in_units(line.table_points),
        }
    return cast(list[dict[str, int]], values)  # the standings have a line for every player


def seat_copies(rules: RuleSet, *, finished: bool) -> dict[str, Any]:
    """What each seat keeps of its game, for the boards' plain aggregates: the game's family,
    its length (rounds) and whether it is finished."""
    return {"family": rules.family, "rounds": rules.rounds, "finished": finished}


def game_values(table: TableState) -> dict[str, int | bool]:
    return {
        "rotations": table.rotations,
        "counters": table.counters,
        "pot": table.pot,
        "hand_count": table.hands,
        "ended": table.finished,
    }


def yaku_of(win: "Win", hand: "Hand", rules: RuleSet) -> list[str] | None:
    """The yaku ``win``'s tiles give at ``hand`` (its derived columns set); None without tiles."""
    if not win.tiles:
        return None
    return win_yaku(
        win.tiles,
        rules=rules,
        rotations=hand.rotations,
        winner=win.winner,
        tsumo=win.discarder is None,
        riichi=win.winner in hand.riichi,
    )


def set_yaku(hands: Iterable[tuple["Hand", Iterable["Win"]]], rules: RuleSet) -> list["Win"]:
    """Give every win of ``hands`` ((hand, its wins) pairs) the yaku its tiles give at its hand;
    returns the wins whose yaku changed."""
    changed = []
    for hand, wins in hands:
        for win in wins:
            yaku = yaku_of(win, hand, rules)
            if yaku != win.yaku:
                win.yaku = yaku
                changed.append(win)
    return changed
