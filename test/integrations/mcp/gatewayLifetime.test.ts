/**
 * `hookrail mcp` as a process, line by line on its stdin and stdout: a client's malformed line, a
 * server's garbage, progress notifications forwarded byte for byte, `--inspect`, and the lifetimes —
 * the server exits (the gateway takes its exit code), the client closes stdin (the server is ended:
 * stdin closed, SIGTERM, SIGKILL after the grace), the gateway is stopped by a signal (no hook or
 * server process outlives it).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliEntry, fixturePath, runHookrail, settingsJson, useCliSandbox } from '../../helpers/cliProcess.js';
import { mcpFixtureServer, mcpSandboxEnvironment } from '../../helpers/mcpGateway.js';
import {
  assertNoHookProcessesAlive,
  isProcessAlive,
  processesAliveAfter,
  readPidFile,
} from '../../helpers/processes.js';
import { waitFor } from '../../helpers/waiting.js';
import { readJsonLines } from '../../helpers/jsonLines.js';

const sandbox = useCliSandbox();

const initialize = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' };

interface LineProcess {
  child: ChildProcessWithoutNullStreams;
  lines: string[];
  stderr(): string;
  send(message: unknown): void;
  /** Waits until `count` lines have arrived on stdout. */
  linesAfter(count: number): Promise<string[]>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `args` (the gateway, or the server alone) with stdin and stdout as pipes, collecting stdout lines. */
