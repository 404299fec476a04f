"""What one running platform holds: the store, the live games, the secret that
signs CSRF tokens, and the links revoked while it runs (to close their streams)."""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, field

from bansha.store import Store

from .auth import DEFAULT_DIRECTOR, ApiError, Who, check_password, hash_password, identify
from .live import LiveGames
from .notify import Notifier


@dataclass
class Server:
    store: Store
    games: LiveGames
    secret: str
    revoked: set[str] = field(default_factory=set)
    stopping: bool = False
    notes: list[str] = field(default_factory=list)  # what to tell whoever started it
    # who holds a token, once looked up: one process serves every request, and the
    # only way a valid token stops working is a substitute, which goes through revoke()
    _who: dict[str, Who] = field(default_factory=dict)
    notifier: Notifier = field(default_factory=Notifier)

    def __post_init__(self) -> None:
        self.games.on_change = self.notifier.changed

    def identify(self, token: str) -> Who:
        if token in self.revoked:
            raise ApiError(401, "这个座位链接已失效：导演已为该座位安排替补，新链接已发给替补玩家")
        w = self._who.get(token)
        if w is None:
            w = identify(self.store, token)
            if len(self._who) < 100_000:
                self._who[token] = w
        return w

    def cached_who(self, token: str) -> Who | None:
        """The holder of a token already identified in this process (no query), else None."""
        if token in self.revoked:
            return None
        return self._who.get(token)

    def revoke(self, tokens: list[str]) -> None:
        self.revoked.update(tokens)
        for t in tokens:
            self._who.pop(t, None)
        self.notifier.changed()  # the revoked links' streams end now

    @staticmethod
    def open(url: str | None, director_password: str | None = None) -> Server:
        """Open (and migrate) the database, rebuild every game by replay, and make the
        first director from `director_password` (else BANSHA_DIRECTOR_PASSWORD)."""
        store = Store(url)
        secret = store.setting_default("secret", secrets.token_hex(32))
        srv = Server(store, LiveGames(store), secret)
        password = director_password or os.environ.get("BANSHA_DIRECTOR_PASSWORD")
        directors = store.directors()
        if not directors:
            if password:
                store.add_director(DEFAULT_DIRECTOR, hash_password(password))
                srv.notes.append(f"已创建导演账号“{DEFAULT_DIRECTOR}”（密码取自 "
                                 "BANSHA_DIRECTOR_PASSWORD）")
            else:
                srv.notes.append("还没有导演账号：设置环境变量 BANSHA_DIRECTOR_PASSWORD=你的密码 "
                                 "后重新启动，即以该密码创建导演账号")
        elif password and not any(check_password(h, password) for h in directors.values()):
            srv.notes.append("注意：BANSHA_DIRECTOR_PASSWORD 与已保存的导演密码不符，"
                             "仍使用已保存的密码（只在首次启动时读取）")
        return srv
