"""`bansha serve`: one process, the API and the pages, on 127.0.0.1:8000 by default.
The web dependencies are imported only when it runs, so the rest of the CLI works
without them."""

from __future__ import annotations

import os
import sys
from typing import Annotated

import typer

DEMO_PLAYERS = ["阿狸", "白鹭", "苍耳", "当归", "鹅黄", "飞廉", "甘棠", "海桐", "芥子", "蓝桉",
                "木樨", "南烛", "青黛", "榕荫"]


def serve_cmd(
    host: Annotated[str, typer.Option(help="监听地址")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="端口")] = 8000,
    database: Annotated[str | None, typer.Option(
        help="数据库：SQLite 文件路径或 postgresql:// 地址（默认取 BANSHA_DATABASE_URL，"
             "否则 bansha.db）")] = None,
    demo: Annotated[bool, typer.Option("--demo", help="没有游戏时先发好一局 M47 演示游戏")]
    = False,
) -> None:
    """启动平台：导演控制台、玩家页面、公开页面与 JSON API（默认 127.0.0.1:8000）。"""
    try:
        import uvicorn

        from bansha.store import DatabaseURLError
        from bansha.web.app import create_app
        from bansha.web.server import Server
    except ImportError as e:
        typer.echo(f"缺少网页平台的依赖（{e.name}）：请运行 pip install -e '.[web]'", err=True)
        raise typer.Exit(2) from None
    url = database or os.environ.get("BANSHA_DATABASE_URL")
    try:
        srv = Server.open(url)
    except DatabaseURLError as e:
        typer.echo(f"错误：{e}", err=True)
        raise typer.Exit(2) from None
    except Exception as e:  # cannot reach the database: say which and why, no traceback
        typer.echo(f"错误：无法打开数据库 {url or 'bansha.db'}：{e}", err=True)
        raise typer.Exit(2) from None
    base = f"http://{host}:{port}"
    for note in srv.notes:
        typer.echo(note)
    if demo:
        _demo(srv, base)
    password = os.environ.get("BANSHA_DIRECTOR_PASSWORD")
    if srv.store.directors():
        shown = f"，密码 {password}" if password and not any("不符" in n for n in srv.notes) else ""
        typer.echo(f"导演登录：{base}/login（账号 导演{shown}）")
    typer.echo(f"公开页与 API：{base}/   {base}/api/docs")
    sys.stdout.flush()
    app = create_app(srv)
    _calm_gc()
    uvicorn.run(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=2)


def _calm_gc() -> None:
    """Fewer and shorter pauses of the cycle collector, which stops every thread.

    Under load (bench_serve.py) full collections came every few seconds and each
    walked every object of the libraries and of the games loaded at start, 100-150
    thousand of them: 150-600 ms of wall time each on a busy machine, the longest
    single stall a submission saw. What exists once the server is up (modules,
    FastAPI's routes, the games rebuilt from storage) lives as long as the process, so
    it is frozen out of every later collection (gc.freeze); and the youngest
    generation is collected every 20 000 allocations instead of 700, so fewer objects
    are promoted to the old generations and full collections come far less often.
    Reference counting still frees everything that is not in a cycle at once."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)


def _demo(srv: object, base: str) -> None:
    from bansha.web.server import Server

    assert isinstance(srv, Server)
    gid = srv.store.setting("demo_game")
    live = srv.games.get(gid) if gid else None
    if live is None:
        live, _ = srv.games.create("导演", "m47-yeliang", DEMO_PLAYERS, seed=47)
        srv.store.setting_default("demo_game", live.id)
        typer.echo(f"已发好演示游戏 {live.id}：{live.row.title}")
    else:
        typer.echo(f"演示游戏 {live.id}：{live.row.title}（{live.game.outcome().at}）")
    typer.echo("各座位链接（发给对应玩家）：")
    for t in srv.store.tokens(live.id):
        if t.kind == "seat":
            typer.echo(f"  {t.seat}  {base}/s/{t.token}")
