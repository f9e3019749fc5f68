"""RuleSet: every rule knob in one frozen dataclass, and the club's presets with their sources.

A preset is a ``RuleSet``; a club's own ruleset is a preset with some knobs overridden
(``with_overrides``), remembering the preset it derives from (``based_on``), so that the
engine can still quote the right rulebook clause.
"""

from dataclasses import dataclass, fields, replace

from .bounds import MAX_POINTS
from .errors import Citation, RuleError, gettext_noop

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
    """Every rule knob. Points are integers (15000, not 15)."""

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
    # hands entered by their tiles
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
    def most_dora_indicators(self) -> int:
        """One dora indicator, and one more for each kan any player declared where the ruleset
        has kan dora (EMA Riichi Competition Rules 2016, §3.3.2): a hand has four kans at most."""
        return 1 + 4 * self.kan_dora

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
        """Whether a chombo is a deduction from the result rather than a payment (EMA Riichi
        Competition Rules 2016, §3.4.6)."""
        return self.chombo == "deduction" or (self.chombo == "deduction_in_tournament" and tournament)

    def knobs(self) -> dict:
        """Every overridable knob as JSON-ready values (the names a game log's ``rules`` uses)."""
        return {name: _to_json(name, getattr(self, name)) for name in KNOBS}

    def changed_knobs(self, other: "RuleSet") -> dict:
        """The knobs of ``self`` that differ from ``other`` (the ``rules`` of an exported log)."""
        mine, theirs = self.knobs(), other.knobs()
        return {name: value for name, value in mine.items() if value != theirs[name]}

    def with_overrides(self, overrides: dict, *, slug: str = "", name: str = "") -> "RuleSet":
        """A copy with knobs overridden by name; a bad knob raises RuleError."""
        if not isinstance(overrides, dict):
            raise RuleError("'rules' must be an object of knob names and values")
        values = {}
        for knob, value in overrides.items():
            if knob == "family":
                raise RuleError("the knob 'family' is fixed by the preset and cannot be overridden")
            if knob not in KNOBS:
                raise RuleError(f"unknown rule knob {knob!r}; the knobs are listed on the rules page")
            values[knob] = _from_json(knob, value)
        if not slug and not name and all(getattr(self, knob) == value for knob, value in values.items()):
            return self  # overrides that change nothing: still this ruleset (to_document writes no `rules`)
        ruleset = replace(self, slug=slug or self.slug, name=name or self.name, based_on=self.preset, **values)
        ruleset.check()
        return ruleset

    def check(self) -> None:
        """Raise RuleError if knobs contradict each other (e.g. a return below zero)."""
        from .families import family_of  # the families build on RuleSet

        family_of(self).check(self)
        if self.max_yakuman < 1 or self.min_han_at_5_counters < 1:
            raise RuleError(gettext_noop("max_yakuman and min_han_at_5_counters are at least 1"))
        for knob in ("chombo_points", "mistaken_call_to_pot", "honba_value"):
            value = getattr(self, knob)
            if value < 0 or value % 100:
                raise RuleError(gettext_noop("%(knob)s must be a multiple of 100 and not negative"), knob=knob)
        if self.honba_value % 300:
            raise RuleError(
                gettext_noop("honba_value must be a multiple of 300: a third is paid by each payer of a tsumo")
            )
        if self.lowest_hand_value < 1:
            raise RuleError(gettext_noop("lowest_hand_value must be positive"))
        if self.double_wind_pair_fu not in (2, 4):
            raise RuleError("double_wind_pair_fu must be 2 or 4")


def _to_json(knob, value):
    if knob == "uma_situational":
        return {str(count): list(uma) for count, uma in value}
    return list(value) if isinstance(value, tuple) else value


def _choices(knob, value, allowed):
    if value not in allowed:
        raise RuleError(f"rule knob {knob!r} must be one of {', '.join(allowed)}, not {value!r}")
    return value


