"""Filters of the boards (django-filter): which finished games a board counts.

The filters narrow the seat rows (one per player per game) before they are aggregated;
"minimum games" is the one condition on the aggregate itself, applied by ``board()``.
"""

import django_filters
from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.boards import stats
from scoring.models import ClubSession, Ruleset, Season
from scoring.rulebook.knobs import LENGTHS, has_length, length_label

HANCHAN = 2  # the length a board shows unless asked: every preset's (EMA Riichi Competition Rules 2016, §3.5)


class DateInput(forms.DateInput):
    input_type = "date"


class BoardFilter(django_filters.FilterSet):
    """Length (where the family's games have one: hanchan unless asked, East-only and hanchan
    results being comparable only per length), ruleset (within the board's family), session
    kind, season and/or dates, online or at the club's tables, minimum games."""

    length = django_filters.ChoiceFilter(  # hanchan is the empty choice: left out of the board's address
        label=_("Length"),
        choices=[(rounds, label) for rounds, label in LENGTHS.items() if rounds != HANCHAN],
        empty_label=LENGTHS[HANCHAN],
        method="keep_for_board",
    )
    ruleset = django_filters.ModelChoiceFilter(
        label=_("Ruleset"), field_name="game__ruleset", queryset=Ruleset.objects.none(), empty_label=_("All rulesets")
    )
    kind = django_filters.ChoiceFilter(
        label=_("Kind of session"), choices=ClubSession.KIND_CHOICES, method="filter_kind", empty_label=_("Any kind")
    )
    season = django_filters.ModelChoiceFilter(
        label=_("Season"), queryset=Season.objects.all(), method="filter_season", empty_label=_("All seasons")
    )
    start = django_filters.DateFilter(label=_("From"), field_name="game__date", lookup_expr="gte", widget=DateInput)
    end = django_filters.DateFilter(label=_("To"), field_name="game__date", lookup_expr="lte", widget=DateInput)
    where = django_filters.ChoiceFilter(
        label=_("Where played"),
        choices=[("table", _("At the club's tables")), ("online", _("Online"))],
        method="filter_where",
        empty_label=_("Anywhere"),
    )
    min_games = django_filters.NumberFilter(
        label=_("Minimum games"),
        method="keep_for_board",
        min_value=1,
        max_value=100_000,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 1, "step": 1}),
    )

    def __init__(self, data=None, queryset=None, *, family: str, **kwargs):
        self.family = family
        if queryset is None:
            queryset = stats.counted_seats(family)
        super().__init__(data, queryset, **kwargs)
        self.filters["ruleset"].queryset = Ruleset.objects.filter(family=family)
        if self.rounds is None:
            del self.filters["length"]
        else:  # filtered whether or not the query names it: the board's own length
            self.queryset = self.queryset.of_length(self.rounds)

    def filter_kind(self, queryset, name, value):
        return queryset.of_kind(value)

    def filter_season(self, queryset, name, value):
        return queryset.in_season(value)

    def filter_where(self, queryset, name, value):
        return queryset.exclude(game__source="") if value == "online" else queryset.filter(game__source="")

    def keep_for_board(self, queryset, name, value):
        return queryset  # a condition on the aggregate (see board()), or the length (see __init__)

    @property
    def rounds(self) -> int | None:
        """The length the board shows (rounds: hanchan unless the query asks for another); None
        where the family's games have none."""
        if not has_length(self.family):
            return None
        return {str(rounds): rounds for rounds in LENGTHS}.get(self.data.get("length", ""), HANCHAN)

    @property
    def length_label(self) -> str:
        return length_label(self.rounds) if self.rounds else ""

    @property
    def minimum_games(self) -> int:
        value = self.form.cleaned_data.get("min_games") if self.is_valid() else None
        return int(value) if value else 0

    def board(self):
        """The board's rows over the filtered seats: ONE query."""
        rows = self.qs.board(self.family)
        if self.minimum_games:
            rows = rows.filter(games__gte=self.minimum_games)
        return rows

    @property
    def active(self) -> bool:
        """Whether any filter is set (the page says so)."""
        return self.is_valid() and any(
            value not in (None, "") for name, value in self.form.cleaned_data.items() if name != "length"
        )
