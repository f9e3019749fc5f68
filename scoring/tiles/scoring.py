"""A winning hand scored by its tiles: the ``mahjong`` package counts yaku and fu with
permissive options, and ``apply_ruleset`` turns its answer into the ruleset's han, fu and
yakuman — the one place where the library's yaku meet the club's rules.

The engine still pays: ``TileScore.han``, ``fu`` and ``yakuman`` are what a win records.
At a table of three (the ruleset's family seats three) the library's three-player mode scores:
no 2m–8m, no chi, a 1m indicator makes 9m the dora, and each North set aside (``nuki``, where
the ruleset's ``north`` is nukidora) is a dora (Tenhou three-player rules).
"""

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace

from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.hand_response import HandResponse
from mahjong.meld import Meld as LibraryMeld

from scoring.rules.errors import RuleError, gettext_noop
from scoring.rules.families import family_of
from scoring.rules.ruleset import RuleSet, clause, knob_clause
from scoring.rules.vocabulary import North, Renhou

from .notation import HandTiles, Tile

NO_YAKU_CLOSED = gettext_noop("no yaku: a closed hand without riichi or tsumo needs a yaku")
NO_YAKU_OPEN = gettext_noop("no yaku: an open hand needs a yaku (dora are not yaku)")
# The library's refusals, in the club's words.
LIBRARY_ERRORS = {
    HandCalculator.ERR_HAND_NOT_WINNING: gettext_noop(
        "the tiles are not a complete hand: four sets and a pair, seven pairs or thirteen orphans"
    ),
    HandCalculator.ERR_OPEN_HAND_RIICHI: gettext_noop("riichi needs a closed hand: a called meld cannot be in it"),
    HandCalculator.ERR_OPEN_HAND_DABURI: gettext_noop(
        "double riichi needs a closed hand: a called meld cannot be in it"
    ),
    HandCalculator.ERR_CHANKAN_WITH_TSUMO: gettext_noop("robbing a kan is a ron, not a tsumo"),
    HandCalculator.ERR_RINSHAN_WITHOUT_TSUMO: gettext_noop("a win after a kan is a tsumo on the replacement tile"),
    HandCalculator.ERR_HAITEI_WITH_RINSHAN: gettext_noop(
        "the last tile of the wall is never a replacement tile after a kan"
    ),
    HandCalculator.ERR_HOUTEI_WITH_CHANKAN: gettext_noop("the last discard cannot also rob a kan"),
    HandCalculator.ERR_TENHOU_NOT_AS_DEALER: gettext_noop("tenhou is the dealer's win on his first draw"),
    HandCalculator.ERR_TENHOU_WITHOUT_TSUMO: gettext_noop("tenhou is a tsumo"),
    HandCalculator.ERR_TENHOU_WITH_MELD: gettext_noop("tenhou has no called meld"),
    HandCalculator.ERR_CHIIHOU_AS_DEALER: gettext_noop("chiihou is a non-dealer's win on his first draw"),
    HandCalculator.ERR_CHIIHOU_WITHOUT_TSUMO: gettext_noop("chiihou is a tsumo"),
    HandCalculator.ERR_CHIIHOU_WITH_MELD: gettext_noop("chiihou has no called meld"),
    HandCalculator.ERR_RENHOU_AS_DEALER: gettext_noop("renhou is a non-dealer's win"),
    HandCalculator.ERR_RENHOU_WITH_TSUMO: gettext_noop("renhou is a ron before the winner's first draw"),
    HandCalculator.ERR_RENHOU_WITH_MELD: gettext_noop("renhou has no called meld"),
}
LIBRARY_MELDS = {"chi": LibraryMeld.CHI, "pon": LibraryMeld.PON, "kan": LibraryMeld.KAN, "closed_kan": LibraryMeld.KAN}
NUKIDORA = "Nukidora"  # the Norths set aside, as the picker names them (the library counts them as dora)
DORA_YAKU = ("Dora", "Aka Dora", "Ura Dora")
THREE_PLAYERS = 3
WEST = 29  # the indicator that makes the North a dora


@dataclass(frozen=True, slots=True)
class Yaku:
    name: str
    han: int  # 0 for a yakuman
    yakuman: int = 0


