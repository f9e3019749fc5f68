"""A win's yaku, stored with it when it is recorded so that the records and player pages read
them instead of scoring tiles at every request: a column, filled here for the stored wins
entered by their tiles (each at its hand's round and seat, under its game's rules).

The scoring of tiles is frozen here, as the site did it when this migration was written, so that
it migrates the same whatever the site's code becomes: the tile notation, the checks that refuse
tiles (those wins get no yaku: []), and the ``mahjong`` package's calculator with the options
and the ruleset's reading of its answer (one yakuman per pattern; open tanyao; renhou a mangan
combined with neither yaku nor dora unless the hand's own are worth more)."""

import re
from collections import Counter

from django.db import migrations, models
from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld

# The knobs tile scoring reads, each preset's own: a game's snapshot of its knobs comes first.
PRESET_KNOBS = {
    "ema-2025": {"red_fives": False, "renhou": "mangan", "ippatsu": True, "ura_dora": True, "kan_dora": True, "open_tanyao": True},
    "ema-2016": {"red_fives": False, "renhou": "mangan", "ippatsu": True, "ura_dora": True, "kan_dora": True, "open_tanyao": True},
    "ema-2008": {"red_fives": True, "renhou": "yakuman", "ippatsu": True, "ura_dora": True, "kan_dora": True, "open_tanyao": False},
    "wrc": {"red_fives": False, "renhou": "mangan", "ippatsu": True, "ura_dora": True, "kan_dora": True, "open_tanyao": True},
    "reach": {"red_fives": False, "renhou": "mangan", "ippatsu": True, "ura_dora": True, "kan_dora": True, "open_tanyao": True},
    "mleague": {"red_fives": True, "renhou": "none", "ippatsu": True, "ura_dora": True, "kan_dora": True, "open_tanyao": True},
    "jpml-a": {"red_fives": False, "renhou": "none", "ippatsu": False, "ura_dora": False, "kan_dora": False, "open_tanyao": True},
    "american": {"red_fives": False, "renhou": "mangan", "ippatsu": True, "ura_dora": True, "kan_dora": True, "open_tanyao": True},
}
SUITS = "mpsz"
NOTATION = re.compile(r"(?:[0-9]+[mpsz])*")
GROUP = re.compile(r"([0-9]+)([mpsz])")
MELDS = {"chi": Meld.CHI, "pon": Meld.PON, "kan": Meld.KAN, "closed_kan": Meld.KAN}
CONDITIONS = ("double_riichi", "ippatsu", "last_tile", "after_kan", "robbing_kan", "tenhou", "chiihou", "renhou")
DORA_YAKU = ("Dora", "Aka Dora", "Ura Dora")
RED_FIVES = (4, 13, 22)  # 5m, 5p, 5s


class Refused(Exception):
    """Tiles the site refused to score: the win gets no yaku."""


def parse(text):
    """``"406m77z"`` -> the tiles in the order written, each (index 0-33, red)."""
    if not isinstance(text, str | None):
        raise Refused
    text = (text or "").replace(" ", "").lower()
    if not NOTATION.fullmatch(text):
        raise Refused
    tiles = []
    for digits, suit in GROUP.findall(text):
        for digit in map(int, digits):
            if suit == "z" and not 1 <= digit <= 7:
                raise Refused
            if suit != "z" and digit == 0:
                tiles.append((SUITS.index(suit) * 9 + 4, True))
            else:
                tiles.append((SUITS.index(suit) * 9 + digit - 1, False))
    return tuple(tiles)


def meld_of(data):
    """(kind, tiles) of a meld: a chi three in a row of one suit, a pon three of a kind, a kan four."""
    if not isinstance(data, dict) or data.get("kind") not in MELDS:
        raise Refused
    kind, tiles = data["kind"], parse(data.get("tiles", ""))
    indexes = sorted(index for index, _red in tiles)
    if kind == "chi":
        ok = (
            len(indexes) == 3
            and indexes[0] < 27
            and indexes[0] // 9 == indexes[2] // 9
            and indexes == list(range(indexes[0], indexes[0] + 3))
        )
    else:
        ok = len(indexes) == (3 if kind == "pon" else 4) and len(set(indexes)) == 1
    if not ok:
        raise Refused
    return kind, tiles


