"""The MCR hand form: a win (winner, from whom or self-drawn, the hand's points and flowers)
or a draw, with the false mahjongs called during the hand and referee penalties.

A win's points come one of three ways: typed (the total, with − / + steps), summed from the
fans ticked (``fans``: a name listed once per time it counts), or counted from its tiles by
PyMahjongGB (``tiles``: the picker's JSON; the tiles' fan list is what is recorded).
"""

from collections import Counter
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.rulebook.messages import rule_message
from scoring.rules import FalseMahjong, MCRHand, MCRWin, RuleError, bounds
from scoring.rules.families.mcr import facts as mcr_facts
from scoring.rules.families.mcr.fans import FANS, FLOWER_TILES, GROUPS, most_counted, points_of, win_points
from scoring.rules.families.riichi.gamelog import tiles_text
from scoring.rules.vocabulary import MCRResult
from scoring.table.forms.base import HandForm
from scoring.table.forms.fields import penalty_points_field, seat_field
from scoring.table.forms.rows import RowSet
from scoring.tiles.mcr import AVAILABLE, UNAVAILABLE, MCRTiles, fans_from_tiles

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

TICKABLE = tuple(fan for fan in FANS if fan.name != FLOWER_TILES)  # flowers have their own steps
TICKABLE_NAMES = frozenset(fan.name for fan in TICKABLE)


def number_field(
    label: "StrOrPromise",
    *,
    initial: int,
    lowest: int,
    highest: int,
    message: "StrOrPromise",
    too_many: "StrOrPromise | None" = None,
    required: bool = True,
) -> forms.IntegerField:
    """A thumb-sized number field the page gives − / + steps; ``too_many`` says why more than
    ``highest`` is refused, where ``message`` does not."""
    errors = dict.fromkeys(("required", "invalid", "min_value", "max_value"), message)
    return forms.IntegerField(
        label=label,
        required=required,
        min_value=lowest,
        max_value=highest,
        initial=initial,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "stepped"}),
        error_messages={**errors, "max_value": too_many or message},
    )


