"""Forms of the admin: seat pickers that show the game's player names, the hand's fact
form sets (their engine check spans the hand form and every inline), and starting a game."""

from django import forms
from django.forms.models import BaseInlineFormSet
from django.utils.translation import gettext_lazy as _

from scoring.models import SEAT_CHOICES, ClubSession, Player, Ruleset, different_players, table_seats
from scoring.records import services
from scoring.rulebook.messages import rule_message
from scoring.rules import AmericanHand, DeadHandChallenge, MahjongInError, RiichiHand, RuleError
from scoring.rules import Penalty as PenaltyFact
from scoring.rules import Win as WinFact
from scoring.rules.families import FAMILIES
from scoring.rules.gamelog import tiles_text
from scoring.tiles.gamelog import check_log

SEAT_FIELDS = {
    "winner",
    "discarder",
    "liable",
    "offender",
    "player",
    "challenger",
    "challenged",
    "caller",
    "wall_broken_by",
    "dealer",
}
SEAT_LIST_FIELDS = {"riichi", "tenpai", "dead", "nagashi", "thrown_in"}
SEAT_NAMES = ("east", "south", "west", "north")  # the start form's seats: the widest table's, East first


def seat_choices(game) -> list[tuple[int, str]]:
    """Seat index -> "Ann (East)" for the players of ``game``: its seats only, so a seat the
    game does not have is refused like any other wrong choice."""
    if game is None:
        return list(SEAT_CHOICES)
    names = {seat.seat: seat.player.name for seat in game.seats.select_related("player")}
    return [(index, f"{names.get(index, '?')} ({label})") for index, label in table_seats(game.seat_count)]


def seat_formfield_callback(default_callback, game):
    """A ``formfield_callback`` that offers the game's players wherever a seat is asked for."""
    choices = seat_choices(game)

    def callback(db_field, **kwargs):
        if db_field.name in SEAT_LIST_FIELDS:
            return forms.TypedMultipleChoiceField(
                label=db_field.verbose_name,
                choices=choices,
                coerce=int,
                required=False,
                widget=forms.CheckboxSelectMultiple,
            )
        field = default_callback(db_field, **kwargs)
        if db_field.name in SEAT_FIELDS and field is not None:
            field.choices = ([("", "---------")] if db_field.blank else []) + choices
        return field

    return callback


# ---- the hand: facts from the hand form and its inlines --------------------------------------


def _win(data):
    return WinFact(
        data["winner"],
        data.get("discarder"),
        data.get("han") or 0,
        data.get("fu") or 0,
        data.get("yakuman") or 0,
        data.get("liable"),
        tiles_text(data["tiles"]) if data.get("tiles") else "",
    )


def _incident(data):
    if data["kind"] == "dead_hand_challenge":
        if data.get("challenger") is None or data.get("challenged") is None:
            raise RuleError(str(_("A dead-hand challenge needs the challenger and the challenged player.")))
        return DeadHandChallenge(data["challenger"], data["challenged"], bool(data.get("upheld")))
    if data.get("caller") is None:
        raise RuleError(str(_("A mahjong in error needs the caller.")))
    return MahjongInError(
        data["caller"], data.get("value"), tuple(data.get("thrown_in") or ()), data.get("wall_broken_by")
    )


