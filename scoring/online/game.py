"""What an online game log says, reader-independent: the players, each round's start, its
riichi sticks and its end with the deltas the online site paid. Frozen dataclasses; the
readers build them, ``mapping`` turns them into the site's game log."""

import hashlib
import json
import re
from dataclasses import dataclass
from typing import NoReturn

from scoring.rules.families import family_of
from scoring.rules.ruleset import LOBBIES, PRESETS
from scoring.rules.vocabulary import AbortiveReason, ResultRounding

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
# abortive draws: Tenhou's XML type and the JSON's label (Tenhou's, then tensoul's in Japanese,
# romaji and English) -> the game log's reason
_ABORTIVE_NAMES = {
    AbortiveReason.NINE_TERMINALS: ("yao9", "九種九牌", "Kyuushu Kyuuhai", "Nine Terminal Abortion"),
    AbortiveReason.FOUR_WINDS: ("kaze4", "四風連打", "Suufon Renda", "Four Wind Abortion"),
    AbortiveReason.FOUR_KONGS: ("kan4", "四槓散了", "四開槓", "Suukaikan", "Four Kan Abortion"),
    AbortiveReason.FOUR_RIICHI: ("reach4", "四家立直", "Suucha Riichi", "Four Riichi Abortion"),
    AbortiveReason.TRIPLE_RON: ("ron3", "三家和了", "三家和", "Sanchahou", "Three Ron Abortion"),
}
ABORTIVE = {name: reason for reason, names in _ABORTIVE_NAMES.items() for name in names}
MAX_BYTES = 2_000_000  # a whole hanchan is 20-100 kB: anything bigger is not a game log
# Tenhou's log id, "2026113019gm-00a9-0000-5b3c2a1f": the hour it began (JST), the lobby's rule bits,
# the lobby (0000: the ranked rooms; a private lobby's number, five digits in Ron2's "…gm-010b-10103-…"), a key
TENHOU_ID = re.compile(r"(\d{10})gm-[0-9a-f]{4}-(\d{5}|[0-9a-f]{4})-[0-9a-f]{8}")
# the names an online site gives a player who did not log in: never one club player
ANONYMOUS = frozenset({"noname"})
RESULT = re.compile(r"(-?)(\d{1,6})(?:\.(\d{1,3}))?")  # a result in thousands: "45.0", "-12.3"
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
    def paid(self) -> tuple[int, ...]:
        """What each seat paid at the table this round: the deltas, and a riichi stick put down."""
        return tuple(d - 1000 * (seat in self.riichi) for seat, d in enumerate(self.deltas))

    @property
    def label(self) -> str:
        """How the online site names the round: "East 2, counter 1"."""
        return f"{WINDS[self.rotation // FOUR % FOUR]} {self.rotation % FOUR + 1}, counter {self.counters}"


