// An MCP client written with the official TypeScript SDK that reaches a Streamable HTTP server
// through `form-elicitation proxy --url`. Usage:
//   node http_client.cjs PROXY_BIN URL TOOL ARGUMENTS_JSON [callback] [-- PROXY_ARGS...]
// With "callback" the client declares forms and answers each itself ({"name": "from the
// client"}, other fields left out). Prints one JSON line: the tool result's text, or the error.

const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
const { StdioClientTransport } = require("@modelcontextprotocol/sdk/client/stdio.js");
const { ElicitRequestSchema } = require("@modelcontextprotocol/sdk/types.js");

async function main() {
  const argv = process.argv.slice(2);
  const dashes = argv.indexOf("--");
  const extra = dashes >= 0 ? argv.slice(dashes + 1) : [];
  const [proxy, url, tool, args, mode] = dashes >= 0 ? argv.slice(0, dashes) : argv;
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (["PATH", "HOME", "DISPLAY", "LC_ALL", "LANG"].includes(key) || key.startsWith("FORM_ELICITATION_")) {
      env[key] = value;
    }
  }
  const transport = new StdioClientTransport({
    command: proxy,
    args: ["proxy", ...extra, "--url", url],
    env,
    stderr: "inherit",
  });
  const callback = mode === "callback";
  const client = new Client(
    { name: "proxy-http-test", version: "0" },
    { capabilities: callback ? { elicitation: { form: {} } } : {} },
  );
  const asked = [];
  if (callback) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params.message);
      return { action: "accept", content: { name: "from the client" } };
    });
  }
  await client.connect(transport);
  const result = await client.callTool({ name: tool, arguments: JSON.parse(args || "{}") });
  const text = result.content.filter((c) => c.type === "text").map((c) => c.text).join("\n");
  console.log(JSON.stringify({ text, asked, isError: result.isError === true }));
  await client.close();
}

main().catch((error) => {
  console.log(JSON.stringify({ error: String(error) }));
  process.exit(1);
});
