#!/usr/bin/env node
// Writes the payload JSON Schemas (src/hooks/dialects/payloadSchemas.ts, from dist/) to
// schemas/<dialect>/<Event>.input.json and .output.json, the files the package ships as
// hookrail/schemas/... Run with `npm run schemas`; test/hooks/dialects/payloadSchemas.test.ts checks
// the files are current.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { payloadSchemas } from '../dist/hooks/dialects/payloadSchemas.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'schemas');
rmSync(root, { recursive: true, force: true });
for (const dialect of ['native', 'claude', 'gemini']) {
  for (const [eventName, schemas] of Object.entries(payloadSchemas(dialect))) {
    for (const side of ['input', 'output']) {
      const file = join(root, dialect, `${eventName}.${side}.json`);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(schemas[side], null, 2)}\n`);
    }
  }
}
