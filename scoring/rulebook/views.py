from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from scoring.rulebook import knobs, rankings


@require_safe
def rules(request: HttpRequest) -> HttpResponse:
    """Every preset with each of its knobs, the value and where it comes from (the rulebook and its clause)."""
    presets = [
        {
            "ruleset": ruleset,
            "summary": knobs.PRESET_SUMMARIES.get(ruleset.slug, ""),
            "rows": knobs.knob_rows(ruleset),
        }
        for ruleset in knobs.presets()
    ]
    return render(
        request,
        "scoring/rulebook/rules.html",
        {"presets": presets, "glossary": list(knobs.KNOB_INFO.values()), "rankings": rankings.systems()},
    )
