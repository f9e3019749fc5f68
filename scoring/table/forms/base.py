"""What every family's hand form shares: the hidden fields and the comment, the referee
penalty rows, the engine's settlement of the facts and where its message lands.

A family's form (``HandForm`` of its table piece, ``scoring/families/<name>/table``) adds the
fields of each outcome (``_build``), the points of a referee penalty (``_penalty_points``),
the checks said in the form's words (``_check_before_engine``) and the facts (``_facts``);
the engine (``scoring.rules.settle``) checks them against the table in ``clean``, and its
``RuleError`` lands next to the field it names.
"""

from uuid import uuid4

from django import forms
from django.forms.utils import ErrorDict
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.models import no_control, seat_index
from scoring.records.services import KEY_NOT_VALID, KEY_TOO_LONG
from scoring.rulebook.messages import citation, rule_message
from scoring.rules import Penalty, RuleError, RuleSet, TableState, clause, settle
from scoring.rules.bounds import CONTROL, CONTROL_IN_COMMENT, MAX_COMMENT, MAX_REASON, SUBMISSION_KEY_LENGTH
from scoring.rules.vocabulary import PenaltyTo
from scoring.table.forms.fields import seat_field
from scoring.table.forms.offers import outcomes
from scoring.table.forms.rows import Rows, RowSet, rows_from


class HandForm(forms.Form):
    """The facts of the next hand of a game for one ``outcome``.

    ``names``: the players in seat order; ``table``: the table before the hand (the engine
    settles the hand against it in ``clean``). After ``is_valid()``: ``facts`` and
    ``settlement``.
    """

    use_required_attribute = False  # the server's messages name the rule; the browser's would not
    # the offenders a one-tap chombo would record (``offer_seats``): a form that sets it also
    # gives ``chombo_offer_labels()`` and ``chombo_hands(offenders)`` (the riichi form, at a draw)
    chombo_offer: tuple[int, ...] = ()

    outcome = forms.CharField(widget=forms.HiddenInput)
    submission_key = forms.CharField(
        widget=forms.HiddenInput,
        max_length=SUBMISSION_KEY_LENGTH,
        error_messages={"max_length": KEY_TOO_LONG, "null_characters_not_allowed": KEY_NOT_VALID},
    )
    expected_number = forms.IntegerField(widget=forms.HiddenInput)
    comment = forms.CharField(
        label=_("Comment"),
        required=False,
        max_length=MAX_COMMENT,
        validators=[no_control(CONTROL_IN_COMMENT)],
        widget=forms.Textarea(attrs={"rows": 2}),
    )
    before_gong = forms.BooleanField(
        label=_("This hand ended before the gong"),
        required=False,
        help_text=_(
            "Only recorded now: then it is not the hand in progress at the gong. (Saved without it? Undo the "
            "last hand and save it again.)"
        ),
    )

    def __init__(
        self,
        data=None,
        *,
        rules: RuleSet,
        names,
        table: TableState,
        outcome: str,
        tournament: bool = False,
        expected_number: int = 1,
        rows: Rows | None = None,
        **kwargs,
    ):
        self.rules, self.names, self.table, self.tournament = rules, tuple(names), table, tournament
        self.facts = None
        self.settlement = None
        self.rows = rows or (rows_from(data, rules) if data is not None else Rows())
        initial = {
            "outcome": outcome,
            "submission_key": uuid4().hex,
            "expected_number": expected_number,
            **kwargs.pop("initial", {}),
        }
        super().__init__(data, initial=initial, **kwargs)
        self.outcome_key = outcome
        self.players = [(i, name) for i, name in enumerate(self.names)]
        self._build()

    def _build(self) -> None:
        """The fields of the outcome, in the order their messages are listed."""
        raise NotImplementedError

    def _penalty_points(self) -> forms.IntegerField:
        """The points field of a referee penalty row (``fields.penalty_points_field``)."""
        raise NotImplementedError

    def _referee_rows(self) -> RowSet:
        return RowSet(
            self,
            "ref",
            self.rows.referee,
            lambda i: {
                "player": seat_field(self.players, _("Referee penalty for"), message=_("Tap who is penalised.")),
                "points": self._penalty_points(),
                "reason": forms.CharField(
                    label=_("Reason"), required=False, max_length=MAX_REASON, validators=[no_control(CONTROL)]
                ),
            },
        )

    # -- what the template and the views need --

    def raw(self, name: str):
        """The submitted (or initial) value of a field, as a string."""
        if self.is_bound:
            return self.data.get(self.add_prefix(name))
        value = self.initial.get(name, self.fields[name].initial if name in self.fields else None)
        return None if value is None else str(value)

    def preview_hint(self) -> str:
        """What the preview says before anything is tapped, where the family says it (else the page's words)."""
        return ""

    def referee_rows(self) -> list[dict]:
        return self.referee.bound()

    def as_shown(self) -> "HandForm":
        """For the live preview and a re-rendered form: the submitted values as the page shows
        their choices (saving never changes what was submitted)."""
        return self

    def changed_rows(self, data) -> list[dict]:
        """The rows whose choices the page must draw again for the values ``data`` had."""
        return []

    def quiet(self) -> "HandForm":
        """Re-rendered with the taps so far (another row, an incident) but without error messages;
        a referee penalty row just added shows its usual points, so one tap on who is penalised does."""
        self._errors = ErrorDict()
        self.cleaned_data = {}
        added = [self.referee.name(i, "points") for i in range(self.referee.count)]
        added = [name for name in added if name not in self.data]
        if added:
            self.data = self.data.copy()
            for name in added:
                self.data[name] = self.fields[name].initial
        return self

    def hand_comment(self) -> str:
        """The comment stored with the hand."""
        return (self.cleaned_data.get("comment") or "").strip()

    # -- validation --

    def clean(self):
        data = super().clean()
        if self.outcome_key not in outcomes(self.rules):
            raise forms.ValidationError(gettext("Choose what happened: one of the outcome buttons."))
        if self.errors:
            return data
        self._check_before_engine(data)
        if self.errors:
            return data
        facts = self._facts(data)
        if self.errors:
            return data
        try:
            self.settlement = settle(self.rules, self.table, facts, tournament=self.tournament, names=self.names)
        except RuleError as error:
            name = self._error_field(error, facts)
            self.add_error(name if name in self.fields else None, rule_message(error))
            return data
        self.facts = facts
        return data

    def _clause(self, topic: str) -> str:
        """The rule a message quotes, in the reader's language."""
        return citation(clause(self.rules, topic))

    def _name(self, seat: int) -> str:
        return self.names[seat]

    def _check_before_engine(self, data) -> None:
        """The common mistakes, said in the form's words next to the control to fix (the
        engine refuses them too, but speaks of the game-log format: 'from', 'offender'); the
        engine's own message, translated, covers everything else."""

    def _facts(self, data):
        """The engine's hand record of the cleaned ``data``."""
        raise NotImplementedError

    def _penalties(self, data) -> tuple[Penalty, ...]:
        return tuple(
            Penalty(row["player"], row["points"], PenaltyTo.RESULT, row["reason"] or "")
            for row in self.referee.values(data)
        )

    def _error_field(self, error: RuleError, facts) -> str | None:
        """The field the engine's message is about; the form's own errors take it when the
        form has no such field."""
        if error.field == "penalties":
            return self.referee.first("points") or "mistaken_call"
        return error.field


def offer_seats(value: str, count: int) -> tuple[int, ...]:
    """The seats of a table of ``count`` named by the one-tap chombo button's value ("2" or "1,3")."""
    return tuple(sorted({seat_index(s.strip(), count) for s in value.split(",")} - {None}))
