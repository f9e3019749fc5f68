"""How many examples a property test runs: its own count under the ``ci`` profile, half of it
(at least 5) under ``dev``. The profiles are registered in ``tests/conftest.py`` and chosen by
``HYPOTHESIS_PROFILE`` (``dev`` unless set; ``.ci/run`` sets ``ci``)."""

from hypothesis import settings


def examples(on_ci: int) -> int:
    """``on_ci`` under ``ci``; scaled by the loaded profile's share of ``ci``'s examples otherwise."""
    share = settings.default.max_examples / settings.get_profile("ci").max_examples
    return on_ci if share >= 1 else max(5, round(on_ci * share))
