// An MCP client written with the official TypeScript SDK (@modelcontextprotocol/sdk, run by
// node), with no elicitation handler, that reaches tests/proxy/server.py through
// `form-elicitation proxy`. Usage: node client.cjs PROXY_BIN PYTHON SERVER_PY TITLE
// Prints one JSON line: the text of the `ask_name` tool's result.

const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
const { StdioClientTransport } = require("@modelcontextprotocol/sdk/client/stdio.js");

async function main() {
  const [proxy, python, server, title] = process.argv.slice(2);
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (["PATH", "HOME", "DISPLAY", "LC_ALL", "LANG", "LC_MESSAGES", "LANGUAGE", "FORM_ELICITATION_TEST_SHOWN_FILE"].includes(key)) {
      env[key] = value;
    }
  }
  const transport = new StdioClientTransport({
    command: proxy,
    args: ["proxy", `--title=${title}`, "--", python, server],
    env,
    stderr: "inherit",
  });
  const client = new Client({ name: "proxy-test-ts", version: "0" }, { capabilities: {} });
  await client.connect(transport);
  const result = await client.callTool({ name: "ask_name", arguments: {} });
  const text = result.content.filter((c) => c.type === "text").map((c) => c.text).join("");
  console.log(JSON.stringify({ text }));
  await client.close();
}

main().catch((error) => {
  console.log(JSON.stringify({ error: String(error) }));
  process.exit(1);
});
