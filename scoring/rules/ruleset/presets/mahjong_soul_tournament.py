"""Mahjong Soul's tournament rooms as they are set by default: the ranked rules with 30,000 each."""

from dataclasses import replace

from ...errors import gettext_noop
from ..block import Preset
from . import mahjong_soul

PRESET = Preset(
    replace(
        mahjong_soul.RULES,
        slug="mahjong-soul-tournament",
        name="Mahjong Soul tournament",
        start_points=30000,
        return_points=30000,
    ),
    book=mahjong_soul.PRESET.book,
    lobby=mahjong_soul.PRESET.lobby,
    summary=gettext_noop("Mahjong Soul's tournament rooms as set by default: its ranked rules with 30,000 each."),
    sources={
        **mahjong_soul.SOURCES,
        **dict.fromkeys(
            ("start_points", "return_points"),
            gettext_noop("Mahjong Soul rules: a tournament room starts everyone at 30,000 unless set otherwise"),
        ),
    },
)
