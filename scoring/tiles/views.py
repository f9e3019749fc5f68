"""The tiles' server calls from the table page: score a winner row's tiles (the picker), and
check a tenpai claim at a draw."""

import re

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from scoring.models import Game, seat_index
from scoring.permissions import recorder_required
from scoring.rulebook.messages import rule_message
from scoring.rulebook.numbers import points
from scoring.rules import RuleError

from .entry import han_choice, payments, read_tiles
from .gamelog import score_win
from .notation import HandTiles
from .tenpai import check_tenpai

# the library's fu reasons, in the club's words
FU_LABELS = {
    "base": _("base"),
    "penchan": _("edge wait"),
    "kanchan": _("closed wait"),
    "valued_pair": _("pair of honours"),
    "double_valued_pair": _("double-wind pair"),
    "pair_wait": _("pair wait"),
    "tsumo": _("self-draw"),
    "hand_without_fu": _("open hand without fu"),
    "closed_pon": _("concealed pon"),
    "open_pon": _("open pon"),
    "closed_terminal_pon": _("concealed pon of terminals or honours"),
    "open_terminal_pon": _("open pon of terminals or honours"),
    "closed_kan": _("concealed kan"),
    "open_kan": _("open kan"),
    "closed_terminal_kan": _("concealed kan of terminals or honours"),
    "open_terminal_kan": _("open kan of terminals or honours"),
}


def _seat(request: HttpRequest, name: str, game: Game) -> int | None:
    """The seat of ``game`` the POST's ``name`` gives, or None."""
    return seat_index(request.POST.get(name), game.seat_count)


def _grouped(payment: str) -> str:
    """The payment's points as every page writes them: "ron 4500" -> "ron 4,500"."""
    return re.sub(r"\d+", lambda found: points(int(found.group())), payment)


@require_POST
@recorder_required
def score_tiles(request: HttpRequest, game: Game) -> HttpResponse:
    """The yaku, fu breakdown and payment of a winner row's tiles (``picker.html#score``)."""
    winner = _seat(request, "winner", game)
    context: dict[str, object] = {"index": _seat(request, "index", game) or 0}
    if winner is None:
        context["error"] = _("Tap the winner first.")
        return render(request, "scoring/tiles/picker.html#score", context)
    seats = sorted(game.seats.all(), key=lambda s: s.seat)
    rules, table = game.rules, game.table(seat.table_score for seat in seats)
    tsumo = request.POST.get("outcome") == "tsumo"
    try:
        tiles, override = read_tiles(request.POST.get("tiles", ""))
        score = score_win(
            tiles,
            rules=rules,
            table=table,
            winner=winner,
            tsumo=tsumo,
            riichi=str(winner) in request.POST.getlist("riichi"),
        )
    except RuleError as error:
        context["error"] = rule_message(error)
        return render(request, "scoring/tiles/picker.html#score", context)
    context.update(
        score=score,
        override=override,
        choice=han_choice(rules, score),
        payment=_grouped(payments(rules, score, dealer=winner == table.dealer, tsumo=tsumo)),
        fu_parts=[(FU_LABELS.get(reason, reason), fu) for reason, fu in score.fu_parts],
    )
    return render(request, "scoring/tiles/picker.html#score", context)


def _melds(text: str) -> list[dict[str, str]]:
    """``pon:555z chi:234m`` -> the melds of a tiles object (a kind it does not know is refused later)."""
    return [dict(zip(("kind", "tiles"), item.split(":", 1), strict=False)) for item in text.split()]


@require_POST
@recorder_required
def check_tenpai_claim(request: HttpRequest, game: Game) -> HttpResponse:
    """A draw's tenpai claim checked by the player's tiles (``tenpai.html#result``)."""
    player = _seat(request, "tenpai_player", game)
    context: dict[str, object] = {"riichi": request.POST.get("tenpai_player") in request.POST.getlist("riichi")}
    if player is None:
        context["error"] = _("Tap whose tiles these are.")
        return render(request, "scoring/tiles/tenpai.html#result", context)
    context["name"] = next(s.player.name for s in game.seats.all() if s.seat == player)
    try:
        tiles = HandTiles.from_json(
            {"hand": request.POST.get("tenpai_hand", ""), "melds": _melds(request.POST.get("tenpai_melds", ""))}
        )
        context["check"] = check_tenpai(tiles, game.rules)
    except RuleError as error:
        context["error"] = rule_message(error)
    return render(request, "scoring/tiles/tenpai.html#result", context)
