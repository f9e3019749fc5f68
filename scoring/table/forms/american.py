"""The American hand form: mahjong and the wall game, with their incidents (dead-hand
challenges, mahjong in error) in repeating rows."""

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.rules import AmericanHand, DeadHandChallenge, MahjongInError
from scoring.rules.bounds import MAX_CARD_VALUE
from scoring.table.forms.base import HandForm
from scoring.table.forms.fields import seat_field, seats_field
from scoring.table.forms.offers import card_values
from scoring.table.forms.rows import RowSet


class AmericanHandForm(HandForm):
    def _build(self) -> None:
        players, f = self.players, self.fields
        if self.outcome_key == "mahjong":
            f["winner"] = seat_field(players, _("Mahjong by"), message=_("Tap who called mahjong."))
            f["discarder"] = seat_field(players, _("From"), required=False, empty_label=_("Self-picked"))
            f["value"] = forms.IntegerField(
                label=_("Card value"),
                min_value=1,
                max_value=MAX_CARD_VALUE,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "step": 5}),
                error_messages={"required": _("Enter the card value of the winning hand.")},
            )
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

    # -- what the template needs --

    def card_values(self) -> list[int]:
        return card_values(self.rules)

    def challenge_rows(self) -> list[dict]:
        return self.challenges.bound()

    def error_rows(self) -> list[dict]:
        return self.mistakes.bound()

    # -- validation --

    def _check_before_engine(self, data) -> None:
        if self.outcome_key == "mahjong":
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
                    % {"clause": self._clause("mahjong_in_error")},
                )

    def _facts(self, data) -> AmericanHand:
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
        if self.outcome_key == "wall":
            return AmericanHand("wall", incidents=incidents, penalties=penalties)
        return AmericanHand(
            "mahjong",
            winner=data["winner"],
            discarder=data.get("discarder"),
            value=data["value"],
            jokerless=bool(data.get("jokerless")),
            misnamed_discard=bool(data.get("misnamed_discard")),
            incidents=incidents,
            penalties=penalties,
        )

    def _error_field(self, error, facts) -> str | None:
        if error.field == "incidents":
            return self.challenges.first("challenged") or self.mistakes.first("caller")
        return super()._error_field(error, facts)
