/** `hookrail mcp`'s help and its usage errors, as a user meets them. */
import { describe, expect, it } from 'vitest';
import { runHookrail, useCliSandbox } from '../helpers/cliProcess.js';

const sandbox = useCliSandbox();

describe('hookrail mcp: help and usage', () => {
  it('--help documents the gateway: usage, the tool names hooks see, --ask, --inspect and the exit codes', async () => {
    const help = await runHookrail(sandbox, ['mcp', '--help']);
    expect(help.exitCode).toBe(0);
    for (const text of [
      'hookrail mcp',
      'COMMAND',
      'mcp__NAME__TOOL',
      'mcp_NAME_TOOL',
      'isError: true',
      '--ask',
      '--inspect',
      '--name',
      '--settings',
      'SIGTERM',
    ]) {
      expect(help.stdout).toContain(text);
    }
    const list = await runHookrail(sandbox, ['--help']);
    expect(list.stdout).toContain('mcp');
  });

  it('without a COMMAND, or with an empty --name or a wrong --ask, it is a usage error naming what is missing (exit 2)', async () => {
    const missing = await runHookrail(sandbox, ['mcp']);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('missing COMMAND');
    const name = await runHookrail(sandbox, ['mcp', '--name', ' ', '--', 'node']);
    expect(name.exitCode).toBe(2);
    expect(name.stderr).toContain('--name needs a server name');
    const ask = await runHookrail(sandbox, ['mcp', '--ask', 'maybe', '--', 'node']);
    expect(ask.exitCode).toBe(2);
    expect(ask.stderr).toContain('--ask expects deny or allow, got "maybe"');
  });

  it('a server command that cannot start is reported by name (exit 1), with nothing on stdout', async () => {
    const result = await runHookrail(sandbox, ['mcp', '--', 'no-such-mcp-server-command']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('cannot start the MCP server "no-such-mcp-server-command"');
    expect(result.stdout).toBe('');
  });
});
