"""Whether one win can be: its discarder, han, fu, yakuman and liable player under the
ruleset; a ``RuleError`` that names the clause when not."""

from collections.abc import Sequence

from ..errors import RuleError, gettext_noop
from ..ruleset import RuleSet, clause
from ..table import TableState
from .facts import FU_VALUES, Win

_PLAIN_FU = FU_VALUES - {20, 25}


def _check_win(rules: RuleSet, table: TableState, win: Win, names: Sequence[str]) -> None:
    """One win's han/fu/yakuman and liability (EMA Riichi Competition Rules 2016, §3.3.9 for liability)."""
    winner, discarder, han, fu, yakuman, liable, _tiles = win
    if (
        not yakuman
        and liable is None
        and table.counters < 5
        and discarder != winner
        and (han >= 5 or (han >= 1 and fu in _PLAIN_FU))
    ):
        return  # the everyday win, 1+ han with 30+ fu or 5+ han: nothing below can fail
    who = names[winner]
    if win.discarder == win.winner:
        raise RuleError(
            gettext_noop("%(who)s cannot win on his own discard; leave 'from' empty for a self-draw (%(clause)s)"),
            field="wins",
            who=who,
            clause=clause(rules, "win"),
        )
    if win.yakuman:
        if not 1 <= win.yakuman <= rules.max_yakuman:
            raise RuleError(
                gettext_noop(
                    "%(who)s's win has %(yakuman)s yakuman, but %(ruleset)s allows at most %(most)s (%(clause)s)"
                ),
                field="yakuman",
                who=who,
                yakuman=win.yakuman,
                ruleset=rules.name,
                most=rules.max_yakuman,
                clause=clause(rules, "han_fu"),
            )
    else:
        _check_han_fu(rules, table, win, who)
    if win.liable is not None:
        if not rules.pao_hands:
            raise RuleError(
                gettext_noop("%(ruleset)s has no liability (pao), so nobody can be liable (%(clause)s)"),
                field="liable",
                ruleset=rules.name,
                clause=clause(rules, "liability"),
            )
        if not win.yakuman:
            raise RuleError(
                gettext_noop("liability applies only to a yakuman (%(clause)s); %(who)s's win is not one"),
                field="liable",
                who=who,
                clause=clause(rules, "liability"),
            )
        if win.liable == win.winner:
            raise RuleError(
                gettext_noop("%(who)s cannot be liable for his own win (%(clause)s)"),
                field="liable",
                who=who,
                clause=clause(rules, "liability"),
            )


def _check_han_fu(rules: RuleSet, table: TableState, win: Win, who: str) -> None:
    han, fu = win.han, win.fu
    if han < 1:
        raise RuleError(
            gettext_noop("%(who)s's win needs at least 1 han, not %(han)s (%(clause)s)"),
            field="han",
            who=who,
            han=han,
            clause=clause(rules, "han_fu"),
        )
    if han < 5:
        if fu not in FU_VALUES:
            raise RuleError(
                gettext_noop(
                    "%(who)s's win: %(fu)s fu does not exist; below 5 han fu is 20, 25, 30, 40 … 110 (%(clause)s)"
                ),
                field="fu",
                who=who,
                fu=fu,
                clause=clause(rules, "han_fu"),
            )
        if fu == 20 and win.discarder is not None:
            raise RuleError(
                gettext_noop("%(who)s's win: 20 fu is only possible on a self-draw (pinfu tsumo; %(clause)s)"),
                field="fu",
                who=who,
                clause=clause(rules, "han_fu"),
            )
        if fu in (20, 25) and han < 2:
            raise RuleError(
                gettext_noop(
                    "%(who)s's win: 1 han %(fu)s fu does not exist (%(fu)s fu needs at least 2 han; %(clause)s)"
                ),
                field="fu",
                who=who,
                fu=fu,
                clause=clause(rules, "han_fu"),
            )
    if table.counters >= 5 and han < rules.min_han_at_5_counters:
        raise RuleError(
            gettext_noop(
                "%(who)s's win: with %(counters)s counters on the table a win needs at least %(han)s han "
                "under %(ruleset)s (%(clause)s)"
            ),
            field="han",
            who=who,
            counters=table.counters,
            han=rules.min_han_at_5_counters,
            ruleset=rules.name,
            clause=clause(rules, "min_han"),
        )
