"""``{% load tiles %}`` (registered in settings): a hand drawn by its tiles, face by face."""

from django import template
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from scoring.rulebook.numbers import points
from scoring.rules import RuleError, RuleSet
from scoring.rules.vocabulary import North, Renhou

from .notation import CONDITIONS, NORTH, HandTiles, Tile
from .scoring import three_player as plays_three

register = template.Library()

# the conditions of a win (``notation.CONDITIONS``) in the club's words: the picker's boxes and the game page
CONDITION_LABELS = {
    "double_riichi": _("Double riichi"),
    "ippatsu": _("Ippatsu"),
    "last_tile": _("Last tile"),
    "after_kan": _("After a kan"),
    "robbing_kan": _("Robbing a kan"),
    "tenhou": _("Tenhou"),
    "chiihou": _("Chiihou"),
    "renhou": _("Renhou"),
}
assert set(CONDITION_LABELS) == set(CONDITIONS)
# where a North set aside gives a replacement draw, a win on it is rinshan too (Tenhou three-player rules)
NUKIDORA_LABELS = {"after_kan": _("After a kan or a North")}

# the yaku the ``mahjong`` package names in English words; the others are Japanese in both languages
YAKU_LABELS = {
    "Yakuhai (seat wind east)": _("Yakuhai (seat wind East)"),
    "Yakuhai (seat wind south)": _("Yakuhai (seat wind South)"),
    "Yakuhai (seat wind west)": _("Yakuhai (seat wind West)"),
    "Yakuhai (seat wind north)": _("Yakuhai (seat wind North)"),
    "Yakuhai (round wind east)": _("Yakuhai (round wind East)"),
    "Yakuhai (round wind south)": _("Yakuhai (round wind South)"),
    "Yakuhai (round wind west)": _("Yakuhai (round wind West)"),
    "Yakuhai (round wind north)": _("Yakuhai (round wind North)"),
    "Renhou (yakuman)": _("Renhou (yakuman)"),
}


@register.filter
def yaku_name(name: str) -> str | Promise:
    """A yaku as the package names it, in the reader's language."""
    return YAKU_LABELS.get(name, name)


@register.filter
def tile_groups(data: object) -> list[tuple[str, list[str]]]:
    """A win's tiles object -> (what, tile names) per group: the hand, each meld, the winning
    tile, the indicators, the Norths set aside; empty where the stored tiles cannot be read."""
    try:
        tiles = HandTiles.from_json(data)
    except RuleError:
        return []
    groups = [("hand", [str(t) for t in tiles.concealed])]
    groups += [(meld.kind, [str(t) for t in meld.tiles]) for meld in tiles.melds]
    groups += [
        (what, [str(t) for t in group])
        for what, group in (
            ("win", [tiles.win] if tiles.win else []),
            ("dora", tiles.dora),
            ("ura", tiles.ura),
            ("nuki", [Tile(NORTH)] * tiles.nuki),
        )
        if group
    ]
    return groups


@register.filter
def three_player(rules: RuleSet) -> bool:
    """Whether the picker offers a table of three's tiles (no 2m–8m, no chi)."""
    return plays_three(rules)


@register.filter
def signed_points(value: int) -> str:
    """A game or session result as the boards write it: ``+12,300``."""
    return points(value, signed=True)


@register.simple_tag
def tile_conditions(rules: RuleSet) -> list[tuple[str, str | Promise]]:
    """(condition, label) of the picker's boxes: those the ruleset has (no ippatsu or renhou where it has none)."""
    left_out = ({"ippatsu"} if not rules.ippatsu else set()) | ({"renhou"} if rules.renhou == Renhou.NONE else set())
    labels = {**CONDITION_LABELS, **(NUKIDORA_LABELS if rules.north == North.NUKIDORA else {})}
    return [(key, labels[key]) for key in CONDITIONS if key not in left_out]


@register.filter
def condition_names(data: object) -> str:
    """A stored win's conditions in the reader's words: ``Ippatsu, After a kan``."""
    conditions = data.get("conditions", []) if isinstance(data, dict) else []
    return ", ".join(str(CONDITION_LABELS[c]) for c in CONDITIONS if c in conditions)
