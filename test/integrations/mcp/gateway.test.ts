/**
 * `hookrail mcp` end to end with real processes: the SDK's real Client → the built CLI's gateway →
 * the fixture MCP server (test/fixtures/mcp/server.mjs), with real hook scripts from settings files.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixturePath, respondHook, runHookrail, settingsJson, useCliSandbox } from '../../helpers/cliProcess.js';
import { waitFor } from '../../helpers/waiting.js';
import { connectMcpClient, type ConnectedMcpClient } from '../../helpers/mcpGateway.js';
import { readJsonLines } from '../../helpers/jsonLines.js';

const sandbox = useCliSandbox();
const connected: ConnectedMcpClient[] = [];

afterEach(async () => {
  await Promise.all(connected.splice(0).map((entry) => entry.client.close()));
});

const guard = `node "${fixturePath('hooks/mcp/claude-mcp-guard.mjs')}"`;

/** A Claude Code settings file with the guard on PreToolUse and PostToolUse for `matcher`. */
async function claudeGuardSettings(matcher = 'mcp__server__.*'): Promise<string> {
  return sandbox.writeProjectFile(
    'claude-hooks.json',
    settingsJson({
      PreToolUse: [{ matcher, hooks: [{ type: 'command', command: guard }] }],
      PostToolUse: [{ matcher, hooks: [{ type: 'command', command: guard }] }],
    }),
  );
}

async function connect(
  gatewayArgs: readonly string[] | undefined,
  env: Record<string, string> = {},
): Promise<ConnectedMcpClient> {
  const entry = await connectMcpClient(sandbox, {
    ...(gatewayArgs ? { gatewayArgs } : {}),
    env: { MCP_HOOK_LOG: join(sandbox.project, 'hooks.jsonl'), ...env },
  });
  connected.push(entry);
  return entry;
}

const hookLog = (): Array<Record<string, unknown>> => readJsonLines(join(sandbox.project, 'hooks.jsonl'));