function startLines(args: readonly string[], env: Record<string, string> = {}): LineProcess {
  const child = spawn(process.execPath, [...args], {
    cwd: sandbox.project,
    env: mcpSandboxEnvironment(sandbox, env),
    stdio: 'pipe',
  });
  const lines: string[] = [];
  let pending = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const parts = (pending + chunk.toString('utf8')).split('\n');
    pending = parts.pop()!;
    lines.push(...parts);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    lines,
    stderr: () => stderr,
    send: (message) => child.stdin.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`),
    linesAfter: async (count) => {
      await waitFor(() => lines.length >= count, `${count} lines on stdout (have ${lines.length}; stderr: ${stderr})`);
      return lines.slice(0, count);
    },
    exited,
  };
}

const gateway = (options: readonly string[] = []): string[] => [
  cliEntry,
  'mcp',
  '--name',
  'server',
  ...options,
  '--',
  process.execPath,
  mcpFixtureServer,
];

describe.runIf(process.platform === 'linux')('hookrail mcp as a process', () => {
  it('answers a malformed line with a JSON-RPC parse error (-32700) of its own and goes on serving', async () => {
    const host = startLines(gateway());
    host.send(initialize);
    host.send('{"jsonrpc": "2.0", "id": 1, "method": ');
    host.send({ jsonrpc: '2.0', id: 2, method: 'ping' });
    const answers = (await host.linesAfter(3)).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(answers.find((answer) => answer['id'] === null)).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
    expect(answers.find((answer) => answer['id'] === 2)).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
    expect(host.stderr()).toContain('the MCP client sent a line that is not JSON');
    host.child.stdin.end();
    expect((await host.exited).code).toBe(0);
  });

  it('takes a JSON-RPC batch message by message: each request is answered, a tools/call in it goes through the hooks', async () => {
    const settings = await sandbox.writeProjectFile(
      'claude.json',
      settingsJson({
        PreToolUse: [
          {
            matcher: 'mcp__server__.*',
            hooks: [{ type: 'command', command: `node "${fixturePath('hooks/mcp/claude-mcp-guard.mjs')}"` }],
          },
        ],
      }),
    );
    const host = startLines(gateway(['--settings', settings]));
    host.send(initialize);
    host.send(initialized);
    host.send([
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: { text: 'secret' } } },
    ]);
    host.send([]);
    const answers = (await host.linesAfter(4)).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(answers.find((answer) => answer['id'] === 1)).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    expect(answers.find((answer) => answer['id'] === 2)).toEqual({
      jsonrpc: '2.0',
      id: 2,
      result: { content: [{ type: 'text', text: 'no secrets through mcp__server__echo' }], isError: true },
    });
    expect(answers.find((answer) => answer['id'] === null)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid Request: empty batch' },
    });
    host.child.stdin.end();
    expect((await host.exited).code).toBe(0);
  });

  it('reports a server line that is not JSON on stderr, drops it, and keeps serving', async () => {
    const host = startLines(gateway(), { MCP_FIXTURE_GARBAGE: '1' });
    host.send(initialize);
    const [answer] = await host.linesAfter(1);
    expect(JSON.parse(answer!)).toMatchObject({ id: 0, result: { serverInfo: { name: 'fixture' } } });
    expect(host.stderr()).toContain(
      'the MCP server "server" wrote a line that is not JSON-RPC; dropped: this is not json-rpc',
    );
    host.child.stdin.end();
    expect((await host.exited).code).toBe(0);
  });

  it('forwards progress notifications and the answer of a call no hook matches byte for byte, as the server wrote them', async () => {
    const exchange = async (args: readonly string[]): Promise<string[]> => {
      const host = startLines(args);
      host.send(initialize);
      host.send(initialized);
      host.send({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'count', arguments: { to: 3 }, _meta: { progressToken: 'p1' } },
      });
      const lines = await host.linesAfter(5);
      host.child.stdin.end();
      await host.exited;
      return lines;
    };
    const direct = await exchange([mcpFixtureServer]);
    expect(direct.slice(1, 4).map((line) => JSON.parse(line).method)).toEqual([
      'notifications/progress',
      'notifications/progress',
      'notifications/progress',
    ]);
    expect(await exchange(gateway())).toEqual(direct);
  });

  it("exits with the server's exit code when the server exits, after forwarding what it wrote", async () => {
    const host = startLines(gateway());
    host.send(initialize);
    host.send(initialized);
    host.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'exit', arguments: { code: 7 } } });
    const { code } = await host.exited;
    expect(code).toBe(7);
    expect(JSON.parse(host.lines[1]!)).toMatchObject({
      id: 1,
      result: { content: [{ type: 'text', text: 'exiting with 7' }] },
    });
  });

  it('a call still unanswered when the server exits gets an error result naming the exit, whether hooks apply to it or not', async () => {
    const unanswered = async (options: readonly string[]): Promise<unknown> => {
      const host = startLines(gateway(options));
      host.send(initialize);
      host.send(initialized);
      await host.linesAfter(1);
      host.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'wait', arguments: {} } });
      await waitFor(
        () => readJsonLines(join(sandbox.project, 'server-calls.jsonl')).some((call) => call['tool'] === 'wait'),
        'the server received the wait call',
      );
      host.send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'exit', arguments: { code: 5 } } });
      expect((await host.exited).code).toBe(5);
      rmSync(join(sandbox.project, 'server-calls.jsonl'), { force: true });
      return host.lines.map((line) => JSON.parse(line)).find((message) => message.id === 2);
    };
    // No hook applies: the call is relayed untouched. A hook on the tool: it runs its machine.
    const relayed = await unanswered([]);
    const settings = await sandbox.writeProjectFile(
      'after-wait.json',
      settingsJson({
        PostToolUse: [{ matcher: 'mcp__server__wait', hooks: [{ type: 'command', command: 'exit 0' }] }],
      }),
    );
    const hooked = await unanswered(['--settings', settings]);
    expect(relayed).toEqual({
      jsonrpc: '2.0',
      id: 2,
      result: {
        content: [
          { type: 'text', text: 'Tool execution failed: the MCP server "server" exited (code 5) before it answered' },
        ],
        isError: true,
      },
    });
    expect(hooked).toEqual(relayed);
  });

  it('the client closing its end while a call no hook applies to is unanswered: the answer still reaches it before the server sees its input end', async () => {
    // This server exits the moment its stdin ends: the gateway must keep it open until the answer came.
    const host = startLines(gateway(), { MCP_FIXTURE_EXIT_ON_EOF: '1' });
    host.send(initialize);
    host.send(initialized);
    await host.linesAfter(1);
    host.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'sleep', arguments: { ms: 300 } } });
    host.child.stdin.end();
    expect((await host.exited).code).toBe(0);
    expect(JSON.parse(host.lines[1]!)).toEqual({
      jsonrpc: '2.0',
      id: 2,
      result: { content: [{ type: 'text', text: 'slept 300 ms' }] },
    });
  });

  it.each([
    ['a server that stays after its stdin closes gets SIGTERM', {}],
    ['a server that also ignores SIGTERM gets SIGKILL after the grace period', { MCP_FIXTURE_IGNORE_TERM: '1' }],
  ])(
    'when the client closes stdin, %s; the gateway exits 0 and the server is gone',
    async (_name, extra) => {
      const pidFile = join(sandbox.project, 'server.pid');
      const host = startLines(gateway(), { MCP_FIXTURE_STAY: '1', MCP_FIXTURE_PID: pidFile, ...extra });
      const serverPid = await readPidFile(pidFile);
      host.send(initialize);
      await host.linesAfter(1);
      host.child.stdin.end();
      expect((await host.exited).code).toBe(0);
      expect(isProcessAlive(serverPid)).toBe(false);
    },
    20_000,
  );

  it.each([
    ['SIGTERM', 143],
    ['SIGKILL', null],
  ] as const)(
    'stopped by %s while a hook runs (exit %s), neither the hook nor the server outlives it',
    async (signal, exitCode) => {
      const hookPidFile = join(sandbox.project, 'hook.pid');
      const serverPidFile = join(sandbox.project, 'server.pid');
      const settings = await sandbox.writeProjectFile(
        'hang.json',
        settingsJson({
          PreToolUse: [
            {
              matcher: 'mcp__server__echo',
              hooks: [
                { type: 'command', command: `echo $$ > "${hookPidFile}"; exec node "${fixturePath('hooks/hang.js')}"` },
              ],
            },
          ],
        }),
      );
      const host = startLines(gateway(['--settings', settings]), {
        MCP_FIXTURE_STAY: '1',
        MCP_FIXTURE_PID: serverPidFile,
      });
      host.send(initialize);
      host.send(initialized);
      host.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } });
      const hookPid = await readPidFile(hookPidFile);
      const serverPid = await readPidFile(serverPidFile);
      host.child.kill(signal);
      expect((await host.exited).code).toBe(exitCode);
      // SIGKILL leaves no chance to clean up: the watchdog ends the hook's and the server's process groups.
      expect(await processesAliveAfter([hookPid, serverPid], signal === 'SIGKILL' ? 8_000 : 2_000)).toEqual([]);
      await assertNoHookProcessesAlive();
    },
    20_000,
  );

  it('--inspect records every call with its hooks and machine path, for hookrail inspect', async () => {
    const settings = await sandbox.writeProjectFile(
      'claude.json',
      settingsJson({
        PreToolUse: [
          {
            matcher: 'mcp__server__.*',
            hooks: [{ type: 'command', command: `node "${fixturePath('hooks/mcp/claude-mcp-guard.mjs')}"` }],
          },
        ],
      }),
    );
    const host = startLines(gateway(['--settings', settings, '--inspect', 'calls.jsonl']));
    host.send(initialize);
    host.send(initialized);
    host.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text: 'secret' } } });
    host.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: { text: 'fine' } } });
    await host.linesAfter(3);
    host.child.stdin.end();
    expect((await host.exited).code).toBe(0);
    const records = readJsonLines(join(sandbox.project, 'calls.jsonl'));
    expect(records[0]).toMatchObject({ type: 'hookrail.run', title: 'hookrail mcp server' });
    const ends = records.filter((record) => record['type'] === 'hookrail.call' && record['phase'] === 'end');
    // The two calls run at once (one hook may start on a warm interpreter, the other cold): each call's
    // record is checked, whichever ended first.
    const byText = (record: Record<string, unknown>) => String((record['args'] as { text?: string }).text);
    expect(
      ends
        .sort((left, right) => byText(left).localeCompare(byText(right)))
        .map((record) => [record['toolName'], record['outcome'], record['args']]),
    ).toEqual([
      ['mcp__server__echo', 'success', { text: 'fine' }],
      ['mcp__server__echo', 'blocked', { text: 'secret' }],
    ]);
    expect(records.filter((record) => record['type'] === 'hookrail.hook')).toHaveLength(2);
    const paths = records
      .filter((record) => record['type'] === '@xstate.snapshot' && record['machineId'] === 'toolCall')
      .map((record) => record['value']);
    expect(paths).toContain('beforeHook');
    expect(paths).toContain('executing');
    const report = await runHookrail(sandbox, ['inspect', 'calls.jsonl', '--out', 'report.html']);
    expect(report.exitCode).toBe(0);
  });
});
