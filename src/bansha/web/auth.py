"""Who is asking: the director (argon2-hashed password -> a login token), a seat
(the secret in its link), a mentor (a read-only link to one seat's view)."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from bansha.store import Store

DEFAULT_DIRECTOR = "导演"
_hasher = PasswordHasher()


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def check_password(password_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True)
class Who:
    kind: str  # director | seat | mentor | spectator (观众: the public view and a diary)
    name: str  # the director's name, or the seat
    game_id: str | None = None  # None for a director (every game)
    token: str = ""

    @property
    def is_director(self) -> bool:
        return self.kind == "director"


class ApiError(Exception):
    """An answer other than 200: 401/403 (who is asking), 404, 422 (`loc` names the
    field at fault, as a validation error does)."""

    def __init__(self, status: int, message: str,
                 loc: tuple[str, ...] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.loc = loc


def login(store: Store, password: str, name: str | None = None) -> str:
    """A new director token for the right password (ApiError 401 otherwise)."""
    directors = store.directors()
    if not directors:
        raise ApiError(401, "还没有导演账号：请设置环境变量 BANSHA_DIRECTOR_PASSWORD 后重新启动 "
                             "bansha serve")
    names = [name] if name else list(directors)
    for n in names:
        h = directors.get(n)
        if h is not None and check_password(h, password):
            token = secrets.token_urlsafe(32)
            store.add_session(token_hash(token), n)
            return token
    raise ApiError(401, "导演密码错误")


def identify(store: Store, token: str) -> Who:
    """The holder of `token` (ApiError 401 for an unknown or revoked one)."""
    if not token:
        raise ApiError(401, "缺少令牌：请求头应为 Authorization: Bearer 令牌")
    director = store.session_director(token_hash(token))
    if director is not None:
        return Who("director", director, None, token)
    row = store.token(token)
    if row is None:
        raise ApiError(401, "令牌无效")
    if row.revoked:
        raise ApiError(401, "这个座位链接已失效：导演已为该座位安排替补，新链接已发给替补玩家")
    return Who(row.kind, row.seat, row.game_id, token)


def bearer(header: str | None) -> str:
    if not header:
        return ""
    scheme, _, value = header.partition(" ")
    return value.strip() if scheme.lower() == "bearer" else ""


def csrf_token(secret: str, session: str) -> str:
    """The CSRF token of a session (a director login or a seat link): an HMAC of it,
    so a form can be checked without storing anything."""
    return hmac.new(secret.encode(), session.encode("utf-8", "surrogatepass"),
                    hashlib.sha256).hexdigest()[:32]


def csrf_ok(secret: str, session: str, given: str | None) -> bool:
    return bool(given) and hmac.compare_digest(csrf_token(secret, session), str(given))
