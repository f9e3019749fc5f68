"""The riichi hand form: ron, tsumo, draw, abortive draw, chombo.

Defaults make the tap budget possible: fu defaults to 30 (the most common fu), nobody is in
riichi, nobody is tenpai. Han choices are 1–4 han and the limits (mangan … yakuman, multiple
yakuman up to ``max_yakuman``); fu choices are only those that exist for the chosen han and
the kind of win. A draw with riichi declarers noten at it offers to record their chombos.
Where the ruleset sets Norths aside (``north``: nukidora, Tenhou three-player rules), each
winner row taps them (0–4): the win records its han with them, one dora each (the engine's
``Win`` has no count of its own), and a win entered by its tiles carries them as ``nuki``.
"""

from typing import Any, cast

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from scoring.rulebook.knobs import value_label
from scoring.rulebook.messages import rule_message
from scoring.rulebook.numbers import points
from scoring.rulebook.offences import chombo_offences, stored_offence
from scoring.rules import Penalty, RiichiHand, RuleError, Win, settle
from scoring.rules.families.riichi.gamelog import MOST_NUKI
from scoring.rules.riichi import FU_VALUES, fu_values
from scoring.rules.vocabulary import North, PenaltyTo, RiichiResult
from scoring.table.forms.base import HandForm
from scoring.table.forms.fields import ChipSelect, penalty_points_field, seat_field, seats_field
from scoring.table.forms.rows import RowSet
from scoring.tiles.entry import win_by_tiles

from .offers import DEFAULT_FU, OUTCOMES, han_choices, max_winners, split_han

WINS = ("ron", "tsumo")


