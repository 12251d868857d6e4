"""The language the program speaks: message catalogs (gettext), held per context, chosen once.

Every package that speaks ships its catalogs beside its code, in
``<package folder>/locale/<language>/LC_MESSAGES/<domain>.mo`` (the framework's domain is
``cardgames``, a game's is its own, as for any plugin), and marks its texts with the usual
gettext names, which Babel extracts (docs/languages.md)::

    _ = catalog("mygame").gettext
    ngettext = catalog("mygame").ngettext
    print(_("Your turn."), ngettext("{n} card", "{n} cards", n).format(n=n))

The language in force is a context variable, so that one process (the browser's server) can
answer two seats in two languages: :func:`speaking` sets it for a block, :func:`set_language`
for the rest of the context. English is the language the texts are written in; a language
without a catalog (or a message without a translation) reads in English.
"""

from __future__ import annotations

import contextvars
import functools
import gettext as _gettext
import importlib.util
import math
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from attrs import field, frozen

from cardgames.primitives.errors import OptionError

# The languages the program speaks, by code, each in its own words.
LANGUAGES: dict[str, str] = {"en": "English", "it": "italiano", "ru": "русский"}
ENGLISH = "en"
# The environment variables that name the locale, in POSIX's order of precedence.
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")

_CURRENT: contextvars.ContextVar[str] = contextvars.ContextVar("cardgames_language", default=ENGLISH)
# Whether the language in force was asked for with --lang (set_language)
_ASKED: contextvars.ContextVar[bool] = contextvars.ContextVar("cardgames_language_asked", default=False)
# The language whose own letters a text is read in: the player's only for what is typed at the prompt.
_READING: contextvars.ContextVar[str] = contextvars.ContextVar("cardgames_reading", default=ENGLISH)


def language() -> str:
    """The code of the language in force in this context ("en", "it", "ru")."""
    return _CURRENT.get()


def reading_language() -> str:
    """The language whose own card letters and move words text is read in ("en": none but the universal).

    Only what a person types at the prompt is read in their language (:func:`typed_by_player`);
    a position, a record, a file or an option value reads the same in every language.
    """
    return _READING.get()


@contextmanager
def typed_by_player() -> Iterator[None]:
    """Read text in the block as the player typed it at the prompt: in the language in force."""
    token = _READING.set(language())
    try:
        yield
    finally:
        _READING.reset(token)


def language_code(text: str) -> str | None:
    """The language a locale name or a language tag names (``ru_RU.UTF-8``, ``it-IT``, ``RU``), or None."""
    head = text.strip().split(".", 1)[0].split("@", 1)[0].replace("-", "_").split("_", 1)[0].casefold()
    return head if head in LANGUAGES else None


def checked_language(text: str, where: str = "") -> str:
    """The language ``text`` names; OptionError (with the languages there are) for any other."""
    code = language_code(text)
    if code is None:
        known = ", ".join(f"{k} ({v})" for k, v in LANGUAGES.items())
        said = FRAMEWORK.gettext("unknown language {name}{where}; the languages are {known}")
        raise OptionError(said.format(name=repr(text.strip()), where=where, known=known))
    return code


def set_language(code: str, *, asked: bool = False) -> contextvars.Token[str]:
    """Speak ``code`` for the rest of this context (a checked code, see :func:`checked_language`).

    ``asked``: the person asked for it in this command (``--lang``), over any language a file keeps
    (:func:`language_asked`).
    """
    _ASKED.set(asked)
    return _CURRENT.set(checked_language(code))


