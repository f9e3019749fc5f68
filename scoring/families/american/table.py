"""American mahjong at the table: the hand form (mahjong and the wall game, with their
incidents, dead-hand challenges and mahjong in error, in repeating rows), the outcome buttons,
the common card values, the preview's sentence about the next hand, and the table page's
American partials (``TEMPLATE``: the hand number, the outcome fields and incidents, the buttons
that add an incident).

The table part asks ``site_family(rules, "table")`` for these names and never asks
which family it is.
"""

from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.rulebook.numbers import points
from scoring.rules import AmericanHand, DeadHandChallenge, MahjongInError, RuleError, RuleSet, Settlement, TableState
from scoring.rules.american import JOKERLESS_BONUS, SELF_PICKED_BONUS, WALL_GAME_POINTS
from scoring.rules.bounds import MAX_CARD_VALUE, MAX_EXPOSURES
from scoring.rules.vocabulary import AmericanResult, IncidentKind
from scoring.table.forms.base import HandForm as BaseHandForm
from scoring.table.forms.fields import ChipSelect, penalty_points_field, seat_field, seats_field
from scoring.table.forms.rows import RowSet

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

TEMPLATE = "scoring/families/american/table.html"
OUTCOMES: "dict[str, StrOrPromise]" = {
    AmericanResult.MAHJONG: _("Mahjong"),
    AmericanResult.WALL: _("Wall game"),
}
# The values printed most often on an American card: one tap each beside the number field.
CARD_VALUES = (25, 30, 35, 40, 45, 50, 55, 60, 65, 75)


def outcomes(rules: RuleSet) -> "dict[str, StrOrPromise]":
    """Mahjong and the wall game, under every American ruleset."""
    return dict(OUTCOMES)


def max_winners(rules: RuleSet) -> int:
    """One player calls mahjong."""
    return 1


def card_values(rules: RuleSet) -> list[int]:
    """The common card values this ruleset allows (none below its lowest hand value)."""
    return [value for value in CARD_VALUES if value >= rules.lowest_hand_value]


def next_hand(rules: RuleSet, after: TableState, names: tuple[str, ...]) -> str:
    """What comes after the previewed hand: who deals."""
    return gettext("Next: %(dealer)s deals.") % {"dealer": names[after.dealer]}


def points_lines(
    rules: RuleSet, facts: AmericanHand, settlement: Settlement, names: tuple[str, ...]
) -> list[str] | None:
    """Under tournament points (the US tournament rules) the preview's lines say where each player's points for
    the game come from; under settle-up, None: the preview says who pays whom."""
    if rules.zero_sum:
        return None
    deltas, lines = settlement.deltas, []
    if facts.result == AmericanResult.MAHJONG and facts.winner is not None:
        parts = [gettext("%(value)s card value") % {"value": facts.value}]
        if facts.discarder is None:
            parts.append(gettext("%(points)s self-picked") % {"points": points(SELF_PICKED_BONUS, signed=True)})
        if facts.jokerless:
            parts.append(gettext("%(points)s jokerless") % {"points": points(JOKERLESS_BONUS, signed=True)})
        lines.append(
            gettext("%(name)s: %(parts)s = %(points)s")
            % {"name": names[facts.winner], "parts": " ".join(parts), "points": points(deltas[facts.winner])}
        )
        if facts.discarder is not None and deltas[facts.discarder]:
            lines.append(
                gettext("%(name)s discarded the winning tile with %(exposures)s exposed: %(points)s")
                % {
                    "name": names[facts.discarder],
                    "exposures": facts.exposures or 0,
                    "points": points(deltas[facts.discarder], signed=True),
                }
            )
    elif facts.result == AmericanResult.WALL:
        live = [names[p] for p, d in enumerate(deltas) if d == WALL_GAME_POINTS]
        if live:
            lines.append(
                gettext("Wall game: %(points)s to each live hand: %(names)s")
                % {"points": points(WALL_GAME_POINTS, signed=True), "names": ", ".join(live)}
            )
    dead = sorted(set(facts.dead) | {p for i in facts.incidents for p in _dead_of(i)})
    if dead:
        lines.append(gettext("Dead hands score 0: %(names)s") % {"names": ", ".join(names[p] for p in dead)})
    return lines


def _dead_of(incident: DeadHandChallenge | MahjongInError) -> tuple[int, ...]:
    if isinstance(incident, DeadHandChallenge):
        return (incident.challenged,) if incident.upheld else ()
    return (incident.caller, *incident.thrown_in)