def _int(knob, value):
    if type(value) is not int:
        raise RuleError(f"rule knob {knob!r} must be a whole number, not {value!r}")
    if abs(value) > MAX_POINTS:
        raise RuleError(
            f"rule knob {knob!r} is {value}: more than the records hold (at most {MAX_POINTS:,} either way)"
        )
    return value


def _uma(knob, value):
    if not isinstance(value, list) or len(value) != 4:
        raise RuleError(f"rule knob {knob!r} must be a list of 4 whole numbers, 1st place first")
    return tuple(_int(knob, v) for v in value)


def _from_json(knob, value):
    """Validate one knob's JSON value and convert it to the dataclass field's type."""
    kind = KNOBS[knob]
    if kind is bool:
        if type(value) is not bool:
            raise RuleError(f"rule knob {knob!r} must be true or false, not {value!r}")
        return value
    if kind is int:
        return _int(knob, value)
    if kind == "uma":
        return _uma(knob, value)
    if kind == "uma_situational":
        if not isinstance(value, dict):
            raise RuleError(f"rule knob {knob!r} must map a count of players below start to 4 uma values")
        pairs = []
        for count, uma in value.items():
            if not (isinstance(count, str) and count.isdigit() and 0 <= int(count) <= 4):
                raise RuleError(f"rule knob {knob!r}: {count!r} is not a count of players from 0 to 4")
            pairs.append((int(count), _uma(knob, uma)))
        return tuple(sorted(pairs))
    if isinstance(kind, tuple) and kind[0] == "list":
        if not isinstance(value, list) or any(type(v) is not str for v in value) or len(set(value)) != len(value):
            raise RuleError(f"rule knob {knob!r} must be a list without repeats from {', '.join(kind[1])}")
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
        RuleSet(
            "ema-2025",
            "EMA 2025",
            RIICHI,
            kiriage=True,
            chombo="deduction_in_tournament",
            chombo_points=20000,
            double_wind_pair_fu=2,
            time_up="one_more_hand",
        ),
        RuleSet(
            "ema-2016",
            "EMA 2016",
            RIICHI,
            chombo="deduction_in_tournament",
            chombo_points=20000,
            time_up="one_more_hand",
        ),
        RuleSet(
            "ema-2008",
            "EMA 2008",
            RIICHI,
            uma=(30000, 10000, -10000, -30000),
            kazoe=True,
            max_yakuman=2,
            abortive_draws=("nine_terminals", "four_winds", "four_kongs", "four_riichi"),
            nagashi=True,
            abortive_counter=False,
            abortive_dealer_stays=False,
            chombo="reverse_mangan",
            min_han_at_5_counters=2,
            open_tanyao=False,
            red_fives=True,
            renhou="yakuman",
        ),
        RuleSet(
            "wrc",
            "WRC",
            RIICHI,
            kiriage=True,
            max_yakuman=6,
            multi_ron="head_bump",
            chombo="deduction",
            chombo_points=30000,
            leftover_riichi="lost",
            double_wind_pair_fu=2,
        ),
        RuleSet(
            "reach",
            "Reach",
            RIICHI,
            start_points=25000,
            return_points=30000,
            uma=(20000, 10000, -10000, -20000),
            kazoe=True,
            abortive_draws=_ALL_ABORTIVE,
            nagashi=True,
            pao_hands=_BIG_AND_KONGS,
            kan_pao=True,
            chombo="reverse_mangan",
            mistaken_call_to_pot=1000,
            bust=True,
        ),
        RuleSet(
            "mleague",
            "M-League",
            RIICHI,
            start_points=25000,
            return_points=30000,
            uma=(30000, 10000, -10000, -30000),
            kiriage=True,
            max_yakuman=6,
            multi_ron="head_bump",
            pao_hands=_BIG_AND_KONGS,
            chombo="deduction",
            chombo_points=20000,
            red_fives=True,
            renhou="none",
        ),
        RuleSet(
            "jpml-a",
            "JPML-A",
            RIICHI,
            uma=(8000, 4000, -4000, -8000),
            uma_situational=((1, (8000, 3000, 1000, -12000)), (3, (12000, -1000, -3000, -8000))),
            multi_ron="head_bump",
            abortive_draws=_ALL_ABORTIVE,
            pao_hands=_BIG_AND_KONGS,
            chombo="deduction",
            chombo_points=20000,
            leftover_riichi="lost",
            renhou="none",
            ura_dora=False,
            kan_dora=False,
            ippatsu=False,
        ),
        RuleSet(
            "american",
            "American (NMJL-style)",
            AMERICAN,
            start_points=0,
            return_points=0,
            uma=(0, 0, 0, 0),
            pao_hands=(),
            chombo_points=0,
        ),
    )
}
# The preset a new club is offered first: the EMA's rulebook in force.
NEWEST_PRESET = "ema-2025"

