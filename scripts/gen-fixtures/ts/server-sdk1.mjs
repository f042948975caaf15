// An MCP server over stdio built with `@modelcontextprotocol/sdk` 1.x (the single-package SDK).
//
// In 1.x `server.elicitInput({ message, requestedSchema })` takes a plain JSON Schema and sends it
// unchanged; the SDK has no zod path for elicitation. The conversion used here is the SDK's own
// zod-to-JSON-Schema helper, `toJsonSchemaCompat` (what it uses for tools' inputSchema): zod 4
// goes through zod's `toJSONSchema` (target draft-7, io "input"), zod 3 through the
// `zod-to-json-schema` package the SDK depends on (strictUnions: true).
//
// Tools: ask_<name> converts and sends; "rejected" when the converter throws (nothing is sent).
// No bypass_ tools: the SDK itself checks nothing.
import * as zod from 'zod';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import { makeSchemas } from './schemas.mjs';
import { installedVersions, text, toolName } from './common.mjs';

const z = zod.z ?? zod;
const schemas = makeSchemas(z);
const server = new McpServer({ name: 'form-elicitation-fixture-generator', version: '0' });

for (const [name, message, schema] of schemas) {
  server.registerTool(`ask_${toolName(name)}`, { description: `Elicit ${name}` }, async () => {
    let requestedSchema;
    try {
      requestedSchema = toJsonSchemaCompat(schema);
    } catch (e) {
      return text({ outcome: 'rejected', error: `toJsonSchemaCompat: ${e.message}` });
    }
    const result = await server.server.elicitInput({ message, requestedSchema });
    return text({ outcome: 'sent', action: result.action });
  });
}
server.registerTool('list_models', { description: 'The schema names, in order' }, async () =>
  text(schemas.map(([name]) => name)));
server.registerTool('versions', { description: 'Versions of the SDK and zod' }, async () =>
  text(installedVersions(['@modelcontextprotocol/sdk', 'zod', 'zod-to-json-schema'])));

await server.connect(new StdioServerTransport());