def table_context(rules: RuleSet, *, tournament: bool) -> dict[str, Any]:
    """The American partials need nothing beyond the form and the scoreboard."""
    return {}


class AmericanHandForm(BaseHandForm):
    @property
    def tournament_points(self) -> bool:
        """Scored in tournament points (the US tournament rules): the form asks only what the points need."""
        return not self.rules.zero_sum

    def _build(self) -> None:
        players, f = self.players, self.fields
        if self.tournament_points:
            self._build_points()
        elif self.outcome_key == AmericanResult.MAHJONG:
            f["winner"] = seat_field(players, _("Mahjong by"), message=_("Tap who called mahjong."))
            f["discarder"] = seat_field(players, _("From"), required=False, empty_label=_("Self-picked"))
            f["value"] = self._value_field()
            f["jokerless"] = forms.BooleanField(
                label=_("Jokerless"), required=False, help_text=_("Every payment doubled (not for Singles and Pairs).")
            )
            f["misnamed_discard"] = forms.BooleanField(
                label=_("On a misnamed discard"),
                required=False,
                help_text=_(
                    "“A mispoken discard must be corrected. If a player calls mahjong off the mispoken "
                    "discard the hand ends with the discarder alone pays 4x the value of the hand.”"
                ),
            )
        self.referee = self._referee_rows()
        self.challenges = RowSet(
            self,
            "chal",
            self.rows.challenges,
            lambda i: {
                "challenger": seat_field(players, _("Declared dead by"), message=_("Tap the challenger.")),
                "challenged": seat_field(players, _("Declared dead"), message=_("Tap the player declared dead.")),
                "upheld": forms.TypedChoiceField(
                    label=_("At the end of the hand"),
                    widget=forms.RadioSelect,
                    coerce=lambda v: v == "dead",
                    choices=[
                        ("dead", _("The hand was indeed dead: the challenged player pays the challenger")),
                        ("valid", _("The hand was valid: the challenger pays the challenged player")),
                    ],
                    error_messages={"required": _("Say whether the hand was dead.")},
                ),
            },
        )
        self.mistakes = RowSet(
            self,
            "err",
            self.rows.errors,
            lambda i: {
                "caller": seat_field(players, _("Mahjong called in error by"), message=_("Tap the caller.")),
                "value": forms.IntegerField(
                    label=_("Value of the hand declared"),
                    min_value=1,
                    max_value=MAX_CARD_VALUE,
                    required=False,
                    help_text=_("Needed when two players threw their hands in."),
                    widget=forms.NumberInput(attrs={"inputmode": "numeric", "step": 5}),
                ),
                "thrown_in": seats_field(players, _("Threw in their hand")),
                "wall_broken_by": seat_field(
                    players, _("Began to take down the wall"), required=False, empty_label=_("Nobody")
                ),
            },
        )

    def _build_points(self) -> None:
        """Tournament points: the winner, the discarder (none: self-picked), the card value,
        jokerless and the discarder's exposures; the dead hands at a wall game."""
        players, f = self.players, self.fields
        if self.outcome_key == AmericanResult.MAHJONG:
            f["winner"] = seat_field(players, _("Mahjong by"), message=_("Tap who called mahjong."))
            f["discarder"] = seat_field(players, _("From"), required=False, empty_label=_("Self-picked"))
            f["value"] = self._value_field()
            f["jokerless"] = forms.BooleanField(
                label=_("Jokerless"), required=False, help_text=_("+20 (not for Singles and Pairs).")
            )
            if any(self.rules.discarder_loss):
                f["exposures"] = forms.TypedChoiceField(
                    label=_("Discarder's exposures"),
                    choices=[(n, str(n)) for n in range(MAX_EXPOSURES + 1)],
                    coerce=int,
                    initial=0,
                    widget=ChipSelect,
                    help_text=gettext("Groups the discarder had exposed; 0, 1, 2, 3 or more lose %(losses)s.")
                    % {"losses": " / ".join(str(loss) for loss in self.rules.discarder_loss)},
                    error_messages={"required": _("Tap how many groups the discarder had exposed.")},
                )
        elif self.outcome_key == AmericanResult.WALL:
            f["dead"] = seats_field(players, _("Dead hands"))
        self.referee = self._referee_rows()
        # no incident rows: a dead hand is named as such, and nobody pays for an incident
        self.challenges = RowSet(self, "chal", 0, lambda i: {})
        self.mistakes = RowSet(self, "err", 0, lambda i: {})

    def _value_field(self) -> forms.IntegerField:
        return forms.IntegerField(
            label=_("Card value"),
            min_value=1,
            max_value=MAX_CARD_VALUE,
            widget=forms.NumberInput(attrs={"inputmode": "numeric", "step": 5}),
            error_messages={"required": _("Enter the card value of the winning hand.")},
        )

    def _penalty_points(self) -> forms.IntegerField:
        """An American referee penalty is any positive whole number, in the game's own units."""
        message = gettext(
            "An American referee penalty is a positive whole number of points, in the game's own units "
            "(%(clause)s), e.g. 10."
        ) % {"clause": self._clause("penalty")}
        return penalty_points_field(
            message,
            min_value=1,
            initial=self.rules.lowest_hand_value,
            widget=forms.NumberInput(attrs={"inputmode": "numeric", "step": 1}),
        )

    # -- what the template needs --

    def card_values(self) -> list[int]:
        return card_values(self.rules)

    def challenge_rows(self) -> list[dict[str, Any]]:
        return self.challenges.bound()

    def error_rows(self) -> list[dict[str, Any]]:
        return self.mistakes.bound()

    # -- validation --

    def _check_before_engine(self, data: dict[str, Any]) -> None:
        if self.outcome_key == AmericanResult.MAHJONG:
            if data.get("discarder") is not None and data.get("discarder") == data.get("winner"):
                self.add_error(
                    "discarder",
                    gettext("%(name)s cannot win on their own discard.") % {"name": self._name(data["discarder"])},
                )
            if data.get("misnamed_discard") and data.get("discarder") is None:
                self.add_error(
                    "misnamed_discard",
                    gettext("A misnamed discard needs the player who misnamed it: tap who discarded (%(clause)s).")
                    % {"clause": self._clause("misnamed_discard")},
                )
            if data.get("value") is not None and data["value"] < self.rules.lowest_hand_value:
                self.add_error(
                    "value",
                    gettext("A hand on the card is worth at least %(value)s.")
                    % {"value": self.rules.lowest_hand_value},
                )
        for i, row in enumerate(self.challenges.values(data)):
            if row["challenger"] is not None and row["challenger"] == row["challenged"]:
                self.add_error(
                    self.challenges.name(i, "challenged"), gettext("A player cannot declare their own hand dead.")
                )
        for i, row in enumerate(self.mistakes.values(data)):
            if len(row["thrown_in"] or ()) == 2 and row["value"] is None:
                self.add_error(
                    self.mistakes.name(i, "value"),
                    gettext(
                        "Two players threw their hands in: enter the value of the hand declared, the caller pays the "
                        "intact player twice that (%(clause)s)."
                    )
                    % {"clause": self._clause(IncidentKind.MAHJONG_IN_ERROR)},
                )

    def _facts(self, data: dict[str, Any]) -> AmericanHand:
        incidents = tuple(
            [
                DeadHandChallenge(row["challenger"], row["challenged"], row["upheld"])
                for row in self.challenges.values(data)
            ]
            + [
                MahjongInError(
                    row["caller"], row["value"], tuple(sorted(row["thrown_in"] or ())), row["wall_broken_by"]
                )
                for row in self.mistakes.values(data)
            ]
        )
        penalties = self._penalties(data)
        if self.outcome_key == AmericanResult.WALL:
            dead = tuple(sorted(data.get("dead") or ()))
            return AmericanHand(AmericanResult.WALL, incidents=incidents, penalties=penalties, dead=dead)
        discarder = data.get("discarder")
        exposures = data.get("exposures") if discarder is not None and "exposures" in self.fields else None
        return AmericanHand(
            AmericanResult.MAHJONG,
            winner=data["winner"],
            discarder=data.get("discarder"),
            value=data["value"],
            jokerless=bool(data.get("jokerless")),
            misnamed_discard=bool(data.get("misnamed_discard")),
            incidents=incidents,
            penalties=penalties,
            exposures=exposures,
        )

    def _error_field(self, error: RuleError, facts: Any) -> str | None:
        if error.field == "incidents":
            return self.challenges.first("challenged") or self.mistakes.first("caller")
        return super()._error_field(error, facts)


HandForm = AmericanHandForm
