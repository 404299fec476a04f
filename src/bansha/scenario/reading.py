"""Read a scenario file within bounds: its size, the nesting depth of its YAML, the
nodes it expands to (YAML aliases can make a small file huge: "billion laughs") and
duplicate keys. Every refusal names the limit, so that a bad file costs a clear
message in a fraction of a second instead of minutes and gigabytes.

The limits are far above any real scenario: the longest in the project's tests is a
few KB, 7 levels deep, a few hundred nodes.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

import yaml

MAX_BYTES = 1024 * 1024  # 1 MB
MAX_DEPTH = 32  # mappings and lists inside each other
MAX_NODES = 100_000  # every value counted once per place it appears (aliases expanded)

# libyaml's parser when present: the same YAML, read several times faster
_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class ReadError(ValueError):
    """The file cannot be read as a scenario (the message names where, in Chinese)."""


def read_text(path: str | Path) -> str:
    """The file's text: a regular file of at most MAX_BYTES, UTF-8 (a BOM is allowed)."""
    if str(path) == "":
        raise ReadError("没有给出文件名")
    p = Path(path)
    try:
        st = os.stat(p)
    except OSError as e:
        raise ReadError(f"无法读取文件：{_os_reason(e)}") from None
    if stat.S_ISDIR(st.st_mode):
        raise ReadError("这是一个文件夹，不是场景文件")
    if not stat.S_ISREG(st.st_mode):
        # /dev/zero, a pipe, a terminal: endless or blocking, never a scenario
        raise ReadError("不是普通文件（设备、管道等不能作为场景文件）")
    if st.st_size > MAX_BYTES:
        raise ReadError(f"文件大小 {st.st_size:,} 字节，"
                        f"超过场景文件 {MAX_BYTES:,} 字节（1 MB）的上限")
    try:
        with open(p, "rb") as f:
            data = f.read(MAX_BYTES + 1)  # the file may have grown since stat()
    except OSError as e:
        raise ReadError(f"无法读取文件：{_os_reason(e)}") from None
    if len(data) > MAX_BYTES:
        raise ReadError(f"文件超过场景文件 {MAX_BYTES:,} 字节（1 MB）的上限")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise ReadError(f"文件不是 UTF-8 编码（第 {line} 行）") from None


def _os_reason(e: OSError) -> str:
    reasons = {
        "ENOENT": "文件不存在", "EACCES": "没有读取权限", "EISDIR": "这是一个文件夹",
        "ENAMETOOLONG": "文件名过长", "ENOTDIR": "路径中有一段不是文件夹", "ELOOP": "符号链接循环",
    }
    import errno

    return reasons.get(errno.errorcode.get(e.errno or 0, ""), e.strerror or "未知错误")


def parse_yaml(text: str) -> Any:
    """The YAML document, after checking depth, expanded size and duplicate keys."""
    _check_shape(text)
    try:
        return yaml.load(text, Loader=_StrictLoader)  # a SafeLoader subclass
    except yaml.YAMLError as e:
        raise ReadError(yaml_message(e, text)) from None