def hand_tiles(data):
    """The stored ``tiles`` object: concealed, melds, the winning tile, dora, ura, conditions."""
    if not isinstance(data, dict):
        raise Refused
    win = parse(data.get("win", ""))
    conditions = data.get("conditions", [])
    if not isinstance(conditions, list) or any(c not in CONDITIONS for c in conditions):
        raise Refused
    melds = data.get("melds", [])
    if not isinstance(melds, list):
        raise Refused
    return {
        "concealed": parse(data.get("hand", "")),
        "melds": tuple(meld_of(m) for m in melds),
        "win": win,
        "dora": parse(data.get("dora", "")),
        "ura": parse(data.get("ura", "")),
        "conditions": frozenset(conditions),
    }


def check_tiles(tiles, knobs, *, riichi):
    """Refuse what the site refused: a fifth copy, red fives where the ruleset has none (or two
    in a suit, or four plain fives beside one), a wrong count of concealed tiles, too many dora
    or ura indicators, ura dora without riichi or without the knob, more than one winning tile,
    conditions the ruleset or the table rule out."""
    shown = [
        *tiles["concealed"],
        *(t for _kind, group in tiles["melds"] for t in group),
        *tiles["dora"],
        *tiles["ura"],
        *tiles["win"],
    ]
    reds = Counter(index for index, red in shown if red)
    plain = Counter(index for index, red in shown if not red)
    has = tiles["conditions"].__contains__
    kans = sum(kind in ("kan", "closed_kan") for kind, _group in tiles["melds"])
    refused = (
        len(tiles["win"]) != 1
        or (reds and not knobs["red_fives"])
        or (reds and max(reds.values()) > 1)
        or any(count > 4 for count in (plain + reds).values())
        or (knobs["red_fives"] and any(index in RED_FIVES and count > 3 for index, count in plain.items()))
        or len(tiles["concealed"]) != 13 - 3 * len(tiles["melds"])
        or len(tiles["dora"]) > 1 + 4 * knobs["kan_dora"]
        or (tiles["ura"] and not knobs["ura_dora"])
        or len(tiles["ura"]) > len(tiles["dora"])
        or (has("ippatsu") and not knobs["ippatsu"])
        or (has("renhou") and knobs["renhou"] == "none")
        or ((has("double_riichi") or has("ippatsu")) and not riichi)
        or (tiles["ura"] and not riichi)
        or (has("after_kan") and not kans)
    )
    if refused:
        raise Refused


def tile_ids(tiles, knobs):
    """The library's tile ids (index x 4 + copy; a red five is copy 0) for the concealed tiles,
    each meld, the winning tile, dora and ura dora indicators, no id twice."""
    next_copy = Counter({index: 1 for index in RED_FIVES} if knobs["red_fives"] else {})

    def ids(group):
        out = []
        for index, red in group:
            if red:
                out.append(index * 4)
            else:
                out.append(index * 4 + next_copy[index])
                next_copy[index] += 1
        return out

    groups = (
        tiles["concealed"],
        *(group for _kind, group in tiles["melds"]),
        tiles["win"],
        tiles["dora"],
        tiles["ura"],
    )
    return [ids(group) for group in groups]


def calculated(tiles, knobs, *, seat_wind, round_wind, tsumo, riichi):
    """The library's answer for the hand, with permissive options (the ruleset caps later)."""
    has = tiles["conditions"].__contains__
    config = HandConfig(
        is_tsumo=tsumo,
        is_riichi=riichi and not has("double_riichi"),
        is_daburu_riichi=has("double_riichi"),
        is_ippatsu=has("ippatsu"),
        is_rinshan=has("after_kan"),
        is_chankan=has("robbing_kan"),
        is_haitei=has("last_tile") and tsumo,
        is_houtei=has("last_tile") and not tsumo,
        is_tenhou=has("tenhou"),
        is_chiihou=has("chiihou"),
        is_renhou=has("renhou"),
        player_wind=EAST + seat_wind,
        round_wind=EAST + round_wind,
        options=OptionalRules(
            has_open_tanyao=True,
            has_aka_dora=knobs["red_fives"],
            has_double_yakuman=True,
            kazoe_limit=HandConstants.KAZOE_NO_LIMIT,
            kiriage=False,
            renhou_as_yakuman=knobs["renhou"] == "yakuman",
        ),
    )
    groups = tile_ids(tiles, knobs)
    concealed, melds, win, dora, ura = groups[0], groups[1:-3], groups[-3], groups[-2], groups[-1]
    library_melds = [
        Meld(MELDS[kind], ids, opened=kind != "closed_kan")
        for (kind, _group), ids in zip(tiles["melds"], melds, strict=True)
    ]
    response = HandCalculator.estimate_hand_value(
        concealed + win + [i for ids in melds for i in ids],
        win[0],
        melds=library_melds,
        dora_indicators=dora,
        ura_dora_indicators=ura,
        config=config,
    )
    if response.error:
        raise Refused
    return response


