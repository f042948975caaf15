"""An MCP client (official Python SDK, mcp==2.3.0) that reaches tests/proxy/server.py
through `form-elicitation proxy`, for tests/integration/proxy.rs.

Usage: client.py PROXY_BIN MODE TOOL [options]; prints one JSON line: what the call returned.
"""

import argparse
import asyncio
import json
import os
import sys

import anyio
from mcp import Client, StdioServerParameters
from mcp_types import ElicitResult

HERE = os.path.dirname(os.path.abspath(__file__))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("proxy")
    parser.add_argument("mode")
    parser.add_argument("tool")
    parser.add_argument("--arguments", default="{}")
    parser.add_argument("--proxy-arg", action="append", default=[])
    parser.add_argument("--callback", action="store_true", help="answer forms in the client")
    parser.add_argument("--cancel-on-file", help="cancel the call once this file exists")
    parser.add_argument("--server-env", action="append", default=[])
    parser.add_argument("--url", help="reach server.py serving HTTP there (proxy --url)")
    parser.add_argument(
        "--default-env",
        action="store_true",
        help="start the proxy with the SDK's default environment (no env), as most clients do",
    )
    parser.add_argument("--as-user", help="UID:GID: start the proxy as that user (setpriv)")
    options = parser.parse_args()
    asyncio.run(run(options))


async def run(options: argparse.Namespace) -> None:
    asked: list[dict] = []

    async def callback(context, params):
        asked.append(params.model_dump(by_alias=True, exclude_none=True))
        if params.mode == "url":
            return ElicitResult(action="accept")
        fields = params.requested_schema.get("properties", {})
        return ElicitResult(action="accept", content={name: "from the client" for name in fields})

    kept = ("DISPLAY", "LC_ALL", "LANG", "LC_MESSAGES", "LANGUAGE", "CRASH_AFTER")
    env = {k: v for k, v in os.environ.items() if k in kept or k.startswith("FORM_ELICITATION_")}
    env.update(dict(item.split("=", 1) for item in options.server_env))
    if options.url is not None:
        server = ["--url", options.url]
    else:
        server = ["--", sys.executable, os.path.join(HERE, "server.py")]
    command, args = options.proxy, ["proxy", *options.proxy_arg, *server]
    if options.as_user is not None:
        uid, gid = options.as_user.split(":")
        command, args = "setpriv", [f"--reuid={uid}", f"--regid={gid}", "--clear-groups", "--", command, *args]
    params = StdioServerParameters(command=command, args=args, env=None if options.default_env else env)
    out: dict = {}
    async with Client(
        params, mode=options.mode, elicitation_callback=callback if options.callback else None
    ) as client:
        try:
            if options.cancel_on_file is not None:
                with anyio.CancelScope() as scope:

                    async def cancel_on_file() -> None:
                        while not os.path.exists(options.cancel_on_file):
                            await anyio.sleep(0.05)
                        scope.cancel()

                    async with anyio.create_task_group() as group:
                        group.start_soon(cancel_on_file)
                        result = await client.call_tool(options.tool, json.loads(options.arguments))
                        group.cancel_scope.cancel()
                if scope.cancelled_caught:
                    out["cancelled"] = True
                    # The proxy must still work after a cancel.
                    result = await client.call_tool("big", {"size": 3})
            else:
                result = await client.call_tool(options.tool, json.loads(options.arguments))
            text = "".join(c.text for c in result.content if c.type == "text")
            out.update(text=text if len(text) < 1000 else f"<{len(text)} bytes>", isError=result.is_error)
            if len(text) >= 1000:
                out["intact"] = text == "x" * len(text)
        except Exception as error:  # the test reads what went wrong
            out["error"] = f"{type(error).__name__}: {error}"
    if options.callback:
        out["asked"] = asked
    print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