class RiichiHandForm(HandForm):
    """After ``is_valid()``, also ``chombo_offer``: the riichi declarers noten at a draw."""

    def _build(self) -> None:
        rules, out, players = self.rules, self.outcome_key, self.players
        f = self.fields
        self.wins = RowSet(self, "win", self.rows.winners if out in WINS else 0, self._win_fields)
        if out == "ron":
            f["discarder"] = seat_field(
                players,
                _("From (dealt in)"),
                message=_("Tap who discarded the winning tile."),
                help_text=_(
                    "Kan pao: a win on the replacement tile of an open kong is recorded as a ron "
                    "from the player whose discard was konged."
                )
                if rules.kan_pao
                else "",
            )
        if out in (*WINS, RiichiResult.DRAW, RiichiResult.ABORTIVE):
            f["riichi"] = seats_field(
                players, _("Riichi this hand"), help_text=_("Each declarer puts a 1,000 stick on the table.")
            )
        if out == RiichiResult.DRAW:
            f["tenpai"] = seats_field(players, _("Tenpai"))
            f["dead"] = seats_field(
                players,
                _("Dead hand"),
                help_text=_("A dead hand is never tenpai; a riichi player with a dead hand pays noten, no chombo."),
            )
            if rules.nagashi:
                f["nagashi"] = seats_field(players, _("Nagashi mangan"))
        if out == RiichiResult.ABORTIVE:
            f["reason"] = forms.ChoiceField(
                label=_("Why"),
                choices=[(r, value_label(r)) for r in rules.abortive_draws],
                widget=ChipSelect,
                error_messages={"required": _("Choose why the hand was aborted.")},
            )
        if out == RiichiResult.CHOMBO:
            f["offender"] = seat_field(players, _("Chombo by"), message=_("Tap who committed the chombo."))
            f["offence"] = forms.ChoiceField(
                label=_("Offence"),
                choices=list(chombo_offences(rules).items()),
                widget=forms.RadioSelect,
                error_messages={"required": _("Choose the offence.")},
            )
        if rules.mistaken_call_to_pot and out in OUTCOMES:
            f["mistaken_call"] = seats_field(
                players,
                _("Mistaken call"),
                help_text=_("Declared a pung or chow without melding it: %(points)s to the riichi pot.")
                % {"points": points(rules.mistaken_call_to_pot)},
            )
        self.referee = self._referee_rows()

    def _win_fields(self, i: int) -> dict[str, Any]:
        label = _("Winner") if i == 0 else (_("Second winner") if i == 1 else _("Third winner"))
        fields = {
            "winner": seat_field(self.players, label, message=_("Tap who won.")),
            "han": forms.ChoiceField(
                label=_("Han"),
                choices=han_choices(self.rules),
                widget=ChipSelect,
                error_messages={"required": _("Tap the han, or the limit.")},
            ),
            **self._norths_field(),
            "tiles": forms.CharField(
                label=_("Tiles"), required=False, max_length=4000, widget=forms.HiddenInput
            ),  # picker.html
            "fu": forms.TypedChoiceField(
                label=_("Fu"),
                choices=[(str(v), str(v)) for v in sorted(FU_VALUES)],
                coerce=int,
                required=False,
                initial=str(DEFAULT_FU),
                widget=ChipSelect,
            ),
        }
        if self.rules.pao_hands:
            fields["liable"] = seat_field(
                self.players,
                _("Liable (pao)"),
                required=False,
                empty_label=_("Nobody"),
                help_text=_("Only for a yakuman: %(hands)s.")
                % {"hands": ", ".join(value_label(h) for h in self.rules.pao_hands)},
            )
        return fields

    def _norths_field(self) -> dict[str, Any]:
        """The Norths set aside, where the ruleset sets them aside: one tap, 0 by default."""
        if self.rules.north != North.NUKIDORA:
            return {}
        field = forms.TypedChoiceField(
            label=_("Norths set aside"),
            choices=[(str(n), str(n)) for n in range(MOST_NUKI + 1)],
            coerce=int,
            required=False,
            empty_value=0,  # type: ignore[arg-type]  # django-stubs: a str; the field coerces to int
            initial="0",
            widget=ChipSelect,
            help_text=_("Each North set aside is one dora more: tap the han without them."),
        )
        return {"norths": field}

    def _penalty_points(self) -> forms.IntegerField:
        """A referee penalty is a positive multiple of 100 points."""
        message = gettext("A referee penalty is a positive multiple of 100 points (%(clause)s), e.g. 1000.") % {
            "clause": self._clause("penalty")
        }
        widget = forms.NumberInput(attrs={"inputmode": "numeric"})
        return penalty_points_field(message, min_value=100, step_size=100, initial=1000, widget=widget)

    # -- what the template needs --

    @property
    def tsumo(self) -> bool:
        return self.outcome_key == "tsumo"

    def chosen_han(self, i: int) -> tuple[int, int] | None:
        """(han, yakuman) chosen in winner row ``i``, or None."""
        value = self.raw(f"win{i}-han")
        choices = {c for c, _label in han_choices(self.rules)}
        return split_han(value) if value in choices else None

    def norths(self, i: int) -> int:
        """The Norths set aside tapped in winner row ``i`` (0 where the ruleset sets none aside)."""
        if self.wins.name(i, "norths") not in self.fields:
            return 0
        value = self.raw(self.wins.name(i, "norths"))
        return int(value) if value in {str(n) for n in range(MOST_NUKI + 1)} else 0

    def total_han(self, i: int) -> tuple[int | None, int]:
        """(han, yakuman) winner row ``i`` records: the han tapped and the Norths set aside (a
        yakuman counts no dora); (None, 0) before a han is tapped."""
        chosen = self.chosen_han(i)
        if chosen is None:
            return None, 0
        han, yakuman = chosen
        return (han + self.norths(i) if not yakuman else 0), yakuman

    def win_rows(self) -> list[dict[str, Any]]:
        """Per winner row: its fields and what the han choice shows (fu, or liability, and the
        han with the Norths)."""
        rows = []
        for row in self.wins.bound():
            i = row["index"]
            han, yakuman = self.total_han(i)
            norths = self.norths(i) if han else 0
            fu_choices = fu_values(han, self.tsumo) if not yakuman else []
            show_liable = bool(yakuman) and "liable" in row
            with_norths = (
                ngettext(
                    "%(han)s han with the North set aside.", "%(han)s han with the %(norths)s Norths set aside.", norths
                )
                % {"han": han, "norths": norths}
                if norths
                else ""
            )
            rows.append(
                {
                    **row,
                    "fu_values": fu_choices,
                    "fu_selected": self.selected_fu(i, fu_choices),
                    "liable": row.get("liable"),
                    "show_liable": show_liable,
                    "with_norths": with_norths,
                    # what the row shows below the han: the page asks for a fresh copy only when it changes
                    "shape": ",".join(map(str, fu_choices))
                    + ("|liable" if show_liable else "")
                    + (f"|{han}+{norths}" if norths else ""),
                }
            )
        return rows

    def changed_rows(self, data: dict[str, Any]) -> list[dict[str, Any]]:
        """The winner rows whose han changed what they show below it (fu, or liability)."""
        return [row for row in self.win_rows() if data.get(f"win{row['index']}-shape") != row["shape"]]

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

    def can_add_winner(self) -> bool:
        return self.outcome_key == "ron" and self.rows.winners < max_winners(self.rules)

    def as_shown(self) -> "RiichiHandForm":
        """A fu that does not exist for the chosen han becomes 30, as the refreshed fu choices
        show it."""
        if not self.is_bound:
            return self
        data = cast(QueryDict, self.data).copy()  # a bound form's data: the request's
        for i in range(self.wins.count):
            han, yakuman = self.total_han(i)
            if han is None:
                continue
            values = fu_values(han, self.tsumo) if not yakuman else []
            data[f"win{i}-fu"] = str(self.selected_fu(i, values) if values else "")
        self.data = data
        return self

    def offence_label(self) -> str:
        if self.outcome_key != RiichiResult.CHOMBO or not hasattr(self, "cleaned_data"):
            return ""
        key = self.cleaned_data.get("offence")
        return stored_offence(self.rules, key) if key else ""

    def hand_comment(self) -> str:
        comment, offence = super().hand_comment(), self.offence_label()
        if offence:
            return f"{offence}. {comment}".strip() if comment else offence
        return comment

    # -- validation --

    def _check_before_engine(self, data: dict[str, Any]) -> None:
        out = self.outcome_key
        if out in WINS:
            self._check_winners(data)
        if out == RiichiResult.DRAW:
            self._check_draw(data)

    def _check_winners(self, data: dict[str, Any]) -> None:
        rows = self.wins.values(data)
        seen = set()
        for i, row in enumerate(rows):
            if row["winner"] in seen:
                self.add_error(
                    self.wins.name(i, "winner"),
                    gettext("%(name)s is already a winner of this hand.") % {"name": self._name(row["winner"])},
                )
            seen.add(row["winner"])
        discarder: Any = data.get("discarder")  # a seat, once a ron has its discarder
        if self.outcome_key == "ron" and discarder in seen:
            self.add_error(
                "discarder",
                gettext("%(name)s won this hand and cannot have dealt in.") % {"name": self._name(discarder)},
            )
        for i, row in enumerate(rows):
            liable = row.get("liable")
            if liable is None:
                continue
            han, yakuman = split_han(row["han"])
            if not yakuman:
                self.add_error(
                    self.wins.name(i, "liable"),
                    gettext("Liability applies only to a yakuman (%(clause)s).")
                    % {"clause": self._clause("liability")},
                )
            elif liable in seen:
                self.add_error(
                    self.wins.name(i, "liable"),
                    gettext("%(name)s won this hand and cannot be liable (%(clause)s).")
                    % {"name": self._name(liable), "clause": self._clause("liability")},
                )

    def _check_draw(self, data: dict[str, Any]) -> None:
        both = set(data.get("tenpai", ())) & set(data.get("dead", ()))
        if both:
            self.add_error(
                "tenpai",
                gettext("%(names)s: a dead hand cannot be tenpai (%(clause)s).")
                % {"names": ", ".join(self._name(p) for p in sorted(both)), "clause": self._clause("dead_hand")},
            )
            return
        noten = tuple(
            p
            for p in sorted(data.get("riichi", ()))
            if p not in data.get("tenpai", ()) and p not in data.get("dead", ())
        )
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
            ) % {"names": names, "clause": self._clause("noten_riichi")}
            self.add_error("tenpai", message)

    def _penalties(self, data: dict[str, Any]) -> tuple[Penalty, ...]:
        mistaken = tuple(
            Penalty(player, self.rules.mistaken_call_to_pot, PenaltyTo.POT, "mistaken call")
            for player in sorted(data.get("mistaken_call", ()))
        )
        return mistaken + super()._penalties(data)

    def _facts(self, data: dict[str, Any]) -> RiichiHand:
        out = self.outcome_key
        penalties = self._penalties(data)
        riichi = tuple(sorted(data.get("riichi", ())))
        if out in WINS:
            wins = []
            for row in self.wins.values(data):
                han, yakuman = split_han(row["han"])
                norths = row.get("norths")  # None where the ruleset sets no North aside
                if norths and not yakuman:
                    han += norths
                fu = (row["fu"] if (han and han <= 4) else 0) or 0
                tiles = ""
                if row["tiles"]:
                    han, fu, yakuman, tiles = self._by_tiles(data, row, han, fu, yakuman, norths)
                wins.append(
                    Win(
                        row["winner"],
                        data.get("discarder") if out == "ron" else None,
                        han,
                        fu,
                        yakuman,
                        row.get("liable"),
                        tiles,
                    )
                )
            return RiichiHand(RiichiResult.WIN, wins=tuple(wins), riichi=riichi, penalties=penalties)
        if out == RiichiResult.DRAW:
            return RiichiHand(
                RiichiResult.DRAW,
                riichi=riichi,
                tenpai=tuple(sorted(data.get("tenpai", ()))),
                dead=tuple(sorted(data.get("dead", ()))),
                nagashi=tuple(sorted(data.get("nagashi", ()))),
                penalties=penalties,
            )
        if out == RiichiResult.ABORTIVE:
            return RiichiHand(RiichiResult.ABORTIVE, riichi=riichi, reason=data["reason"], penalties=penalties)
        return RiichiHand(RiichiResult.CHOMBO, offender=data["offender"], penalties=penalties)

    def _by_tiles(
        self, data: dict[str, Any], row: dict[str, Any], han: int, fu: int, yakuman: int, norths: int | None
    ) -> tuple[int, int, int, str]:
        """A winner row entered by its tiles (with the Norths tapped set aside): the tiles'
        han and fu, unless overridden."""
        winner = row["winner"]
        try:
            return win_by_tiles(
                row["tiles"],
                rules=self.rules,
                table=self.table,
                winner=winner,
                tsumo=self.tsumo,
                riichi=winner in data.get("riichi", ()),
                han=han,
                fu=fu,
                yakuman=yakuman,
                nuki=norths,
            )
        except RuleError as error:
            self.add_error(
                None,
                gettext("%(name)s's tiles: %(problem)s") % {"name": self._name(winner), "problem": rule_message(error)},
            )
            return han, fu, yakuman, ""

    def _error_field(self, error: RuleError, facts: Any) -> str | None:
        field = error.field
        if field in ("han", "fu", "yakuman", "liable") and self.outcome_key in WINS:
            return self._win_row_field(field, facts)
        if field == "wins" and self.outcome_key in WINS:
            return self.wins.first("winner")
        return super()._error_field(error, facts)

    def _win_row_field(self, field: str, facts: RiichiHand) -> str:
        """The winner row an engine error about han/fu/liability belongs to: the first win
        that fails on its own."""
        target = "han" if field == "yakuman" else field
        for i, win in enumerate(facts.wins):
            try:
                settle(
                    self.rules,
                    self.table,
                    facts._replace(wins=(win,), penalties=()),
                    tournament=self.tournament,
                    names=self.names,
                )
            except RuleError as error:
                if error.field == field:
                    return self.wins.name(i, target)
        return self.wins.name(0, target)

    # -- the one-tap chombo --

    def chombo_offer_labels(self) -> list[tuple[str, str]]:
        """(value, label) of the one-tap "record as chombo" button."""
        if not self.chombo_offer:
            return []
        names = ", ".join(self._name(p) for p in self.chombo_offer)
        value = ",".join(str(p) for p in self.chombo_offer)
        label = ngettext("Record as chombo by %(names)s", "Record as chombos by %(names)s", len(self.chombo_offer)) % {
            "names": names
        }
        return [(value, label)]

    def chombo_hands(self, offenders: tuple[int, ...]) -> list[RiichiHand] | None:
        """The chombo hands that replace a draw with noten riichi declarers: one per offender,
        in seat order (Exhaustive draw); the first carries the draw's riichi declarations and
        penalties. None unless the noten riichi is all that is wrong."""
        if self.outcome_key != RiichiResult.DRAW or not self.chombo_offer or set(offenders) != set(self.chombo_offer):
            return None
        if set(self.errors) != {"tenpai"}:
            return None
        data = self.cleaned_data
        riichi = tuple(sorted(data.get("riichi", ())))
        penalties = self._penalties(data)
        return [
            RiichiHand(
                RiichiResult.CHOMBO,
                riichi=riichi if n == 0 else (),
                offender=seat,
                penalties=penalties if n == 0 else (),
            )
            for n, seat in enumerate(offenders)
        ]
