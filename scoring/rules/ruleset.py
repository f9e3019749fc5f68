"""RuleSet: every knob of rules.md §5 in one frozen dataclass, and the club's presets.

A preset is a ``RuleSet``; a club's own ruleset is a preset with some knobs overridden
(``with_overrides``), remembering the preset it derives from (``based_on``), so that the
engine can still quote the right rulebook clause.
"""

from dataclasses import dataclass, fields, replace

from .bounds import MAX_POINTS
from .errors import RuleError, gettext_noop

RIICHI = "riichi"
AMERICAN = "american"
ABORTIVE_REASONS = ("nine_terminals", "four_winds", "four_kongs", "four_riichi", "triple_ron")
PAO_HANDS = ("big_dragons", "big_winds", "four_kongs")
CHOMBO_MODES = ("reverse_mangan", "deduction", "deduction_in_tournament")
MULTI_RON_MODES = ("allow", "head_bump")
LEFTOVER_MODES = ("winner", "lost")
RENHOU_MODES = ("mangan", "yakuman", "none")
TIME_UP_MODES = ("last_hand", "one_more_hand")


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every rule knob of rules.md §5. Points are integers (15000, not 15)."""

    slug: str
    name: str
    family: str
    based_on: str = ""
    start_points: int = 30000
    return_points: int = 30000
    uma: tuple[int, ...] = (15000, 5000, -5000, -15000)
    uma_situational: tuple[tuple[int, tuple[int, ...]], ...] = ()
    uma_ties: str = "share"
    kiriage: bool = False
    kazoe: bool = False
    max_yakuman: int = 1
    multi_ron: str = "allow"
    abortive_draws: tuple[str, ...] = ()
    nagashi: bool = False
    abortive_counter: bool = True
    abortive_dealer_stays: bool = True
    pao_hands: tuple[str, ...] = ("big_dragons", "big_winds")
    kan_pao: bool = False
    chombo: str = "reverse_mangan"
    chombo_points: int = 20000
    mistaken_call_to_pot: int = 0
    leftover_riichi: str = "winner"
    bust: bool = False
    min_han_at_5_counters: int = 1
    honba_value: int = 300
    lowest_hand_value: int = 25
    # hands entered by their tiles (rules.md §6)
    open_tanyao: bool = True
    red_fives: bool = False
    double_wind_pair_fu: int = 4
    renhou: str = "mangan"
    ura_dora: bool = True
    kan_dora: bool = True
    ippatsu: bool = True
    time_up: str = "last_hand"

    @property
    def preset(self) -> str:
        """The preset this ruleset is (or derives from): the rulebook its clauses quote."""
        return self.based_on or self.slug

    @property
    def is_riichi(self) -> bool:
        return self.family == RIICHI

    def uma_for(self, below_start: int) -> tuple[int, ...]:
        """Uma by place; ``uma_situational`` wins when the count of players below start matches."""
        for count, uma in self.uma_situational:
            if count == below_start:
                return uma
        return self.uma

    def chombo_is_deduction(self, tournament: bool) -> bool:
        """Whether a chombo is a deduction from the result rather than a payment (rules.md §1)."""
        return self.chombo == "deduction" or (self.chombo == "deduction_in_tournament" and tournament)

    def knobs(self) -> dict:
        """Every overridable knob as JSON-ready values (rules.md §5 names)."""
        return {name: _to_json(name, getattr(self, name)) for name in KNOBS}

    def changed_knobs(self, other: "RuleSet") -> dict:
        """The knobs of ``self`` that differ from ``other`` (the ``rules`` of an exported log)."""
        mine, theirs = self.knobs(), other.knobs()
        return {name: value for name, value in mine.items() if value != theirs[name]}

    def with_overrides(self, overrides: dict, *, slug: str = "", name: str = "") -> "RuleSet":
        """A copy with knobs overridden by rules.md §5 names; a bad knob raises RuleError."""
        if not isinstance(overrides, dict):
            raise RuleError("'rules' must be an object of knob names and values (rules.md §5)")
        values = {}
        for knob, value in overrides.items():
            if knob == "family":
                raise RuleError("the knob 'family' is fixed by the preset and cannot be overridden (rules.md §5)")
            if knob not in KNOBS:
                raise RuleError(f"unknown rule knob {knob!r}; the knobs are listed in rules.md §5")
            values[knob] = _from_json(knob, value)
        if not slug and not name and all(getattr(self, knob) == value for knob, value in values.items()):
            return self  # overrides that change nothing: still this ruleset (to_document writes no `rules`)
        ruleset = replace(self, slug=slug or self.slug, name=name or self.name, based_on=self.preset, **values)
        ruleset.check()
        return ruleset

    def check(self) -> None:
        """Raise RuleError if knobs contradict each other (e.g. a return below zero)."""
        if self.is_riichi and self.start_points <= 0:
            raise RuleError(gettext_noop("start_points must be positive (rules.md §5)"))
        if self.max_yakuman < 1 or self.min_han_at_5_counters < 1:
            raise RuleError(gettext_noop("max_yakuman and min_han_at_5_counters are at least 1 (rules.md §5)"))
        for knob in ("chombo_points", "mistaken_call_to_pot", "honba_value"):
            value = getattr(self, knob)
            if value < 0 or value % 100:
                raise RuleError(gettext_noop("%(knob)s must be a multiple of 100 and not negative (rules.md §5)"),
                                knob=knob)
        if self.honba_value % 300:
            raise RuleError(gettext_noop(
                "honba_value must be a multiple of 300: a third is paid by each payer of a tsumo (rules.md §1)"
            ))
        if self.lowest_hand_value < 1:
            raise RuleError(gettext_noop("lowest_hand_value must be positive (rules.md §4)"))
        if self.double_wind_pair_fu not in (2, 4):
            raise RuleError("double_wind_pair_fu must be 2 or 4 (rules.md §6)")


def _to_json(knob, value):
    if knob == "uma_situational":
        return {str(count): list(uma) for count, uma in value}
    return list(value) if isinstance(value, tuple) else value


def _choices(knob, value, allowed):
    if value not in allowed:
        raise RuleError(f"rule knob {knob!r} must be one of {', '.join(allowed)}, not {value!r} (rules.md §5)")
    return value


def _int(knob, value):
    if type(value) is not int:
        raise RuleError(f"rule knob {knob!r} must be a whole number, not {value!r} (rules.md §5)")
    if abs(value) > MAX_POINTS:
        raise RuleError(f"rule knob {knob!r} is {value}: more than the records hold (at most {MAX_POINTS:,} either "
                        "way)")
    return value


def _uma(knob, value):
    if not isinstance(value, list) or len(value) != 4:
        raise RuleError(f"rule knob {knob!r} must be a list of 4 whole numbers, 1st place first (rules.md §5)")
    return tuple(_int(knob, v) for v in value)


def _from_json(knob, value):
    """Validate one knob's JSON value and convert it to the dataclass field's type."""
    kind = KNOBS[knob]
    if kind is bool:
        if type(value) is not bool:
            raise RuleError(f"rule knob {knob!r} must be true or false, not {value!r} (rules.md §5)")
        return value
    if kind is int:
        return _int(knob, value)
    if kind == "uma":
        return _uma(knob, value)
    if kind == "uma_situational":
        if not isinstance(value, dict):
            raise RuleError(f"rule knob {knob!r} must map a count of players below start to 4 uma values (rules.md §5)")
        pairs = []
        for count, uma in value.items():
            if not (isinstance(count, str) and count.isdigit() and 0 <= int(count) <= 4):
                raise RuleError(f"rule knob {knob!r}: {count!r} is not a count of players from 0 to 4 (rules.md §5)")
            pairs.append((int(count), _uma(knob, uma)))
        return tuple(sorted(pairs))
    if isinstance(kind, tuple) and kind[0] == "list":
        if not isinstance(value, list) or any(type(v) is not str for v in value) or len(set(value)) != len(value):
            raise RuleError(
                f"rule knob {knob!r} must be a list without repeats from {', '.join(kind[1])} (rules.md §5)"
            )
        return tuple(_choices(knob, v, kind[1]) for v in value)
    return _choices(knob, value, kind)


# knob name -> its kind: bool, int, "uma", "uma_situational", ("list", choices) or choices
KNOBS = {
    "start_points": int,
    "return_points": int,
    "uma": "uma",
    "uma_situational": "uma_situational",
    "uma_ties": ("share",),
    "kiriage": bool,
    "kazoe": bool,
    "max_yakuman": int,
    "multi_ron": MULTI_RON_MODES,
    "abortive_draws": ("list", ABORTIVE_REASONS),
    "nagashi": bool,
    "abortive_counter": bool,
    "abortive_dealer_stays": bool,
    "pao_hands": ("list", PAO_HANDS),
    "kan_pao": bool,
    "chombo": CHOMBO_MODES,
    "chombo_points": int,
    "mistaken_call_to_pot": int,
    "leftover_riichi": LEFTOVER_MODES,
    "bust": bool,
    "min_han_at_5_counters": int,
    "honba_value": int,
    "lowest_hand_value": int,
    "open_tanyao": bool,
    "red_fives": bool,
    "double_wind_pair_fu": int,
    "renhou": RENHOU_MODES,
    "ura_dora": bool,
    "kan_dora": bool,
    "ippatsu": bool,
    "time_up": TIME_UP_MODES,
}
assert set(KNOBS) == {f.name for f in fields(RuleSet)} - {"slug", "name", "family", "based_on"}

_ALL_ABORTIVE = ABORTIVE_REASONS
_BIG = ("big_dragons", "big_winds")
_BIG_AND_KONGS = _BIG + ("four_kongs",)

PRESETS: dict[str, RuleSet] = {
    r.slug: r
    for r in (
        RuleSet("ema-2016", "EMA 2016", RIICHI, chombo="deduction_in_tournament", chombo_points=20000,
                time_up="one_more_hand"),
        RuleSet(
            "ema-2008", "EMA 2008", RIICHI,
            uma=(30000, 10000, -10000, -30000), kazoe=True, max_yakuman=2,
            abortive_draws=("nine_terminals", "four_winds", "four_kongs", "four_riichi"),
            nagashi=True, abortive_counter=False, abortive_dealer_stays=False,
            chombo="reverse_mangan", min_han_at_5_counters=2,
            open_tanyao=False, red_fives=True, renhou="yakuman",
        ),
        RuleSet(
            "wrc", "WRC", RIICHI, kiriage=True, max_yakuman=6, multi_ron="head_bump",
            chombo="deduction", chombo_points=30000, leftover_riichi="lost", double_wind_pair_fu=2,
        ),
        RuleSet(
            "reach", "Reach", RIICHI, start_points=25000, return_points=30000,
            uma=(20000, 10000, -10000, -20000), kazoe=True, abortive_draws=_ALL_ABORTIVE, nagashi=True,
            pao_hands=_BIG_AND_KONGS, kan_pao=True, chombo="reverse_mangan", mistaken_call_to_pot=1000, bust=True,
        ),
        RuleSet(
            "mleague", "M-League", RIICHI, start_points=25000, return_points=30000,
            uma=(30000, 10000, -10000, -30000), kiriage=True, kazoe=True, multi_ron="head_bump",
            pao_hands=_BIG_AND_KONGS, chombo="deduction", chombo_points=20000, red_fives=True, renhou="none",
        ),
        RuleSet(
            "jpml-a", "JPML-A", RIICHI, uma=(8000, 4000, -4000, -8000),
            uma_situational=((1, (8000, 3000, 1000, -12000)), (3, (12000, -1000, -3000, -8000))),
            multi_ron="head_bump", abortive_draws=_ALL_ABORTIVE, pao_hands=_BIG_AND_KONGS,
            chombo="deduction", chombo_points=20000, leftover_riichi="lost",
            renhou="none", ura_dora=False, kan_dora=False, ippatsu=False,
        ),
        RuleSet(
            "american", "American (NMJL-style)", AMERICAN, start_points=0, return_points=0,
            uma=(0, 0, 0, 0), pao_hands=(), chombo_points=0,
        ),
    )
}

# Where each knob of a preset comes from (rules.md §2): a seed clause, the published
# rulebook, or "decided" where the texts are silent. Knobs not named: the rules.md §1 default.
SOURCES: dict[str, dict[str, str]] = {
    "ema-2016": {
        "*": gettext_noop("EMA Riichi Competition Rules 2016 (seed 000, 004)"),
        "chombo": gettext_noop("EMA 2016 §3.4.6 (seed 000)"),
        "chombo_points": gettext_noop("EMA 2016 §3.4.6 (seed 000)"),
        "uma": gettext_noop("EMA 2016 §3.6.1 (seed 000)"),
        "uma_ties": gettext_noop("EMA 2016 §3.6.1 (seed 000)"),
        "leftover_riichi": gettext_noop("EMA 2016 §3.6 (seed 000); split rounded down to 100: decided"),
        "multi_ron": gettext_noop("EMA 2016 §3.4.9, §3.3.14 (seed 000, 004)"),
        "pao_hands": gettext_noop("EMA 2016 §3.3.9 (seed 004)"),
        "abortive_draws": gettext_noop("EMA 2016 §3.3.10: play goes on after a fourth kong (seed 004)"),
        "abortive_counter": gettext_noop("EMA 2016 §3.4.10 (seed 000)"),
        "abortive_dealer_stays": gettext_noop("EMA 2016 §3.4.11 (seed 000)"),
        "honba_value": gettext_noop("EMA 2016 §3.4.10 (seed 000)"),
        **dict.fromkeys(("open_tanyao", "red_fives", "renhou"), gettext_noop("EMA 2016 change list (rules.md §6)")),
        "double_wind_pair_fu": gettext_noop("decided (rules.md §6)"),
        "time_up": gettext_noop("EMA Riichi Competition Rules 2016, time limit (published; quoted in issue 12)"),
    },
    "ema-2008": {
        "*": gettext_noop("EMA Riichi rules 2008 (seed 001, 004)"),
        "uma": gettext_noop("EMA 2008 §3.6.1 (seed 001)"),
        "chombo": gettext_noop("EMA 2008 §3.4.6 (seed 001)"),
        "abortive_draws": gettext_noop("four kongs: EMA 2008 §3.3.9 (seed 004); the others: decided"),
        "abortive_counter": gettext_noop("EMA 2008 §3.4.10 (seed 001), decided for abortive draws"),
        "abortive_dealer_stays": gettext_noop("EMA 2008 §3.4.12 (seed 001), decided for abortive draws"),
        "kazoe": gettext_noop("decided"),
        "max_yakuman": gettext_noop("decided: only big four winds is a double yakuman"),
        "nagashi": gettext_noop("decided"),
        "min_han_at_5_counters": gettext_noop("decided"),
        "leftover_riichi": gettext_noop("EMA 2008 §3.6 (seed 001)"),
        "honba_value": gettext_noop("EMA 2008 §3.4.10 (seed 001)"),
        **dict.fromkeys(("open_tanyao", "red_fives", "ura_dora", "kan_dora"),
                        gettext_noop("EMA 2008 rules (rules.md §6)")),
        **dict.fromkeys(("double_wind_pair_fu", "renhou"), gettext_noop("decided (rules.md §6)")),
    },
    "reach": {
        "*": gettext_noop("decided (the Reach text is silent)"),
        "chombo": gettext_noop('Reach "Hand Replay" (seed 002)'),
        "mistaken_call_to_pot": gettext_noop('Reach "Mistaken Pung/Chow" (seed 002)'),
        "pao_hands": gettext_noop('Reach "Limit Hand Pows" (seed 002)'),
        "kan_pao": gettext_noop('Reach "Non-Limit Quad Win Pow" (seed 002)'),
    },
    "wrc": {
        "*": gettext_noop("World Riichi Championship rules (published)"),
        "chombo_points": gettext_noop("WRC 2022 rules (published)"),
        "double_wind_pair_fu": gettext_noop("WRC 2022 rules (published)"),
    },
    "mleague": {
        "*": gettext_noop("M-League rules (published)"),
        "double_wind_pair_fu": gettext_noop("decided (rules.md §6)"),
    },
    "jpml-a": {
        "*": gettext_noop("JPML A rules (published)"),
        **dict.fromkeys(("double_wind_pair_fu", "renhou"), gettext_noop("decided (rules.md §6)")),
    },
    "american": {"*": gettext_noop("American penalties & errors (seed 003)"),
                 "lowest_hand_value": gettext_noop("seed 003; 25: decided")},
}


def source_of(preset: str, knob: str) -> str:
    """Where a preset's knob comes from, for the rules page (in English; the rulebook
    translates it)."""
    if knob == "time_up" and preset != "ema-2016":
        return gettext_noop("decided: the hand in progress at the gong is the last (issue 12)")
    table = SOURCES.get(preset, {})
    return table.get(knob) or table.get("*", gettext_noop("decided"))


# Clauses quoted in error messages and notes, by preset and topic.
CLAUSES: dict[str, dict[str, str]] = {
    "ema-2016": {
        "chombo": "EMA 2016 §3.4.6", "noten_riichi": "EMA 2016 §3.4.6", "dead_hand": "EMA 2016 §3.4.7",
        "win": "EMA 2016 §3.4.9", "counters": "EMA 2016 §3.4.10", "dealer": "EMA 2016 §3.4.11",
        "game_end": "EMA 2016 §3.5", "liability": "EMA 2016 §3.3.9", "riichi": "EMA 2016 §3.3.14",
        "uma": "EMA 2016 §3.6.1", "abortive": "EMA 2016 §3.3.10",
    },
    "ema-2008": {
        "chombo": "EMA 2008 §3.4.6", "noten_riichi": "EMA 2008 §3.4.6", "dead_hand": "EMA 2008 §3.4.7",
        "win": "EMA 2008 §3.4.9", "counters": "EMA 2008 §3.4.10", "dealer": "EMA 2008 §3.4.12",
        "game_end": "EMA 2008 §3.5", "liability": "EMA 2008 §3.3.9", "riichi": "EMA 2008 §3.3.12",
        "uma": "EMA 2008 §3.6.1", "abortive": "EMA 2008 §3.3.9",
    },
    "reach": {
        "chombo": 'Reach "Hand Replay"', "noten_riichi": 'Reach "Non-ready Reach"',
        "dead_hand": 'Reach "Dead Hand"', "liability": 'Reach "Limit Hand Pows"',
        "kan_pao": 'Reach "Non-Limit Quad Win Pow"', "mistaken_call": 'Reach "Mistaken Pung/Chow"',
    },
    "american": {
        "dead_hand_challenge": "American rules, Death Challenge",
        "misnamed_discard": "American rules, Erroneous Discard",
        "mahjong_in_error": "American rules, Erroneous Mahjong",
    },
}
# Where a preset's own text has no clause: the section of rules.md that decides it.
_RULES_MD = {
    "chombo": "§1 Chombo", "noten_riichi": "§1 Exhaustive draw", "dead_hand": "§3", "win": "§1 Payments",
    "counters": "§1 Counters", "dealer": "§1 Counters and dealer", "game_end": "§1 Game end",
    "liability": "§1 Liability", "riichi": "§1 Riichi", "uma": "§1 Game end", "abortive": "§1 Counters and dealer",
    "han_fu": "§1 Basic points", "yakuman": "§1 Basic points", "multi_ron": "§1 Multiple ron",
    "min_han": "§2", "penalty": "§3", "mistaken_call": "§3", "kan_pao": "§1 Liability", "nagashi": "§1",
    "american": "§4", "dead_hand_challenge": "§4", "misnamed_discard": "§4", "mahjong_in_error": "§4",
}


def clause(rules: RuleSet, topic: str) -> str:
    """The rule a message quotes: the preset's own clause, else the rules.md section (rules.md §2)."""
    own = CLAUSES.get(rules.preset, {}).get(topic)
    book = PRESETS[rules.preset].name if rules.preset in PRESETS else rules.name
    return own or f"{book} rules (rules.md {_RULES_MD[topic]})"


def get_preset(slug: str) -> RuleSet:
    try:
        return PRESETS[slug]
    except KeyError:
        raise RuleError(f"unknown ruleset {slug!r}; the presets are {', '.join(PRESETS)}") from None
