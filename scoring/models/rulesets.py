"""Rulesets: the presets and the club's copies of them."""

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.rulebook.messages import rule_message
from scoring.rules import PRESETS, RuleError, RuleSet, get_preset
from scoring.rules.families import FAMILIES

from .seats import seat_count


class RulesetQuerySet(models.QuerySet["Ruleset"]):
    def preset(self, slug: str) -> "Ruleset":
        """The row of a preset, created from the engine's PRESETS if it is missing."""
        rules = get_preset(slug)
        row, _created = self.get_or_create(
            slug=slug, defaults={"name": rules.name, "family": rules.family, "based_on": slug, "knobs": rules.knobs()}
        )
        return row

    def seating(self, count: int) -> "RulesetQuerySet":
        """The rulesets whose family seats ``count`` players at a table."""
        return self.filter(family__in=[name for name in FAMILIES if seat_count(name) == count])


class Ruleset(models.Model):
    """A preset, or a club's copy of one with some knobs changed (the rules page lists them)."""

    # a ruleset's family: one choice for each of the engine's families, labelled as it names itself;
    # plain strings, so that a migration makemigrations writes imports nothing from scoring
    FAMILY_CHOICES = [(str(name), _(family.LABEL)) for name, family in FAMILIES.items()]
    PRESET_CHOICES = [(slug, rules.name) for slug, rules in PRESETS.items()]

    slug = models.SlugField(_("slug"), max_length=40, unique=True)
    name = models.CharField(_("name"), max_length=80)
    family = models.CharField(_("family"), max_length=10, choices=FAMILY_CHOICES, editable=False)
    based_on = models.CharField(_("based on preset"), max_length=40, choices=PRESET_CHOICES)
    knobs = models.JSONField(
        _("knobs"), default=dict, blank=True, help_text=_("Every rule knob, as the rules page lists them.")
    )
    description = models.TextField(_("description"), blank=True)

    objects = RulesetQuerySet.as_manager()

    class Meta:
        verbose_name = _("ruleset")
        verbose_name_plural = _("rulesets")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @property
    def seats(self) -> int:
        """How many players sit at a table of this ruleset (its family's count)."""
        return seat_count(self.family)

    @property
    def is_preset(self) -> bool:
        return self.slug == self.based_on

    def to_rules(self) -> RuleSet:
        """The engine's RuleSet for this row; RuleError if a knob is invalid."""
        return get_preset(self.based_on).with_overrides(self.knobs, slug=self.slug, name=self.name)

    def clean(self) -> None:
        if self.based_on not in PRESETS:
            raise ValidationError({"based_on": _("Choose one of the presets.")})
        if self.slug in PRESETS and self.slug != self.based_on:
            raise ValidationError({"slug": _("This slug belongs to a preset; choose another one for a copy.")})
        try:
            rules = self.to_rules()
        except RuleError as error:
            raise ValidationError({"knobs": rule_message(error)}) from None
        self.family = rules.family
        self.knobs = rules.knobs()
