// The client the MCP conformance suite runs (`conformance client --command "node
// conformance_client.cjs PROXY_BIN [PROXY_ARGS...]"`, the scenario's URL appended): the official
// TypeScript SDK's stdio client, with no elicitation handler, reaching the scenario's server
// through `form-elicitation proxy --url URL`. It lists the tools and calls each one
// (`add_numbers` with a=2, b=3), then closes.
//
// For the sign-in scenarios, what a person would configure: the scenario's pre-registered
// client (`MCP_CONFORMANCE_CONTEXT`'s client_id, its secret in the environment, never on the
// command line), and for auth/basic-cimd the URL of a client ID metadata document.

const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
const { StdioClientTransport } = require("@modelcontextprotocol/sdk/client/stdio.js");

async function main() {
  const argv = process.argv.slice(2);
  const proxy = argv[0];
  const url = argv[argv.length - 1];
  const extra = argv.slice(1, -1);
  const env = { ...process.env };
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT || "{}");
  if (context.client_id) {
    extra.push("--client-id", context.client_id);
  }
  if (context.client_secret) {
    env.FORM_ELICITATION_CLIENT_SECRET = context.client_secret;
  }
  if (process.env.MCP_CONFORMANCE_SCENARIO === "auth/basic-cimd") {
    extra.push("--client-metadata-url", "https://conformance-test.local/client-metadata.json");
  }
  const transport = new StdioClientTransport({
    command: proxy,
    args: ["proxy", ...extra, "--url", url],
    env,
    stderr: "inherit",
  });
  const client = new Client({ name: "proxy-conformance", version: "0" }, { capabilities: {} });
  await client.connect(transport);
  const { tools } = await client.listTools();
  for (const tool of tools) {
    const args = tool.name === "add_numbers" ? { a: 2, b: 3 } : {};
    const result = await client.callTool({ name: tool.name, arguments: args });
    console.error(`${tool.name}: ${JSON.stringify(result.content)}`);
  }
  await client.close();
}

main().catch((error) => {
  console.error(String(error));
  process.exit(1);
});
