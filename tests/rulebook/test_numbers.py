"""One style for every number: grouped thousands, the real minus sign;
Spanish groups with a no-break space and writes a decimal comma (Django's es formats)."""

import pytest
from django.utils import translation

from scoring.rulebook.numbers import number, points


@pytest.mark.parametrize(
    "value, options, english, spanish",
    [
        (12195, {}, "12,195", "12\xa0195"),
        (-5000, {}, "\u22125,000", "\u22125\xa0000"),
        (15000, {"signed": True}, "+15,000", "+15\xa0000"),
        (0, {"signed": True}, "0", "0"),
        (-10.94, {"decimals": 1}, "\u221210.9", "\u221210,9"),
        (31.25, {"decimals": 1, "signed": True}, "+31.2", "+31,2"),
        (-0.04, {"decimals": 1, "signed": True}, "0.0", "0,0"),  # rounds to zero: no sign
        (1234.567, {"decimals": 2}, "1,234.57", "1\xa0234,57"),
    ],
)
def test_number(value, options, english, spanish):
    with translation.override("en"):
        assert number(value, **options) == english
    with translation.override("es"):
        assert number(value, **options) == spanish


def test_points_is_a_whole_number():
    with translation.override("en"):
        assert points(-30000) == "\u221230,000" and points(500, signed=True) == "+500"
