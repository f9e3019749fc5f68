"""The live preview of the hand form: the engine's settlement of the validated form, in words
(who pays whom, each score's change, what comes next in the family's words); or what is
missing or wrong, and what the offered chombo would pay. It reads the form's one validation,
never a second one."""

from django.utils.translation import gettext as _

from scoring.boards import handlog
from scoring.rules import RuleError, settle
from scoring.table.forms import HandForm
from scoring.table.forms.base import offer_seats
from scoring.table.forms.offers import table_piece


def payments(form: HandForm, settled) -> dict:
    """The preview of hands settled one after another (``(facts, settlement)`` pairs): who pays
    whom, each score's change, and what comes next."""
    names, rules = form.names, form.rules
    lines, deltas = [], [0] * len(names)
    piece = table_piece(rules)
    for facts, settlement in settled:
        points = piece.points_lines(rules, facts, settlement, names)  # None: the hand moves points
        lines += handlog.payment_lines(settlement.payments, names) if points is None else points
        lines += handlog.result_penalty_lines(facts, names, rules, form.tournament)
        deltas = [total + d for total, d in zip(deltas, settlement.deltas, strict=True)]
    after = settled[-1][1].table
    if after.finished:
        next_hand = _("After this hand the game ends.")
    else:
        next_hand = table_piece(rules).next_hand(rules, after, names)
    return {
        "ok": True,
        # American tournament points: each player's points for the game, nobody pays (the US tournament rules)
        "heading": _("Who pays whom") if rules.zero_sum else _("Each player's points for the game"),
        "lines": lines or [_("Nobody pays anybody.") if rules.zero_sum else _("Nobody scores.")],
        "next": next_hand,
        "deltas": [
            {"name": n, "delta": handlog.points(d, signed=True), "value": d} for n, d in zip(names, deltas, strict=True)
        ],
    }


def _chombo_payments(form: HandForm, offer) -> dict | None:
    """What the one-tap "record as chombo" would pay, settled like the hands it records."""
    hands = form.chombo_hands(offer_seats(offer[0][0], len(form.names))) if offer else None
    if not hands:
        return None
    settled, table = [], form.table
    try:
        for facts in hands:
            settlement = settle(form.rules, table, facts, tournament=form.tournament, names=form.names)
            settled.append((facts, settlement))
            table = settlement.table
    except RuleError:
        return None
    return payments(form, settled)


def preview(form: HandForm) -> dict:
    """The preview of ``form``, validated here if it was not yet (before the views add errors
    of their own to it)."""
    if form.is_valid():
        return payments(form, [(form.facts, form.settlement)])
    missing, problems = [], []
    for name, errors in form.errors.items():
        field = form.fields.get(name)
        required = field is not None and any(e.code == "required" for e in form.errors.as_data().get(name, []))
        if required:
            missing.append(str(field.label))
        else:
            label = str(field.label) if field is not None else ""
            problems.extend({"label": label, "message": str(m)} for m in errors)
    offer = form.chombo_offer_labels() if form.chombo_offer else []
    return {
        "ok": False,
        "missing": missing,
        "problems": problems,
        "offer": offer,
        "chombo": _chombo_payments(form, offer),
    }
