"""One vocabulary: a hand's result, a knob's mode, an abortive reason, a pao hand, where a
penalty goes, an incident's kind and a family are each a member of one ``StrEnum`` of
``scoring.rules.vocabulary``; outside it (and the migrations, which hold what they need)
no module writes such a value as a bare string.

A string spelled like a value is a VALUE where the code compares with it, passes it as a
result/kind/reason/to/knob/family, stores it under such a key, returns it or offers it as a
choice. The same spelling as a NAME — a game-log key (``"winner" in item``), a knob or a
column (``Sum("chombo")``, ``HandSeat.chombo``), a clause topic (``clause(rules, "chombo")``)
— is not a value, and the checker tells the two apart: an ambiguous spelling counts as a
value only where the other side of the comparison, the keyword or the key is named as one.
"""

import ast
import json
from pathlib import Path

from django.apps import apps

from scoring.rules import KNOBS, PRESETS, RuleSet
from scoring.rules.families import FAMILIES
from scoring.rules.gamelog.document import COMMON_HAND_KEYS, DOCUMENT_KEYS, PENALTY_KEYS
from scoring.rules.vocabulary import (
    VOCABULARIES,
    AbortiveReason,
    ChomboMode,
    MultiRon,
    PenaltyTo,
    Renhou,
    RiichiResult,
)

SCORING = Path(__file__).resolve().parents[1] / "scoring"
DEFINITIONS = {SCORING / "rules" / "vocabulary.py"}

VALUES = {member.value for vocabulary in VOCABULARIES for member in vocabulary}
# what holds a value: a hand's result, an incident's kind, a penalty's ``to``, a ruleset's
# family, the table form's outcome, and every knob whose value is one of a vocabulary
FIELDS = {"result", "results", "kind", "reason", "to", "family", "outcome", "outcome_key", "out"} | {
    knob for knob, kind in KNOBS.items() if isinstance(kind, tuple)
}


def _names() -> set[str]:
    """Names in the club's format that are spelled like a value: game-log keys, knobs and the
    RuleSet's fields, preset slugs (the preset ``american``), the models' columns."""
    keys = set(DOCUMENT_KEYS) | set(COMMON_HAND_KEYS) | set(PENALTY_KEYS)
    for family in FAMILIES.values():
        keys |= {key for result_keys in family.HAND_KEYS.values() for key in result_keys}
    from scoring.rules.families.riichi.gamelog import TILES_KEYS, WIN_KEYS

    keys |= WIN_KEYS | set(TILES_KEYS) | set(KNOBS) | set(RuleSet.__dataclass_fields__) | set(PRESETS)
    columns = {field.name for model in apps.get_app_config("scoring").get_models() for field in model._meta.fields}
    return (keys | columns) & VALUES


NAMES = _names()


def _value(node) -> str | None:
    """The vocabulary value a node spells as a bare string, if it does."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in VALUES:
        return node.value
    return None


def _values(node) -> list[str]:
    """The values a constant or a literal tuple/list/set of constants spells."""
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return [v for element in node.elts if (v := _value(element))]
    value = _value(node)
    return [value] if value else []


def _named(node) -> bool:
    """Whether ``node`` is named as something that holds a value (``hand.result``, ``out``,
    ``item["kind"]``, ``rules.multi_ron``, ``getattr(facts, "result", "")``)."""
    if isinstance(node, ast.Name):
        return node.id in FIELDS
    if isinstance(node, ast.Attribute):
        return node.attr in FIELDS
    if isinstance(node, ast.Subscript):
        return isinstance(node.slice, ast.Constant) and node.slice.value in FIELDS
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr":
        return len(node.args) > 1 and isinstance(node.args[1], ast.Constant) and node.args[1].value in FIELDS
    return False


def _keyword_names(keyword: str) -> set[str]:
    """``hand__game__ruleset__family`` -> its parts: an ORM lookup names the field last but one."""
    return set(keyword.split("__"))


FACTS = {"RiichiHand", "AmericanHand", "Penalty", "_riichi_hand"}  # the engine's facts, built positionally


def _compared(node: ast.Compare):
    """A comparison (==, !=, in, not in): its values, named when either side is named."""
    if all(isinstance(op, ast.Eq | ast.NotEq | ast.In | ast.NotIn) for op in node.ops):
        operands = [node.left, *node.comparators]
        named = any(_named(operand) for operand in operands)
        for operand in operands:
            yield node, _values(operand), named


def _listed(node: ast.Tuple | ast.List | ast.Set):
    """A choice ``(value, _("label"))``, or a literal of values only (the choices of a knob)."""
    elements = node.elts
    if len(elements) == 2 and _value(elements[0]) and isinstance(elements[1], ast.Call):
        yield node, [_value(elements[0])], True
    elif len(elements) > 1 and len(_values(node)) == len(elements):
        yield node, _values(node), False


def _stored(node: ast.Dict):
    """A dict's values: named under a key that holds a value (``{"result": …}``)."""
    for key, value in zip(node.keys, node.values, strict=True):
        yield value, _values(value), isinstance(key, ast.Constant) and key.value in FIELDS


