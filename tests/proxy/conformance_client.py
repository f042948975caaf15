"""The client the MCP conformance suite runs for its 2026-07-28 client scenarios
(`conformance client --command "PYTHON conformance_client.py PROXY_BIN [PROXY_ARGS...]"`, the
scenario's URL appended): the official Python SDK's client (mcp==2.3.0) at the wire the suite
names in MCP_CONFORMANCE_PROTOCOL_VERSION, reaching the scenario's server through
`form-elicitation proxy --url URL`. It lists the tools and calls each one (with the arguments
the scenario's context gives for it, `add_numbers` with a=2 and b=3, else none), lists and
reads the resources and prompts the server has, answers elicitation itself (accepting with
each field's default), then closes.

For the sign-in scenarios, what a person would configure: the scenario's pre-registered client
(MCP_CONFORMANCE_CONTEXT's client_id, its secret in the environment, never on the command
line), and for auth/basic-cimd the URL of a client ID metadata document.
"""

import asyncio
import json
import os
import sys

from mcp import Client, MCPError, StdioServerParameters
from mcp_types import ElicitResult


def main() -> None:
    argv = sys.argv[1:]
    proxy, url, extra = argv[0], argv[-1], argv[1:-1]
    env = dict(os.environ)
    context = json.loads(os.environ.get("MCP_CONFORMANCE_CONTEXT") or "{}")
    if context.get("client_id"):
        extra += ["--client-id", context["client_id"]]
    if context.get("client_secret"):
        env["FORM_ELICITATION_CLIENT_SECRET"] = context["client_secret"]
    if os.environ.get("MCP_CONFORMANCE_SCENARIO") == "auth/basic-cimd":
        extra += ["--client-metadata-url", "https://conformance-test.local/client-metadata.json"]
    version = os.environ.get("MCP_CONFORMANCE_PROTOCOL_VERSION", "")
    mode = "auto" if version >= "2026" else "legacy"
    calls = {call["name"]: call.get("arguments", {}) for call in context.get("toolCalls", [])}
    params = StdioServerParameters(command=proxy, args=["proxy", *extra, "--url", url], env=env)
    try:
        asyncio.run(run(params, mode, calls))
    except Exception as error:  # the suite shows stderr; the exit status says it failed
        while isinstance(error, BaseExceptionGroup) and len(error.exceptions) == 1:
            error = error.exceptions[0]
        print(f"{type(error).__name__}: {error}", file=sys.stderr)
        sys.exit(1)


async def elicit(context, params):
    if params.mode == "url":
        return ElicitResult(action="accept")
    fields = params.requested_schema.get("properties", {})
    content = {name: spec["default"] for name, spec in fields.items() if "default" in spec}
    return ElicitResult(action="accept", content=content)


async def run(params: StdioServerParameters, mode: str, calls: dict) -> None:
    async with Client(params, mode=mode, elicitation_callback=elicit) as client:
        capabilities = client.server_capabilities
        tools = (await client.list_tools()).tools
        for tool in tools:
            if tool.name in calls:
                arguments = calls[tool.name]
            elif tool.name == "add_numbers":
                arguments = {"a": 2, "b": 3}
            else:
                arguments = {}
            try:
                result = await client.call_tool(tool.name, arguments)
            except MCPError as error:  # a scenario's server may list a tool it does not serve
                print(f"{tool.name}: {error}", file=sys.stderr)
                continue
            print(f"{tool.name}: {result.model_dump_json(exclude_none=True)}", file=sys.stderr)
        if capabilities.resources is not None:
            for resource in (await client.list_resources()).resources[:1]:
                await client.read_resource(resource.uri)
        if capabilities.prompts is not None:
            for prompt in (await client.list_prompts()).prompts[:1]:
                await client.get_prompt(prompt.name)


if __name__ == "__main__":
    main()
