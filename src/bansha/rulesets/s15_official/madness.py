"""癫狂状态: what a mad character may post, for the forum layer.

"角色不能正常讨论，除“投票对象”外，只能使用表情以及以下20种汉字：啊、嗷、嘎、咯、咕、
呱、哼、咴、叽、啾、哩、喵、咩、哞、嘶、汪、嗡、喔、喳、吱、空格符与回车符，不可使用其他
字符，不得使用字符画与未定义密码（包括ASCII、Unicode、GBK等计算机编码与摩尔斯电码等）。"

`mad_post_reason(text, vote_targets)` returns None for an allowed post, else a
Chinese reason naming the characters that are not allowed. `vote_targets` are the
names the post may use as its 投票对象. Emoticons (表情) are the forum's smiley
codes (Discuz `{:1_23:}`) and Unicode emoji. Whether a run of allowed characters
is 字符画 or 密码 stays the director's call; this check enforces the character set.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

MAD_CHARS = frozenset("啊嗷嘎咯咕呱哼咴叽啾哩喵咩哞嘶汪嗡喔喳吱")
WHITESPACE = frozenset(" \u3000\r\n")
_SMILEY = re.compile(r"\{:\d+_\d+:\}")
_EMOJI_JOINERS = frozenset("\u200d\ufe0f\ufe0e")


def _is_emoji(ch: str) -> bool:
    return ch in _EMOJI_JOINERS or unicodedata.category(ch) == "So" \
        or 0x1F3FB <= ord(ch) <= 0x1F3FF  # skin-tone modifiers


def mad_post_reason(text: str, vote_targets: Iterable[str] = ()) -> str | None:
    """Check one post of a 癫狂 character (None = allowed)."""
    rest = _SMILEY.sub("", text)
    for name in sorted({str(n) for n in vote_targets if n}, key=len, reverse=True):
        rest = rest.replace(name, "")
    bad = [ch for ch in rest if ch not in MAD_CHARS and ch not in WHITESPACE
           and not _is_emoji(ch)]
    if not bad:
        return None
    shown = "".join(dict.fromkeys(bad))
    return f"癫狂状态下不可使用这些字符：{shown}（只能使用表情、投票对象及20种汉字）"
