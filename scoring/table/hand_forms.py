"""The hand form of the table page: POST data -> the engine's RiichiHand / AmericanHand.

One form per outcome (riichi: ron, tsumo, draw, abortive draw, chombo; American: mahjong,
wall game); only the fields that outcome needs exist. The engine (``scoring.rules.settle``)
checks the facts against the table; its ``RuleError`` lands next to the field it names.

Defaults make the tap budget of issue 4 possible: fu defaults to 30 (the most common fu),
nobody is in riichi, nobody is tenpai. Han choices are 1–4 han and the limits (mangan …
yakuman, multiple yakuman up to ``max_yakuman``); fu choices are only those that exist for
the chosen han and the kind of win (rules.md §1 Basic points).

Repeating rows (second and third winner, referee penalties, American incidents) are counted
by hidden fields; the buttons that add a row re-render the form without saving, so they
work without JavaScript too.
"""

from dataclasses import dataclass
from uuid import uuid4

from django import forms
from django.forms.utils import ErrorDict
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from scoring.models import no_control
from scoring.rulebook.knobs import value_label
from scoring.rulebook.messages import rule_message
from scoring.rulebook.numbers import points
from scoring.rulebook.offences import chombo_offences, stored_offence
from scoring.rules import (
    AmericanHand,
    DeadHandChallenge,
    MahjongInError,
    Penalty,
    RiichiHand,
    RuleError,
    RuleSet,
    Table,
    Win,
    clause,
    settle,
)
from scoring.rules.bounds import (
    CONTROL,
    CONTROL_IN_COMMENT,
    MAX_CARD_VALUE,
    MAX_COMMENT,
    MAX_POINTS,
    MAX_REASON,
    SUBMISSION_KEY_LENGTH,
)
from scoring.rules.riichi import FU_VALUES, fu_values
from scoring.tiles.entry import win_by_tiles

# ---- outcomes -----------------------------------------------------------------------------

RIICHI_OUTCOMES = {
    "ron": _("Ron"),
    "tsumo": _("Tsumo"),
    "draw": _("Draw"),
    "abortive": _("Abortive draw"),
    "chombo": _("Chombo"),
}
AMERICAN_OUTCOMES = {
    "mahjong": _("Mahjong"),
    "wall": _("Wall game"),
}


def outcomes(rules: RuleSet) -> dict:
    """The outcome buttons of the ruleset: abortive draw only where it has abortive draws."""
    if not rules.is_riichi:
        return dict(AMERICAN_OUTCOMES)
    return {key: label for key, label in RIICHI_OUTCOMES.items() if key != "abortive" or rules.abortive_draws}


def max_winners(rules: RuleSet) -> int:
    """Rows of winners on one discard: 1 with head bump; 2 where a triple ron is an abortive
    draw; else 3 (rules.md §1 Multiple ron)."""
    if not rules.is_riichi or rules.multi_ron != "allow":
        return 1
    return 2 if "triple_ron" in rules.abortive_draws else 3


# ---- han and fu ---------------------------------------------------------------------------

DEFAULT_FU = 30  # the most common fu, valid for every han and both kinds of win
MULTIPLES = {2: _("Double yakuman"), 3: _("Triple yakuman")}


def han_choices(rules: RuleSet) -> list[tuple[str, str]]:
    """1–4 han, the limits, yakuman up to ``max_yakuman`` (rules.md §1 Basic points)."""
    choices = [(str(h), gettext("%(han)s han") % {"han": h}) for h in range(1, 5)]
    choices += [
        ("5", gettext("Mangan (5)")),
        ("6", gettext("Haneman (6–7)")),
        ("8", gettext("Baiman (8–10)")),
        ("11", gettext("Sanbaiman (11–12)") if rules.kazoe else gettext("Sanbaiman (11+)")),
    ]
    if rules.kazoe:
        choices.append(("13", gettext("Kazoe yakuman (13+)")))
    choices.append(("y1", gettext("Yakuman")))
    for n in range(2, rules.max_yakuman + 1):
        choices.append((f"y{n}", str(MULTIPLES[n]) if n in MULTIPLES else gettext("%(n)s× yakuman") % {"n": n}))
    return choices


