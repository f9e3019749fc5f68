"""The start-game form of the table page: tonight's session, a ruleset and its players."""

from django import forms
from django.db.models import Case, Q, Value, When
from django.forms.utils import ErrorDict
from django.utils.formats import date_format
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.models import ClubSession, Game, Player, Ruleset, for_seats, seat_count
from scoring.permissions import can_start
from scoring.rulebook.knobs import LENGTHS, PRESET_SUMMARIES, has_length
from scoring.rulebook.messages import rule_message
from scoring.rules import RuleError
from scoring.rules.bounds import MAX_NAME, MAX_SESSION_NAME
from scoring.rules.families import FAMILIES
from scoring.rules.ruleset import NEWEST_PRESET
from scoring.table.forms.fields import ChipSelect

SEAT_NAMES = ("east", "south", "west", "north")  # the widest table's seats; a family takes the first of them
DEFAULT_FAMILY = next(iter(FAMILIES))  # the registry's first: riichi, a new club's first choice


def last_ruleset(user) -> dict:
    """The family and ruleset of the last game ``user`` started or sat at, as initial data;
    before their first game the newest EMA rulebook's preset (a new club's first choice)."""
    last = (
        Game.objects.filter(Q(created_by=user) | Q(seats__player__user=user))
        .order_by("-created_at", "-id")
        .values("ruleset", "ruleset__family")
        .first()
    )
    if last:
        return {"ruleset": last["ruleset"], "family": last["ruleset__family"]}
    newest = Ruleset.objects.filter(slug=NEWEST_PRESET).values_list("pk", flat=True).first()
    return {"ruleset": newest} if newest else {}


def family_ruleset(user, family: str) -> int | None:
    """The ruleset to preselect when the start form turns to ``family``: the one of that family
    ``user`` last started or sat at, else the family's only ruleset (MCR's one preset), else
    none (the scorer chooses)."""
    last = (
        Game.objects.filter(Q(created_by=user) | Q(seats__player__user=user), ruleset__family=family)
        .order_by("-created_at", "-id")
        .values_list("ruleset", flat=True)
        .first()
    )
    if last:
        return last
    only = list(Ruleset.objects.filter(family=family).values_list("pk", flat=True)[:2])
    return only[0] if len(only) == 1 else None


