"""The engine's messages in the reader's language (scoring.rulebook.messages): the engine speaks
English; its templates are in the Spanish catalogue and filled with the same names."""

import ast
from pathlib import Path

import pytest
from django.utils import translation

import scoring
from scoring.records.services import ServiceError
from scoring.rulebook import messages as rule_messages
from scoring.rulebook.messages import rule_message
from scoring.rules import PRESETS, RiichiHand, RuleError, TableState, Win, parse_game, replay, settle

from .test_spanish import CATALOGUE, catalogue

EMA = PRESETS["ema-2016"]
NAMES = ("Ann", "Bob", "Cho", "Dee")
DOUBLE_YAKUMAN = RiichiHand("win", wins=(Win(1, 2, yakuman=2),))


START = TableState((30000,) * 4)


def engine_error(hand=DOUBLE_YAKUMAN) -> RuleError:
    with pytest.raises(RuleError) as caught:
        settle(EMA, START, hand, names=NAMES)
    return caught.value


def test_an_engine_message_in_english_and_in_spanish():
    """EMA 2016 allows one yakuman; the clause quoted by its subject reads in Spanish too."""
    error = engine_error()
    expected = "Bob's win has 2 yakuman, but EMA 2016 allows at most 1 (EMA Riichi Competition Rules 2016, han and fu)"
    assert error.message == expected
    with translation.override("en"):
        assert rule_message(error) == expected
    with translation.override("es"):
        assert rule_message(error) == (
            "la victoria de Bob tiene 2 yakuman, pero EMA 2016 permite como mucho 1 (EMA Riichi Competition Rules "
            "2016, han y fu)"
        )


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "fr",
            "la victoire de Bob a 2 yakuman, mais EMA 2016 en autorise au plus 1 "
            "(EMA Riichi Competition Rules 2016, han et fu)",
        ),
        (
            "de",
            "der Sieg von Bob hat 2 Yakuman, aber EMA 2016 erlaubt höchstens 1 "
            "(EMA Riichi Competition Rules 2016, Han und Fu)",
        ),
    ],
)
def test_an_engine_message_in_french_and_german(language, expected):
    """The same refusal and its clause's subject in French and German, yakuman kept in Japanese."""
    with translation.override(language):
        assert rule_message(engine_error()) == expected


@pytest.mark.parametrize("language", ["fr", "de"])
def test_every_engine_template_is_in_the_french_and_german_catalogues(language):
    """As for Spanish: no engine template left in English but a rulebook's name, word for word."""
    path = CATALOGUE.parents[2] / language / "LC_MESSAGES" / "django.po"
    same = {msgid for msgid, msgstr, _fuzzy in catalogue(path) if msgstr == msgid}
    with translation.override(language):
        untranslated = [t for t in engine_templates() if translation.gettext(t) == t and t not in same]
    assert untranslated == []


def test_a_message_about_a_hand_of_a_replay_is_translated_inside_and_out():
    """A riichi player noten at the draw is chombo (EMA Riichi Competition Rules 2016, §3.4.6), found in hand 2."""
    doc = {
        "format": "mahjong-club/game-log@1",
        "ruleset": "ema-2016",
        "players": list(NAMES),
        "hands": [{"result": "draw", "tenpai": ["Ann"]}, {"result": "draw", "tenpai": [], "riichi": ["Dee"]}],
    }
    with pytest.raises(RuleError) as caught:
        replay(parse_game(doc))
    error = caught.value
    assert error.hand == 2 and error.field == "tenpai"
    assert error.message.startswith("hand 2: Dee declared riichi but is not tenpai at the exhaustive draw")
    with translation.override("es"):
        spanish = rule_message(error)
    assert spanish.startswith("mano 2: Dee declaró riichi pero no está tenpai en el empate por agotamiento")
    assert spanish.endswith("anote la mano como chombo de Dee")


def test_a_translation_that_lost_a_placeholder_falls_back_to_english(monkeypatch):
    monkeypatch.setattr(rule_messages, "gettext", lambda template: "%(nobody)s")
    error = engine_error()
    assert rule_message(error) == error.message


def test_other_errors_are_shown_as_they_are():
    assert rule_message(ServiceError("Ya está.")) == "Ya está."


def engine_templates() -> list[str]:
    """Every message the engine marks with ``gettext_noop``."""
    rules = Path(scoring.__file__).parent / "rules"
    return [
        node.args[0].value
        for path in sorted(rules.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Call)
        and getattr(node.func, "id", None) == "gettext_noop"
        and node.args
        and isinstance(node.args[0], ast.Constant)
    ]


def test_every_engine_template_is_in_the_spanish_catalogue():
    """makemessages finds the engine's templates by gettext_noop; none may be left in English
    (a rulebook's name and clause read the same in Spanish: the catalogue says so, word for word)."""
    templates = engine_templates()
    assert len(templates) >= 45
    same = {msgid for msgid, msgstr, _fuzzy in catalogue(CATALOGUE) if msgstr == msgid}
    with translation.override("es"):
        untranslated = [t for t in templates if translation.gettext(t) == t and t not in same]
    assert untranslated == []


def test_a_ruleset_that_breaks_a_knob_rule_says_so_in_spanish(db):
    """honba_value is a multiple of 300: each payer of a tsumo pays a third."""
    from django.core.exceptions import ValidationError

    from scoring.models import Ruleset

    copy = Ruleset(slug="club-rules", name="Club rules", based_on="ema-2016", knobs={"honba_value": 200})
    with translation.override("es"), pytest.raises(ValidationError) as caught:
        copy.clean()
    assert caught.value.message_dict["knobs"] == [
        "honba_value debe ser un múltiplo de 300: cada pagador de un tsumo paga una parte"
    ]
