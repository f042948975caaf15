"""An MCP server over stdio, built with the installed `mcp` SDK, that elicits every model in models.py.

Tools (one pair per model):
  ask_<name>     calls the SDK's own helper, `await ctx.elicit(message=..., schema=Model)`,
                 exactly as a server would; returns {"outcome": "sent"} or {"outcome": "rejected",
                 "error": ...} when the SDK refuses the model before sending anything.
  bypass_<name>  what a server does to get past that refusal: it sends
                 `Model.model_json_schema()` itself through the SDK's low-level session
                 (`session.elicit(...)` in 1.x, `session.elicit_form(...)` in 2.x).

../capture.py drives this process over stdin/stdout and records the `elicitation/create` requests
exactly as they appear on the wire.
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from models import MODELS  # noqa: E402

try:  # mcp >= 2.0
    from mcp.server.mcpserver import Context, MCPServer as Server

    SDK_MAJOR = 2
except ImportError:  # mcp 1.x
    from mcp.server.fastmcp import Context, FastMCP as Server

    SDK_MAJOR = 1

server = Server("form-elicitation-fixture-generator")


def _session(ctx: Context):
    return ctx.request_context.session


def make_tools(name, message, model):
    async def ask(ctx: Context) -> str:
        try:
            result = await ctx.elicit(message=message, schema=model)
        except TypeError as e:  # the SDK's own "primitive types only" check
            return json.dumps({"outcome": "rejected", "error": str(e)})
        return json.dumps({"outcome": "sent", "action": result.action})

    async def bypass(ctx: Context) -> str:
        schema = model.model_json_schema()
        session = _session(ctx)
        if SDK_MAJOR >= 2:
            result = await session.elicit_form(
                message=message, requested_schema=schema, related_request_id=ctx.request_id
            )
        else:
            result = await session.elicit(
                message=message, requestedSchema=schema, related_request_id=ctx.request_id
            )
        return json.dumps({"outcome": "sent", "action": result.action})

    tool_name = name.replace("-", "_")
    server.add_tool(ask, name=f"ask_{tool_name}", description=f"Elicit {model.__name__} via ctx.elicit")
    server.add_tool(bypass, name=f"bypass_{tool_name}", description=f"Elicit {model.__name__} via the session")


for _name, _message, _model in MODELS:
    make_tools(_name, _message, _model)


def list_models() -> str:
    return json.dumps([name for name, _, _ in MODELS])


def versions() -> str:
    import importlib.metadata as md

    out = {}
    for dist in ("mcp", "mcp-types", "pydantic", "pydantic-core", "email-validator"):
        try:
            out[dist] = md.version(dist)
        except md.PackageNotFoundError:
            pass
    return json.dumps(out)


server.add_tool(list_models, name="list_models", description="The model names, in order")
server.add_tool(versions, name="versions", description="Versions of the SDK and its schema libraries")

if __name__ == "__main__":
    server.run("stdio")
