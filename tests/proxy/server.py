"""A tiny MCP server for the proxy's end-to-end tests (official Python SDK, mcp==2.3.0).

Started by the proxy as `python server.py`; every tool is one thing a test needs to see.
`python server.py --http PORT` serves the same tools over Streamable HTTP on 127.0.0.1:PORT/mcp
(both eras: the initialize era in a session, 2026-07-28 one request at a time), for
`proxy --url`.
"""

import asyncio
import os
import sys
import threading

import anyio
from typing import Annotated

from pydantic import BaseModel

from mcp import UrlElicitationRequiredError
from mcp.server.mcpserver import Context, Elicit, MCPServer, Resolve
from mcp_types import ElicitRequest, ElicitRequestURLParams, InputRequiredResult, TextContent

server = MCPServer("proxy-test-server")


class Name(BaseModel):
    name: str


class Colour(BaseModel):
    colour: str


@server.tool()
async def ask_name(ctx: Context) -> str:
    """Asks a name with ctx.elicit (the server-initiated request of the initialize era)."""
    result = await ctx.elicit("Who are you?", Name)
    if result.action == "accept":
        return f"hello {result.data.name}"
    return f"action {result.action}"


def ask_first() -> Elicit[Name]:
    return Elicit("Who are you?", Name)


def ask_second(name: Annotated[Name, Resolve(ask_first)]) -> Elicit[Colour]:
    return Elicit(f"Which colour, {name.name}?", Colour)


@server.tool()
async def two_step(
    name: Annotated[Name, Resolve(ask_first)], colour: Annotated[Colour, Resolve(ask_second)]
) -> str:
    """Two questions, the second depending on the first: two rounds in the 2026-07-28 era."""
    return f"{name.name} likes {colour.colour}"


@server.tool()
async def slow_after_answer(name: Annotated[Name, Resolve(ask_first)]) -> str:
    """Asks a name, then takes 30 s: its second round stays in flight. It writes the file
    CANCEL_MARK names plus ".sleeping" when it starts to wait, and a cancellation of it writes
    the file CANCEL_MARK names."""
    mark = os.environ.get("CANCEL_MARK")
    if mark:
        with open(mark + ".sleeping", "w") as f:
            f.write(name.name)
    try:
        await anyio.sleep(30)
    except anyio.get_cancelled_exc_class():
        mark = os.environ.get("CANCEL_MARK")
        if mark:
            with open(mark, "w") as f:
                f.write(f"cancelled {name.name}")
        raise
    return "slept"


@server.tool()
async def visit(ctx: Context) -> str:
    """URL mode in the initialize era."""
    result = await ctx.elicit_url("Sign in to continue", "https://example.com/sign-in", "el-1")
    return f"url {result.action}"


@server.tool()
async def visit_mrtr(ctx: Context) -> str | InputRequiredResult:
    """URL mode in the 2026-07-28 era: an input_required result written by hand."""
    answers = ctx.input_responses or {}
    if "visit" in answers:
        return f"url {answers['visit'].action} state {ctx.request_state}"
    params = ElicitRequestURLParams(message="Sign in to continue", url="https://example.com/sign-in")
    return InputRequiredResult(
        input_requests={"visit": ElicitRequest(params=params)}, request_state="opaque \"state\" \u00e9"
    )


signed_in = False


@server.tool()
async def needs_sign_in(ctx: Context) -> str:
    """Raises URL elicitation required (-32042) until the person has signed in. Signing in is
    the opener running: it writes the file OPENED_MARK names, and the server then sends the
    URL's completion notice (as a real server does when its browser flow ends)."""
    global signed_in
    if signed_in:
        return "signed in"
    session = ctx.request_context.session

    async def complete_when_opened() -> None:
        global signed_in
        mark = os.environ.get("OPENED_MARK", "")
        while not (mark and os.path.exists(mark)):
            await asyncio.sleep(0.05)
        signed_in = True
        await session.send_elicit_complete("auth-1")

    asyncio.get_running_loop().create_task(complete_when_opened())
    raise UrlElicitationRequiredError(
        [
            ElicitRequestURLParams(
                message="Sign in to read your files", url="https://example.com/sign-in", elicitation_id="auth-1"
            )
        ]
    )


@server.tool()
async def big(size: int) -> str:
    """A result of `size` bytes of text."""
    return "x" * size


@server.tool()
async def ask_while_reporting(ctx: Context) -> str:
    """Reports progress every 100 ms for as long as its form is open."""

    async def report() -> None:
        for n in range(1000):
            await ctx.report_progress(n)
            await anyio.sleep(0.1)

    async with anyio.create_task_group() as group:
        group.start_soon(report)
        result = await ctx.elicit("Who are you?", Name)
        group.cancel_scope.cancel()
    return f"action {result.action}"


@server.tool()
async def ask_briefly(ctx: Context) -> str:
    """Gives up on its form after GIVE_UP_AFTER seconds: the SDK then cancels its request."""
    with anyio.move_on_after(float(os.environ.get("GIVE_UP_AFTER", "8"))):
        result = await ctx.elicit("Who are you?", Name)
        return f"action {result.action}"
    return "gave up"


@server.tool()
async def crash_while_asking(ctx: Context) -> str:
    """Exits with status 7 a moment after asking, while the form is open."""
    threading.Timer(float(os.environ.get("CRASH_AFTER", "2")), lambda: os._exit(7)).start()
    result = await ctx.elicit("Who are you?", Name)
    return f"action {result.action}"


if __name__ == "__main__":
    print("proxy-test-server starting", file=sys.stderr, flush=True)
    if sys.argv[1:2] == ["--http"]:
        server.run("streamable-http", host="127.0.0.1", port=int(sys.argv[2]))
    else:
        server.run("stdio")
