"""What an online game log says, reader-independent: the players, each round's start, its
riichi sticks and its end with the deltas the online site paid. Frozen dataclasses; the
readers build them, ``mapping`` turns them into the site's game log."""

from dataclasses import dataclass

from scoring.rules.vocabulary import AbortiveReason

WINDS = ("East", "South", "West", "North")
# Tenhou's yaku, by the number its XML uses (the JSON names them): 52-54 are the dora
YAKU = (
    "門前清自摸和",
    "立直",
    "一発",
    "槍槓",
    "嶺上開花",
    "海底摸月",
    "河底撈魚",
    "平和",
    "断幺九",
    "一盃口",
    "自風東",
    "自風南",
    "自風西",
    "自風北",
    "場風東",
    "場風南",
    "場風西",
    "場風北",
    "役牌白",
    "役牌發",
    "役牌中",
    "両立直",
    "七対子",
    "混全帯幺九",
    "一気通貫",
    "三色同順",
    "三色同刻",
    "三槓子",
    "対々和",
    "三暗刻",
    "小三元",
    "混老頭",
    "二盃口",
    "純全帯幺九",
    "混一色",
    "清一色",
    "人和",
    "天和",
    "地和",
    "大三元",
    "四暗刻",
    "四暗刻単騎",
    "字一色",
    "緑一色",
    "清老頭",
    "九蓮宝燈",
    "純正九蓮宝燈",
    "国士無双",
    "国士無双１３面",
    "大四喜",
    "小四喜",
    "四槓子",
    "ドラ",
    "裏ドラ",
    "赤ドラ",
)
# abortive draws: Tenhou's XML type and the JSON's label -> the game log's reason
ABORTIVE = {
    "yao9": AbortiveReason.NINE_TERMINALS,
    "九種九牌": AbortiveReason.NINE_TERMINALS,
    "kaze4": AbortiveReason.FOUR_WINDS,
    "四風連打": AbortiveReason.FOUR_WINDS,
    "kan4": AbortiveReason.FOUR_KONGS,
    "四槓散了": AbortiveReason.FOUR_KONGS,
    "reach4": AbortiveReason.FOUR_RIICHI,
    "四家立直": AbortiveReason.FOUR_RIICHI,
    "ron3": AbortiveReason.TRIPLE_RON,
    "三家和了": AbortiveReason.TRIPLE_RON,
}
MAX_BYTES = 2_000_000  # a whole hanchan is 20-100 kB: anything bigger is not a game log
FOUR = 4  # Tenhou writes four of everything (names, scores, deltas); at a table of three the fourth is empty


class OnlineError(ValueError):
    """An online log the club's records refuse; the message is one line saying why."""


@dataclass(frozen=True, slots=True)
class OnlineWin:
    """One winner: ``discarder`` None is a self-draw; ``liable`` the pao player, if any."""

    winner: int
    discarder: int | None
    han: int
    fu: int
    yakuman: int
    liable: int | None = None


@dataclass(frozen=True, slots=True)
class OnlineRound:
    """One round: ``rotation`` as Tenhou counts it, four to a wind at any table (0 = East 1 …
    7 = South 4, 8 on: the West round; a table of three skips 3, 7 …), the counters and riichi
    sticks on the table at its start, the scores at its start (one per seat), the players whose
    riichi stick went down, and its end: ``result`` win / draw / abortive, with the deltas the
    online site paid (riichi sticks put down this round not included)."""

    rotation: int
    counters: int
    sticks: int
    scores: tuple[int, ...]
    riichi: tuple[int, ...]
    result: str
    deltas: tuple[int, ...]
    wins: tuple[OnlineWin, ...] = ()
    tenpai: tuple[int, ...] = ()
    nagashi: tuple[int, ...] = ()
    reason: str = ""

    @property
    def label(self) -> str:
        """How the online site names the round: "East 2, counter 1"."""
        return f"{WINDS[self.rotation // FOUR % FOUR]} {self.rotation % FOUR + 1}, counter {self.counters}"


@dataclass(frozen=True, slots=True)
class OnlineGame:
    """An online game of four or three players: ``source`` names it ("tenhou:<log id>", or the
    content's SHA-256 where the log has no id), ``players`` in seat order East, South, West
    (North) of the first round, ``final`` the scores the online site ended on (None if the log
    does not say), ``date`` an ISO date where the log id tells it."""

    source: str
    players: tuple[str, ...]
    rounds: tuple[OnlineRound, ...]
    hanchan: bool = True
    final: tuple[int, ...] | None = None
    date: str | None = None
    start: str | None = None

    @property
    def seats(self) -> int:
        return len(self.players)


def seat_count(names: int, three: bool) -> int:
    """The players of a game whose log names ``names`` of them (three or four: Tenhou writes an
    empty fourth name at a table of three) and whose rule flags say ``three`` players or not."""
    if three and names == FOUR:
        fail("", "the log's rule is a three-player game, but it names four players")
    return names


def at_seats(values: list[int], seats: int, where: str, what: str) -> tuple[int, ...]:
    """``values`` (whole numbers, one per seat) for a table of ``seats``: Tenhou writes four at a
    table of three, the fourth 0."""
    if len(values) == FOUR and seats < FOUR:
        if values[FOUR - 1]:
            fail(where, f"{what} of a three-player game have nothing in fourth place, not {values[FOUR - 1]}")
        values = values[:seats]
    if len(values) != seats:
        fail(where, f"{what} must be {seats} whole numbers, one per player")
    return tuple(values)


def yaku_name(text: str) -> str:
    """A yaku's name as the table above spells it (the JSON writes "役牌 中", "自風 東")."""
    return text.replace(" ", "").replace("\u3000", "")


def fail(where: str, problem: str):
    raise OnlineError(f"{where}: {problem}" if where else problem)