def yaku_names(response, knobs, *, is_open):
    """The yaku under the ruleset: the yakuman alone if any; no open tanyao where the ruleset
    has none; renhou alone unless the hand's own yaku are worth more than a mangan; no hand of
    dora alone."""
    yakuman = [y for y in response.yaku if y.is_yakuman]
    if yakuman:
        return [y.name for y in yakuman]
    yaku = [(y.name, y.han_open if is_open else y.han_closed) for y in response.yaku]
    if is_open and not knobs["open_tanyao"]:
        yaku = [y for y in yaku if y[0] != "Tanyao"]
    renhou = [y for y in yaku if y[0] == "Renhou"]
    if renhou:
        others = [y for y in yaku if y[0] != "Renhou"]
        has_yaku = any(name not in DORA_YAKU for name, _han in others)
        yaku = others if has_yaku and sum(han for _name, han in others) > 5 else renhou
    if all(name in DORA_YAKU for name, _han in yaku):
        raise Refused
    return [name for name, _han in yaku]


def win_yaku(data, knobs, *, rotations, winner, tsumo, riichi):
    """The yaku a stored win's tiles give at its hand, as the ``mahjong`` package names them,
    dora included; [] where the tiles cannot be scored."""
    try:
        tiles = hand_tiles(data)
        check_tiles(tiles, knobs, riichi=riichi)
        response = calculated(
            tiles,
            knobs,
            seat_wind=(winner - rotations % 4) % 4,
            round_wind=min(rotations // 4, 3),
            tsumo=tsumo,
            riichi=riichi,
        )
        return yaku_names(response, knobs, is_open=any(kind != "closed_kan" for kind, _group in tiles["melds"]))
    except (Refused, ValueError):
        return []


def store_yaku(apps, schema_editor):
    Win = apps.get_model("scoring", "Win")
    knobs_of = {}
    changed = []
    wins = Win.objects.filter(tiles__isnull=False).select_related("hand__game__ruleset").order_by("pk")
    for win in wins.iterator(chunk_size=1000):
        hand, game = win.hand, win.hand.game
        if game.pk not in knobs_of:
            preset = PRESET_KNOBS[game.ruleset.based_on]
            knobs_of[game.pk] = {knob: game.knobs.get(knob, value) for knob, value in preset.items()}
        win.yaku = win_yaku(
            win.tiles,
            knobs_of[game.pk],
            rotations=hand.rotations,
            winner=win.winner,
            tsumo=win.discarder is None,
            riichi=win.winner in (hand.riichi or []),
        )
        changed.append(win)
    Win.objects.bulk_update(changed, ["yaku"], batch_size=1000)


class Migration(migrations.Migration):

    dependencies = [
        ("scoring", "0016_online_games"),
    ]

    operations = [
        migrations.AddField(
            model_name="win",
            name="yaku",
            field=models.JSONField(blank=True, editable=False, help_text="The yaku the tiles give, as the mahjong package names them.", null=True, verbose_name="yaku"),
        ),
        migrations.RunPython(store_yaku, migrations.RunPython.noop),
        migrations.AddIndex(
            model_name="win",
            index=models.Index(fields=["yakuman", "han", "fu"], name="win_biggest"),
        ),
        migrations.AddIndex(
            model_name="win",
            index=models.Index(condition=models.Q(("yaku__isnull", False)), fields=["hand"], name="win_with_yaku"),
        ),
    ]
