#!/usr/bin/env node
// The `hookrail mcp` gateway's cost, measured side by side in one run (see bench/README.md):
//   the SDK's Client calling a tool of the fixture MCP server (test/fixtures/mcp/server.mjs) directly
//   vs  the same Client and server through `hookrail mcp` with hooks enabled that match no tool of it
//   (target: < 200 µs extra per round trip). The extra is two more pipe hops through another process
//   plus the gateway's work: parsing each line, finding that no tool hook applies, forwarding.
//   Alongside, the floor of any gateway: a bare line relay (bench/lib/lineRelay.mjs) between the same
//   client and server, vs direct, for the part of the extra that is the extra process itself.
// Variants alternate round by round (A B, B A, ...) after a warm-up; medians of the rounds are printed.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { compare, loadAverage, printComparison, printMachineBanner } from './lib/measure.mjs';

const cliEntry = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const server = fileURLToPath(new URL('../test/fixtures/mcp/server.mjs', import.meta.url));
const lineRelay = fileURLToPath(new URL('./lib/lineRelay.mjs', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'hookrail-bench-mcp-'));
// A hook for another server's tools: hooks are on, and none matches the fixture's.
const settings = join(scratch, 'hooks.json');
writeFileSync(
  settings,
  JSON.stringify({
    hooks: { PreToolUse: [{ matcher: 'mcp__elsewhere__.*', hooks: [{ type: 'command', command: 'exit 0' }] }] },
  }),
);
const env = { PATH: process.env.PATH ?? '', HOME: scratch, HOOKRAIL_SYSTEM_SETTINGS: join(scratch, 'none.json') };

async function connect(args) {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args, env, cwd: scratch, stderr: 'inherit' }),
  );
  return client;
}

printMachineBanner();
const direct = await connect([server]);
const relay = await connect([lineRelay, process.execPath, server]);
const gateway = await connect([
  cliEntry,
  'mcp',
  '--name',
  'fixture',
  '--settings',
  settings,
  '--',
  process.execPath,
  server,
]);
try {
  const call = (client) => async (index) => {
    const result = await client.callTool({ name: 'echo', arguments: { text: `call ${index}` } });
    if (result.content[0].text !== `echo: call ${index}`)
      throw new Error(`unexpected answer: ${JSON.stringify(result)}`);
  };
  const result = await compare({
    variantA: call(gateway),
    variantB: call(direct),
    rounds: 15,
    batchSize: 200,
    warmupBatches: 3,
  });
  printComparison({
    title: 'tools/call round trip: through hookrail mcp (hooks on, none matching) vs straight to the server',
    labelA: 'through the gateway',
    labelB: 'direct',
    result,
    targetMicroseconds: 200,
  });
  const floor = await compare({
    variantA: call(relay),
    variantB: call(direct),
    rounds: 15,
    batchSize: 200,
    warmupBatches: 3,
  });
  printComparison({
    title: 'the floor of any gateway: a bare line relay (one more process, lines parsed) vs straight to the server',
    labelA: 'through the relay',
    labelB: 'direct',
    result: floor,
  });
} finally {
  await Promise.all([direct.close(), relay.close(), gateway.close()]);
  rmSync(scratch, { recursive: true, force: true });
  console.log(`\nload average at end: ${loadAverage()}`);
}