@dataclass(frozen=True, slots=True)
class TileScore:
    """What the tiles give under a ruleset: the yaku, the han, fu and yakuman a win
    records, and the fu breakdown (library reason, fu)."""

    yaku: tuple[Yaku, ...]
    han: int
    fu: int
    yakuman: int
    fu_parts: tuple[tuple[str, int], ...] = ()
    nuki_han: int = 0  # the han of the Norths set aside (among the dora): the table taps them apart


def three_player(rules: RuleSet) -> bool:
    """Whether the ruleset's family seats three: the library's three-player mode."""
    return family_of(rules).SEATS == THREE_PLAYERS


def score_hand(
    tiles: HandTiles, *, rules: RuleSet, seat_wind: int, round_wind: int, tsumo: bool, riichi: bool
) -> TileScore:
    """Score a winning hand by its tiles (winds 0 = East … 3 = North); bad tiles raise RuleError."""
    check_tiles(tiles, rules)
    if tiles.win is None:
        raise RuleError(gettext_noop("the winning tile is missing"), field="tiles")
    config = hand_config(tiles, rules, seat_wind=seat_wind, round_wind=round_wind, tsumo=tsumo, riichi=riichi)
    groups = tile_ids(tiles, rules)
    concealed, melds, win, dora, ura = groups[0], groups[1:-3], groups[-3], groups[-2], groups[-1]
    library_melds = [
        LibraryMeld(LIBRARY_MELDS[m.kind], ids, opened=m.is_open) for m, ids in zip(tiles.melds, melds, strict=True)
    ]
    response = HandCalculator.estimate_hand_value(
        concealed + win + [i for ids in melds for i in ids],
        win[0],
        melds=library_melds,
        dora_indicators=dora,
        ura_dora_indicators=ura,
        config=config,
    )
    if response.error == HandCalculator.ERR_NO_YAKU:
        raise RuleError(NO_YAKU_OPEN if tiles.is_open else NO_YAKU_CLOSED, field="tiles")
    if response.error:
        raise RuleError(LIBRARY_ERRORS.get(response.error, response.error), field="tiles")
    score = apply_ruleset(response, rules, is_open=tiles.is_open)
    return score if score.yakuman or not tiles.nuki else with_nukidora(score, tiles, riichi=riichi)


def with_nukidora(score: TileScore, tiles: HandTiles, *, riichi: bool) -> TileScore:
    """The library counts the Norths set aside among the dora (and the ura dora): one each,
    and one more for each indicator that makes the North a dora (Tenhou three-player rules).
    Named apart here (``Nukidora``), so that the picker shows them and the form taps them."""
    dora = tiles.nuki * (1 + sum(t.index == WEST for t in tiles.dora))
    ura = tiles.nuki * sum(t.index == WEST for t in tiles.ura) if riichi else 0
    less = {"Dora": dora, "Ura Dora": ura}
    yaku = [replace(y, han=y.han - less.get(y.name, 0)) for y in score.yaku]
    yaku = [y for y in yaku if y.han] + [Yaku(NUKIDORA, dora + ura)]
    return replace(score, yaku=tuple(yaku), nuki_han=dora + ura)


def options(rules: RuleSet) -> OptionalRules:
    """The library's options: permissive where the ruleset caps later (open tanyao, double
    yakuman, no kazoe cap, no kiriage: the engine applies those), the ruleset's own where
    it changes a value (red fives, renhou as a yakuman)."""
    return OptionalRules(
        has_open_tanyao=True,
        has_aka_dora=rules.red_fives,
        has_double_yakuman=True,
        kazoe_limit=HandConstants.KAZOE_NO_LIMIT,
        kiriage=False,
        renhou_as_yakuman=rules.renhou == Renhou.YAKUMAN,
        is_three_player=three_player(rules),
    )