# The rulebook of each preset, as the club names it.
BOOKS: dict[str, str] = {
    "ema-2025": "EMA Riichi: Rules for Japanese Mahjong 2025",
    "ema-2016": "EMA Riichi Competition Rules 2016",
    "ema-2008": "EMA Riichi Competition Rules 2008",
    "wrc": "World Riichi Championship Rules 2022",
    "reach": "Reach club rules, 'Yer Out!' (2007)",
    "mleague": "M-League rules",
    "jpml-a": "JPML A rules",
    "american": "American penalties and errors",
}
CLUB_RULE = gettext_noop("the club's rule: decided where the rulebook is silent")
CLUBS_CHOICE = gettext_noop("the club's own ruleset")

# Where each knob of a preset comes from, for the rules page: the rulebook and its clause, or
# the club's rule where the rulebook is silent. Knobs not named: the preset's "*".
SOURCES: dict[str, dict[str, str]] = {
    "ema-2025": {
        "*": gettext_noop("EMA Riichi: Rules for Japanese Mahjong 2025, as the 2016 rules"),
        "kiriage": gettext_noop("EMA Riichi: Rules for Japanese Mahjong 2025, §4.1.3"),
        "double_wind_pair_fu": gettext_noop("EMA Riichi: Rules for Japanese Mahjong 2025, §4.1.1"),
        "renhou": gettext_noop(
            "EMA Riichi: Rules for Japanese Mahjong 2025, §4.2: 5 han, combined with neither yaku nor dora"
        ),
        **dict.fromkeys(
            ("chombo", "chombo_points"), gettext_noop("EMA Riichi: Rules for Japanese Mahjong 2025, §3.4.6")
        ),
        "leftover_riichi": gettext_noop(
            "EMA Riichi: Rules for Japanese Mahjong 2025, as the 2016 rules; a tie's "
            "split rounded down to 100: the club's rule, decided where the "
            "rulebook is silent"
        ),
        "time_up": gettext_noop(
            "the club's rule, decided where the rulebook is silent: as the 2016 rules, one "
            "more hand after the gong; a chombo in it is replayed and does not end the game"
        ),
    },
    "ema-2016": {
        "*": gettext_noop("EMA Riichi Competition Rules 2016"),
        **dict.fromkeys(("chombo", "chombo_points"), gettext_noop("EMA Riichi Competition Rules 2016, §3.4.6")),
        **dict.fromkeys(("uma", "uma_ties"), gettext_noop("EMA Riichi Competition Rules 2016, §3.6.1")),
        "leftover_riichi": gettext_noop(
            "EMA Riichi Competition Rules 2016, §3.6; a tie's split rounded down "
            "to 100: the club's rule, decided where the rulebook is silent"
        ),
        "multi_ron": gettext_noop("EMA Riichi Competition Rules 2016, §3.4.9 and §3.3.14"),
        "pao_hands": gettext_noop("EMA Riichi Competition Rules 2016, §3.3.9"),
        "abortive_draws": gettext_noop("EMA Riichi Competition Rules 2016, §3.3.10: play goes on after a fourth kong"),
        **dict.fromkeys(
            ("abortive_counter", "honba_value"), gettext_noop("EMA Riichi Competition Rules 2016, §3.4.10")
        ),
        "abortive_dealer_stays": gettext_noop("EMA Riichi Competition Rules 2016, §3.4.11"),
        **dict.fromkeys(
            ("open_tanyao", "red_fives", "renhou"),
            gettext_noop("EMA Riichi Competition Rules 2016, the changes from the earlier rules"),
        ),
        "double_wind_pair_fu": CLUB_RULE,
        "time_up": gettext_noop("EMA Riichi Competition Rules 2016, time limit"),
    },
    "ema-2008": {
        "*": gettext_noop("EMA Riichi Competition Rules 2008"),
        "uma": gettext_noop("EMA Riichi Competition Rules 2008, §3.6.1"),
        "chombo": gettext_noop("EMA Riichi Competition Rules 2008, §3.4.6"),
        "abortive_draws": gettext_noop(
            "four kongs: EMA Riichi Competition Rules 2008, §3.3.9; the others: the "
            "club's rule, decided where the rulebook is silent"
        ),
        "abortive_counter": gettext_noop(
            "EMA Riichi Competition Rules 2008, §3.4.10; for abortive draws, the club's rule"
        ),
        "abortive_dealer_stays": gettext_noop(
            "EMA Riichi Competition Rules 2008, §3.4.12; for abortive draws, the club's rule"
        ),
        "max_yakuman": gettext_noop(
            "the club's rule, decided where the rulebook is silent: only big four winds is a double yakuman"
        ),
        **dict.fromkeys(("kazoe", "nagashi", "min_han_at_5_counters", "double_wind_pair_fu", "renhou"), CLUB_RULE),
        "leftover_riichi": gettext_noop("EMA Riichi Competition Rules 2008, §3.6"),
        "honba_value": gettext_noop("EMA Riichi Competition Rules 2008, §3.4.10"),
    },
    "reach": {
        "*": CLUB_RULE,
        "chombo": gettext_noop("Reach club rules, 'Yer Out!' (2007), \"Hand Replay\""),
        "mistaken_call_to_pot": gettext_noop("Reach club rules, 'Yer Out!' (2007), \"Mistaken Pung/Chow\""),
        "pao_hands": gettext_noop("Reach club rules, 'Yer Out!' (2007), \"Limit Hand Pows\""),
        "kan_pao": gettext_noop("Reach club rules, 'Yer Out!' (2007), \"Non-Limit Quad Win Pow\""),
    },
    "wrc": {
        "*": gettext_noop("World Riichi Championship Rules 2022"),
    },
    "mleague": {
        "*": gettext_noop("M-League rules"),
        "kazoe": gettext_noop("M-League rules: no kazoe yakuman, 13 han or more is a sanbaiman"),
        "max_yakuman": gettext_noop("M-League rules: different yakuman in one hand combine"),
        "double_wind_pair_fu": CLUB_RULE,
    },
    "jpml-a": {
        "*": gettext_noop("JPML A rules"),
        **dict.fromkeys(("double_wind_pair_fu", "renhou"), CLUB_RULE),
    },
    "american": {
        "*": gettext_noop("American penalties and errors"),
        "lowest_hand_value": gettext_noop(
            "American penalties and errors; 25: the club's rule, decided where the rulebook is silent"
        ),
    },
}
LAST_HAND_AT_GONG = gettext_noop(
    "the club's rule, decided where the rulebook is silent: the hand in progress at the gong is the last"
)