def language_asked() -> bool:
    """Whether the language in force was asked for in this command (``--lang``), not found in the
    settings or the locale: a saved game resumes in its own language unless it was."""
    return _ASKED.get()


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Speak ``code`` inside the block (a seat's own language), then the language before it."""
    token = _CURRENT.set(checked_language(code))
    try:
        yield
    finally:
        _CURRENT.reset(token)


def locale_language(environ: Mapping[str, str]) -> str | None:
    """The language of the locale: the first set of LC_ALL, LC_MESSAGES, LANG, if the program speaks it."""
    for name in LOCALE_VARIABLES:
        value = environ.get(name, "")
        if value:  # the first variable set decides, as for every POSIX program ("C" is English)
            return language_code(value)
    return None


def accepted_language(header: str) -> str | None:
    """The language a browser prefers among ours, from its ``Accept-Language`` header; None if none.

    ``"ru-RU,ru;q=0.9,en;q=0.8"`` is Russian; a tag with ``q=0`` is refused; of equal weights the
    first listed wins. The server speaks it to that connection unless the lobby's choice says otherwise.
    """
    best: tuple[float, int, str] | None = None
    for place, part in enumerate(header.split(",")[:32]):  # a header from outside: a bounded read
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        code = language_code(tag)
        if code is not None and weight > 0 and (best is None or (weight, -place) > (best[0], best[1])):
            best = (weight, -place, code)
    return best[2] if best else None


def choose_language(flag: str | None, setting: str | None, environ: Mapping[str, str]) -> str:
    """The language in force: ``--lang``, else the settings file's ``lang``, else the locale, else English."""
    if flag is not None:
        return checked_language(flag, " (--lang)")
    if setting is not None:
        return checked_language(setting, " ({})".format(FRAMEWORK.gettext("the settings file's lang")))
    return locale_language(environ) or ENGLISH


# Numbers are written by Babel from CLDR's data for the language in force: its decimal mark, its
# thousands separator and where its percent sign goes (1,100.5 and 58.8%; 1.100,5 and 58,8%;
# 1 100,5 and 58,8 %, with no-break spaces). Babel is imported on the first number, not at start-up.


def grouped(number: int) -> str:
    """A whole number with its thousands grouped as the language in force writes them: 1,100; 1.100; 1 100."""
    from babel.numbers import format_decimal

    return format_decimal(number, locale=language())


def decimals(number: float, digits: int) -> str:
    """``number`` with ``digits`` decimals and its thousands grouped: 1,234.5; 1.234,5; 1 234,5."""
    from babel.numbers import format_decimal

    if not math.isfinite(number):
        return format_decimal(number, locale=language())  # NaN, ∞: the language's own signs
    return format_decimal(number, format=_fixed("#,##0", digits), locale=language())


def percent(fraction: float, digits: int = 1) -> str:
    """A fraction as a percentage with ``digits`` decimals: 58.8%; 58,8%; 58,8 %."""
    from babel import Locale
    from babel.numbers import format_percent

    if not math.isfinite(fraction):
        return decimals(fraction, digits)
    code = language()
    pattern = Locale.parse(code).percent_formats[None].pattern  # "#,##0%"; Russian "#,##0\u00a0%"
    positive = pattern.split(";", 1)[0]
    last = positive.rindex("0") + 1  # after the whole part's last digit, where the decimals go
    return format_percent(fraction, format=_fixed(positive[:last], digits) + positive[last:], locale=code)


def significant(number: float, digits: int = 3) -> str:
    """``number`` to ``digits`` significant digits as the g format rounds it: 0.0312; 0,0312; 1,5E-12."""
    from decimal import Decimal

    from babel.numbers import format_decimal, format_scientific

    if not math.isfinite(number):
        return decimals(number, 0)
    rounded = Decimal(f"{number:.{digits}g}")  # rounded as Python's g format rounds; Babel writes it
    if rounded and abs(rounded) < Decimal("0.0001"):  # where the g format turns to an exponent too
        return format_scientific(rounded, format="0.##E0", locale=language(), decimal_quantization=False)
    return format_decimal(rounded, locale=language(), decimal_quantization=False)


def numbers_apart(*numbers: str) -> str:
    """Written numbers apart, a decimal comma never read as their separator: 3.52, 8.48 but 3,52; 8,48."""
    from babel.numbers import get_decimal_symbol

    return ("; " if get_decimal_symbol(language()) == "," else ", ").join(numbers)


def _fixed(whole: str, digits: int) -> str:
    """A number pattern's whole part followed by exactly ``digits`` decimals."""
    return whole + ("." + "0" * digits if digits > 0 else "")


def N_(message: str) -> str:  # noqa: N802 (gettext's own name for "translate later")
    """Mark ``message`` for the catalogs without translating it: it is translated where it is shown."""
    return message


def N_plural(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 (beside N_)
    """Mark a text with a count for the catalogs: its one and its many form, chosen where it is shown."""
    return (singular, plural)


@functools.cache
def _translations(domain: str, folder: str, code: str) -> _gettext.NullTranslations:
    if code == ENGLISH:
        return _gettext.NullTranslations()
    return _gettext.translation(domain, folder, languages=[code], fallback=True)


@frozen
class Catalog:
    """One domain's messages, in the language in force when each is asked for."""

    domain: str
    folder: Path = field(repr=False)  # where the package is installed: not part of what a log says
    """The ``locale`` folder that holds ``<language>/LC_MESSAGES/<domain>.mo``."""

    def translations(self, code: str | None = None) -> _gettext.NullTranslations:
        """The gettext translations of ``code`` (default: the language in force)."""
        return _translations(self.domain, str(self.folder), code or language())

    def gettext(self, message: str) -> str:
        """``message`` in the language in force."""
        return self.translations().gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form of ``singular``/``plural`` for ``n`` in the language in force (Russian has three)."""
        return self.translations().ngettext(singular, plural, n)

    def has(self, code: str) -> bool:
        """Whether this domain has a compiled catalog for ``code`` (English always: it is the source)."""
        return code == ENGLISH or (self.folder / code / "LC_MESSAGES" / f"{self.domain}.mo").is_file()


@functools.cache
def catalog(package: str, domain: str | None = None) -> Catalog:
    """The catalog a package ships in its ``locale`` folder; the domain is the package's last name by default.

    A plugin calls it with its own package (``catalog("mygame")``), as the built-in games do.
    """
    spec = importlib.util.find_spec(package)
    places = list(spec.submodule_search_locations or []) if spec is not None else []
    if not places:
        raise ValueError(f"{package!r} is not a package: its catalogs are found in its folder")
    return Catalog(domain or package.rsplit(".", 1)[-1], Path(places[0]) / "locale")


@frozen
class Texts:
    """A module's texts by key, read in the language in force from its catalog.

    A value is a text marked with :func:`N_`, or a pair marked with :func:`N_plural` whose form is
    chosen by the ``count`` it is said with (Russian has three: 1 карта, 2 карты, 5 карт).
    """

    catalog: Catalog
    texts: Mapping[str, str | tuple[str, str]]

    def __getitem__(self, key: str) -> str:
        """The text ``key`` in the language in force (the many form of a counted text)."""
        text = self.texts[key]
        return self.catalog.ngettext(*text, 2) if isinstance(text, tuple) else self.catalog.gettext(text)

    def __contains__(self, key: object) -> bool:
        return key in self.texts

    def say(self, key: str, **values: Any) -> str:
        """The text ``key`` with its placeholders filled in; a counted text's form follows ``count``."""
        text = self.texts[key]
        if isinstance(text, tuple):
            return self.catalog.ngettext(*text, abs(int(values["count"]))).format(**values)
        return self.catalog.gettext(text).format(**values)


def catalog_of(kind: object) -> Catalog | None:
    """The catalog of the package a class or function is written in (a game, a bot); None in a lone module."""
    import sys

    module = getattr(kind, "__module__", None)
    package = getattr(sys.modules.get(module), "__package__", None) if isinstance(module, str) else None
    return catalog(package) if package else None


def translated(kind: object, text: str) -> str:
    """``text`` (marked with :func:`N_` where ``kind`` is written) in the language in force.

    The translation is the one in the catalog of ``kind``'s package: a game's summary, a plugin's texts.
    """
    if not text:  # gettext("") is the catalog's header, not an empty text
        return text
    found = catalog_of(kind)
    return found.gettext(text) if found is not None else text


FRAMEWORK = catalog("cardgames")
"""The framework's own messages (domain ``cardgames``)."""
