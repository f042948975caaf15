// The official TypeScript SDK's client (@modelcontextprotocol/sdk, run by node) calling the
// `ask_name` tool of tests/proxy/server.py through `form-elicitation proxy` twice (issue 58):
// first with a 3 s request timeout and nothing that restarts it (no resetTimeoutOnProgress),
// so the SDK gives up and sends notifications/cancelled while the form is open; then, as a
// model calls a tool again, with the SDK's default timeout. Usage:
//   node stopped_waiting_client.cjs PROXY_BIN PYTHON SERVER_PY TITLE
// Prints one JSON line: the first call's error and the second call's text.

const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
const { StdioClientTransport } = require("@modelcontextprotocol/sdk/client/stdio.js");

async function main() {
  const [proxy, python, server, title] = process.argv.slice(2);
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (["PATH", "HOME", "DISPLAY", "LC_ALL", "LANG", "LC_MESSAGES", "LANGUAGE", "XDG_STATE_HOME",
      "FORM_ELICITATION_TEST_SHOWN_FILE", "FORM_ELICITATION_TEST_SHOWN_DIR"].includes(key)) {
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
  const text = (result) => result.content.filter((c) => c.type === "text").map((c) => c.text).join("");
  let first;
  try {
    first = { text: text(await client.callTool({ name: "ask_name", arguments: {} }, undefined, { timeout: 3000 })) };
  } catch (error) {
    first = { error: String(error) };
  }
  let second;
  try {
    second = { text: text(await client.callTool({ name: "ask_name", arguments: {} })) };
  } catch (error) {
    second = { error: String(error) };
  }
  console.log(JSON.stringify({ first, second }));
  await client.close();
}

main().catch((error) => {
  console.log(JSON.stringify({ error: String(error) }));
  process.exit(1);
});
