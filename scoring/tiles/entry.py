"""A win entered by its tiles on the win form: what it records and what it pays.

The form sends the picker's tiles as JSON text; ``win_by_tiles`` gives the han, fu and
yakuman the win records (the tiles' own, or the scorer's where he overrode them) and the
tiles as the canonical text a ``Win`` carries. Where the form taps the Norths set aside, its
count is the tiles' ``nuki``.
"""

from dataclasses import replace

from scoring.rules import RuleError, RuleSet, bounds
from scoring.rules.errors import gettext_noop
from scoring.rules.families import family_of
from scoring.rules.gamelog import tiles_text
from scoring.rules.riichi import basic_points, round_up
from scoring.rules.riichi.payments import tsumo_shares
from scoring.rules.table import TableState

from .gamelog import score_win
from .notation import HandTiles
from .scoring import TileScore


def read_tiles(text: str) -> tuple[HandTiles, bool]:
    """The picker's JSON text -> (the tiles, whether the scorer overrode han and fu)."""
    try:
        data = bounds.loads(text)
    except (ValueError, RecursionError):  # broken, or nested too deeply for Python to read
        raise RuleError(gettext_noop("the tiles could not be read: enter them again"), field="tiles") from None
    tiles = HandTiles.from_json(data)
    return tiles, bool(data.get("override"))


def win_by_tiles(
    text: str,
    *,
    rules: RuleSet,
    table: TableState,
    winner: int,
    tsumo: bool,
    riichi: bool,
    han: int,
    fu: int,
    yakuman: int,
    nuki: int | None = None,
) -> tuple[int, int, int, str]:
    """(han, fu, yakuman, tiles text) of a win entered by its tiles, with ``nuki`` Norths set
    aside where the form taps them (else the tiles' own; the han the scorer overrode include
    them); bad tiles raise RuleError."""
    tiles, override = read_tiles(text)
    if nuki is not None:
        tiles = replace(tiles, nuki=nuki)
    text = tiles_text({**tiles.to_json(), **({"override": True} if override else {})})
    if override:
        return han, fu, yakuman, text
    score = score_win(tiles, rules=rules, table=table, winner=winner, tsumo=tsumo, riichi=riichi)
    return score.han, score.fu if score.han < 5 else 0, score.yakuman, text


def payments(rules: RuleSet, score: TileScore, *, dealer: bool, tsumo: bool) -> str:
    """What the family's settlement pays for a score, without counters: ``ron 7700``, ``tsumo
    2000/3900`` (a non-dealer payer / the dealer), ``tsumo 3900 all`` (EMA Riichi Competition Rules
    2016, §3.4.9). A self-draw's shares are the settlement's own at the family's seats: at three,
    the ruleset's ``tsumo_payment`` (tsumo loss, bisection or none: Tenhou three-player rules)."""
    base = basic_points(rules, score.han, score.fu, score.yakuman)
    if not tsumo:
        return f"ron {round_up(base * (6 if dealer else 4))}"
    winner = 0 if dealer else 1  # the dealer is seat 0
    shares = tsumo_shares(rules, family_of(rules).SEATS, 0, winner, base)
    if dealer:
        return f"tsumo {shares[1]} all"
    return f"tsumo {shares[2]}/{shares[0]}"


def han_choice(rules: RuleSet, score: TileScore) -> str:
    """The win form's han chip for a score (``5``, ``6`` haneman … ``y2``), without the han of
    the Norths set aside: the form taps those apart."""
    if score.yakuman:
        return f"y{score.yakuman}"
    han = score.han - score.nuki_han
    limits = ((13,) if rules.kazoe else ()) + (11, 8, 6, 5)
    return next((str(limit) for limit in limits if han >= limit), str(han))