def split_han(value: str) -> tuple[int, int]:
    """A han choice -> (han, yakuman)."""
    if value.startswith("y"):
        return 0, int(value[1:])
    return int(value), 0


def chombo_cost(rules: RuleSet, tournament: bool) -> str:
    """What a chombo costs under this ruleset, in words (rules.md §1 Chombo)."""
    if rules.chombo_is_deduction(tournament):
        return gettext("%(points)s points from the offender's result, after uma; the hand is replayed.") % {
            "points": points(rules.chombo_points)
        }
    return gettext(
        "Reverse mangan, paid at once: a non-dealer pays the dealer 4,000 and the others 2,000 each; "
        "the dealer pays 4,000 to each. The hand is replayed."
    )


# ---- the form -----------------------------------------------------------------------------


class ChipSelect(forms.RadioSelect):
    """Radio buttons drawn as thumb-sized chips (see club.css)."""


class ChipMultiple(forms.CheckboxSelectMultiple):
    """Checkboxes drawn as thumb-sized toggle chips."""


def seat_field(choices, label, *, required=True, empty_label=None, help_text="", message=None):
    if empty_label is not None:
        choices = [("", empty_label), *choices]
    field = forms.TypedChoiceField(
        label=label, choices=choices, coerce=int, empty_value=None, required=required, widget=ChipSelect,
        help_text=help_text,
    )
    if message:
        field.error_messages["required"] = message
    return field


def seats_field(choices, label, help_text=""):
    return forms.TypedMultipleChoiceField(
        label=label, choices=choices, coerce=int, required=False, widget=ChipMultiple, help_text=help_text
    )


@dataclass
class Rows:
    """How many repeating rows the form has."""

    winners: int = 1
    referee: int = 0
    challenges: int = 0
    errors: int = 0


ROW_ACTIONS = {
    "add_winner": "winners",
    "add_referee": "referee",
    "add_challenge": "challenges",
    "add_error": "errors",
}
ROW_LIMITS = {"referee": 4, "challenges": 4, "errors": 2}


def _count(data, name: str, limit: int, default: int = 0) -> int:
    try:
        value = int(data.get(name, default))
    except (TypeError, ValueError):
        return default
    return max(0, min(value, limit))


# The values printed most often on an American card: one tap each beside the number field.
CARD_VALUES = (25, 30, 35, 40, 45, 50, 55, 60, 65, 75)


def penalty_points_field(rules) -> forms.IntegerField:
    """A referee penalty's points: riichi a positive multiple of 100 (rules.md §3); American any
    positive whole number, in the game's own units (game-log-format.md, penalties)."""
    too_many = {"max_value": _("A penalty is at most %(limit_value)s points: more than the club's records "
                               "hold.") % {"limit_value": f"{MAX_POINTS:,}"}}
    if rules.is_riichi:
        message = _("A referee penalty is a positive multiple of 100 points (rules.md §3), e.g. 1000.")
        return forms.IntegerField(
            label=_("Points"), min_value=100, max_value=MAX_POINTS, step_size=100, initial=1000,
            widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            error_messages={"min_value": message, "step_size": message, "invalid": message, "required": message,
                            **too_many},
        )
    message = _("An American referee penalty is a positive whole number of points, in the game's own units "
                "(rules.md §4), e.g. 10.")
    return forms.IntegerField(
        label=_("Points"), min_value=1, max_value=MAX_POINTS, initial=rules.lowest_hand_value,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "step": 1}),
        error_messages={"min_value": message, "invalid": message, "required": message, **too_many},
    )