def source_of(preset: str, knob: str) -> str:
    """Where a preset's knob comes from, for the rules page (in English; the rulebook
    translates it)."""
    table = SOURCES.get(preset, {})
    if knob == "time_up" and knob not in table:
        return LAST_HAND_AT_GONG
    return table.get(knob) or table.get("*", CLUB_RULE)


def knob_clause(rules: RuleSet, knob: str) -> Citation:
    """The source of one of ``rules``' knobs, quoted in a message: the preset's (a club's copy
    quotes the preset it derives from, unless it changed that knob)."""
    preset = PRESETS.get(rules.preset)
    changed = preset is not None and getattr(preset, knob) != getattr(rules, knob)
    return Citation("", CLUBS_CHOICE if changed else source_of(rules.preset, knob), numbered=False)


# The clauses quoted in error messages, by preset and topic; a topic a preset's text does not
# number is quoted by its subject (``TOPICS``) after the rulebook's name.
CLAUSES: dict[str, dict[str, str]] = {
    "ema-2025": {"chombo": "§3.4.6", "noten_riichi": "§3.4.6"},
    "ema-2016": {
        "chombo": "§3.4.6",
        "noten_riichi": "§3.4.6",
        "dead_hand": "§3.4.7",
        "win": "§3.4.9",
        "counters": "§3.4.10",
        "dealer": "§3.4.11",
        "game_end": "§3.5",
        "liability": "§3.3.9",
        "riichi": "§3.3.14",
        "uma": "§3.6.1",
        "abortive": "§3.3.10",
        "dora": "§3.3.2",
    },
    "ema-2008": {
        "chombo": "§3.4.6",
        "noten_riichi": "§3.4.6",
        "dead_hand": "§3.4.7",
        "win": "§3.4.9",
        "counters": "§3.4.10",
        "dealer": "§3.4.12",
        "game_end": "§3.5",
        "liability": "§3.3.9",
        "riichi": "§3.3.12",
        "uma": "§3.6.1",
        "abortive": "§3.3.9",
    },
    "reach": {
        "chombo": '"Hand Replay"',
        "noten_riichi": '"Non-ready Reach"',
        "dead_hand": '"Dead Hand"',
        "liability": '"Limit Hand Pows"',
        "kan_pao": '"Non-Limit Quad Win Pow"',
        "mistaken_call": '"Mistaken Pung/Chow"',
    },
    "american": {
        "dead_hand_challenge": '"Death Challenge"',
        "misnamed_discard": '"Erroneous Discard"',
        "mahjong_in_error": '"Erroneous Mahjong"',
    },
}
TOPICS: dict[str, str] = {
    "chombo": gettext_noop("chombo"),
    "noten_riichi": gettext_noop("riichi at an exhaustive draw"),
    "dead_hand": gettext_noop("dead hand"),
    "win": gettext_noop("paying a win"),
    "counters": gettext_noop("counters"),
    "dealer": gettext_noop("the deal"),
    "game_end": gettext_noop("the end of the game"),
    "liability": gettext_noop("liability (pao)"),
    "riichi": gettext_noop("riichi sticks"),
    "uma": gettext_noop("uma"),
    "abortive": gettext_noop("abortive draws"),
    "han_fu": gettext_noop("han and fu"),
    "multi_ron": gettext_noop("multiple ron"),
    "min_han": gettext_noop("the least han with five counters"),
    "penalty": gettext_noop("penalties"),
    "mistaken_call": gettext_noop("mistaken call"),
    "kan_pao": gettext_noop("kan pao"),
    "nagashi": gettext_noop("nagashi mangan"),
    "dora": gettext_noop("dora indicators"),
    "american": gettext_noop("paying a mahjong"),
    "dead_hand_challenge": gettext_noop("dead-hand challenge"),
    "misnamed_discard": gettext_noop("misnamed discard"),
    "mahjong_in_error": gettext_noop("mahjong in error"),
}


def clause(rules: RuleSet, topic: str) -> Citation:
    """The rule a message quotes: the preset's rulebook and its clause, or the rulebook and the
    subject where its text numbers none (a club's copy quotes the preset it derives from)."""
    own = CLAUSES.get(rules.preset, {}).get(topic)
    book = BOOKS.get(rules.preset, rules.name)
    return Citation(book, own or TOPICS[topic], numbered=bool(own))


def get_preset(slug: str) -> RuleSet:
    try:
        return PRESETS[slug]
    except KeyError:
        raise RuleError(f"unknown ruleset {slug!r}; the presets are {', '.join(PRESETS)}") from None
