"""The ``RuleSet``: every rule knob in one frozen dataclass, and its JSON form.

A club's own ruleset is a preset with some knobs overridden (``with_overrides``),
remembering the preset it derives from (``based_on``), so that the engine can still quote
the right rulebook clause. ``knobs`` writes the knobs as JSON (a game log's ``rules``, a
ruleset row); ``with_overrides`` reads them back, refusing a bad one with a ``RuleError``.
"""

from dataclasses import dataclass, fields, replace
from fractions import Fraction
from typing import Any, Protocol

from ..bounds import MAX_POINTS
from ..errors import RuleError, gettext_noop
from ..vocabulary import (
    AbortiveReason,
    AmericanScoring,
    ChomboMode,
    Extension,
    FamilyName,
    LeftoverRiichi,
    MultiRon,
    MultiRonSticks,
    NagashiMode,
    North,
    PaoCounters,
    PaoHand,
    Renhou,
    ResultRounding,
    TimeUp,
    TsumoPayment,
    UmaTies,
)

RIICHI = FamilyName.RIICHI
AMERICAN = FamilyName.AMERICAN
MCR = FamilyName.MCR
SANMA = FamilyName.SANMA
# each knob's values, in the order the rules page offers them
ABORTIVE_REASONS = tuple(AbortiveReason)
PAO_HANDS = tuple(PaoHand)
CHOMBO_MODES = tuple(ChomboMode)
MULTI_RON_MODES = tuple(MultiRon)
MULTI_RON_STICKS_MODES = tuple(MultiRonSticks)
NAGASHI_MODES = tuple(NagashiMode)
RESULT_ROUNDING_MODES = tuple(ResultRounding)
PAO_COUNTERS_MODES = tuple(PaoCounters)
LEFTOVER_MODES = tuple(LeftoverRiichi)
RENHOU_MODES = tuple(Renhou)
TIME_UP_MODES = tuple(TimeUp)
UMA_TIES_MODES = tuple(UmaTies)
TSUMO_PAYMENT_MODES = tuple(TsumoPayment)
NORTH_MODES = tuple(North)
EXTENSION_MODES = tuple(Extension)
AMERICAN_SCORING_MODES = tuple(AmericanScoring)
# the discarder's loss under tournament points by exposures: 0, 1, 2, 3 or more groups exposed
EXPOSURE_STEPS = 4
ROUNDS = (2, 1)  # the game lengths: hanchan (East and South), East-only (tonpuusen)


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every rule knob. Points are integers (15000, not 15)."""

    slug: str
    name: str
    family: str
    based_on: str = ""
    start_points: int = 30000
    return_points: int = 30000
    uma: tuple[int, ...] = (15000, 5000, -5000, -15000)
    uma_situational: tuple[tuple[int, tuple[int, ...]], ...] = ()
    uma_ties: str = UmaTies.SHARE
    result_rounding: str = ResultRounding.EXACT
    kiriage: bool = False
    kazoe: bool = False
    max_yakuman: int = 1
    multi_ron: str = MultiRon.ALLOW
    multi_ron_sticks: str = MultiRonSticks.EACH
    abortive_draws: tuple[str, ...] = ()
    nagashi: bool = False
    nagashi_mode: str = NagashiMode.MANGAN_TSUMO
    abortive_counter: bool = True
    abortive_dealer_stays: bool = True
    dealer_repeats: bool = True  # the dealer keeps the deal on a win or tenpai at a draw (renchan)
    pao_hands: tuple[str, ...] = (PaoHand.BIG_DRAGONS, PaoHand.BIG_WINDS)
    kan_pao: bool = False
    pao_counters: str = PaoCounters.DISCARDER_PAYS
    chombo: str = ChomboMode.REVERSE_MANGAN
    chombo_points: int = 20000
    mistaken_call_to_pot: int = 0
    leftover_riichi: str = LeftoverRiichi.WINNER
    bust: bool = False
    min_han_at_5_counters: int = 1
    honba_value: int = 300
    lowest_hand_value: int = 25
    # American tournament points (the US tournament rules): settle-up or tournament points, and the points the
    # discarder of the winning tile loses by their exposures (0, 1, 2, 3 or more)
    american_scoring: str = AmericanScoring.SETTLE_UP
    discarder_loss: tuple[int, ...] = (0, 0, 0, 0)
    # hands entered by their tiles
    open_tanyao: bool = True
    red_fives: bool = False
    double_wind_pair_fu: int = 4
    renhou: str = Renhou.MANGAN
    ura_dora: bool = True
    kan_dora: bool = True
    ippatsu: bool = True
    time_up: str = TimeUp.LAST_HAND
    # MCR (Mahjong Competition Rules, 2006)
    min_fan: int = 8
    false_mahjong_points: int = 10
    table_points: tuple[Fraction, ...] = ()  # by place, first place first; none where results rank
    # three seats (Tenhou three-player rules); the defaults are four-player riichi's
    tsumo_payment: str = TsumoPayment.LOSS
    noten_pool: int = 3000
    north: str = North.WIND
    finish_points: int = 0  # the least top score that ends the game after its last round (0: none)
    extension: str = Extension.NONE
    rounds: int = 2  # winds of play before the game can end: 1 East-only (tonpuusen), 2 hanchan (East and South)

    @property
    def preset(self) -> str:
        """The preset this ruleset is (or derives from): the rulebook its clauses quote."""
        return self.based_on or self.slug

    @property
    def zero_sum(self) -> bool:
        """Whether every hand only moves points between the players and the pot: not under American
        tournament points, where each player scores points of their own for the game (the US tournament rules)."""
        return self.american_scoring != AmericanScoring.TOURNAMENT_POINTS

    @property
    def most_dora_indicators(self) -> int:
        """One dora indicator, and one more for each kan any player declared where the ruleset
        has kan dora (EMA Riichi Competition Rules 2016, §3.3.2): a hand has four kans at most."""
        return 1 + 4 * self.kan_dora

    def uma_for(self, below_start: int) -> tuple[int, ...]:
        """Uma by place; ``uma_situational`` wins when the count of players below start matches."""
        for count, uma in self.uma_situational:
            if count == below_start:
                return uma
        return self.uma

    def chombo_is_deduction(self, tournament: bool) -> bool:
        """Whether a chombo is a deduction from the result rather than a payment (EMA Riichi
        Competition Rules 2016, §3.4.6)."""
        return self.chombo == ChomboMode.DEDUCTION or (self.chombo == ChomboMode.DEDUCTION_IN_TOURNAMENT and tournament)

    def knobs(self) -> dict[str, Any]:
        """Every overridable knob as JSON-ready values (the names a game log's ``rules`` uses)."""
        return {name: _to_json(name, getattr(self, name)) for name in KNOBS}

    def changed_knobs(self, other: "RuleSet") -> dict[str, Any]:
        """The knobs of ``self`` that differ from ``other`` (the ``rules`` of an exported log)."""
        mine, theirs = self.knobs(), other.knobs()
        return {name: value for name, value in mine.items() if value != theirs[name]}

    def with_overrides(self, overrides: object, *, slug: str = "", name: str = "") -> "RuleSet":
        """A copy with knobs overridden by name; a bad knob raises RuleError."""
        if not isinstance(overrides, dict):
            raise RuleError("'rules' must be an object of knob names and values")
        values: dict[str, Any] = {}  # knob -> its value, of the type _from_json checked it has
        seats = 0  # how many sit at the family's table: the family asked once, at the first knob
        for knob, value in overrides.items():
            if knob == "family":
                raise RuleError("the knob 'family' is fixed by the preset and cannot be overridden")
            if knob not in KNOBS:
                raise RuleError(f"unknown rule knob {knob!r}; the knobs are listed on the rules page")
            seats = seats or _family(self).SEATS
            values[knob] = _from_json(knob, value, seats)
        if not slug and not name and all(getattr(self, knob) == value for knob, value in values.items()):
            return self  # overrides that change nothing: still this ruleset (to_document writes no `rules`)
        ruleset = replace(self, slug=slug or self.slug, name=name or self.name, based_on=self.preset, **values)
        ruleset.check()
        return ruleset

    def check(self) -> None:
        """Raise RuleError if knobs contradict each other (e.g. a return below zero)."""
        _family(self).check(self)
        if self.max_yakuman < 1 or self.min_han_at_5_counters < 1:
            raise RuleError(gettext_noop("max_yakuman and min_han_at_5_counters are at least 1"))
        for knob in ("chombo_points", "mistaken_call_to_pot", "honba_value", "noten_pool", "finish_points"):
            value = getattr(self, knob)
            if value < 0 or value % 100:
                raise RuleError(gettext_noop("%(knob)s must be a multiple of 100 and not negative"), knob=knob)
        if self.lowest_hand_value < 1:
            raise RuleError(gettext_noop("lowest_hand_value must be positive"))
        if self.double_wind_pair_fu not in (2, 4):
            raise RuleError("double_wind_pair_fu must be 2 or 4")
        if self.american_scoring != AmericanScoring.SETTLE_UP and self.family != AMERICAN:
            raise RuleError(gettext_noop("tournament points (american_scoring) are for American rulesets only"))
        if self.rounds not in ROUNDS:
            raise RuleError(gettext_noop("rounds must be 1 (East-only) or 2 (hanchan)"))


def _to_json(knob: str, value: Any) -> Any:
    if knob == "uma_situational":
        return {str(count): list(uma) for count, uma in value}
    if knob == "table_points":  # quarters are exact in JSON's numbers
        return [int(v) if v.denominator == 1 else float(v) for v in value]
    return list(value) if isinstance(value, tuple) else value


def _choices(knob: str, value: object, allowed: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise RuleError(f"rule knob {knob!r} must be one of {', '.join(allowed)}, not {value!r}")
    return value


def _int(knob: str, value: object) -> int:
    if type(value) is not int:
        raise RuleError(f"rule knob {knob!r} must be a whole number, not {value!r}")
    if abs(value) > MAX_POINTS:
        raise RuleError(
            f"rule knob {knob!r} is {value}: more than the records hold (at most {MAX_POINTS:,} either way)"
        )
    return value


class FamilyKnobs(Protocol):
    """What the codec asks of a ruleset's family (``scoring.rules.families.Family`` gives it)."""

    NAME: str
    SEATS: int

    def check(self, rules: RuleSet) -> None: ...


# the families build on RuleSet: they register here when imported (``scoring.rules.families``,
# which the engine's package imports), so that the imports run one way (codec <- families)
_FAMILIES: dict[str, FamilyKnobs] = {}


def register_family(family: FamilyKnobs) -> None:
    _FAMILIES[family.NAME] = family


def _family(rules: RuleSet) -> FamilyKnobs:
    """The family of ``rules``; RuleError if the engine has none of that name."""
    try:
        return _FAMILIES[rules.family]
    except KeyError:
        raise RuleError(f"unknown rule family {rules.family!r}; the families are {', '.join(_FAMILIES)}") from None


def _uma(knob: str, value: object, seats: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != seats:
        raise RuleError(f"rule knob {knob!r} must be a list of {seats} whole numbers, 1st place first")
    return tuple(_int(knob, v) for v in value)


def _table_points(knob: str, value: object, seats: int) -> tuple[Fraction, ...]:
    """Table points by place, each a whole number or a multiple of a quarter (4, 2, 1, 0.5); an
    empty list: none (the family ranks by results)."""
    if not isinstance(value, list) or len(value) not in (0, seats):
        raise RuleError(f"rule knob {knob!r} must be a list of {seats} numbers, 1st place first (or empty)")
    points = []
    for v in value:
        if type(v) not in (int, float) or not 0 <= v <= 100 or (v * 4) % 1:
            raise RuleError(f"rule knob {knob!r}: {v!r} is not a number of table points from 0 to 100 in quarters")
        points.append(Fraction(v))
    return tuple(points)


def _losses(knob: str, value: object) -> tuple[int, ...]:
    """The discarder's loss by exposures: 4 whole numbers, not negative (0, 1, 2, 3 or more exposed)."""
    if not isinstance(value, list) or len(value) != EXPOSURE_STEPS:
        raise RuleError(
            f"rule knob {knob!r} must be a list of {EXPOSURE_STEPS} points the discarder loses, "
            "for 0, 1, 2 and 3 or more exposures"
        )
    losses = tuple(_int(knob, v) for v in value)
    if any(v < 0 for v in losses):
        raise RuleError(f"rule knob {knob!r}: a loss is written as a positive number of points, not {list(value)}")
    return losses


def _from_json(knob: str, value: object, seats: int) -> object:
    """Validate one knob's JSON value and convert it to the dataclass field's type (uma: one
    value for each of the family's ``seats``)."""
    kind = KNOBS[knob]
    if kind is bool:
        if type(value) is not bool:
            raise RuleError(f"rule knob {knob!r} must be true or false, not {value!r}")
        return value
    if kind is int:
        return _int(knob, value)
    if kind == "uma":
        return _uma(knob, value, seats)
    if kind == "table_points":
        return _table_points(knob, value, seats)
    if kind == "losses":
        return _losses(knob, value)
    if kind == "uma_situational":
        if not isinstance(value, dict):
            raise RuleError(f"rule knob {knob!r} must map a count of players below start to {seats} uma values")
        pairs = []
        for count, uma in value.items():
            if not (isinstance(count, str) and count.isdigit() and 0 <= int(count) <= seats):
                raise RuleError(f"rule knob {knob!r}: {count!r} is not a count of players from 0 to {seats}")
            pairs.append((int(count), _uma(knob, uma, seats)))
        return tuple(sorted(pairs))
    if isinstance(kind, tuple) and kind[0] == "list":
        if not isinstance(value, list) or any(not isinstance(v, str) for v in value) or len(set(value)) != len(value):
            raise RuleError(f"rule knob {knob!r} must be a list without repeats from {', '.join(kind[1])}")
        return tuple(_choices(knob, v, kind[1]) for v in value)
    return _choices(knob, value, kind)


# knob name -> its kind: bool, int, "uma", "uma_situational", ("list", choices) or choices (a tag
# _from_json and the rules page dispatch on, so Any: a union of the kinds narrows to none of them)
KNOBS: dict[str, Any] = {
    "start_points": int,
    "return_points": int,
    "uma": "uma",
    "uma_situational": "uma_situational",
    "uma_ties": UMA_TIES_MODES,
    "result_rounding": RESULT_ROUNDING_MODES,
    "kiriage": bool,
    "kazoe": bool,
    "max_yakuman": int,
    "multi_ron": MULTI_RON_MODES,
    "multi_ron_sticks": MULTI_RON_STICKS_MODES,
    "abortive_draws": ("list", ABORTIVE_REASONS),
    "nagashi": bool,
    "nagashi_mode": NAGASHI_MODES,
    "abortive_counter": bool,
    "abortive_dealer_stays": bool,
    "dealer_repeats": bool,
    "pao_hands": ("list", PAO_HANDS),
    "kan_pao": bool,
    "pao_counters": PAO_COUNTERS_MODES,
    "chombo": CHOMBO_MODES,
    "chombo_points": int,
    "mistaken_call_to_pot": int,
    "leftover_riichi": LEFTOVER_MODES,
    "bust": bool,
    "min_han_at_5_counters": int,
    "honba_value": int,
    "lowest_hand_value": int,
    "american_scoring": AMERICAN_SCORING_MODES,
    "discarder_loss": "losses",
    "open_tanyao": bool,
    "red_fives": bool,
    "double_wind_pair_fu": int,
    "renhou": RENHOU_MODES,
    "ura_dora": bool,
    "kan_dora": bool,
    "ippatsu": bool,
    "time_up": TIME_UP_MODES,
    "min_fan": int,
    "false_mahjong_points": int,
    "table_points": "table_points",
    "tsumo_payment": TSUMO_PAYMENT_MODES,
    "noten_pool": int,
    "north": NORTH_MODES,
    "finish_points": int,
    "extension": EXTENSION_MODES,
    "rounds": int,
}
assert set(KNOBS) == {f.name for f in fields(RuleSet)} - {"slug", "name", "family", "based_on"}
