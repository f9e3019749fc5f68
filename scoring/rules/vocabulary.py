"""The club's words for the values the engine compares: a hand's result, each rule knob's
modes, abortive draws, pao hands, where a penalty goes, an American hand's incidents.

Each is one ``StrEnum``; a member IS its ``str`` value, so the game logs, the JSON knobs and
the stored rows hold exactly the strings they always held (``json.dumps(Renhou.NONE)`` is
``'"none"'``). Everything else names a value through its member (``RiichiResult.CHOMBO``),
never by its bare string; the models' ``TextChoices`` are built from these members.

A field of a form, a key of a game log's object or a column that happens to be spelled like
a value (the hand's ``result``, a seat's ``chombo`` flag) is a NAME, not a value: it is not
here.
"""

from enum import StrEnum


class Value(StrEnum):
    """A value of the vocabulary: it is its string everywhere, its ``repr`` too, so that a
    message quoting one (``%(reason)r``) reads ``'four_kongs'`` whether the value came from a
    game log or from a member."""

    def __repr__(self) -> str:
        return repr(self.value)


class FamilyName(Value):
    """A ruleset's ``family``: which family of mahjong it plays."""

    RIICHI = "riichi"
    AMERICAN = "american"
    SANMA = "sanma"  # three-player riichi: its own family, never mixed with four-player riichi
    MCR = "mcr"


class RiichiResult(Value):
    """How a riichi hand ended: a win, an exhaustive or abortive draw, or a chombo (EMA Riichi
    Competition Rules 2016, §3.4.6)."""

    WIN = "win"
    DRAW = "draw"  # the exhaustive draw
    ABORTIVE = "abortive"
    CHOMBO = "chombo"


class AmericanResult(Value):
    """How an American hand ended: a mahjong, or a wall game (nobody won)."""

    MAHJONG = "mahjong"
    WALL = "wall"


class AmericanScoring(Value):
    """How an American game is scored: players settle up (the discarder pays double …), or each
    player scores tournament points for the game, as US tournaments score it (the US tournament rules)."""

    SETTLE_UP = "settle_up"
    TOURNAMENT_POINTS = "tournament_points"


class MCRResult(Value):
    """How an MCR hand ended: a win (one winner: MCR has no multiple win), or a draw (nobody
    won; nobody pays)."""

    WIN = "win"
    DRAW = "draw"


class AbortiveReason(Value):
    """An abortive draw (EMA Riichi Competition Rules 2016, §3.3.10); a ruleset's
    ``abortive_draws`` lists those it has."""

    NINE_TERMINALS = "nine_terminals"
    FOUR_WINDS = "four_winds"
    FOUR_KONGS = "four_kongs"
    FOUR_RIICHI = "four_riichi"
    TRIPLE_RON = "triple_ron"


class PaoHand(Value):
    """A yakuman whose last feeder is liable (pao; EMA Riichi Competition Rules 2016, §3.3.9);
    a ruleset's ``pao_hands`` lists those it has."""

    BIG_DRAGONS = "big_dragons"
    BIG_WINDS = "big_winds"
    FOUR_KONGS = "four_kongs"


class ChomboMode(Value):
    """The ``chombo`` knob: how a chombo is paid (EMA Riichi Competition Rules 2016, §3.4.6)."""

    REVERSE_MANGAN = "reverse_mangan"  # paid at the table
    DEDUCTION = "deduction"  # from the final result
    DEDUCTION_IN_TOURNAMENT = "deduction_in_tournament"  # a deduction in a tournament game, else reverse mangan


class MultiRon(Value):
    """The ``multi_ron`` knob: several players winning on one discard."""

    ALLOW = "allow"  # each is paid (double and triple ron)
    HEAD_BUMP = "head_bump"  # only the first in turn order after the discarder wins


class LeftoverRiichi(Value):
    """The ``leftover_riichi`` knob: the riichi sticks left on the table at the end."""

    WINNER = "winner"  # to first place
    LOST = "lost"  # out of play


class Renhou(Value):
    """The ``renhou`` knob: what a win before the first draw of the winner is worth."""

    MANGAN = "mangan"
    YAKUMAN = "yakuman"
    NONE = "none"  # not a yaku