describe('hookrail mcp: tools/call through the hooks', () => {
  it('HOOK-017: a PreToolUse deny is a normal result with isError and the reason as text; the server never sees the call', async () => {
    const settings = await claudeGuardSettings();
    const { client, serverCalls } = await connect(['--name', 'server', '--settings', settings]);
    const result = await client.callTool({ name: 'echo', arguments: { text: 'the secret' } });
    expect(result).toEqual({
      content: [{ type: 'text', text: 'no secrets through mcp__server__echo' }],
      isError: true,
    });
    expect(serverCalls()).toEqual([]);
  });

  it("HOOK-019: a PreToolUse updatedInput reaches the server as the call's arguments", async () => {
    const settings = await claudeGuardSettings();
    const { client, serverCalls } = await connect(['--name', 'server', '--settings', settings]);
    const result = await client.callTool({ name: 'echo', arguments: { text: 'rewrite-me' } });
    expect(serverCalls()).toEqual([{ tool: 'echo', args: { text: 'rewritten by the hook' } }]);
    expect(result.content).toEqual([
      { type: 'text', text: 'echo: rewritten by the hook' },
      { type: 'text', text: 'audited mcp__server__echo' },
    ]);
  });

  it('a hook that asks is denied by default (--ask deny): the reason says no one could answer, and the server never sees the call', async () => {
    const settings = await claudeGuardSettings();
    const { client, serverCalls } = await connect(['--name', 'server', '--settings', settings]);
    const result = await client.callTool({ name: 'echo', arguments: { text: 'please-ask' } });
    expect(result.isError).toBe(true);
    expect((result.content as Array<{ text: string }>)[0]!.text).toBe(
      "Permission to run mcp__server__echo was denied: no one could answer: hookrail mcp cannot ask (its stdin is the MCP client's channel) and --ask is deny",
    );
    expect(serverCalls()).toEqual([]);
  });

  it('--ask allow lets a call a hook asked about go on to the server', async () => {
    const settings = await claudeGuardSettings();
    const { client, serverCalls } = await connect(['--name', 'server', '--settings', settings, '--ask', 'allow']);
    const result = await client.callTool({ name: 'echo', arguments: { text: 'please-ask' } });
    expect(result.isError).toBeUndefined();
    expect(serverCalls()).toEqual([{ tool: 'echo', args: { text: 'please-ask' } }]);
  });

  it('HOOK-027: PostToolUse additionalContext is one more text block; structuredContent and the image block survive', async () => {
    const settings = await claudeGuardSettings();
    const { client } = await connect(['--name', 'server', '--settings', settings]);
    const result = await client.callTool({ name: 'weather', arguments: { city: 'Oslo' } });
    expect(result).toEqual({
      content: [
        { type: 'text', text: 'Oslo: 21°C' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
        { type: 'text', text: 'audited mcp__server__weather' },
      ],
      structuredContent: { city: 'Oslo', celsius: 21 },
    });
  });

  it('a PostToolUse updatedMCPToolOutput replaces the output the client gets', async () => {
    const settings = await claudeGuardSettings();
    const { client, serverCalls } = await connect(['--name', 'server', '--settings', settings]);
    const result = await client.callTool({ name: 'echo', arguments: { text: 'replace-me' } });
    expect(result).toEqual({ content: [{ type: 'text', text: 'replaced by the hook' }] });
    expect(serverCalls()).toEqual([{ tool: 'echo', args: { text: 'replace-me' } }]);
  });

  it("HOOK-178: a native AfterTool hook cannot replace the output (only Claude Code's updatedToolOutput can); its context still lands", async () => {
    const answer = JSON.stringify({
      hookSpecificOutput: { updatedToolOutput: 'replaced?', additionalContext: 'native context' },
    });
    const settings = await sandbox.writeProjectFile(
      'native.json',
      settingsJson({
        AfterTool: [{ matcher: 'mcp__server__echo', hooks: [{ type: 'command', command: respondHook(0, answer) }] }],
      }),
    );
    const { client } = await connect(['--name', 'server', '--settings', settings]);
    expect(await client.callTool({ name: 'echo', arguments: { text: 'hi' } })).toEqual({
      content: [
        { type: 'text', text: 'echo: hi' },
        { type: 'text', text: 'native context' },
      ],
    });
  });

  it("Claude Code hooks see mcp__NAME__TOOL, its arguments and the content blocks; NAME defaults to the command's base name", async () => {
    const settings = await claudeGuardSettings('mcp__node__echo');
    const { client } = await connect(['--settings', settings]);
    await client.callTool({ name: 'echo', arguments: { text: 'hello' } });
    const [pre, post] = hookLog();
    expect(pre).toMatchObject({
      hook_event_name: 'PreToolUse',
      tool_name: 'mcp__node__echo',
      tool_input: { text: 'hello' },
    });
    expect(post).toMatchObject({
      hook_event_name: 'PostToolUse',
      tool_name: 'mcp__node__echo',
      tool_response: [{ type: 'text', text: 'echo: hello' }],
    });
    expect(pre!['tool_use_id']).toBe(post!['tool_use_id']);
  });

  it("Gemini CLI hooks see mcp_NAME_TOOL with mcp_context, and their matcher in Gemini's naming selects the tool", async () => {
    await sandbox.writeHomeFile(
      '.gemini/settings.json',
      settingsJson({
        BeforeTool: [
          {
            matcher: 'mcp_github_.*',
            hooks: [{ type: 'command', command: `sh "${fixturePath('hooks/mcp/gemini-mcp-log.sh')}"` }],
          },
        ],
      }),
    );
    const { client } = await connect(['--name', 'github']);
    const result = await client.callTool({ name: 'echo', arguments: { text: 'hi' } });
    expect(result.content).toEqual([{ type: 'text', text: 'echo: hi' }]);
    expect(hookLog()).toEqual([
      expect.objectContaining({
        hook_event_name: 'BeforeTool',
        tool_name: 'mcp_github_echo',
        tool_input: { text: 'hi' },
        mcp_context: { server_name: 'github', tool_name: 'echo' },
      }),
    ]);
  });

  it("an untrusted project's hooks do not run; once trusted they do", async () => {
    await sandbox.writeProjectFile(
      '.claude/settings.json',
      settingsJson({ PreToolUse: [{ matcher: 'mcp__server__.*', hooks: [{ type: 'command', command: guard }] }] }),
    );
    const untrusted = await connect(['--name', 'server']);
    expect(await untrusted.client.callTool({ name: 'echo', arguments: { text: 'secret' } })).toEqual({
      content: [{ type: 'text', text: 'echo: secret' }],
    });
    expect(untrusted.stderr()).toContain('not trusted');
    const trust = await runHookrail(sandbox, ['hooks', 'trust']);
    expect(trust.exitCode).toBe(0);
    const trusted = await connect(['--name', 'server']);
    expect(await trusted.client.callTool({ name: 'echo', arguments: { text: 'secret' } })).toMatchObject({
      isError: true,
    });
  });
});

describe('hookrail mcp: everything else passes through untouched', () => {
  it('initialize, tools/list, resources, prompts, ping, cancellation, roots and an unknown tool get exactly what the server answers', async () => {
    const settings = await claudeGuardSettings('.*');
    const direct = await connect(undefined);
    const plain = await connect(['--name', 'server']);
    const gateway = await connect(['--name', 'server', '--settings', settings]);
    const waitsSeen = (connection: ConnectedMcpClient) =>
      connection.serverCalls().filter((call) => call['tool'] === 'wait').length;
    const exchange = async (connection: ConnectedMcpClient) => {
      const { client } = connection;
      const cancelled = new AbortController();
      const seenBefore = waitsSeen(connection);
      const waiting = client
        .callTool({ name: 'wait', arguments: {} }, undefined, { signal: cancelled.signal })
        .catch((error: Error) => error.name);
      // Cancelled once the server has it, however long the hooks before it take on a loaded machine.
      await waitFor(() => waitsSeen(connection) > seenBefore, 'the server received the wait call');
      cancelled.abort('stop waiting');
      return {
        server: client.getServerVersion(),
        capabilities: client.getServerCapabilities(),
        instructions: client.getInstructions(),
        tools: await client.listTools(),
        resources: await client.listResources(),
        resource: await client.readResource({ uri: 'fixture://readme' }),
        prompts: await client.listPrompts(),
        prompt: await client.getPrompt({ name: 'greet', arguments: { name: 'Ada' } }),
        ping: await client.ping(),
        counted: await client.callTool({ name: 'count', arguments: { to: 3 } }),
        roots: await client.callTool({ name: 'roots', arguments: {} }),
        unknownTool: await client
          .callTool({ name: 'no_such_tool', arguments: {} })
          .catch((error: Error) => error.message),
        failing: await client.callTool({ name: 'fail', arguments: { why: 'testing' } }),
        cancelled: await waiting,
      };
    };
    const directAnswers = await exchange(direct);
    // With no hook matching, every answer is exactly the server's.
    expect(await exchange(plain)).toEqual(directAnswers);
    const gatewayAnswers = await exchange(gateway);
    // The hooks add their context to the calls they matched; everything else is the server's own.
    const withoutContext = (result: unknown) => {
      const value = result as { content?: Array<{ text?: string }> };
      return { ...value, content: value.content?.filter((block) => !block.text?.startsWith('audited ')) };
    };
    expect({
      ...gatewayAnswers,
      counted: withoutContext(gatewayAnswers.counted),
      roots: withoutContext(gatewayAnswers.roots),
      failing: withoutContext(gatewayAnswers.failing),
      unknownTool: withoutContext(gatewayAnswers.unknownTool),
    }).toEqual({
      ...directAnswers,
      counted: withoutContext(directAnswers.counted),
      roots: withoutContext(directAnswers.roots),
      failing: withoutContext(directAnswers.failing),
      unknownTool: withoutContext(directAnswers.unknownTool),
    });
    // roots/list went from the server through the gateway to the client and back.
    expect(gatewayAnswers.roots).toEqual({
      content: [
        { type: 'text', text: 'file:///project' },
        { type: 'text', text: 'audited mcp__server__roots' },
      ],
    });
    // The server saw the cancellation of the gateway's call as it saw the direct one.
    await waitFor(
      () => gateway.serverCalls().filter((call) => 'cancelled' in call).length === 3,
      'the server saw three cancelled waits',
    );
  }, 60_000);
});
