// An MCP client written with the official TypeScript SDK that starts its server the way most
// clients do: StdioClientTransport with no `env`, so the child gets the SDK's default
// environment only (HOME LOGNAME PATH SHELL TERM USER). For tests/integration/session.rs.
// Usage: node default_env_client.cjs COMMAND [ARGS...]; calls the `ask_name` tool and prints
// one JSON line: the text of its result, or the error.

const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
const { StdioClientTransport } = require("@modelcontextprotocol/sdk/client/stdio.js");

async function main() {
  const [command, ...args] = process.argv.slice(2);
  const transport = new StdioClientTransport({ command, args, stderr: "inherit" });
  const client = new Client({ name: "default-env-test", version: "0" }, { capabilities: {} });
  await client.connect(transport);
  const result = await client.callTool({ name: "ask_name", arguments: {} });
  const text = result.content.filter((c) => c.type === "text").map((c) => c.text).join("");
  console.log(JSON.stringify({ text, isError: result.isError === true }));
  await client.close();
}

main().catch((error) => {
  console.log(JSON.stringify({ error: String(error) }));
  process.exit(1);
});
