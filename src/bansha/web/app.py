"""The FastAPI application: API routes, pages, and the answers for bad requests
(401/403/404/422 with a reason in Chinese; never a 500)."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from .auth import ApiError
from .deadlines import ticker
from .server import Server

log = logging.getLogger("bansha.web")

MAX_BODY = 256 * 1024


def create_app(server: Server, deadlines: bool = True) -> FastAPI:
    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        server.notifier.bind(asyncio.get_running_loop())
        task = asyncio.create_task(ticker(server)) if deadlines else None
        yield
        server.stopping = True  # event streams end, the ticker stops
        server.notifier.changed()
        if task is not None:
            task.cancel()

    app = FastAPI(title="bansha 版杀 平台", docs_url="/api/docs", openapi_url="/api/openapi.json",
                  lifespan=lifespan)
    app.state.server = server

    from .api import router
    app.include_router(router)
    try:
        from .pages import router as pages
    except ImportError:  # pages are added in their own module
        pass
    else:
        app.include_router(pages)
        from .pages import mount_static
        mount_static(app)

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> Response:
        if exc.status == 422:
            loc = list(exc.loc or ("body",))
            return JSONResponse(status_code=422, content={
                "detail": [{"loc": loc, "msg": exc.message, "type": "value_error"}],
                "message": f"{'.'.join(loc)}：{exc.message}"})
        return JSONResponse(status_code=exc.status, content={"detail": exc.message})

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        detail = [_error(e) for e in exc.errors()]
        first = detail[0] if detail else {"loc": ["body"], "msg": "请求无效"}
        where = ".".join(str(x) for x in first["loc"])
        return JSONResponse(status_code=422, content={"detail": detail,
                                                      "message": f"{where}：{first['msg']}"})

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if exc.status_code == 400:  # FastAPI's "error parsing the body": a malformed body
            return JSONResponse(status_code=422, content={
                "detail": [{"loc": ["body"], "msg": "请求体不是有效的 JSON",
                            "type": "json_invalid"}],
                "message": "body：请求体不是有效的 JSON"})
        message = _HTTP.get(exc.status_code, str(exc.detail))
        return JSONResponse(status_code=exc.status_code, content={"detail": message},
                            headers=getattr(exc, "headers", None))

    @app.exception_handler(RecursionError)
    async def too_deep(request: Request, exc: RecursionError) -> Response:
        return JSONResponse(status_code=422, content={
            "detail": [{"loc": ["body"], "msg": "JSON 嵌套过深", "type": "json_invalid"}],
            "message": "body：JSON 嵌套过深"})

    from .fastpath import FastPath
    app.add_middleware(FastPath, server=server)  # inside LimitBody: the size check first
    app.add_middleware(LimitBody)
    app.add_middleware(ServerTiming)

    return app


class ServerTiming:
    """`Server-Timing: app;dur=MS` on every answer: the time from the request reaching
    the application to its answer starting, so a load test can tell the server's
    part of a latency from its own (bench_serve.py)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        t0 = time.perf_counter()

        async def timed(message: Any) -> None:
            if message["type"] == "http.response.start":
                ms = (time.perf_counter() - t0) * 1000
                # one header: the app's own time first, then a breakdown (timing.py)
                # when the route gave one
                timing = f"app;dur={ms:.1f}".encode()
                headers = []
                for k, v in message.get("headers", ()):
                    if k == b"server-timing":
                        timing += b", " + v
                    else:
                        headers.append((k, v))
                message = {**message, "headers": [*headers, (b"server-timing", timing)]}
            await send(message)

        await self.app(scope, receive, timed)


class LimitBody:
    """413 for a body declared larger than MAX_BODY. A plain ASGI middleware: the
    decorator form (BaseHTTPMiddleware) runs every request through an extra task and
    memory stream, which under load was a visible share of each request's CPU."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            size = next((v for k, v in scope["headers"] if k == b"content-length"), None)
            if size is not None and (not size.isdigit() or int(size) > MAX_BODY):
                response = JSONResponse(status_code=413, content={
                    "detail": f"请求体过大（上限 {MAX_BODY // 1024} KB）"})
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


_HTTP = {404: "没有这个地址", 405: "这个地址不接受该请求方法"}

_MESSAGES = {
    "missing": "缺少该字段",
    "json_invalid": "不是有效的 JSON",
    "string_type": "应为字符串",
    "int_type": "应为整数",
    "list_type": "应为列表",
    "dict_type": "应为对象",
    "model_attributes_type": "应为 JSON 对象",
    "literal_error": "取值不在允许范围内",
    "string_too_long": "字符串过长",
    "string_too_short": "不能为空",
    "too_long": "项目过多",
    "too_short": "项目过少",
    "greater_than_equal": "不能小于下限",
    "less_than_equal": "超过了上限",
}


def _error(e: Any) -> dict[str, Any]:
    msg = _MESSAGES.get(str(e.get("type")), None)
    if msg is None:
        raw = str(e.get("msg", "无效"))
        msg = raw.removeprefix("Value error, ")
    if e.get("type") == "literal_error" and e.get("ctx", {}).get("expected"):
        msg += f"（应为 {str(e['ctx']['expected']).replace(' or ', ' 或 ')}）"
    loc = [x if isinstance(x, int | str) else str(x) for x in e.get("loc", ())]
    return {"loc": loc, "msg": msg, "type": str(e.get("type", "value_error"))}


def dumps(doc: Any) -> str:
    return json.dumps(doc, ensure_ascii=False)