class HandForm(forms.Form):
    """The facts of the next hand of ``game`` for one ``outcome``.

    ``names``: the players in seat order; ``table``: the table before the hand (the engine
    settles the hand against it in ``clean``). After ``is_valid()``: ``facts`` and
    ``settlement``; ``chombo_offer`` lists riichi declarers who are noten at a draw.
    """

    use_required_attribute = False  # the server's messages name the rule; the browser's would not

    outcome = forms.CharField(widget=forms.HiddenInput)
    submission_key = forms.CharField(
        widget=forms.HiddenInput, max_length=SUBMISSION_KEY_LENGTH,
        error_messages={"max_length": _("This form is damaged (its submission key is too long): reload the table "
                                        "page and enter the hand again."),
                        "null_characters_not_allowed": _("This form is damaged (its submission key is not valid): "
                                                         "reload the table page and enter the hand again.")},
    )
    expected_number = forms.IntegerField(widget=forms.HiddenInput)
    comment = forms.CharField(
        label=_("Comment"), required=False, max_length=MAX_COMMENT, validators=[no_control(CONTROL_IN_COMMENT)],
        widget=forms.Textarea(attrs={"rows": 2}),
    )
    before_gong = forms.BooleanField(
        label=_("This hand ended before the gong"), required=False,
        help_text=_("Only recorded now: then it is not the hand in progress at the gong. (Saved without it? Undo the "
                    "last hand and save it again.)"))

    def __init__(self, data=None, *, rules: RuleSet, names, table: Table, outcome: str, tournament: bool = False,
                 expected_number: int = 1, rows: Rows | None = None, **kwargs):
        self.rules, self.names, self.table, self.tournament = rules, tuple(names), table, tournament
        self.facts = None
        self.settlement = None
        self.chombo_offer: tuple[int, ...] = ()
        self.rows = rows or (self.rows_from(data, rules) if data is not None else Rows())
        initial = {"outcome": outcome, "submission_key": uuid4().hex, "expected_number": expected_number,
                   **kwargs.pop("initial", {})}
        super().__init__(data, initial=initial, **kwargs)
        self.outcome_key = outcome
        self.players = [(i, name) for i, name in enumerate(self.names)]
        self._build()

    # -- rows and fields --

    @staticmethod
    def rows_from(data, rules: RuleSet, action: str = "") -> Rows:
        rows = Rows(
            winners=max(1, _count(data, "n_winners", max_winners(rules), 1)),
            referee=_count(data, "n_referee", ROW_LIMITS["referee"]),
            challenges=_count(data, "n_challenges", ROW_LIMITS["challenges"]),
            errors=_count(data, "n_errors", ROW_LIMITS["errors"]),
        )
        name = ROW_ACTIONS.get(action)
        if name:
            limit = max_winners(rules) if name == "winners" else ROW_LIMITS[name]
            setattr(rows, name, min(getattr(rows, name) + 1, limit))
        return rows

    def _build(self) -> None:
        rules, out, players = self.rules, self.outcome_key, self.players
        f = self.fields
        if out in ("ron", "tsumo"):
            for i in range(self.rows.winners):
                self._win_fields(i)
            if out == "ron":
                f["discarder"] = seat_field(
                    players, _("From (dealt in)"), message=_("Tap who discarded the winning tile."),
                    help_text=_("Kan pao: a win on the replacement tile of an open kong is recorded as a ron "
                                "from the player whose discard was konged.") if rules.kan_pao else "",
                )
        if out in ("ron", "tsumo", "draw", "abortive"):
            f["riichi"] = seats_field(players, _("Riichi this hand"),
                                      help_text=_("Each declarer puts a 1,000 stick on the table."))
        if out == "draw":
            f["tenpai"] = seats_field(players, _("Tenpai"))
            f["dead"] = seats_field(players, _("Dead hand"), help_text=_(
                "A dead hand is never tenpai; a riichi player with a dead hand pays noten, no chombo."))
            if rules.nagashi:
                f["nagashi"] = seats_field(players, _("Nagashi mangan"))
        if out == "abortive":
            f["reason"] = forms.ChoiceField(
                label=_("Why"), choices=[(r, value_label(r)) for r in rules.abortive_draws], widget=ChipSelect,
                error_messages={"required": _("Choose why the hand was aborted.")},
            )
        if out == "chombo":
            f["offender"] = seat_field(players, _("Chombo by"), message=_("Tap who committed the chombo."))
            f["offence"] = forms.ChoiceField(
                label=_("Offence"), choices=list(chombo_offences(rules).items()), widget=forms.RadioSelect,
                error_messages={"required": _("Choose the offence.")},
            )
        if out == "mahjong":
            f["winner"] = seat_field(players, _("Mahjong by"), message=_("Tap who called mahjong."))
            f["discarder"] = seat_field(players, _("From"), required=False, empty_label=_("Self-picked"))
            f["value"] = forms.IntegerField(
                label=_("Card value"), min_value=1, max_value=MAX_CARD_VALUE,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "step": 5}),
                error_messages={"required": _("Enter the card value of the winning hand.")},
            )
            f["jokerless"] = forms.BooleanField(label=_("Jokerless"), required=False,
                                                help_text=_("Every payment doubled (not for Singles and Pairs)."))
            f["misnamed_discard"] = forms.BooleanField(
                label=_("On a misnamed discard"), required=False,
                help_text=_("“A mispoken discard must be corrected. If a player calls mahjong off the mispoken "
                            "discard the hand ends with the discarder alone pays 4x the value of the hand.”"),
            )
        if rules.is_riichi and rules.mistaken_call_to_pot and out in RIICHI_OUTCOMES:
            f["mistaken_call"] = seats_field(
                players, _("Mistaken call"),
                help_text=_("Declared a pung or chow without melding it: %(points)s to the riichi pot.") % {
                    "points": points(rules.mistaken_call_to_pot)},
            )
        for i in range(self.rows.referee):
            p = f"ref{i}-"
            f[p + "player"] = seat_field(players, _("Referee penalty for"), message=_("Tap who is penalised."))
            f[p + "points"] = penalty_points_field(rules)
            f[p + "reason"] = forms.CharField(label=_("Reason"), required=False, max_length=MAX_REASON,
                                              validators=[no_control(CONTROL)])
        if not rules.is_riichi:
            for i in range(self.rows.challenges):
                p = f"chal{i}-"
                f[p + "challenger"] = seat_field(players, _("Declared dead by"), message=_("Tap the challenger."))
                f[p + "challenged"] = seat_field(players, _("Declared dead"),
                                                 message=_("Tap the player declared dead."))
                f[p + "upheld"] = forms.TypedChoiceField(
                    label=_("At the end of the hand"), widget=forms.RadioSelect, coerce=lambda v: v == "dead",
                    choices=[
                        ("dead", _("The hand was indeed dead: the challenged player pays the challenger")),
                        ("valid", _("The hand was valid: the challenger pays the challenged player")),
                    ],
                    error_messages={"required": _("Say whether the hand was dead.")},
                )
            for i in range(self.rows.errors):
                p = f"err{i}-"
                f[p + "caller"] = seat_field(players, _("Mahjong called in error by"), message=_("Tap the caller."))
                f[p + "value"] = forms.IntegerField(
                    label=_("Value of the hand declared"), min_value=1, max_value=MAX_CARD_VALUE, required=False,
                    help_text=_("Needed when two players threw their hands in."),
                    widget=forms.NumberInput(attrs={"inputmode": "numeric", "step": 5}),
                )
                f[p + "thrown_in"] = seats_field(players, _("Threw in their hand"))
                f[p + "wall_broken_by"] = seat_field(
                    players, _("Began to take down the wall"), required=False, empty_label=_("Nobody"))

    def _win_fields(self, i: int) -> None:
        f = self.fields
        p = f"win{i}-"
        label = _("Winner") if i == 0 else (_("Second winner") if i == 1 else _("Third winner"))
        f[p + "winner"] = seat_field(self.players, label, message=_("Tap who won."))
        f[p + "han"] = forms.ChoiceField(
            label=_("Han"), choices=han_choices(self.rules), widget=ChipSelect,
            error_messages={"required": _("Tap the han, or the limit.")},
        )
        f[p + "tiles"] = forms.CharField(label=_("Tiles"), required=False, max_length=4000,
                                         widget=forms.HiddenInput)  # picker.html
        f[p + "fu"] = forms.TypedChoiceField(
            label=_("Fu"), choices=[(str(v), str(v)) for v in sorted(FU_VALUES)], coerce=int, required=False,
            initial=str(DEFAULT_FU), widget=ChipSelect,
        )
        if self.rules.pao_hands:
            f[p + "liable"] = seat_field(
                self.players, _("Liable (pao)"), required=False, empty_label=_("Nobody"),
                help_text=_("Only for a yakuman: %(hands)s.") % {
                    "hands": ", ".join(value_label(h) for h in self.rules.pao_hands)},
            )

    # -- what the template needs --

    @property
    def tsumo(self) -> bool:
        return self.outcome_key == "tsumo"

    def raw(self, name: str):
        """The submitted (or initial) value of a field, as a string."""
        if self.is_bound:
            return self.data.get(self.add_prefix(name))
        value = self.initial.get(name, self.fields[name].initial if name in self.fields else None)
        return None if value is None else str(value)

    def chosen_han(self, i: int) -> tuple[int, int] | None:
        """(han, yakuman) chosen in winner row ``i``, or None."""
        value = self.raw(f"win{i}-han")
        choices = {c for c, _label in han_choices(self.rules)}
        return split_han(value) if value in choices else None

    def win_rows(self) -> list[dict]:
        """Per winner row: its fields and what the han choice shows (fu, or liability)."""
        rows = []
        for i in range(self.rows.winners if self.outcome_key in ("ron", "tsumo") else 0):
            chosen = self.chosen_han(i)
            han, yakuman = chosen if chosen else (None, 0)
            fu_choices = fu_values(han, self.tsumo) if not yakuman else []
            p = f"win{i}-"
            show_liable = bool(yakuman) and p + "liable" in self.fields
            rows.append({
                "index": i,
                "winner": self[p + "winner"],
                "han": self[p + "han"],
                "fu": self[p + "fu"],
                "fu_values": fu_choices,
                "fu_selected": self.selected_fu(i, fu_choices),
                "liable": self[p + "liable"] if p + "liable" in self.fields else None,
                "show_liable": show_liable,
                # what the row shows below the han: the page asks for a fresh copy only when it changes
                "shape": ",".join(map(str, fu_choices)) + ("|liable" if show_liable else ""),
            })
        return rows

    def selected_fu(self, i: int, choices: list[int]) -> int | None:
        """The fu shown as chosen: the submitted fu if it exists for the han, else 30."""
        value = self.raw(f"win{i}-fu")
        try:
            fu = int(value)
        except (TypeError, ValueError):
            fu = DEFAULT_FU
        if choices and fu not in choices:
            return DEFAULT_FU
        return fu

    def referee_rows(self) -> list[dict]:
        return [{"index": i, **{k: self[f"ref{i}-{k}"] for k in ("player", "points", "reason")}}
                for i in range(self.rows.referee)]

    def challenge_rows(self) -> list[dict]:
        if self.rules.is_riichi:
            return []
        return [{"index": i, **{k: self[f"chal{i}-{k}"] for k in ("challenger", "challenged", "upheld")}}
                for i in range(self.rows.challenges)]

    def error_rows(self) -> list[dict]:
        if self.rules.is_riichi:
            return []
        return [{"index": i, **{k: self[f"err{i}-{k}"] for k in ("caller", "value", "thrown_in", "wall_broken_by")}}
                for i in range(self.rows.errors)]

    def can_add_winner(self) -> bool:
        return self.outcome_key == "ron" and self.rows.winners < max_winners(self.rules)

    def quiet(self) -> "HandForm":
        """Re-rendered with the taps so far (another row, an incident) but without error messages."""
        self._errors = ErrorDict()
        self.cleaned_data = {}
        return self

    # -- validation --

    def normalize_fu(self) -> None:
        """For the live preview: a fu that does not exist for the chosen han becomes 30, as
        the refreshed fu choices show it (saving never changes what was submitted)."""
        if not self.is_bound:
            return
        data = self.data.copy()
        for i in range(self.rows.winners if self.outcome_key in ("ron", "tsumo") else 0):
            chosen = self.chosen_han(i)
            if chosen is None:
                continue
            values = fu_values(chosen[0], self.tsumo) if not chosen[1] else []
            data[f"win{i}-fu"] = str(self.selected_fu(i, values) if values else "")
        self.data = data

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
            self._engine_error(error, facts)
            return data
        self.facts = facts
        return data

    def _name(self, seat: int) -> str:
        return self.names[seat]

    def _check_before_engine(self, data) -> None:
        """The common mistakes, said in the form's words next to the control to fix (the
        engine refuses them too, but speaks of the game-log format: 'from', 'offender'); the
        engine's own message, translated, covers everything else."""
        out = self.outcome_key
        if out in ("ron", "tsumo"):
            winners = [data.get(f"win{i}-winner") for i in range(self.rows.winners)]
            seen = set()
            for i, winner in enumerate(winners):
                if winner in seen:
                    self.add_error(f"win{i}-winner", gettext("%(name)s is already a winner of this hand.") % {
                        "name": self._name(winner)})
                seen.add(winner)
            discarder = data.get("discarder")
            if out == "ron" and discarder in seen:
                self.add_error("discarder", gettext("%(name)s won this hand and cannot have dealt in.") % {
                    "name": self._name(discarder)})
            for i in range(len(winners)):
                liable = data.get(f"win{i}-liable")
                if liable is None:
                    continue
                han, yakuman = split_han(data[f"win{i}-han"])
                if not yakuman:
                    self.add_error(f"win{i}-liable", gettext("Liability applies only to a yakuman (%(clause)s).") % {
                        "clause": clause(self.rules, "liability")})
                elif liable in seen:
                    self.add_error(f"win{i}-liable", gettext(
                        "%(name)s won this hand and cannot be liable (%(clause)s).") % {
                        "name": self._name(liable), "clause": clause(self.rules, "liability")})
        if out == "draw":
            both = set(data.get("tenpai", ())) & set(data.get("dead", ()))
            if both:
                self.add_error("tenpai", gettext("%(names)s: a dead hand cannot be tenpai (%(clause)s).") % {
                    "names": ", ".join(self._name(p) for p in sorted(both)), "clause": clause(self.rules, "dead_hand")})
                return
            noten = tuple(p for p in sorted(data.get("riichi", ()))
                          if p not in data.get("tenpai", ()) and p not in data.get("dead", ()))
            if noten:
                self.chombo_offer = noten
                names = ", ".join(self._name(p) for p in noten)
                message = ngettext(
                    "%(names)s declared riichi but is not tenpai at the exhaustive draw: under %(clause)s that "
                    "is chombo. Mark %(names)s tenpai (or dead), or record the chombo.",
                    "%(names)s declared riichi but are not tenpai at the exhaustive draw: under %(clause)s each "
                    "is a chombo, one hand per offender in seat order. Mark them tenpai (or dead), or record "
                    "the chombos.",
                    len(noten),
                ) % {"names": names, "clause": clause(self.rules, "noten_riichi")}
                self.add_error("tenpai", message)
        if out == "mahjong":
            if data.get("discarder") is not None and data.get("discarder") == data.get("winner"):
                self.add_error("discarder", gettext("%(name)s cannot win on their own discard.") % {
                    "name": self._name(data["discarder"])})
            if data.get("misnamed_discard") and data.get("discarder") is None:
                self.add_error("misnamed_discard", gettext(
                    "A misnamed discard needs the player who misnamed it: tap who discarded (%(clause)s).") % {
                    "clause": clause(self.rules, "misnamed_discard")})
            if data.get("value") is not None and data["value"] < self.rules.lowest_hand_value:
                self.add_error("value", gettext("A hand on the card is worth at least %(value)s.") % {
                    "value": self.rules.lowest_hand_value})
        for i in range(self.rows.challenges if not self.rules.is_riichi else 0):
            p = f"chal{i}-"
            if data.get(p + "challenger") is not None and data.get(p + "challenger") == data.get(p + "challenged"):
                self.add_error(p + "challenged", gettext("A player cannot declare their own hand dead."))
        for i in range(self.rows.errors if not self.rules.is_riichi else 0):
            p = f"err{i}-"
            if len(data.get(p + "thrown_in") or ()) == 2 and data.get(p + "value") is None:
                self.add_error(p + "value", gettext(
                    "Two players threw their hands in: enter the value of the hand declared, the caller pays the "
                    "intact player twice that (%(clause)s).") % {"clause": clause(self.rules, "mahjong_in_error")})

    def _penalties(self, data) -> tuple[Penalty, ...]:
        penalties = []
        for player in sorted(data.get("mistaken_call", ())):
            penalties.append(Penalty(player, self.rules.mistaken_call_to_pot, "pot", "mistaken call"))
        for i in range(self.rows.referee):
            p = f"ref{i}-"
            penalties.append(Penalty(data[p + "player"], data[p + "points"], "result", data.get(p + "reason") or ""))
        return tuple(penalties)

    def _facts(self, data) -> RiichiHand | AmericanHand:
        out = self.outcome_key
        penalties = self._penalties(data)
        if out in ("mahjong", "wall"):
            incidents = []
            for i in range(self.rows.challenges):
                p = f"chal{i}-"
                incidents.append(DeadHandChallenge(data[p + "challenger"], data[p + "challenged"], data[p + "upheld"]))
            for i in range(self.rows.errors):
                p = f"err{i}-"
                incidents.append(MahjongInError(data[p + "caller"], data.get(p + "value"),
                                                tuple(sorted(data.get(p + "thrown_in", ()))),
                                                data.get(p + "wall_broken_by")))
            if out == "wall":
                return AmericanHand("wall", incidents=tuple(incidents), penalties=penalties)
            return AmericanHand(
                "mahjong", winner=data["winner"], discarder=data.get("discarder"), value=data["value"],
                jokerless=bool(data.get("jokerless")), misnamed_discard=bool(data.get("misnamed_discard")),
                incidents=tuple(incidents), penalties=penalties,
            )
        riichi = tuple(sorted(data.get("riichi", ())))
        if out in ("ron", "tsumo"):
            wins = []
            for i in range(self.rows.winners):
                p = f"win{i}-"
                han, yakuman = split_han(data[p + "han"])
                fu = (data.get(p + "fu") if (han and han <= 4) else 0) or 0
                tiles = ""
                if data.get(p + "tiles"):
                    han, fu, yakuman, tiles = self._by_tiles(data, i, han, fu, yakuman)
                wins.append(Win(data[p + "winner"], data.get("discarder") if out == "ron" else None,
                                han, fu, yakuman, data.get(p + "liable"), tiles))
            return RiichiHand("win", wins=tuple(wins), riichi=riichi, penalties=penalties)
        if out == "draw":
            return RiichiHand("draw", riichi=riichi, tenpai=tuple(sorted(data.get("tenpai", ()))),
                              dead=tuple(sorted(data.get("dead", ()))),
                              nagashi=tuple(sorted(data.get("nagashi", ()))), penalties=penalties)
        if out == "abortive":
            return RiichiHand("abortive", riichi=riichi, reason=data["reason"], penalties=penalties)
        return RiichiHand("chombo", offender=data["offender"], penalties=penalties)

    def _by_tiles(self, data, i: int, han: int, fu: int, yakuman: int) -> tuple[int, int, int, str]:
        """A winner row entered by its tiles (issue 13): the tiles' han and fu, unless overridden."""
        winner = data[f"win{i}-winner"]
        try:
            return win_by_tiles(data[f"win{i}-tiles"], rules=self.rules, table=self.table, winner=winner,
                                tsumo=self.tsumo, riichi=winner in data.get("riichi", ()), han=han, fu=fu,
                                yakuman=yakuman)
        except RuleError as error:
            self.add_error(None, gettext("%(name)s's tiles: %(problem)s") % {
                "name": self._name(winner), "problem": rule_message(error)})
            return han, fu, yakuman, ""

    def offence_label(self) -> str:
        if self.outcome_key != "chombo" or not hasattr(self, "cleaned_data"):
            return ""
        key = self.cleaned_data.get("offence")
        return stored_offence(self.rules, key) if key else ""

    def _engine_error(self, error: RuleError, facts) -> None:
        """Put the engine's message next to the field it is about."""
        field = error.field
        name = None
        if field in ("han", "fu", "yakuman", "liable") and self.outcome_key in ("ron", "tsumo"):
            name = self._win_row_field(field, facts)
        elif field == "wins" and self.outcome_key in ("ron", "tsumo"):
            name = "win0-winner"
        elif field == "penalties":
            name = "ref0-points" if self.rows.referee else ("mistaken_call" if "mistaken_call" in self.fields else None)
        elif field == "incidents":
            name = "chal0-challenged" if self.rows.challenges else ("err0-caller" if self.rows.errors else None)
        elif field in self.fields:
            name = field
        self.add_error(name if name in self.fields else None, rule_message(error))

    def _win_row_field(self, field: str, facts: RiichiHand) -> str:
        """The winner row an engine error about han/fu/liability belongs to: the first win
        that fails on its own."""
        target = "han" if field == "yakuman" else field
        for i, win in enumerate(facts.wins):
            try:
                settle(self.rules, self.table, facts._replace(wins=(win,), penalties=()), tournament=self.tournament,
                       names=self.names)
            except RuleError as error:
                if error.field == field:
                    return f"win{i}-{target}"
        return f"win0-{target}"

    # -- buttons --

    def card_values(self) -> list[int]:
        """The common card values this ruleset allows (none below its lowest hand value)."""
        return [value for value in CARD_VALUES if value >= self.rules.lowest_hand_value]

    def chombo_offer_labels(self) -> list[tuple[str, str]]:
        """(value, label) of the one-tap "record as chombo" button."""
        if not self.chombo_offer:
            return []
        names = ", ".join(self._name(p) for p in self.chombo_offer)
        value = ",".join(str(p) for p in self.chombo_offer)
        label = ngettext("Record as chombo by %(names)s", "Record as chombos by %(names)s",
                         len(self.chombo_offer)) % {"names": names}
        return [(value, label)]

    def chombo_hands(self, offenders: tuple[int, ...]) -> list[RiichiHand] | None:
        """The chombo hands that replace a draw with noten riichi declarers: one per offender,
        in seat order (rules.md §1 Exhaustive draw); the first carries the draw's riichi
        declarations and penalties. None unless the noten riichi is all that is wrong."""
        if self.outcome_key != "draw" or not self.chombo_offer or set(offenders) != set(self.chombo_offer):
            return None
        if set(self.errors) != {"tenpai"}:
            return None
        data = self.cleaned_data
        riichi = tuple(sorted(data.get("riichi", ())))
        penalties = self._penalties(data)
        return [
            RiichiHand("chombo", riichi=riichi if n == 0 else (), offender=seat, penalties=penalties if n == 0 else ())
            for n, seat in enumerate(offenders)
        ]


def offer_seats(value: str) -> tuple[int, ...]:
    """The seats named by the one-tap chombo button's value ("2" or "1,3")."""
    return tuple(sorted({int(s) for s in value.split(",") if s.strip().isdigit() and 0 <= int(s) <= 3}))
