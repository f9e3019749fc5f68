"""What each rule knob is called and means for people, and how its value reads.

One place for the labels and explanations of the rule knobs, reused by the rules page, the
admin and the table page. The rule engine (``scoring.rules``) knows the knobs by name only;
which knobs a family's rulesets have is its ``rulebook`` piece's ``KNOBS``.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from scoring.rules import (
    KNOBS,
    PRESETS,
    AbortiveReason,
    ChomboMode,
    LeftoverRiichi,
    MultiRon,
    PaoHand,
    Renhou,
    RuleSet,
    TimeUp,
    UmaTies,
    source_of,
)
from scoring.rules.ruleset import SUMMARIES
from scoring.rules.table_points import shown
from scoring.rules.vocabulary import (
    AmericanScoring,
    Extension,
    MultiRonSticks,
    NagashiMode,
    North,
    PaoCounters,
    ResultRounding,
    TsumoPayment,
)

from .numbers import points
from .piece import rulebook_piece

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True)
class Knob:
    name: str
    label: "StrOrPromise"  # marked for translation, read in the reader's language
    help: "StrOrPromise"


# Every knob, in the order the rules page lists them.
KNOB_INFO: dict[str, Knob] = {
    k.name: k
    for k in (
        Knob("start_points", _("Start points"), _("Points each player starts the game with.")),
        Knob(
            "return_points",
            _("Return points"),
            _("The target each player's result is measured from; above the start points, the difference is oka."),
        ),
        Knob("uma", _("Uma"), _("Points added to or taken from each result by final place, first place first.")),
        Knob(
            "uma_situational",
            _("Situational uma"),
            _(
                "Uma used instead when the number of players who end below the start points matches; "
                "otherwise the ordinary uma applies."
            ),
        ),
        Knob(
            "uma_ties",
            _("Uma on a tie"),
            _(
                "What players tied on points at the end get: a share of the uma of the places they span, or "
                "the better place for the one nearer the first dealer."
            ),
        ),
        Knob(
            "result_rounding",
            _("Rounding of results"),
            _("How each player's points from the return points count in the result: exactly, or in thousands."),
        ),
        Knob(
            "kiriage",
            _("Kiriage mangan"),
            _("4 han 30 fu and 3 han 60 fu are rounded up to a mangan."),
        ),
        Knob(
            "kazoe",
            _("Kazoe yakuman"),
            _("13 or more han count as a yakuman; without it they are a sanbaiman."),
        ),
        Knob("max_yakuman", _("Most yakuman in one win"), _("The largest multiple of yakuman a single win may score.")),
        Knob(
            "multi_ron",
            _("Multiple ron"),
            _(
                "Whether several players may win on the same discard, or only the first in turn order after "
                "the discarder (head bump)."
            ),
        ),
        Knob(
            "multi_ron_sticks",
            _("Sticks and counters in a multiple ron"),
            _(
                "Who takes the riichi sticks and the counters when several players win on one discard: each "
                "riichi winner his own stick and every winner the counters, or the first winner after the "
                "discarder all of them."
            ),
        ),
        Knob(
            "abortive_draws",
            _("Abortive draws"),
            _("The situations that end a hand with no winner and no noten payments."),
        ),
        Knob(
            "nagashi",
            _("Nagashi mangan"),
            _("At an exhaustive draw, a player whose discards are all terminals and honours is paid a mangan tsumo."),
        ),
        Knob(
            "nagashi_mode",
            _("Nagashi mangan paid as"),
            _(
                "A mangan tsumo with the counters, the dealer's nagashi keeping the deal; or a mangan without "
                "counters at an exhaustive draw, the dealer keeping the deal only if tenpai."
            ),
        ),
        Knob(
            "abortive_counter",
            _("Counter after an abortive draw"),
            _("An abortive draw adds a counter (honba)."),
        ),
        Knob(
            "abortive_dealer_stays",
            _("Dealer stays after an abortive draw"),
            _("The dealer keeps the deal after an abortive draw."),
        ),
        Knob(
            "dealer_repeats",
            _("Dealer repeats"),
            _(
                "The dealer keeps the deal after winning a hand or being tenpai at an exhaustive draw "
                "(renchan); where not, the deal passes after every hand, a counter added after a draw."
            ),
        ),
        Knob(
            "pao_hands",
            _("Liability (pao)"),
            _("Yakuman for which the player who fed the last set is liable for the payment."),
        ),
        Knob(
            "kan_pao",
            _("Kan pao"),
            _("A win on the replacement tile of an open kong is paid by the player whose discard was konged."),
        ),
        Knob(
            "pao_counters",
            _("Counters on a liable ron"),
            _(
                "Who pays the counters when a yakuman with a liable player is won off another player's "
                "discard: the discarder, or the liable player."
            ),
        ),
        Knob(
            "chombo",
            _("Chombo"),
            _(
                "How a chombo (an invalid win, a noten riichi, …) is paid: a reverse mangan at the table, "
                "or a deduction from the offender's result."
            ),
        ),
        Knob(
            "chombo_points",
            _("Chombo deduction"),
            _("Points taken from the offender's result, after uma, for each chombo."),
        ),
        Knob(
            "mistaken_call_to_pot",
            _("Mistaken call"),
            _("Points a mistaken call (declared, not melded) puts into the riichi pot."),
        ),
        Knob(
            "leftover_riichi",
            _("Leftover riichi sticks"),
            _("Riichi sticks still on the table when the game ends: to the player in first place, or lost."),
        ),
        Knob("bust", _("Bust"), _("A score below zero after a hand ends the game.")),
        Knob(
            "min_han_at_5_counters",
            _("Least han with 5+ counters"),
            _("The least han a win needs while five or more counters are on the table."),
        ),
        Knob(
            "honba_value",
            _("Counter value"),
            _(
                "Points per counter (honba) added to a ron; shared by the payers of a tsumo (a third each at "
                "four seats, half each at three)."
            ),
        ),
        Knob(
            "lowest_hand_value",
            _("Lowest hand value"),
            _("The card's lowest hand value: what a dead-hand challenge or a broken wall costs."),
        ),
        Knob(
            "american_scoring",
            _("Scoring"),
            _(
                "Settle-up: the players pay the winner. Tournament points: each player scores points for the "
                "game: the winner the card value, +10 self-picked, +20 jokerless; each live hand +10 at a wall "
                "game; the discarder of the winning tile a loss by exposures; a dead hand 0."
            ),
        ),
        Knob(
            "discarder_loss",
            _("Loss for the discarder"),
            _(
                "Under tournament points, what the discarder of the winning tile loses with 0, 1, 2, and 3 or "
                "more groups exposed."
            ),
        ),
        Knob(
            "noten_pool",
            _("Noten payments"),
            _("Points the noten players pay in all to the tenpai players at an exhaustive draw."),
        ),
        Knob(
            "rounds",
            _("Game length"),
            _(
                "Hanchan: the East and South rounds; East-only (tonpuusen): the East round. The game ends once "
                "the deal has passed every seat in its last round."
            ),
        ),
        Knob(
            "finish_points",
            _("Points to finish"),
            _("The least top score that ends the game after its last round; without it the game goes on."),
        ),
        Knob(
            "extension",
            _("Extension"),
            _("What follows the last round when nobody has the points to finish."),
        ),
        Knob(
            "tsumo_payment",
            _("Self-draw at three seats"),
            _("Who pays the missing North seat's share of a self-draw at a table of three."),
        ),
        Knob("north", _("North"), _("What a North is at a table of three: set aside as a dora, or a plain wind.")),
        # hands entered by their tiles
        Knob("open_tanyao", _("Open tanyao"), _("All simples counts in an open hand too.")),
        Knob("red_fives", _("Red fives"), _("One red five per suit, each worth a dora.")),
        Knob(
            "double_wind_pair_fu",
            _("Double-wind pair fu"),
            _("Fu for a pair of the wind that is both the seat and the round wind."),
        ),
        Knob(
            "renhou",
            _("Renhou"),
            _(
                "A non-dealer's ron before his first draw: a mangan (other yaku count instead where worth more), "
                "a yakuman, or nothing."
            ),
        ),
        Knob("ura_dora", _("Ura dora"), _("The tiles under the dora indicators count for a riichi winner.")),
        Knob("kan_dora", _("Kan dora"), _("Each kong turns over another dora indicator.")),
        Knob(
            "ippatsu", _("Ippatsu"), _("A riichi winner's win within one go-around of his declaration is worth a han.")
        ),
        Knob(
            "time_up",
            _("When time is up"),
            _(
                "What happens at the round's gong: the hand in progress is the last, or one more hand may be "
                "started after it (a chombo does not count as that hand)."
            ),
        ),
        Knob("min_fan", _("Minimum points"), _("The least a win scores, not counting flowers.")),
        Knob(
            "false_mahjong_points",
            _("False mahjong"),
            _("What the caller of a false mahjong pays each other player; the hand goes on and he cannot win it."),
        ),
        Knob(
            "table_points",
            _("Table points"),
            _("Table points by place after each session, first place first; tied players share the places they span."),
        ),
    )
}
assert set(KNOB_INFO) == set(KNOBS), "every RuleSet knob needs a label"

# Readable labels of the knobs' choice values.
VALUE_LABELS: "dict[str, StrOrPromise]" = {
    # abortive draws
    AbortiveReason.NINE_TERMINALS: _("nine terminals"),
    AbortiveReason.FOUR_WINDS: _("four winds"),
    AbortiveReason.FOUR_KONGS: _("four kongs"),
    AbortiveReason.FOUR_RIICHI: _("four riichi"),
    AbortiveReason.TRIPLE_RON: _("triple ron"),
    # liability hands (four kongs as above)
    PaoHand.BIG_DRAGONS: _("big three dragons"),
    PaoHand.BIG_WINDS: _("big four winds"),
    # chombo modes
    ChomboMode.REVERSE_MANGAN: _("reverse mangan, paid at the table"),
    ChomboMode.DEDUCTION: _("deduction from the result"),
    ChomboMode.DEDUCTION_IN_TOURNAMENT: _("deduction in tournament games, reverse mangan otherwise"),
    # multiple ron
    MultiRon.ALLOW: _("allowed (double and triple ron)"),
    MultiRon.HEAD_BUMP: _("head bump: only the first in turn order wins"),
    # leftover riichi sticks
    LeftoverRiichi.WINNER: _("to first place (split on a tie)"),
    LeftoverRiichi.LOST: _("lost"),
    # uma on a tie
    UmaTies.SHARE: _("shared"),
    UmaTies.SEAT_ORDER: _("the player nearer the first dealer takes the better place, its uma and the leftover sticks"),
    # rounding of results
    ResultRounding.EXACT: _("exact"),
    ResultRounding.THOUSANDS: _(
        "each final score in whole thousands, 500 rounded away from zero; first place takes the remainder"
    ),
    # counters on a liable ron
    PaoCounters.DISCARDER_PAYS: _("the discarder"),
    PaoCounters.LIABLE_PAYS: _("the liable player"),
    # sticks and counters in a multiple ron
    MultiRonSticks.EACH: _("each riichi winner takes back his own stick, every winner is paid the counters"),
    MultiRonSticks.FIRST: _("every stick and all the counters to the first winner after the discarder"),
    # nagashi mangan
    NagashiMode.MANGAN_TSUMO: _("a mangan tsumo with the counters; the dealer's nagashi keeps the deal"),
    NagashiMode.MANGAN_AT_DRAW: _("a mangan without counters; the dealer keeps the deal only if tenpai"),
    # renhou
    Renhou.MANGAN: _("a mangan (5 han), combined with neither yaku nor dora"),
    Renhou.YAKUMAN: _("a yakuman"),
    Renhou.NONE: _("not a yaku"),
    # when time is up
    TimeUp.LAST_HAND: _("the hand in progress is the last"),
    TimeUp.ONE_MORE_HAND: _("one more hand may be started after the gong; a chombo does not count as that hand"),
    # the self-draw at three seats
    TsumoPayment.LOSS: _("tsumo loss: the North's share is not paid"),
    TsumoPayment.BISECTION: _("bisection: the North's share split between the two payers"),
    TsumoPayment.FULL: _("full: the two payers pay the whole ron value"),
    # North at three seats
    North.NUKIDORA: _("set aside as a dora (nukidora)"),
    North.WIND: _("a plain wind"),
    # American scoring
    AmericanScoring.SETTLE_UP: _("settle-up: the players pay the winner"),
    AmericanScoring.TOURNAMENT_POINTS: _("tournament points for each game"),
    # the extension
    Extension.NEXT_WIND: _("play into the next wind until someone has the points to finish"),
}

# One sentence on each preset (its block in ``scoring.rules.ruleset.presets``), in the reader's language.
PRESET_SUMMARIES: "dict[str, StrOrPromise]" = {slug: _(summary) for slug, summary in SUMMARIES.items()}


# The game lengths (the ``rounds`` knob): how the table page, the game page and the boards name them.
LENGTHS: "dict[int, StrOrPromise]" = {2: _("Hanchan"), 1: _("East-only")}


def length_label(rounds: int) -> str:
    return str(LENGTHS[rounds])


def has_length(of: str | RuleSet) -> bool:
    """Whether games of a family (its name, or a ruleset of it) end after a number of rounds of
    the wind, so that a club chooses their length (riichi, sanma: its ``rulebook``'s ``rounds``)."""
    return "rounds" in rulebook_piece(of).KNOBS


def uma_text(uma: Iterable[int]) -> str:
    return " / ".join(points(v, signed=True) for v in uma)


def value_label(value: str) -> str:
    return str(VALUE_LABELS.get(value, value.replace("_", " ")))


def family_value_label(ruleset: RuleSet, value: str) -> str:
    """A knob's value as the ruleset's family reads it (its ``rulebook`` piece's ``VALUE_LABELS``:
    sanma's multiple ron is a double ron at most), else as ``value_label`` reads it."""
    label = rulebook_piece(ruleset).VALUE_LABELS.get(value)
    return str(label) if label is not None else value_label(value)


def format_knob_lines(ruleset: RuleSet, knob: str) -> list[str]:
    """The value of one knob as lines (several only for situational uma, one per case)."""
    value = getattr(ruleset, knob)
    if knob == "uma_situational" and value:
        return [
            ngettext("%(count)s player below start: %(uma)s", "%(count)s players below start: %(uma)s", count)
            % {"count": count, "uma": uma_text(uma)}
            for count, uma in sorted(value, reverse=True)
        ]
    return [format_knob(ruleset, knob)]


def format_knob(ruleset: RuleSet, knob: str) -> str:
    """The value of one knob of ``ruleset`` as a club member reads it."""
    value = getattr(ruleset, knob)
    kind = KNOBS[knob]
    if kind is bool:
        return gettext("yes") if value else gettext("no")
    if knob in ("uma",):
        return uma_text(value)
    if knob == "table_points":
        return " / ".join(shown(v) for v in value)
    if knob == "discarder_loss":
        return " / ".join(points(-v, signed=True) if v else "0" for v in value)
    if knob == "uma_situational":
        return "; ".join(format_knob_lines(ruleset, knob)) if value else gettext("none")
    if isinstance(kind, tuple) and kind and kind[0] == "list":
        return ", ".join(family_value_label(ruleset, v) for v in value) if value else gettext("none")
    if knob == "extension" and value == Extension.NONE:  # "none" is also a renhou value: its own words here
        return gettext("none: the game ends after its last round")
    if isinstance(kind, tuple):
        return family_value_label(ruleset, value)
    if knob == "rounds":
        return length_label(value)
    if knob == "finish_points" and value == 0:
        return gettext("none")
    if knob == "mistaken_call_to_pot" and value == 0:
        return gettext("no such penalty")
    if knob == "chombo_points" and ruleset.chombo == ChomboMode.REVERSE_MANGAN:
        return gettext("%(points)s (not used: chombo is a reverse mangan)") % {"points": points(value)}
    if knob in ("max_yakuman", "min_han_at_5_counters", "double_wind_pair_fu", "min_fan", "false_mahjong_points"):
        return str(value)
    return points(value)


@dataclass(frozen=True)
class KnobRow:
    name: str
    label: str
    lines: list[str]  # the value, usually one line
    source: str
    help: str

    @property
    def value(self) -> str:
        return "; ".join(self.lines)


def knobs_for(ruleset: RuleSet) -> list[Knob]:
    """The knobs of the ruleset's family (its ``rulebook`` piece's ``KNOBS``), in the rules page's order."""
    names = rulebook_piece(ruleset).KNOBS
    return [k for k in KNOB_INFO.values() if k.name in names]


def knob_source(ruleset: RuleSet, knob: str) -> str:
    """Where the knob's value comes from: the preset's source, or the club's own choice where
    a club's copy changed it."""
    if ruleset.based_on and getattr(ruleset, knob) != getattr(PRESETS[ruleset.based_on], knob):
        return gettext("the club's choice (%(preset)s: %(value)s)") % {
            "preset": PRESETS[ruleset.based_on].name,
            "value": "; ".join(format_knob_lines(PRESETS[ruleset.based_on], knob)),
        }
    return gettext(source_of(ruleset.preset, knob))


def knob_row(ruleset: RuleSet, knob: Knob | str) -> KnobRow:
    """The knob of ``ruleset``: label, readable value and where it comes from."""
    k = KNOB_INFO[knob] if isinstance(knob, str) else knob
    return KnobRow(k.name, str(k.label), format_knob_lines(ruleset, k.name), knob_source(ruleset, k.name), str(k.help))


def knob_rows(ruleset: RuleSet) -> list[KnobRow]:
    """One row per knob of ``ruleset``, in the rules page's order."""
    return [knob_row(ruleset, k) for k in knobs_for(ruleset)]


def presets() -> list[RuleSet]:
    return list(PRESETS.values())
