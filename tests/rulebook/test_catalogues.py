"""Every language of settings.LANGUAGES but English (the msgids) has a complete catalogue:
no entry empty or fuzzy, every placeholder and HTML tag of a msgid kept in its translation,
and every string the code marks translated (``makemessages`` on a copy of the code, so a
string added without its translations fails here, listed language by language, until
``make messages`` and a translator fill it in). The catalogues of what Django's admin and
django-axes lack (``scoring/locale_upstream``) are held to the same.
"""

import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from django.conf import settings
from django.utils.translation import to_locale

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "scoring" / "locale"
UPSTREAM = ROOT / "scoring" / "locale_upstream"
LOCALES = [to_locale(code) for code, _name in settings.LANGUAGES if code != "en"]


def entries(path: Path) -> list[dict]:
    """Every entry but the header: msgid, msgid_plural, msgstr (or msgstr[n]) unescaped, and
    whether it is fuzzy."""
    found = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        fields: dict = {}
        current = None
        for line in block.splitlines():
            match = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d\])?) "(.*)"$', line)
            if match:
                current = match.group(1)
                fields[current] = match.group(2)
            elif line.startswith('"') and current:
                fields[current] += line[1:-1]
            else:
                current = None
        if fields.get("msgid"):
            fields = {key: value.replace('\\"', '"').replace("\\n", "\n") for key, value in fields.items()}
            fields["fuzzy"] = re.search(r"^#,.*\bfuzzy\b", block, re.M) is not None
            found.append(fields)
    return found


def forms(entry: dict) -> list[str]:
    return [value for key, value in sorted(entry.items()) if key.startswith("msgstr")]


def untranslated(path: Path) -> list[str]:
    """The msgids of ``path`` whose translation is empty (a plural form included) or fuzzy."""
    return [entry["msgid"] for entry in entries(path) if entry["fuzzy"] or not all(forms(entry))]


# %(name)s, %s, %d, %%, {name}, and HTML tags: what a translation must carry over unchanged
PLACEHOLDER = re.compile(r"%\([A-Za-z_]\w*\)[#0 +-]*\d*(?:\.\d+)?[a-z]|%[sdifr%]|\{\w*\}|</?[a-z][^>]*>")


def placeholders(text: str) -> Counter:
    return Counter(PLACEHOLDER.findall(text))


def mismatched(path: Path) -> list[str]:
    """Entries of ``path`` whose translation has other placeholders or tags than its msgid. A
    plural's last form (the general plural) has those of msgid_plural; its other forms may
    leave one out ("Pasa el primero" for one player) but never bring one of their own."""
    wrong = []
    for entry in entries(path):
        *others, last = forms(entry)
        plural = placeholders(entry.get("msgid_plural", entry["msgid"]))
        either = plural | placeholders(entry["msgid"])
        if (last and placeholders(last) != plural) or any(text and not placeholders(text) <= either for text in others):
            wrong.append(f"{entry['msgid']!r} -> {[*others, last]!r}")
    return wrong


def catalogues() -> list[Path]:
    found = [LOCALE / locale / "LC_MESSAGES" / "django.po" for locale in LOCALES]
    found += sorted(UPSTREAM.glob("*/LC_MESSAGES/django.po"))
    return [path for path in found if path.exists()]


def test_every_language_but_english_has_a_catalogue():
    """The switch lists six languages; each but English has its catalogue."""
    assert len(settings.LANGUAGES) == 6 and "en" in dict(settings.LANGUAGES)
    missing = [locale for locale in LOCALES if not (LOCALE / locale / "LC_MESSAGES" / "django.po").exists()]
    assert missing == []
    assert {"es", "fr", "de", "pt_BR", "nl"} <= {path.parts[-3] for path in catalogues()}


@pytest.mark.parametrize("path", catalogues(), ids=lambda path: "/".join(path.parts[-4:-2]))
def test_no_entry_is_empty_or_fuzzy(path):
    assert len(entries(path)) > (1500 if path.is_relative_to(LOCALE) else 5)
    assert untranslated(path) == [], f"translate these in {path.relative_to(ROOT)}"


@pytest.mark.parametrize("path", catalogues(), ids=lambda path: "/".join(path.parts[-4:-2]))
def test_every_translation_keeps_the_placeholders_and_tags_of_its_msgid(path):
    assert mismatched(path) == []


def test_the_placeholder_check_catches_a_lost_or_renamed_placeholder(tmp_path):
    po = tmp_path / "django.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n\n'
        'msgid "%(name)s pays %(points)s"\nmsgstr "%(name)s paie %(point)s"\n\n'
        'msgid "{count} games"\nmsgstr "parties"\n\n'
        'msgid "<strong>Tenhou:</strong> open"\nmsgstr "<b>Tenhou :</b> ouvrez"\n\n'
        'msgid "%(count)s player"\nmsgid_plural "%(count)s players"\n'
        'msgstr[0] "%(count)s Spieler"\nmsgstr[1] "Spieler"\n\n'
        'msgid "The top %(counter)s go on"\nmsgid_plural "The top %(counter)s go on"\n'
        'msgstr[0] "Pasa el primero"\nmsgstr[1] "Pasan los %(counter)s primeros"\n\n'
        'msgid "%(n)s point"\nmsgid_plural "%(n)s points"\nmsgstr[0] "%(n)s Punkt %(x)s"\nmsgstr[1] "%(n)s Punkte"\n\n'
        'msgid "Fine: %(name)s, 100%%"\nmsgstr "Bien : %(name)s, 100 %%"\n\n'
        '#, fuzzy\nmsgid "Rules"\nmsgstr "Règles"\n\n'
        'msgid "Log in"\nmsgstr ""\n',
        encoding="utf-8",
    )
    assert [line.split(" -> ")[0] for line in mismatched(po)] == [
        "'%(name)s pays %(points)s'",
        "'{count} games'",
        "'<strong>Tenhou:</strong> open'",
        "'%(count)s player'",
        "'%(n)s point'",
    ]
    assert untranslated(po) == ["Rules", "Log in"]


@pytest.mark.skipif(not shutil.which("msgmerge"), reason="gettext tools (msgmerge) not installed")
def test_every_marked_string_is_translated_in_every_language(tmp_path):
    """makemessages on a copy of the code, merged with the shipped catalogues: any string the
    code marks that a catalogue lacks (or has fuzzy) is listed under its language."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.mo")
    for part in ("scoring", "templates", "mahjong_club"):
        shutil.copytree(ROOT / part, tmp_path / part, ignore=ignore)
    shutil.copy(ROOT / "manage.py", tmp_path)
    shipped = [locale for locale in LOCALES if (LOCALE / locale).exists()]
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", *[f"-l{locale}" for locale in shipped]]
        + ["--no-obsolete", "--ignore=tests"],
        cwd=tmp_path,
        check=True,
        capture_output=True,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(tmp_path)},
    )
    fresh = {
        locale: untranslated(tmp_path / "scoring" / "locale" / locale / "LC_MESSAGES" / "django.po")
        for locale in shipped
    }
    assert {locale: msgids for locale, msgids in fresh.items() if msgids} == {}, (
        "run `make messages` and translate these"
    )
