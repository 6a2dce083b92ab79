/**
 * The `hookrail mcp` gateway as an MCP client sees it: the SDK's real `Client` over
 * `StdioClientTransport`, talking to the fixture server (test/fixtures/mcp/server.mjs) directly or
 * through the BUILT CLI (`node dist/cli/main.js mcp ... -- node server.mjs`), in a CLI sandbox.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { cliEntry, fixturePath, sandboxEnvironment, type CliSandbox } from './cliProcess.js';
import { readJsonLines } from './jsonLines.js';

/** The fixture MCP server. */
export const mcpFixtureServer = fixturePath('mcp/server.mjs');

/** Options of {@link connectMcpClient}. */
export interface ConnectMcpOptions {
  /** Through the gateway with these options before `--`; `undefined`: straight to the server. */
  gatewayArgs?: readonly string[];
  /** Extra environment for the gateway (and so the server and the hooks). */
  env?: Record<string, string>;
}

/** A connected client, where the server records its calls, and the gateway's stderr so far. */
export interface ConnectedMcpClient {
  client: Client;
  transport: StdioClientTransport;
  /** The tools/call arguments the server received, in order. */
  serverCalls(): Array<Record<string, unknown>>;
  stderr(): string;
}

/** The sandbox's CLI environment, with the fixture server recording its calls in the project. */
export function mcpSandboxEnvironment(sandbox: CliSandbox, extra: Record<string, string> = {}): Record<string, string> {
  return sandboxEnvironment(sandbox, { MCP_FIXTURE_CALLS: join(sandbox.project, 'server-calls.jsonl'), ...extra });
}

/** Connects the SDK's Client (with roots, so the server may ask for them) to the server, directly or through the gateway. */
export async function connectMcpClient(
  sandbox: CliSandbox,
  options: ConnectMcpOptions = {},
): Promise<ConnectedMcpClient> {
  if (options.gatewayArgs && !existsSync(cliEntry))
    throw new Error(`${cliEntry} does not exist: run "npm run build" first`);
  const env = mcpSandboxEnvironment(sandbox, options.env);
  const args = options.gatewayArgs
    ? [cliEntry, 'mcp', ...options.gatewayArgs, '--', process.execPath, mcpFixtureServer]
    : [mcpFixtureServer];
  const transport = new StdioClientTransport({
    command: process.execPath,
    args,
    env,
    cwd: sandbox.project,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'hookrail-test', version: '1.0.0' }, { capabilities: { roots: {} } });
  client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [{ uri: 'file:///project', name: 'project' }] }));
  await client.connect(transport);
  const callsFile = env['MCP_FIXTURE_CALLS']!;
  return { client, transport, serverCalls: () => readJsonLines(callsFile), stderr: () => stderr };
}