def _check_shape(text: str) -> None:
    """Walk the event stream (flat, no recursion) before anything is built: the
    nesting depth, and the node count with every alias counted at its full size."""
    depth = 0
    sizes: list[int] = [0]  # one counter per open collection, the document at the bottom
    anchors: list[str | None] = [None]
    anchored: dict[str, int] = {}
    try:
        for ev in yaml.parse(text, Loader=_Loader):
            if isinstance(ev, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    raise ReadError(f"{_where(ev)}嵌套超过 {MAX_DEPTH} 层的上限")
                sizes.append(1)
                anchors.append(ev.anchor)
            elif isinstance(ev, yaml.CollectionEndEvent):
                depth -= 1
                n = sizes.pop()
                anchor = anchors.pop()
                if anchor is not None:
                    anchored[anchor] = n
                sizes[-1] += n
            elif isinstance(ev, yaml.ScalarEvent):
                sizes[-1] += 1
                if ev.anchor is not None:
                    anchored[ev.anchor] = 1
            elif isinstance(ev, yaml.AliasEvent):
                sizes[-1] += anchored.get(ev.anchor or "", 1)
            else:
                continue
            if sum(sizes) > MAX_NODES:
                raise ReadError(f"{_where(ev)}展开后超过 {MAX_NODES:,} 个值的上限"
                                "（别名 * 按展开后的大小计算）")
    except yaml.YAMLError as e:
        raise ReadError(yaml_message(e, text)) from None


def _where(ev: Any) -> str:
    mark = getattr(ev, "start_mark", None)
    return f"第 {mark.line + 1} 行：" if mark is not None else ""


class _StrictLoader(_Loader):  # type: ignore[misc]
    """The safe loader, refusing a key given twice in one mapping (YAML would keep
    the last value and drop the first without a word)."""

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue
            key = self.construct_object(key_node, deep=deep)
            try:
                dup = key in seen
            except TypeError:
                continue  # unhashable: the base class reports it
            if dup:
                raise yaml.constructor.ConstructorError(
                    None, None, f"键“{key}”在同一映射中出现了两次（前一个值会被丢弃）",
                    key_node.start_mark)
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


_StrictLoader.add_constructor("tag:yaml.org,2002:map", _StrictLoader.construct_yaml_map)


# PyYAML's and libyaml's messages, in the words a director reads (matched on the
# start of the problem, then of the context)
_PROBLEMS = {
    "could not find expected ':'": "找不到应有的冒号“:”",
    "mapping values are not allowed": "这里不能出现“键: 值”（是否缺少缩进、空格或引号？）",
    "did not find expected key": "找不到应有的键（缩进是否对齐？）",
    "did not find expected node content": "缺少内容",
    "did not find expected ',' or ']'": "列表缺少“,”或“]”",
    "did not find expected ',' or '}'": "映射缺少“,”或“}”",
    "did not find expected '-' indicator": "列表项缺少“-”",
    "found character '\\t' that cannot start any token": "不能用制表符（Tab）缩进",
    "found a tab character": "不能用制表符（Tab）缩进",
    "found character that cannot start any token":
        "出现了不能开始任何内容的字符（@ 或 ` 需要加引号）",
    "found undefined alias": "使用了未定义的别名（*名字 之前没有 &名字）",
    "found unhashable key": "键不能是列表或映射",
    "found duplicate anchor": "锚点（&名字）重复",
    "found unexpected end of stream": "文件意外结束（引号或括号未闭合？）",
    "found unknown escape character": "双引号中有未知的转义字符（反斜杠）",
    "expected <block end>": "缩进不对",
    "expected <document start>": "缩进不对",
    "expected a single document": "文件只能包含一个 YAML 文档（去掉多余的 ---）",
    "control characters are not allowed": "文件中有控制字符",
    "could not determine a constructor": "不支持的 YAML 标签（!! 开头）",
    "found unexpected ':'": "出现了多余的冒号“:”",
    "while scanning a simple key": "找不到应有的冒号“:”",
}
LONG_KEY = 1024  # YAML's limit on a key written without a leading "?"


def yaml_message(e: yaml.YAMLError, text: str = "") -> str:
    """'YAML 格式错误 第 N 行：…' in Chinese (the parser's text kept only when unknown)."""
    problem = str(getattr(e, "problem", "") or "")
    context = str(getattr(e, "context", "") or "")
    mark = getattr(e, "problem_mark", None) or getattr(e, "context_mark", None)
    loc = f"第 {mark.line + 1} 行" if mark is not None else ""
    if problem.startswith("键“"):  # ours (duplicate key)
        return f"YAML 格式错误 {loc}：{problem}"
    if mark is not None and text:
        lines = text.split("\n")
        if any(len(lines[i]) > LONG_KEY for i in _near(mark.line, len(lines))):
            return (f"YAML 格式错误 {loc}：一行中的键超过 {LONG_KEY} 个字符"
                    "（YAML 键的上限；名字请写短一些）或缺少冒号“:”")
    for said in (problem, context):
        for key, zh in _PROBLEMS.items():
            if said.startswith(key):
                return f"YAML 格式错误 {loc}：{zh}"
    return f"YAML 格式错误 {loc}：{problem or context or e}"


def _near(line: int, n: int) -> range:
    return range(max(0, line - 1), min(n, line + 1))