@dataclass(frozen=True, slots=True)
class OnlineGame:
    """An online game of four or three players: ``players`` in seat order East, South, West
    (North) of the first round, ``final`` the scores the online site ended on (None if the log
    does not say), ``results`` the results it gave each player, in points (None if the log does
    not say), ``log_id`` Tenhou's id of the game where the file tells it, ``lobby`` the preset of
    the lobby the log says it was played in (None if it does not say), ``east_only`` a game of
    the East round alone (tonpuusen), ``earlier`` the identity its file had before identities
    came from the content (the module ``earlier``)."""

    players: tuple[str, ...]
    rounds: tuple[OnlineRound, ...]
    final: tuple[int, ...] | None = None
    results: tuple[int, ...] | None = None
    log_id: str | None = None
    lobby: str | None = None
    east_only: bool = False
    earlier: str | None = None
    room: str = ""  # the room of its own the log names ("Tenhou private lobby 1111"), "" for a ranked room
    chips: tuple[int, ...] | None = None  # a chip lobby's (祝儀) chips at the end, one per seat: not points
    renamed: tuple[str, ...] = ()  # seats the log gives a name another seat has, as told apart ("Name (2)")
    stated: tuple[tuple[str, object], ...] = ()  # rule knobs the log states for its room (Tenhou's csrule)

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def source(self) -> str:
        """The game's identity, from what it is (its players, and every round's start, scores and
        deltas): the same in its mjlog and its JSON, whatever the file is called."""
        facts = [self.players, [(r.rotation, r.counters, r.sticks, r.scores, r.deltas) for r in self.rounds]]
        canonical = json.dumps(facts, separators=(",", ":"), ensure_ascii=False)
        return "sha256:" + hashlib.sha256(canonical.encode()).hexdigest()

    @property
    def sources(self) -> tuple[str, ...]:
        """Its identity, and those it may have been stored under before identities came from the
        content: its file's then, and "tenhou:<log id>" (its mjlog's then, named after it)."""
        before = (self.earlier, f"tenhou:{self.log_id}" if self.log_id else None)
        return tuple(dict.fromkeys(s for s in (self.source, *before) if s))

    @property
    def date(self) -> str | None:
        """The ISO date the game began, where its log id tells it."""
        return f"{self.log_id[:4]}-{self.log_id[4:6]}-{self.log_id[6:8]}" if self.log_id else None

    @property
    def start(self) -> str | None:
        return f"{self.log_id[8:10]}:00" if self.log_id else None


def private_lobby(found_id: str | None) -> str:
    """The private lobby a Tenhou log id names ("" for the ranked rooms' lobby 0000)."""
    found = TENHOU_ID.fullmatch(found_id or "")
    return found.group(2) if found and found.group(2).strip("0") else ""


def told_apart(names: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The players' names with a name another seat already has (ignoring case) told apart as
    "Name (2)", "Name (3)"; and those new names. Mahjong Soul lets two players share a name."""
    seen: set[str] = set()
    out, renamed = [], []
    for name in names:
        unique, number = name, 2
        while unique.casefold() in seen:
            unique, number = f"{name} ({number})", number + 1
        seen.add(unique.casefold())
        out.append(unique)
        if unique != name:
            renamed.append(unique)
    return tuple(out), tuple(renamed)


def log_id(*texts: object) -> str | None:
    """The first Tenhou log id in ``texts`` (the log's own reference, then its file name)."""
    for text in texts:
        found = TENHOU_ID.search(text) if isinstance(text, str) else None
        if found:
            return found.group(0)
    return None


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


def tenhou_lobby(seats: int, results: tuple[int, ...] | None) -> str:
    """The preset of Tenhou's ranked lobby: its results in whole thousands (as its logs gave them
    until 2021; a game whose final scores are whole thousands agrees under both), or exact."""
    rounded = bool(results) and all(r % 1000 == 0 for r in results or ())
    return next(
        slug
        for slug, lobby in LOBBIES.items()
        if lobby == "Tenhou"
        and family_of(PRESETS[slug]).SEATS == seats
        and (PRESETS[slug].result_rounding == ResultRounding.THOUSANDS) == rounded
    )


def thousandths(text: str, where: str, what: str) -> int:
    """A result the log writes in thousands with a decimal ("45.0", "-12.3") in points, exactly
    (the decimal text, never a float)."""
    found = RESULT.fullmatch(text)
    if not found:
        fail(where, f"{what} must be in thousands with at most three decimals, not {text[:20]!r}")
    sign, whole, decimals = found.groups()
    points = 1000 * int(whole) + int((decimals or "").ljust(3, "0"))
    return -points if sign else points


def yaku_name(text: str) -> str:
    """A yaku's name as the table above spells it (the JSON writes "役牌 中", "自風 東")."""
    return text.replace(" ", "").replace("\u3000", "")


def fail(where: str, problem: str) -> NoReturn:
    raise OnlineError(f"{where}: {problem}" if where else problem)
