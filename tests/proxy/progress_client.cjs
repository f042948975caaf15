// The official TypeScript SDK's client (@modelcontextprotocol/sdk, run by node) calling the
// `ask_name` tool of tests/proxy/server.py through `form-elicitation proxy` with a short
// request timeout, as a client that sets its own (issue 58). Usage:
//   node progress_client.cjs PROXY_BIN PYTHON SERVER_PY TITLE TIMEOUT_MS reset|plain
// `reset` passes resetTimeoutOnProgress: true (the SDK then restarts its timer on each
// notifications/progress); both ask for progress (onprogress), so the call carries a
// progressToken. Prints one JSON line: the tool's text and how many progress notices came,
// or the error.

const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
const { StdioClientTransport } = require("@modelcontextprotocol/sdk/client/stdio.js");

async function main() {
  const [proxy, python, server, title, timeout, reset] = process.argv.slice(2);
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (["PATH", "HOME", "DISPLAY", "LC_ALL", "LANG", "LC_MESSAGES", "LANGUAGE", "XDG_STATE_HOME",
      "FORM_ELICITATION_TEST_SHOWN_FILE", "FORM_ELICITATION_TEST_PROGRESS_MS"].includes(key)) {
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
  let progresses = 0;
  const started = Date.now();
  try {
    const result = await client.callTool({ name: "ask_name", arguments: {} }, undefined, {
      timeout: Number(timeout),
      resetTimeoutOnProgress: reset === "reset",
      onprogress: () => { progresses += 1; },
    });
    const text = result.content.filter((c) => c.type === "text").map((c) => c.text).join("");
    console.log(JSON.stringify({ text, progresses, ms: Date.now() - started }));
  } catch (error) {
    console.log(JSON.stringify({ error: String(error), progresses, ms: Date.now() - started }));
  }
  await client.close();
}

main().catch((error) => {
  console.log(JSON.stringify({ error: String(error) }));
  process.exit(1);
});
