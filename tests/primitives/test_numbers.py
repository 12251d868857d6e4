"""Numbers as the language in force writes them: its decimal mark, its thousands, its percent sign."""

from __future__ import annotations

import pytest

from cardgames.primitives.language import decimals, grouped, numbers_apart, percent, significant, speaking

NBSP = "\u00a0"  # Russian groups thousands and sets its percent sign apart with a no-break space


@pytest.mark.parametrize(
    ("code", "written"),
    [
        ("en", ["1,100", "-12,345", "7", "0.333", "213.1", "12,345.7", "25.01", "2"]),
        ("it", ["1.100", "-12.345", "7", "0,333", "213,1", "12.345,7", "25,01", "2"]),
        ("ru", [f"1{NBSP}100", f"-12{NBSP}345", "7", "0,333", "213,1", f"12{NBSP}345,7", "25,01", "2"]),
    ],
)
def test_a_number_is_written_with_the_languages_decimal_mark_and_thousands(
    code: str, written: list[str]
) -> None:
    with speaking(code):
        shown = [grouped(1100), grouped(-12345), grouped(7)]
        shown += [decimals(1 / 3, 3), decimals(213.14, 1), decimals(12345.67, 1), decimals(25.0149, 2)]
        shown += [decimals(2.4, 0)]
    assert shown == written


@pytest.mark.parametrize(
    ("code", "written"),
    [
        ("en", ["58.8%", "33.3%", "25%", "-1.2%", "100.0%"]),
        ("it", ["58,8%", "33,3%", "25%", "-1,2%", "100,0%"]),
        ("ru", [f"58,8{NBSP}%", f"33,3{NBSP}%", f"25{NBSP}%", f"-1,2{NBSP}%", f"100,0{NBSP}%"]),
    ],
)
def test_a_percentage_puts_its_sign_where_the_language_does(code: str, written: list[str]) -> None:
    with speaking(code):
        assert [percent(0.588), percent(1 / 3), percent(0.25, 0), percent(-0.012), percent(1.0)] == written


@pytest.mark.parametrize(
    ("code", "written"),
    [
        ("en", ["0.0312", "45.2", "0", "1,230", "0.000123", "1.5E-12", "123,456"]),
        ("it", ["0,0312", "45,2", "0", "1.230", "0,000123", "1,5E-12", "123.456"]),
        ("ru", ["0,0312", "45,2", "0", f"1{NBSP}230", "0,000123", "1,5E-12", f"123{NBSP}456"]),
    ],
)
def test_significant_digits_round_as_the_g_format_and_write_as_the_language(
    code: str, written: list[str]
) -> None:
    with speaking(code):
        shown = [significant(0.031234), significant(45.25), significant(0.0), significant(1234.5)]
        shown += [significant(0.00012345), significant(1.5e-12), significant(123456.0, 6)]
    assert shown == written


def test_a_number_that_is_not_finite_reads_as_the_language_writes_it() -> None:
    with speaking("it"):
        assert [decimals(float("nan"), 2), percent(float("inf")), significant(float("-inf"))] == [
            "NaN",
            "∞",
            "-∞",
        ]


@pytest.mark.parametrize(
    ("code", "written"), [("en", "[3.52, 8.48]"), ("it", "[3,52; 8,48]"), ("ru", "[3,52; 8,48]")]
)
def test_an_interval_never_reads_its_decimal_comma_as_its_separator(code: str, written: str) -> None:
    with speaking(code):
        assert f"[{numbers_apart(decimals(3.52, 2), decimals(8.48, 2))}]" == written
