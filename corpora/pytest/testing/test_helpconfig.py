# mypy: allow-untyped-defs
from __future__ import annotations

from _pytest.config import ExitCode
from _pytest.pytester import Pytester
import pytest


def test_version_verbose(pytester: Pytester, pytestconfig, monkeypatch) -> None:
    monkeypatch.delenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD")
    monkeypatch.delenv("PYTEST_PLUGINS", raising=False)
    result = pytester.runpytest("--version", "--version")
    assert result.ret == ExitCode.OK
    result.stdout.fnmatch_lines([f"*pytest*{pytest.__version__}*imported from*"])
    if pytestconfig.pluginmanager.list_plugin_distinfo():
        result.stdout.fnmatch_lines(["*registered third-party plugins:", "*at*"])


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version_less_verbose(pytester: Pytester, flag: str) -> None:
    """Single ``--version`` or ``-V`` should display only the pytest version, without loading plugins (#13574)."""
    pytester.makeconftest("print('This should not be printed')")
    result = pytester.runpytest_subprocess(flag)
    assert result.ret == ExitCode.OK
    assert result.stdout.str().strip() == f"pytest {pytest.__version__}"


def test_versions() -> None:
    """Regression check for the public version attributes in pytest."""
    assert isinstance(pytest.__version__, str)
    assert isinstance(pytest.version_tuple, tuple)


def test_help(pytester: Pytester) -> None:
    result = pytester.runpytest("--help")
    assert result.ret == ExitCode.OK
    result.stdout.fnmatch_lines(
        """
          -m MARKEXPR           Only run tests matching given mark expression. For
                                example: -m 'mark1 and not mark2'.
        Reporting:
          --durations=N *
          -V, --version         Display pytest version and information about plugins.
                                When given twice, also display information about
                                plugins.
        *setup.cfg*
        *minversion*
        *to see*markers*pytest --markers*
        *to see*fixtures*pytest --fixtures*
    """
    )


def test_help_ini_union_and_literal_types(pytester: Pytester) -> None:
    """Union and Literal ini options display their members/choices in --help."""
    pytester.makeconftest(
        """
        from typing import Literal

        def pytest_addoption(parser):
            parser.addini("ini_union", "union help", type=int | str, default=None)
            parser.addini(
                "ini_literal", "literal help", type=Literal["auto", "long"],
                default="auto",
            )
            parser.addini(
                "ini_mixed", "mixed help", type=int | Literal["auto"],
                default="auto",
            )
    """
    )
    result = pytester.runpytest("--help")
    assert result.ret == ExitCode.OK
    result.stdout.fnmatch_lines(
        [
            "*ini_union (int | string):*",
            "*union help*",
            "*ini_literal ('auto' | 'long'):*",
            "*literal help*",
            "*ini_mixed (int | 'auto'):*",
            "*mixed help*",
        ]
    )


def test_help_ini_keeps_line_structure(pytester: Pytester) -> None:
    """Ini help keeps its explicit line breaks and indentation, like option help."""
    pytester.makeconftest(
        """
        def pytest_addoption(parser):
            parser.addini(
                "ini_list",
                "strategy for the thing\\n"
                "- short: values over 100 chars fall back to argname plus index\\n"
                "- sha256: replace the value with its sha256 hex digest",
                default=None,
            )
    """
    )
    result = pytester.runpytest("--help")
    assert result.ret == ExitCode.OK
    result.stdout.fnmatch_lines(
        [
            "  ini_list (string):    strategy for the thing",
            "                        - short: values over 100 chars fall back to argname plus",
            "                          index",
            "                        - sha256: replace the value with its sha256 hex digest",
        ],
        consecutive=True,
    )


def test_none_help_param_raises_exception(pytester: Pytester) -> None:
    """Test that a None help param raises a TypeError."""
    pytester.makeconftest(
        """
        def pytest_addoption(parser):
            parser.addini("test_ini", None, default=True, type="bool")
    """
    )
    result = pytester.runpytest("--help")
    result.stderr.fnmatch_lines(
        ["*TypeError: help argument cannot be None for test_ini*"]
    )


def test_empty_help_param(pytester: Pytester) -> None:
    """Test that an empty help param is displayed correctly."""
    pytester.makeconftest(
        """
        def pytest_addoption(parser):
            parser.addini("test_ini", "", default=True, type="bool")
    """
    )
    result = pytester.runpytest("--help")
    assert result.ret == ExitCode.OK
    lines = [
        "  required_plugins (args):",
        "                        Plugins that must be present for pytest to run*",
        "  test_ini (bool):*",
        "Environment variables:",
    ]
    result.stdout.fnmatch_lines(lines, consecutive=True)


def test_parse_known_args_doesnt_quit_on_help(pytester: Pytester) -> None:
    """`parse_known_args` shouldn't exit on `--help`, unlike `parse`."""
    config = pytester.parseconfig()
    # Doesn't raise or exit!
    config._parser.parse_known_args(["--help"])
    config._parser.parse_known_and_unknown_args(["--help"])


def test_hookvalidation_unknown(pytester: Pytester) -> None:
    pytester.makeconftest(
        """
        def pytest_hello(xyz):
            pass
    """
    )
    result = pytester.runpytest()
    assert result.ret != ExitCode.OK
    result.stdout.fnmatch_lines(["*unknown hook*pytest_hello*"])


def test_hookvalidation_optional(pytester: Pytester) -> None:
    pytester.makeconftest(
        """
        import pytest
        @pytest.hookimpl(optionalhook=True)
        def pytest_hello(xyz):
            pass
    """
    )
    result = pytester.runpytest()
    assert result.ret == ExitCode.NO_TESTS_COLLECTED


def test_traceconfig(pytester: Pytester) -> None:
    result = pytester.runpytest("--traceconfig")
    result.stdout.fnmatch_lines(["*using*pytest*", "*active plugins*"])


def test_debug(pytester: Pytester) -> None:
    result = pytester.runpytest_subprocess("--debug")
    assert result.ret == ExitCode.NO_TESTS_COLLECTED
    p = pytester.path.joinpath("pytestdebug.log")
    assert "pytest_sessionstart" in p.read_text("utf-8")


def test_PYTEST_DEBUG(pytester: Pytester, monkeypatch) -> None:
    monkeypatch.setenv("PYTEST_DEBUG", "1")
    result = pytester.runpytest_subprocess()
    assert result.ret == ExitCode.NO_TESTS_COLLECTED
    result.stderr.fnmatch_lines(
        ["*pytest_plugin_registered*", "*manager*PluginManager*"]
    )
