"""The command line's own words (usage line, help panels, option errors) in Chinese.

Typer draws help and errors with its bundled copy of Click, whose words are
English and not translatable (no gettext). `install()` swaps in Chinese where
they are made: the panel titles (module constants), the usage line's prefix and
placeholders, the --help option's text, the type shown for an option, and the
message of a command-line error (translated by the patterns below; a message
that matches none is shown as it is). Only presentation changes: parsing, exit
codes (2 for a usage error) and the options themselves are Typer's.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import re
import sys
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

import typer.core

HELP_TEXT = "显示本帮助并退出"

PANELS = {
    "ARGUMENTS_PANEL_TITLE": "参数",
    "OPTIONS_PANEL_TITLE": "选项",
    "COMMANDS_PANEL_TITLE": "命令",
    "ERRORS_PANEL_TITLE": "错误",
    "ABORTED_TEXT": "已中止",
    "RICH_HELP": "运行 [blue]'{command_path} {help_option}'[/] 查看帮助",
    "DEFAULT_STRING": "[默认：{}]",
    "ENVVAR_STRING": "[环境变量：{}]",
    "REQUIRED_LONG_STRING": "[必填]",
    "DEPRECATED_STRING": "（已弃用）",
}

USAGE_WORDS = (("[OPTIONS]", "[选项]"), ("COMMAND", "命令"), ("[ARGS]", "[参数]"))

TYPE_WORDS = {"<int>": "<整数>", "<str>": "<文字>", "<float>": "<数字>", "<text>": "<文字>",
              "<integer>": "<整数>"}

# (pattern, replacement) on Click's error messages, tried in order
ERRORS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"^Invalid value for (.+?): (.*)$", re.S), r"\1 的值无效：\2"),
    (re.compile(r"Input should be a valid integer.*$"), "应为整数"),
    (re.compile(r"Input should be a valid number.*$"), "应为数字"),
    (re.compile(r"Input should be a valid boolean.*$"), "应为 true 或 false"),
    (re.compile(r"'?(.+?)'? is not a valid integer\.?"), r"“\1”不是整数"),
    (re.compile(r"'?(.+?)'? is not one of (.+?)\.?$"), r"“\1”不是以下之一：\2"),
    (re.compile(r"^Missing argument '(.+?)'\.?$"), r"缺少参数 \1"),
    (re.compile(r"^Missing option '(.+?)'\.?$"), r"缺少选项 \1"),
    (re.compile(r"^No such option: (\S+)"), r"没有选项 \1"),
    (re.compile(r"^No such command '(.+?)'\.?$"), r"没有命令 \1"),
    (re.compile(r"Did you mean (.+?)\?"), r"是不是 \1？"),
    (re.compile(r"\(Possible options: (.+?)\)"), r"（可能的选项：\1）"),
    (re.compile(r"^Got unexpected extra arguments? \((.*)\)$"), r"多余的参数：\1"),
    (re.compile(r"^Option '(.+?)' requires an argument\.?$"), r"选项 \1 需要一个值"),
    (re.compile(r"^Option '(.+?)' requires (\d+) arguments\.?$"), r"选项 \1 需要 \2 个值"),
    (re.compile(r"^Option '(.+?)' does not take a value\.?$"), r"选项 \1 不接受值"),
    (re.compile(r"^Missing command\.?$"), "缺少命令"),
    (re.compile(r"(.+?) is not in the range (.+?)\.?$"), r"\1 不在范围 \2 内"),
]


def translate_error(message: str) -> str:
    out = message
    for pat, rep in ERRORS:
        out = pat.sub(rep, out)
    return out


def _usage(original: Callable[..., None]) -> Callable[..., None]:
    def write_usage(self: Any, prog: str, args: str = "", prefix: str | None = None) -> None:
        for en, zh in USAGE_WORDS:
            args = args.replace(en, zh)
        original(self, prog, args, "用法：" if prefix is None else prefix)
    return write_usage


def _help_option(original: Callable[..., Any]) -> Callable[..., Any]:
    def help_option(param_decls: list[str]) -> Callable[[Any], Any]:
        add = original(param_decls)

        def apply(cmd: Any) -> Any:
            cmd = add(cmd)
            cmd.params[-1].help = HELP_TEXT
            return cmd
        return apply
    return help_option


def _display_type(original: Callable[..., str]) -> Callable[..., str]:
    def display_type(self: Any, ctx: Any) -> str:
        if getattr(self, "is_flag", False):
            return ""  # a switch takes no value: no type to show
        label = original(self, ctx)
        return TYPE_WORDS.get(label, label)
    return display_type


def _format_error(original: Callable[[Any], None]) -> Callable[[Any], None]:
    def rich_format_error(exc: Any) -> None:
        message = exc.format_message
        exc.format_message = lambda: translate_error(message())
        original(exc)
    return rich_format_error


def _patch_rich_utils(rich_utils: ModuleType) -> None:
    for name, text in PANELS.items():
        setattr(rich_utils, name, text)
    rich_utils.rich_format_error = _format_error(  # type: ignore[attr-defined]
        rich_utils.rich_format_error)


class _AfterImport(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Patches typer.rich_utils when Typer first imports it: it pulls in Markdown
    and costs a fifth of a second, which a command that draws no help or error
    (a scenario run) should not pay."""

    NAME = "typer.rich_utils"

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname != self.NAME:
            return None
        sys.meta_path.remove(self)
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.loader is None:
            return spec
        inner = spec.loader

        class Loader(importlib.abc.Loader):
            def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
                return inner.create_module(spec)

            def exec_module(self, module: ModuleType) -> None:
                inner.exec_module(module)
                _patch_rich_utils(module)

        spec.loader = Loader()
        return spec


_installed = False


def install() -> None:
    global _installed
    if _installed:
        return
    _installed = True
    if "typer.rich_utils" in sys.modules:
        _patch_rich_utils(sys.modules["typer.rich_utils"])
    else:
        sys.meta_path.insert(0, _AfterImport())
    from typer._click import decorators, formatting

    formatting.HelpFormatter.write_usage = _usage(  # type: ignore[method-assign]
        formatting.HelpFormatter.write_usage)
    decorators.help_option = _help_option(decorators.help_option)
    for cls in (typer.core.TyperOption, typer.core.TyperArgument):
        if hasattr(cls, "display_type"):
            cls.display_type = _display_type(cls.display_type)  # type: ignore[method-assign]
