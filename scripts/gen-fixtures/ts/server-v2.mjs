// An MCP server over stdio built with `@modelcontextprotocol/server` 2.x (the v2 SDK).
//
// v2 converts zod itself: `inputRequired.elicit({ message, requestedSchema: zodSchema })` turns a
// Standard Schema into JSON Schema (zod's own `~standard.jsonSchema.input`, draft 2020-12), keeps
// only the keys of the spec's restricted property shapes, and throws a TypeError, before anything
// is sent, for a constraint it cannot express. On a 2025-era connection (this client asks for
// 2025-11-25) the SDK's legacy shim sends the embedded request as a real `elicitation/create`.
//
// Tools: ask_<name> uses that path; bypass_<name> sends what a server sends instead when the SDK
// refuses its zod schema: `z.toJSONSchema(schema)` as a plain JSON object, passed through unchanged.
// (zod >= 4.2 tags toJSONSchema's result as a Standard Schema itself, which the SDK would convert
// and check again, so the bypass sends a JSON copy, as a server that stores or hand-writes it does.)
import * as zod from 'zod';
import { McpServer, inputRequired } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { makeSchemas } from './schemas.mjs';
import { installedVersions, text, toolName } from './common.mjs';

const z = zod.z ?? zod;
const schemas = makeSchemas(z);
const server = new McpServer({ name: 'form-elicitation-fixture-generator', version: '0' });

function elicitTool(makeRequest) {
  return async (ctx) => {
    const answered = ctx.mcpReq.inputResponses?.q;
    if (answered !== undefined) return text({ outcome: 'sent', action: answered.action ?? 'unknown' });
    let request;
    try {
      request = makeRequest();
    } catch (e) {
      return text({ outcome: 'rejected', error: e.message });
    }
    return inputRequired({ inputRequests: { q: request } });
  };
}

for (const [name, message, schema] of schemas) {
  server.registerTool(`ask_${toolName(name)}`, { description: `Elicit ${name}` },
    elicitTool(() => inputRequired.elicit({ message, requestedSchema: schema })));
  server.registerTool(`bypass_${toolName(name)}`, { description: `Elicit ${name} as plain JSON` },
    elicitTool(() => inputRequired.elicit({ message, requestedSchema: JSON.parse(JSON.stringify(z.toJSONSchema(schema))) })));
}
server.registerTool('list_models', { description: 'The schema names, in order' }, async () =>
  text(schemas.map(([name]) => name)));
server.registerTool('versions', { description: 'Versions of the SDK and zod' }, async () =>
  text(installedVersions(['@modelcontextprotocol/server', '@modelcontextprotocol/core', 'zod'])));

await server.connect(new StdioServerTransport());