def hand_config(
    tiles: HandTiles, rules: RuleSet, *, seat_wind: int, round_wind: int, tsumo: bool, riichi: bool
) -> HandConfig:
    """The library's conditions of the win, refusing those the ruleset or the table rule out."""
    has = tiles.conditions.__contains__
    if has("ippatsu") and not rules.ippatsu:
        raise RuleError(
            gettext_noop("this ruleset has no ippatsu (%(rule)s)"), field="tiles", rule=knob_clause(rules, "ippatsu")
        )
    if has("renhou") and rules.renhou == Renhou.NONE:
        raise RuleError(
            gettext_noop("renhou is not a yaku under this ruleset (%(rule)s)"),
            field="tiles",
            rule=knob_clause(rules, "renhou"),
        )
    if (has("double_riichi") or has("ippatsu")) and not riichi:
        raise RuleError(gettext_noop("double riichi and ippatsu need the winner's riichi"), field="tiles")
    if tiles.ura and not riichi:
        raise RuleError(
            gettext_noop("ura dora count only for a riichi winner (%(rule)s)"),
            field="tiles",
            rule=knob_clause(rules, "ura_dora"),
        )
    if has("after_kan") and not tiles.kans:
        if rules.north != North.NUKIDORA:
            raise RuleError(gettext_noop("a win after a kan needs a kan among the melds"), field="tiles")
        if not tiles.nuki:  # a North set aside gives a replacement draw: a win on it is rinshan
            raise RuleError(
                gettext_noop("a win on a replacement tile needs a kan among the melds or a North set aside (%(rule)s)"),
                field="tiles",
                rule=knob_clause(rules, "north"),
            )
    return HandConfig(
        is_tsumo=tsumo,
        is_riichi=riichi and not has("double_riichi"),
        is_daburu_riichi=has("double_riichi"),
        is_ippatsu=has("ippatsu"),
        is_rinshan=has("after_kan"),  # after a kan, or a North set aside (Tenhou three-player rules)
        is_chankan=has("robbing_kan"),
        is_haitei=has("last_tile") and tsumo,
        is_houtei=has("last_tile") and not tsumo,
        is_tenhou=has("tenhou"),
        is_chiihou=has("chiihou"),
        is_renhou=has("renhou"),
        player_wind=EAST + seat_wind,
        round_wind=EAST + round_wind,
        num_nuki_dora=tiles.nuki,
        options=options(rules),
    )


def check_tiles(tiles: HandTiles, rules: RuleSet) -> None:
    """Copies, count and indicators: never a fifth copy, one red five per suit, at most one
    dora indicator and one more for each kan any player declared (EMA Riichi Competition
    Rules 2016, §3.3.2), ura indicators no more than dora indicators."""
    if three_player(rules):
        check_three_player(tiles)
    if tiles.nuki and rules.north != North.NUKIDORA:
        raise RuleError(
            gettext_noop("this ruleset sets no North aside: a North is a wind (%(rule)s)"),
            field="tiles",
            rule=knob_clause(rules, "north"),
        )
    shown = tiles.every_tile()
    reds = Counter(t.index for t in shown if t.red)
    if reds and not rules.red_fives:
        raise RuleError(
            gettext_noop("this ruleset has no red fives: write 5, not 0 (%(rule)s)"),
            field="tiles",
            rule=knob_clause(rules, "red_fives"),
        )
    if reds and max(reds.values()) > 1:
        raise RuleError(
            gettext_noop("a second red five in one suit: there is one red five per suit (%(rule)s)"),
            field="tiles",
            rule=knob_clause(rules, "red_fives"),
        )
    plain = Counter(t.index for t in shown if not t.red)
    for index, count in (plain + reds).items():
        if count > 4:
            raise RuleError(
                gettext_noop("a fifth %(tile)s: there are four of each tile"), field="tiles", tile=str(Tile(index))
            )
    if rules.red_fives:
        for index, count in plain.items():
            if index in (4, 13, 22) and count > 3:
                raise RuleError(
                    gettext_noop("four plain %(tile)s: with red fives one of them is red (write it 0)"),
                    field="tiles",
                    tile=str(Tile(index)),
                )
    need = 13 - 3 * len(tiles.melds)
    if len(tiles.concealed) != need:
        raise RuleError(
            gettext_noop(
                "the concealed tiles are %(count)s, not %(need)s: a hand holds 13 besides the winning tile, "
                "less 3 for each meld"
            ),
            field="tiles",
            count=len(tiles.concealed),
            need=need,
        )
    if len(tiles.dora) > rules.most_dora_indicators:
        if rules.kan_dora:
            raise RuleError(
                gettext_noop(
                    "too many dora indicators: one, and one more for each kan any player declared, at most "
                    "%(most)s (%(rule)s)"
                ),
                field="tiles",
                most=rules.most_dora_indicators,
                rule=clause(rules, "dora"),
            )
        raise RuleError(
            gettext_noop("too many dora indicators: this ruleset has no kan dora, so there is one (%(rule)s)"),
            field="tiles",
            rule=knob_clause(rules, "kan_dora"),
        )
    if tiles.ura and not rules.ura_dora:
        raise RuleError(
            gettext_noop("this ruleset has no ura dora (%(rule)s)"), field="tiles", rule=knob_clause(rules, "ura_dora")
        )
    if len(tiles.ura) > len(tiles.dora):
        raise RuleError(
            gettext_noop("more ura dora indicators than dora indicators: each lies under one of them (%(rule)s)"),
            field="tiles",
            rule=clause(rules, "dora"),
        )


