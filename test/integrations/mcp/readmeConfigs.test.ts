/**
 * The `hookrail mcp` configurations of the MCP page (docs/mcp.md) and of the README's "In front of an
 * MCP server" are what they claim: each `mcpServers` entry runs `hookrail mcp` with options the command
 * takes, and the page's policy file blocks what it says it blocks, through the real gateway.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCommandArgs } from '../../../src/cli/args.js';
import { mcpCommand } from '../../../src/cli/commands/mcp.js';
import { repositoryRoot, useCliSandbox } from '../../helpers/cliProcess.js';
import { connectMcpClient, type ConnectedMcpClient } from '../../helpers/mcpGateway.js';

const readme = readFileSync(join(repositoryRoot, 'README.md'), 'utf8');
const readmeSection = readme.slice(readme.indexOf('## In front of an MCP server'), readme.indexOf('## Under test'));
const page = readFileSync(join(repositoryRoot, 'docs', 'mcp.md'), 'utf8');

/** The ```json blocks of a text, parsed. */
function jsonBlocksOf(text: string): Record<string, unknown>[] {
  return [...text.matchAll(/```json\n([\s\S]*?)```/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
}

/** The `mcpServers` entries of the blocks, by key. */
function serverEntries(blocks: Record<string, unknown>[]): [string, { command: string; args: string[] }][] {
  return blocks
    .filter((block) => 'mcpServers' in block)
    .flatMap((block) => Object.entries(block['mcpServers'] as Record<string, { command: string; args: string[] }>));
}

const jsonBlocks = jsonBlocksOf(page);
const sandbox = useCliSandbox();
const connected: ConnectedMcpClient[] = [];

afterEach(async () => {
  await Promise.all(connected.splice(0).map((entry) => entry.client.close()));
});

describe('docs/mcp.md and README: hookrail mcp configurations', () => {
  it('every mcpServers entry runs hookrail mcp with options it takes, a --name matching its key, and a server after --', () => {
    const pageEntries = serverEntries(jsonBlocks);
    const readmeEntries = serverEntries(jsonBlocksOf(readmeSection));
    expect(pageEntries).toHaveLength(3);
    expect(readmeEntries).toHaveLength(1);
    for (const [key, entry] of [...pageEntries, ...readmeEntries]) {
      expect(entry.command).toBe('hookrail');
      expect(entry.args[0]).toBe('mcp');
      const parsed = parseCommandArgs(mcpCommand.spec, entry.args.slice(1));
      expect(parsed.values['name']).toBe(key);
      expect(parsed.positionals.slice(0, 2)).toEqual(['npx', '-y']);
    }
  });

  it('the policy file blocks mcp__github__delete_* and merge_* before the server sees them, and lets the rest through', async () => {
    const policy = jsonBlocks.find((block) => 'hooks' in block);
    const settings = await sandbox.writeProjectFile('github.json', JSON.stringify(policy));
    const entry = await connectMcpClient(sandbox, { gatewayArgs: ['--name', 'github', '--settings', settings] });
    connected.push(entry);
    expect(await entry.client.callTool({ name: 'merge_pull_request', arguments: {} })).toEqual({
      content: [{ type: 'text', text: 'not through this gateway' }],
      isError: true,
    });
    expect(await entry.client.callTool({ name: 'echo', arguments: { text: 'fine' } })).toEqual({
      content: [{ type: 'text', text: 'echo: fine' }],
    });
    expect(entry.serverCalls()).toEqual([{ tool: 'echo', args: { text: 'fine' } }]);
  });
});