class MCRHandForm(HandForm):
    """After ``is_valid()``, also ``fan_list``: the tiles' fans, where the win was entered by its tiles."""

    fan_list = None

    def _build(self) -> None:
        players, f = self.players, self.fields
        if self.outcome_key == MCRResult.WIN:
            f["winner"] = seat_field(players, _("Winner"), message=_("Tap who won."))
            f["discarder"] = seat_field(players, _("From"), required=False, empty_label=_("Self-drawn"))
            f["fan"] = number_field(
                _("Points"),
                initial=self.rules.min_fan,
                lowest=0,
                highest=bounds.MAX_FAN,
                message=_("Enter the hand's points, not counting flowers, e.g. 8."),
                too_many=_(
                    "A hand's points are at most %(most)s: the most the club's records hold (no hand scores more)."
                )
                % {"most": f"{bounds.MAX_FAN:,}"},
            )
            f["flowers"] = number_field(
                _("Flowers"),
                initial=0,
                lowest=0,
                highest=mcr_facts.MAX_FLOWERS,
                message=_("A hand has 0 to 8 flowers."),
                required=False,  # none left: none
            )
            f["fans"] = forms.MultipleChoiceField(  # the flowers too, for the engine to say they are no fan
                label=_("Fans"),
                required=False,
                choices=[(fan.name, fan.name) for fan in FANS],
                error_messages={"invalid_choice": _("Tick fans from the list of the Green Book.")},
            )
            f["tiles"] = forms.CharField(label=_("Tiles"), required=False, max_length=4000, widget=forms.HiddenInput)
        # a false mahjong, a row each (the rows of "mahjong in error": the same thing in MCR's words)
        self.false_mahjongs = RowSet(
            self,
            "err",
            self.rows.errors,
            lambda i: {"caller": seat_field(players, _("False mahjong by"), message=_("Tap who called it."))},
        )
        self.referee = self._referee_rows()

    def _penalty_points(self) -> forms.IntegerField:
        """An MCR referee penalty is a positive whole number of points, off the result."""
        message = gettext("An MCR referee penalty is a positive whole number of points (%(clause)s), e.g. 10.") % {
            "clause": self._clause("penalty")
        }
        widget = forms.NumberInput(attrs={"inputmode": "numeric"})
        return penalty_points_field(message, min_value=1, initial=10, widget=widget)

    # -- what the template needs --

    def preview_hint(self) -> str:
        """What the preview says before the first tap."""
        if self.outcome_key == MCRResult.DRAW:
            return gettext("Nobody won: nobody pays. Add a false mahjong or a penalty if there was one.")
        return gettext("Tap the winner and enter the points: the payments appear here before you save.")

    def fan_groups(self) -> list[dict[str, Any]]:
        """The tickable fans by value, highest first, each with how often it is ticked."""
        ticked = Counter(self._raw_list("fans"))
        groups = []
        for points in GROUPS:
            fans = [
                {
                    "name": fan.name,
                    "points": fan.points,
                    "ticks": range(1, most_counted(fan.name) + 1),
                    "count": ticked[fan.name],
                }
                for fan in TICKABLE
                if fan.points == points
            ]
            if fans:
                groups.append({"points": points, "fans": fans})
        return groups

    def ticked_points(self) -> int:
        """The points of the fans ticked so far (names not on the list left out: the form refuses them)."""
        return points_of(name for name in self._raw_list("fans") if name in TICKABLE_NAMES)

    def false_mahjong_rows(self) -> list[dict[str, Any]]:
        return self.false_mahjongs.bound()

    def tiles_available(self) -> bool:
        return AVAILABLE

    def tiles_unavailable(self) -> str:
        """Why tile entry is off, where PyMahjongGB could not be installed."""
        return gettext(UNAVAILABLE)

    def _raw_list(self, name: str) -> list[str]:
        if self.is_bound:
            return self.data.getlist(name) if hasattr(self.data, "getlist") else list(self.data.get(name) or ())
        return list(self.initial.get(name, ()))

    # -- validation --

    def _callers(self, data: dict[str, Any]) -> set[int]:
        return {row["caller"] for row in self.false_mahjongs.values(data) if row["caller"] is not None}

    def _check_before_engine(self, data: dict[str, Any]) -> None:
        if self.outcome_key != MCRResult.WIN:
            return
        winner: Any = data.get("winner")  # a seat, or None before the winner is tapped
        if data.get("discarder") is not None and data.get("discarder") == winner:
            self.add_error(
                "discarder", gettext("%(name)s cannot win on their own discard.") % {"name": self._name(winner)}
            )
        if winner is not None and winner in self._callers(data):
            self.add_error(
                "winner",
                gettext("%(name)s called a false mahjong this hand and cannot win it (%(clause)s).")
                % {"name": self._name(winner), "clause": self._clause("false_mahjong")},
            )
        if data.get("tiles") and winner is not None:
            self._by_tiles(data)
        if self.errors:
            return
        fans = data.get("fans") or []
        try:
            total = win_points(fans)
        except RuleError as error:  # the flowers ticked as a fan, a fan ticked more often than it counts
            self.add_error("fans", rule_message(error))
            return
        if fans and total != data["fan"]:
            self.add_error(
                "fan",
                gettext("The fans ticked add up to %(total)s points, not %(fan)s: correct the total or the fans.")
                % {"total": total, "fan": data["fan"]},
            )
        elif data["fan"] < self.rules.min_fan:
            self.add_error(
                "fan",
                gettext(
                    "A win needs at least %(least)s points not counting flowers (%(clause)s): %(fan)s is not enough."
                )
                % {"least": self.rules.min_fan, "clause": self._clause("minimum"), "fan": data["fan"]},
            )

    def _by_tiles(self, data: dict[str, Any]) -> None:
        """The win's fans and points from its tiles (PyMahjongGB), in place of the typed ones."""
        hand = self.table.hands
        try:
            tiles = MCRTiles.from_json(bounds.loads(data["tiles"]))
            self.fan_list = fans_from_tiles(
                tiles,
                self_drawn=data.get("discarder") is None,
                flowers=data.get("flowers") or 0,
                seat_wind=mcr_facts.seat_wind(hand, data["winner"]),
                prevalent_wind=mcr_facts.prevalent_wind(hand),
            )
        except RuleError as error:  # before ValueError: a RuleError is one
            self.add_error(
                None, gettext("The tiles: %(problem)s") % {"problem": rule_message(error)}
            )  # not "Points: …"
            return
        except (ValueError, RecursionError):  # no JSON, or nested too deeply to read
            self.add_error(None, gettext("The tiles could not be read: enter them again."))
            return
        data["fans"], data["fan"] = list(self.fan_list.fans), self.fan_list.fan
        data["tiles"] = tiles_text(tiles.to_json())

    def _facts(self, data: dict[str, Any]) -> MCRHand:
        incidents = tuple(FalseMahjong(caller) for caller in sorted(self._callers(data)))
        penalties = self._penalties(data)
        if self.outcome_key != MCRResult.WIN:
            return MCRHand(MCRResult.DRAW, incidents=incidents, penalties=penalties)
        win = MCRWin(
            data["winner"],
            data.get("discarder"),
            data["fan"],
            data.get("flowers") or 0,
            tuple(data.get("fans") or ()),
            data.get("tiles") or "",
        )
        return MCRHand(MCRResult.WIN, win, incidents, penalties)

    def _error_field(self, error: RuleError, facts: Any) -> str | None:
        if error.field in ("fans", "tiles"):
            return "fan"
        if error.field == "incidents":
            return self.false_mahjongs.first("caller")
        return super()._error_field(error, facts)
