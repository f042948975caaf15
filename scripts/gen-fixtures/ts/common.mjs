// Shared by the fixture servers. They run from a throwaway npm project (the `run` script copies
// this folder there), so that bare imports resolve to the SDK and zod versions installed in it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function installedVersions(packages) {
  const out = {};
  for (const name of packages) {
    try {
      const pkg = JSON.parse(readFileSync(join(process.cwd(), 'node_modules', name, 'package.json'), 'utf8'));
      out[name] = pkg.version;
    } catch {
      // not installed
    }
  }
  return out;
}

export const text = (value) => ({ content: [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) }] });

export const toolName = (name) => name.replaceAll('-', '_');