class StartGameForm(forms.Form):
    """Tonight's session, a ruleset of the chosen family and its players in seat order, as many
    as the family seats.

    Refused on the form: a seat left empty, the same player twice, an unknown name
    (unless "add new players" is ticked), a ruleset of the other family, a ruleset whose
    knobs are broken.
    """

    use_required_attribute = False

    family = forms.ChoiceField(
        label=_("Game"),
        choices=[(name, _(family.LABEL)) for name, family in FAMILIES.items()],
        initial=DEFAULT_FAMILY,
        widget=ChipSelect,
    )
    ruleset = forms.ModelChoiceField(
        queryset=None,
        label=_("Ruleset"),
        widget=forms.RadioSelect,
        empty_label=None,
        error_messages={
            "required": _("Choose the ruleset."),
            "invalid_choice": _("Choose one of the rulesets in the list."),
        },
    )
    length = forms.TypedChoiceField(
        label=_("Length"),
        choices=[("", _("The ruleset's")), *LENGTHS.items()],
        coerce=int,
        empty_value=None,
        required=False,
        widget=ChipSelect,
        help_text=_("Hanchan: the East and South rounds; East-only: the East round."),
    )
    session = forms.ModelChoiceField(
        queryset=None,
        label=_("Session"),
        required=False,
        empty_label=_("No session (a casual game)"),
    )
    new_session = forms.CharField(
        label=_("Or start a new session named"),
        required=False,
        max_length=MAX_SESSION_NAME,
        help_text=_("For example “Club night”; it is dated today."),
    )
    session_kind = forms.ChoiceField(label=_("Kind of session"), required=False, initial="casual", choices=())
    east = forms.CharField(label=_("East"), required=False, max_length=MAX_NAME)
    south = forms.CharField(label=_("South"), required=False, max_length=MAX_NAME)
    west = forms.CharField(label=_("West"), required=False, max_length=MAX_NAME)
    north = forms.CharField(label=_("North"), required=False, max_length=MAX_NAME)
    add_new = forms.BooleanField(label=_("Add names that are not club players yet"), required=False)

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user
        newest_first = Case(When(slug=NEWEST_PRESET, then=Value(0)), default=Value(1))
        self.fields["ruleset"].queryset = Ruleset.objects.order_by("family", newest_first, "name")
        self.fields["session"].queryset = ClubSession.objects.order_by("-date", "name")
        recent = ClubSession.objects.order_by("-date", "name")[:30]
        self.fields["session"].widget.choices = [("", self.fields["session"].empty_label)] + [
            (session.pk, f"{session.name} ({date_format(session.date)})") for session in recent
        ]
        self.fields["session_kind"].choices = ClubSession.KIND_CHOICES
        self.players = []
        self.create_names = []

    def family_value(self) -> str:
        value = self.data.get("family") if self.is_bound else self.initial.get("family")
        return value if value in FAMILIES else DEFAULT_FAMILY

    def rulesets(self):
        """The rulesets of the chosen family (bound subwidgets, for the template)."""
        family = self.family_value()
        by_pk = {str(r.pk): r for r in self.fields["ruleset"].queryset if r.family == family}
        rows = []
        for choice in self["ruleset"]:
            ruleset = by_pk.get(str(choice.data["value"]))
            if ruleset is not None:
                own = gettext("The club's copy of %(preset)s.") % {"preset": ruleset.based_on}
                summary = ruleset.description or (PRESET_SUMMARIES.get(ruleset.slug, "") if ruleset.is_preset else own)
                rows.append((choice, ruleset, summary))
        return rows

    def has_length(self) -> bool:
        """Whether the chosen family's games have a length to choose (hanchan, East-only)."""
        return has_length(self.family_value())

    def length_chosen(self) -> str:
        """The length chosen, as the start form's ruleset line names it ("": the ruleset's own)."""
        chosen = {str(rounds): label for rounds, label in LENGTHS.items()}.get(str(self["length"].value()))
        return str(chosen) if chosen and self.has_length() else ""

    def rounds(self) -> int | None:
        """The length chosen for the game (None: the ruleset's own)."""
        return self.cleaned_data.get("length") if self.has_length() else None

    def seat_names(self) -> tuple[str, ...]:
        """The seats of the chosen family's table, East first."""
        return SEAT_NAMES[: seat_count(self.family_value())]

    def seat_fields(self):
        return [self[name] for name in self.seat_names()]

    def clean(self):
        data = super().clean()
        ruleset = data.get("ruleset")
        family = data.get("family")
        if ruleset is not None and family and ruleset.family != family:
            self.add_error(
                "ruleset",
                gettext(
                    "%(ruleset)s is a ruleset for %(its)s mahjong, not for %(family)s: choose one of the %(family)s "
                    "rulesets."
                )
                % {
                    "ruleset": ruleset.name,
                    "its": ruleset.get_family_display(),
                    "family": dict(self.fields["family"].choices)[family],
                },
            )
        elif ruleset is not None:
            try:
                ruleset.to_rules()
            except RuleError as error:
                self.add_error(
                    "ruleset", gettext("This ruleset cannot be played: %(error)s") % {"error": rule_message(error)}
                )
        seats = self.seat_names()
        names = [(name, (data.get(name) or "").strip()) for name in seats]
        labels = {name: self.fields[name].label for name in seats}
        missing = [name for name, value in names if not value]
        for name in missing:
            self.add_error(
                name,
                for_seats(
                    len(seats),
                    gettext("A game needs four players: enter the %(seat)s player."),
                    gettext("A game needs %(count)s players: enter the %(seat)s player."),
                    seat=labels[name],
                ),
            )
        seen = {}
        for name, value in names:
            if not value:
                continue
            key = value.casefold()
            if key in seen:
                self.add_error(
                    name,
                    for_seats(
                        len(seats),
                        gettext("%(player)s already sits at %(seat)s: a game needs four different players."),
                        gettext("%(player)s already sits at %(seat)s: a game needs %(count)s different players."),
                        player=value,
                        seat=labels[seen[key]],
                    ),
                )
            else:
                seen[key] = name
        # every name is looked up, whatever else is wrong: all the errors show at once
        wanted = Q(pk__in=[])
        for _name, value in names:
            if value:
                wanted |= Q(name__iexact=value)
        found = {p.name.casefold(): p for p in Player.objects.filter(wanted)}
        players = []
        for name, value in names:
            player = found.get(value.casefold())
            if value and player is None and not data.get("add_new"):
                self.add_error(
                    name,
                    gettext(
                        "No club player is called “%(name)s”. Pick a name from the list, or tick "
                        "“Add names that are not club players yet”."
                    )
                    % {"name": value},
                )
            players.append(player or Player(name=value))
        if self.errors:
            return data
        if self.user is not None and not can_start(self.user, players):
            raise forms.ValidationError(
                gettext("You can start only a game you sit at. Ask a scorer or a member of staff to start this one.")
            )
        self.players = players
        return data

    def family_turned(self) -> dict:
        """The submitted data after a change of family: a ruleset of another family gives way to
        the new family's last-used or only ruleset (``family_ruleset``)."""
        data = self.data.copy()
        family = self.family_value()
        own = {str(pk) for pk in Ruleset.objects.filter(family=family).values_list("pk", flat=True)}
        if data.get("ruleset") not in own:
            preselected = family_ruleset(self.user, family)
            data["ruleset"] = "" if preselected is None else str(preselected)
        return data

    def quiet(self) -> "StartGameForm":
        """Re-rendered with what was typed (shuffle, another family) but without error messages."""
        self._errors = ErrorDict()
        self.cleaned_data = {}
        return self

    def shuffled(self, rng) -> dict:
        """The submitted data with the players' names in a random seat order."""
        data = self.data.copy()
        seats = self.seat_names()
        names = [data.get(name, "") for name in seats]
        rng.shuffle(names)
        for name, value in zip(seats, names, strict=True):
            data[name] = value
        return data
