"""The JSON bodies the API takes. A body that does not fit answers 422 naming the
field; strings that no database column can hold (NUL, lone surrogates) are refused
here, so nothing malformed reaches the engine or the storage."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field


def _storable(value: str) -> str:
    if "\x00" in value:
        raise ValueError("不能包含 NUL 字符")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("不是有效的 UTF-8 文本") from None
    return value


def _storable_tree(value: Any, depth: int = 0) -> Any:
    if depth > 8:
        raise ValueError("嵌套过深")
    if isinstance(value, str):
        _storable(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            _storable(str(k))
            _storable_tree(v, depth + 1)
    elif isinstance(value, list):
        for v in value:
            _storable_tree(v, depth + 1)
    return value


Storable = AfterValidator(_storable)
Name = Annotated[str, Field(min_length=1, max_length=40), Storable]
Word = Annotated[str, Field(min_length=1, max_length=64), Storable]
Choice = Annotated[str, Field(max_length=200), Storable]
Password = Annotated[str, Field(min_length=1, max_length=200), Storable]
CommandId = Annotated[str, Field(min_length=1, max_length=200), Storable]
Reason = Annotated[str, Field(min_length=1, max_length=500), Storable]
LongText = Annotated[str, Field(max_length=4000), Storable]
Revision = Annotated[int, Field(strict=True, ge=0, le=2**31 - 1)]
Tree = Annotated[Any, AfterValidator(_storable_tree)]


class Body(BaseModel):
    # added fields are allowed by the contract; they are ignored
    model_config = ConfigDict(extra="ignore")


class LoginBody(Body):
    password: Password
    name: Name | None = None


class CreateGameBody(Body):
    ruleset: Word
    players: Annotated[list[Name], Field(min_length=1, max_length=64)]
    options: Annotated[dict[str, Tree], Field(max_length=64)] | None = None
    seed: Annotated[int, Field(strict=True, ge=0, le=2**31 - 1)] | None = None
    roles: Annotated[list[Tree], Field(max_length=64)] | None = None


class ActionBody(Body):
    skill: Name
    target: Name | None = None
    targets: Annotated[list[Name], Field(max_length=16)] | None = None
    choice: Choice | None = None
    text: LongText | None = None
    phase: Name | None = None
    command_id: CommandId
    revision: Revision | None = None
    by: Name | None = None


class VoteBody(Body):
    target: Name
    kind: Literal["vote", "revote"] = "vote"
    command_id: CommandId
    revision: Revision | None = None
    by: Name | None = None


class AdvanceBody(Body):
    command_id: CommandId | None = None
    revision: Revision | None = None


class CardBody(Body):
    name: Name
    card: Literal["蓝", "黄", "红"]
    reason: Reason
    command_id: CommandId | None = None


class SeatBody(Body):
    seat: Name


class DirectorBody(Body):
    name: Name
    password: Password


class ChatBody(Body):
    group: Name
    text: Annotated[str, Field(min_length=1, max_length=4000), Storable]


class DiaryBody(Body):
    text: Annotated[str, Field(min_length=1, max_length=4000), Storable]


class DeadlineBody(Body):
    action: Literal["set", "extend", "pause", "resume", "clear"]
    minutes: Annotated[float, Field(gt=0, le=7 * 24 * 60, allow_inf_nan=False)] | None = None


class RulingBody(Body):
    """A director's own input (rulings.py): a ruling only a person can make, or 加速."""
    skill: Name
    target: Name | None = None
    targets: Annotated[list[Name], Field(max_length=16)] | None = None
    choice: Choice | None = None
    text: LongText | None = None
    command_id: CommandId | None = None
    revision: Revision | None = None


class VoteThreadBody(Body):
    """A day's vote thread as pasted (docs/forum.md's formats), to tally or apply."""
    thread: Annotated[str, Field(min_length=1, max_length=200_000), Storable]
    close: Annotated[str, Field(max_length=40), Storable] | None = None
    apply: bool = False
    require_reply: bool = True


class SpectatorBody(Body):
    name: Name