def _uses(node):
    """(node, values, named) for each place ``node`` uses bare values as values."""
    if isinstance(node, ast.Compare):
        yield from _compared(node)
    elif isinstance(node, ast.keyword) and node.arg and _keyword_names(node.arg) & FIELDS:
        yield node.value, _values(node.value), True
    elif isinstance(node, ast.Dict):
        yield from _stored(node)
    elif isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        if any(_named(target) for target in targets):
            yield node.value, _values(node.value), True
    elif isinstance(node, ast.Return) and node.value is not None:
        yield node, _values(node.value), False
    elif isinstance(node, ast.IfExp):
        yield node, _values(node.body) + _values(node.orelse), False
    elif isinstance(node, ast.Tuple | ast.List | ast.Set):
        yield from _listed(node)
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FACTS:
        for argument in node.args:
            yield argument, _values(argument), True


def bare_values(source: str) -> list[tuple[int, str]]:
    """(line, value) of every bare vocabulary value used as a value in ``source``; a value
    spelled like a name (``NAMES``) only where the place is named as holding a value."""
    return sorted(
        {
            (place.lineno, value)
            for node in ast.walk(ast.parse(source))
            for place, values, named in _uses(node)
            for value in values
            if named or value not in NAMES
        }
    )


def product_modules():
    for path in sorted(SCORING.rglob("*.py")):
        if "migrations" not in path.parts and path not in DEFINITIONS:
            yield path


def test_no_bare_value_outside_the_vocabulary():
    """Every result, mode, reason, destination, kind and family is named by its member."""
    found = {
        f"{path.relative_to(SCORING.parent)}:{line} {value!r}"
        for path in product_modules()
        for line, value in bare_values(path.read_text())
    }
    assert sorted(found) == []


def test_the_checker_catches_a_bare_value():
    """The check above is not vacuous: each way of using a value as a bare string is caught."""
    source = "\n".join(
        [
            'if hand.result == "chombo":',  # 1: a result compared
            "    pass",
            'if rules.multi_ron != "head_bump": pass',  # 3: a knob's mode compared
            'if "triple_ron" in rules.abortive_draws: pass',  # 4: a reason looked for
            'Hand.objects.filter(result="mahjong")',  # 5: a result passed
            'Penalty(0, 300, "pot", "")',  # 6: a fact built with a destination
            'hand = {"result": "wall"}',  # 7: a game log's hand
            'CHOICES = [("abortive", _("abortive draw"))]',  # 8: a choice offered
            'MODES = ("allow", "head_bump")',  # 9: a knob's choices
            'seats.filter(game__ruleset__family="riichi")',  # 10: an ORM lookup
            'def f(): return "reverse_mangan"',  # 11: returned
            'out = "draw"',  # 12: assigned where a value belongs
            'x = 1 if key != "abortive" else 2',  # 13: unambiguous, whatever the other side
        ]
    )
    assert bare_values(source) == [
        (1, "chombo"),
        (3, "head_bump"),
        (4, "triple_ron"),
        (5, "mahjong"),
        (6, "pot"),
        (7, "wall"),
        (8, "abortive"),
        (9, "allow"),
        (9, "head_bump"),
        (10, "riichi"),
        (11, "reverse_mangan"),
        (12, "draw"),
        (13, "abortive"),
    ]


def test_the_checker_leaves_names_alone():
    """A key, a column, a clause topic or a knob spelled like a value is a name, not a value."""
    source = "\n".join(
        [
            'if "winner" not in item: pass',  # a game log's key
            'rows.aggregate(n_chombo=Sum("chombo"))',  # a column
            'clause(rules, "chombo")',  # a clause topic
            'fields = ("won", "riichi", "tenpai", "chombo")',  # columns listed
            'if field in ("han", "fu", "yakuman"): pass',  # a form's fields
            'RuleError("no hand", field="result")',  # the field a message is about
            'x = {"chombo": 3}["chombo"]',  # a flag's key
            "hand = RiichiHand(RiichiResult.CHOMBO, offender=0)",  # the member, not its string
        ]
    )
    assert bare_values(source) == []


def test_a_member_is_its_stored_string():
    """The stored values do not change: a member is equal to, hashes as and serialises as
    the string the records, the game logs and the knobs always held."""
    assert RiichiResult.CHOMBO == "chombo" and hash(RiichiResult.CHOMBO) == hash("chombo")
    assert json.dumps({"result": RiichiResult.WIN, "to": PenaltyTo.POT}) == '{"result": "win", "to": "pot"}'
    assert f"{MultiRon.HEAD_BUMP}" == str(MultiRon.HEAD_BUMP) == "head_bump"
    assert repr(AbortiveReason.FOUR_KONGS) == "'four_kongs'"  # a message quoting one (%(reason)r) reads as before
    assert {Renhou.NONE: 1}["none"] == 1
    assert ChomboMode("deduction") is ChomboMode.DEDUCTION
    values = [member.value for vocabulary in VOCABULARIES for member in vocabulary]
    assert all(type(value) is str for value in values)