def check_three_player(tiles: HandTiles) -> None:
    """A table of three plays without 2m–8m and without chi (Tenhou three-player rules)."""
    missing = sorted({t for t in tiles.every_tile() if 0 < t.index < 8})
    if missing:
        raise RuleError(
            gettext_noop("there is no %(tile)s at a table of three: its characters are 1m and 9m only"),
            field="tiles",
            tile=str(missing[0]),
        )
    if any(m.kind == "chi" for m in tiles.melds):
        raise RuleError(gettext_noop("there is no chi at a table of three: call pon or kan"), field="tiles")


def tile_ids(tiles: HandTiles, rules: RuleSet) -> list[list[int]]:
    """The library's tile ids (index × 4 + copy; a red five is copy 0) for the concealed
    tiles, each meld, the winning tile, dora and ura dora indicators, no id twice."""
    next_copy = Counter({index: 1 for index in (4, 13, 22)} if rules.red_fives else {})

    def ids(group: Iterable[Tile]) -> list[int]:
        out = []
        for tile in group:
            if tile.red:
                out.append(tile.index * 4)
            else:
                out.append(tile.index * 4 + next_copy[tile.index])
                next_copy[tile.index] += 1
        return out

    win = [tiles.win] if tiles.win else []
    return [ids(group) for group in (tiles.concealed, *(m.tiles for m in tiles.melds), win, tiles.dora, tiles.ura)]


def apply_ruleset(response: HandResponse, rules: RuleSet, *, is_open: bool) -> TileScore:
    """The library's yaku and fu under the ruleset: one yakuman per pattern, combined up to
    ``max_yakuman``; open tanyao; renhou a mangan (5 han) combined with neither yaku nor dora,
    unless the hand's own yaku and dora are worth more (EMA Riichi: Rules for Japanese Mahjong
    2025, §4.2); the double-wind pair's fu. Kiriage and kazoe stay with the engine."""
    assert response.yaku is not None  # ``score_hand`` passes only a response without an error
    found = response.yaku
    yakuman = [y for y in found if y.is_yakuman]
    if yakuman:
        return TileScore(tuple(Yaku(y.name, 0, 1) for y in yakuman), 0, 0, min(len(yakuman), rules.max_yakuman))
    yaku = [Yaku(y.name, y.han_open if is_open else y.han_closed) for y in found]
    if is_open and not rules.open_tanyao:
        yaku = [y for y in yaku if y.name != "Tanyao"]
    renhou = [y for y in yaku if y.name == "Renhou"]
    if renhou:
        others = [y for y in yaku if y.name != "Renhou"]
        has_yaku = any(y.name not in DORA_YAKU for y in others)  # dora alone are no hand without renhou
        yaku = others if has_yaku and sum(y.han for y in others) > 5 else renhou
    if all(y.name in DORA_YAKU for y in yaku):
        raise RuleError(NO_YAKU_OPEN if is_open else NO_YAKU_CLOSED, field="tiles")
    assert response.fu is not None and response.fu_details is not None  # a hand without a yakuman has its fu
    parts = [(d["reason"], d["fu"]) for d in response.fu_details]
    fu = response.fu
    if rules.double_wind_pair_fu != 4 and any(reason == "double_valued_pair" for reason, _ in parts):
        parts = [(r, rules.double_wind_pair_fu if r == "double_valued_pair" else f) for r, f in parts]
        fu = -(-sum(f for _, f in parts) // 10) * 10
    return TileScore(tuple(yaku), sum(y.han for y in yaku), fu, 0, tuple(parts))
