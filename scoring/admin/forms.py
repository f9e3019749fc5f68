"""Forms of the admin: seat pickers that show the game's player names, the hand's form and
its rows and the facts they give (the game log's mapping), and starting a game."""

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.models import (
    SEAT_CHOICES,
    ClubSession,
    Incident,
    Penalty,
    Player,
    Ruleset,
    Win,
    different_players,
    table_seats,
)
from scoring.records.gamelogs import facts_from_rows
from scoring.rules import RuleError
from scoring.rules.families import FAMILIES
from scoring.rules.vocabulary import AmericanResult, IncidentKind, RiichiResult

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


# ---- the hand: its form, its rows, their facts -------------------------------------------------


class HandFactsForm(forms.ModelForm):
    """The hand admin's own fields: of the facts kept on the hand, only those of its result
    count (the tenpai, dead hands and nagashi of a draw, the reason of an abortive draw, the
    offender of a chombo), as at the table; the others are emptied."""

    FOR_RESULT = {
        "tenpai": (RiichiResult.DRAW, []),
        "dead": (RiichiResult.DRAW, []),
        "nagashi": (RiichiResult.DRAW, []),
        "reason": (RiichiResult.ABORTIVE, ""),
        "offender": (RiichiResult.CHOMBO, None),
    }

    def clean(self):
        data = super().clean()
        for name, (result, empty) in self.FOR_RESULT.items():
            if name in data and data.get("result") != result:
                data[name] = empty
        return data


class IncidentForm(forms.ModelForm):
    """A row of an American hand's incidents: the seats its kind needs."""

    def clean(self):
        data = super().clean()
        if data.get("kind") == IncidentKind.DEAD_HAND_CHALLENGE:
            if data.get("challenger") is None or data.get("challenged") is None:
                raise forms.ValidationError(_("A dead-hand challenge needs the challenger and the challenged player."))
        elif data.get("kind") and data.get("caller") is None:
            raise forms.ValidationError(_("A mahjong in error needs the caller."))
        return data


def edited_facts(hand, formsets):
    """The engine's record of ``hand`` as its admin form (already applied to ``hand``) and the
    valid form sets of its rows (wins, penalties, incidents) say: the game log's mapping
    (``gamelogs.facts_from_rows``) over the rows that are kept. RuleError if the rows do not
    fit the result."""
    rows = {
        formset.model: [
            form.instance for form in formset.forms if form.cleaned_data and not form.cleaned_data.get("DELETE")
        ]
        for formset in formsets
    }
    wins = rows.get(Win, [])
    if hand.result == AmericanResult.MAHJONG and len(wins) != 1:
        raise RuleError(str(_("A mahjong needs exactly one win: the winner and the card value.")))
    if hand.result not in (RiichiResult.WIN, AmericanResult.MAHJONG, AmericanResult.WALL) and wins:
        raise RuleError(str(_("Only a win has winners: remove the wins or change the result.")))
    return facts_from_rows(
        hand,
        hand.game.rules.family,
        wins=wins if hand.result != AmericanResult.WALL else [],
        penalties=rows.get(Penalty, []),
        incidents=rows.get(Incident, []),
    )


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