class TimeUp(Value):
    """The ``time_up`` knob: which hand is the last after the round's gong."""

    LAST_HAND = "last_hand"  # the hand in progress at the gong
    ONE_MORE_HAND = "one_more_hand"  # one more hand may be started (a chombo is not that hand)


class TsumoPayment(Value):
    """The ``tsumo_payment`` knob: who pays the missing North seat's share of a self-draw at a
    table of three (Tenhou three-player rules); at four seats every mode is the four-player payment."""

    LOSS = "loss"  # tsumo loss: nobody pays it
    BISECTION = "bisection"  # split between the two payers
    FULL = "full"  # the two payers pay the hand's whole ron value between them


class North(Value):
    """The ``north`` knob: what a North is at a table of three (Tenhou three-player rules)."""

    NUKIDORA = "nukidora"  # set aside for a dora and a replacement draw
    WIND = "wind"  # a plain wind (a four-player table's North)


class Extension(Value):
    """The ``extension`` knob: what follows the last round when nobody has ``finish_points``."""

    NEXT_WIND = "next_wind"  # play on into the next wind until someone reaches them
    NONE = "none"  # the game ends anyway


class UmaTies(Value):
    """The ``uma_ties`` knob: what players tied on points at the end get."""

    SHARE = "share"  # they share the uma (and oka, and leftover sticks) of the places they span
    SEAT_ORDER = "seat_order"  # the one nearer the first dealer takes the better place (Tenhou, Mahjong Soul)


class PaoCounters(Value):
    """The ``pao_counters`` knob: who pays the counters when a yakuman with a liable player is won
    off another player's discard."""

    DISCARDER_PAYS = "discarder_pays"
    LIABLE_PAYS = "liable_pays"  # Tenhou rules


class MultiRonSticks(Value):
    """The ``multi_ron_sticks`` knob: the riichi sticks and counters of a multiple ron."""

    EACH = "each"  # each riichi winner takes back his own stick, each winner is paid the counters
    FIRST = "first"  # every stick and all the counters to the first winner after the discarder


class NagashiMode(Value):
    """The ``nagashi_mode`` knob: how a nagashi mangan is paid and what follows it."""

    MANGAN_TSUMO = "mangan_tsumo"  # paid as a mangan tsumo, counters included; the dealer's nagashi keeps the deal
    MANGAN_AT_DRAW = "mangan_at_draw"  # a mangan without counters; else an exhaustive draw (dealer stays if tenpai)


class ResultRounding(Value):
    """The ``result_rounding`` knob: how each player's points from the return enter the result."""

    EXACT = "exact"  # to the point
    THOUSANDS = "thousands"  # each score in whole thousands (500 away from zero); first place takes the remainder


class PenaltyTo(Value):
    """Where a penalty's points go: into the riichi pot, or off the final result."""

    POT = "pot"
    RESULT = "result"


class IncidentKind(Value):
    """An irregularity settled during an American or MCR hand (a game log's ``incidents``)."""

    DEAD_HAND_CHALLENGE = "dead_hand_challenge"
    MAHJONG_IN_ERROR = "mahjong_in_error"
    FALSE_MAHJONG = "false_mahjong"  # MCR: the caller pays each other player and cannot win the hand


class MCRMeld(Value):
    """A called meld of an MCR win by its tiles (a concealed kong is declared, not called)."""

    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    CONCEALED_KONG = "concealed_kong"


class MCRCondition(Value):
    """What the tiles of an MCR win cannot show: the wall's last tile, a kong (a replacement
    tile or a robbed kong), the fourth copy of the winning tile."""

    LAST_TILE = "last_tile"
    KONG = "kong"
    FOURTH_TILE = "fourth_tile"


# every vocabulary, for the layout test that finds a bare value outside this module
VOCABULARIES = (
    FamilyName,
    RiichiResult,
    AmericanResult,
    MCRResult,
    AbortiveReason,
    PaoHand,
    ChomboMode,
    MultiRon,
    LeftoverRiichi,
    Renhou,
    TimeUp,
    TsumoPayment,
    North,
    Extension,
    UmaTies,
    MultiRonSticks,
    NagashiMode,
    ResultRounding,
    PaoCounters,
    PenaltyTo,
    IncidentKind,
    MCRMeld,
    MCRCondition,
)