def hand_facts_from_forms(hand, rows: dict):
    """The engine's hand record from the hand form's values (set on ``hand``) and the cleaned
    rows of its inlines (``rows``: "wins", "penalties", "incidents" -> list of dicts)."""
    penalties = tuple(
        PenaltyFact(p["player"], p["points"], p["to"], p.get("reason") or "") for p in rows.get("penalties", ())
    )
    wins = rows.get("wins", [])
    if hand.result in ("mahjong", "wall"):
        if hand.result == "mahjong" and len(wins) != 1:
            raise RuleError(str(_("A mahjong needs exactly one win: the winner and the card value.")))
        win = wins[0] if hand.result == "mahjong" else {}
        return AmericanHand(
            hand.result,
            winner=win.get("winner"),
            discarder=win.get("discarder"),
            value=win.get("value") or 0,
            jokerless=bool(win.get("jokerless")),
            misnamed_discard=bool(win.get("misnamed_discard")),
            incidents=tuple(_incident(i) for i in rows.get("incidents", ())),
            penalties=penalties,
        )
    if hand.result != "win" and wins:
        raise RuleError(str(_("Only a win has winners: remove the wins or change the result.")))
    return RiichiHand(
        hand.result,
        wins=tuple(_win(w) for w in wins),
        riichi=tuple(hand.riichi or ()),
        tenpai=tuple(hand.tenpai or ()) if hand.result == "draw" else (),
        dead=tuple(hand.dead or ()) if hand.result == "draw" else (),
        nagashi=tuple(hand.nagashi or ()) if hand.result == "draw" else (),
        reason=hand.reason if hand.result == "abortive" else "",
        offender=hand.offender if hand.result == "chombo" else None,
        penalties=penalties,
    )


class HandFactsFormSet(BaseInlineFormSet):
    """An inline of the hand admin. Each registers its rows on the hand being edited; the
    last one builds the hand's facts and asks the services whether the game still replays,
    so an engine error shows on the page and nothing is saved."""

    rows_name = ""

    def clean(self):
        super().clean()
        hand = self.instance
        expected = getattr(hand, "_admin_inlines", None)
        if expected is None or any(self.errors):
            return
        rows = hand.__dict__.setdefault("_admin_rows", {})
        rows[self.rows_name] = [
            form.cleaned_data for form in self.forms if form.cleaned_data and not form.cleaned_data.get("DELETE")
        ]
        if set(rows) != expected:
            return
        try:
            facts = hand_facts_from_forms(hand, rows)
            services.check_hand_edit(game=hand.game, number=hand.number, facts=facts, check=check_log)
        except RuleError as error:
            raise forms.ValidationError(rule_message(error)) from None
        hand._admin_facts = facts


class WinFormSet(HandFactsFormSet):
    rows_name = "wins"


class PenaltyFormSet(HandFactsFormSet):
    rows_name = "penalties"


class IncidentFormSet(HandFactsFormSet):
    rows_name = "incidents"


# ---- starting a game in the admin ------------------------------------------------------------


class AdminStartGameForm(forms.Form):
    """A ruleset and its players in seat order: as many as its family seats (the seats of the
    widest table are offered; those every family fills are required)."""

    ruleset = forms.ModelChoiceField(Ruleset.objects.all(), label=_("ruleset"))
    session = forms.ModelChoiceField(ClubSession.objects.all(), label=_("session"), required=False)
    east = forms.ModelChoiceField(Player.objects.filter(active=True), label=_("East"))
    south = forms.ModelChoiceField(Player.objects.filter(active=True), label=_("South"))
    west = forms.ModelChoiceField(Player.objects.filter(active=True), label=_("West"))
    north = forms.ModelChoiceField(Player.objects.filter(active=True), label=_("North"))
    tournament = forms.NullBooleanField(
        label=_("tournament game"), required=False, help_text=_("Unknown: as the session's kind says.")
    )
    date = forms.DateField(label=_("date"), required=False)
    comment = forms.CharField(label=_("comment"), required=False, widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        fewest = min(family.SEATS for family in FAMILIES.values())
        for index, seat in enumerate(SEAT_NAMES):
            self.fields[seat].required = index < fewest

    def players(self):
        return [self.cleaned_data[seat] for seat in SEAT_NAMES[: self.cleaned_data["ruleset"].seats]]

    def clean(self):
        data = super().clean()
        ruleset = data.get("ruleset")
        if ruleset is None:
            return data
        count = ruleset.seats
        for seat in SEAT_NAMES[:count]:
            if data.get(seat) is None and seat not in self.errors:
                self.add_error(seat, self.fields[seat].error_messages["required"])
        for seat in SEAT_NAMES[count:]:
            if data.get(seat) is not None:
                self.add_error(seat, different_players(count))
        chosen = [data.get(seat) for seat in SEAT_NAMES[:count]]
        if all(chosen) and len({p.pk for p in chosen}) != count:
            raise forms.ValidationError(different_players(count))
        return data
