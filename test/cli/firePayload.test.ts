/**
 * What `hooks fire` sends, built from its options without running a hook: the event by either
 * agent's name, which options apply to it, and the payload of tool, lifecycle and model events.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCliLogger, type CommandContext } from '../../src/cli/context.js';
import { CliError, CliUsageError } from '../../src/cli/errors.js';
import { buildFirePayload, checkFireOptions, parseEventName } from '../../src/cli/firePayload.js';
import { Renderer } from '../../src/cli/render.js';
import type { ParsedArgs } from '../../src/cli/args.js';
import { HookEventName } from '../../src/hooks/protocol/events.js';
import { scratchDirectory } from '../helpers/hookFixtures.js';

const scratch = scratchDirectory('hookrail-fire-payload-');
afterAll(() => scratch.remove());

function commandContext(cwd: string): CommandContext {
  const sink = { write: (_text: string): void => undefined };
  const render = new Renderer({ stdout: sink, stderr: sink, color: false });
  return {
    io: { stdout: sink, stderr: sink, env: {}, cwd },
    render,
    debug: false,
    logger: createCliLogger(render, false),
    signal: new AbortController().signal,
  };
}

function options(values: Record<string, string>): ParsedArgs {
  return { values, positionals: [], help: false, debug: false, noColor: true };
}

describe('parseEventName', () => {
  it("HOOK-081: an event by hookrail's name, or by Claude Code's with that name kept", () => {
    expect(parseEventName('BeforeTool')).toEqual({ eventName: HookEventName.BeforeTool });
    expect(parseEventName('PreToolUse')).toEqual({ eventName: HookEventName.BeforeTool, claudeEvent: 'PreToolUse' });
  });

  it('an unknown event is a usage error suggesting the closest name', () => {
    expect(() => parseEventName('BeforeTol')).toThrow(CliUsageError);
    expect(() => parseEventName('BeforeTol')).toThrow(/unknown event "BeforeTol" \(did you mean BeforeTool\?\)/);
  });
});

describe('checkFireOptions', () => {
  it('an option the event does not take, or a missing one it needs, is a usage error naming it', () => {
    expect(() => checkFireOptions(parseEventName('BeforeTool'), options({ tool: 'ls', payload: '{}' }))).toThrow(
      '--payload does not apply to BeforeTool',
    );
    expect(() => checkFireOptions(parseEventName('PreToolUse'), options({}))).toThrow('PreToolUse needs --tool');
    expect(() => checkFireOptions(parseEventName('AfterModel'), options({ request: 'r.json' }))).toThrow(
      'AfterModel needs --response-file',
    );
    expect(() => checkFireOptions(parseEventName('SessionStart'), options({ payload: '{}' }))).not.toThrow();
  });
});

describe('buildFirePayload', () => {
  const context = commandContext(scratch.path);

  it('HOOK-015: tool_name and tool_input; a tool named the Claude way is fired under its native name', async () => {
    const fired = await buildFirePayload(
      context,
      options({ tool: 'Bash', input: '{"command":"ls"}' }),
      parseEventName('BeforeTool'),
      scratch.path,
    );
    expect(fired.toolName).toBe('run_shell_command');
    expect(fired.payload).toEqual({ tool_name: 'run_shell_command', tool_input: { command: 'ls' } });
    expect(fired.context).toEqual({ toolName: 'run_shell_command' });
  });

  it('HOOK-203: a lifecycle event gets its defaults, overridden by --payload', async () => {
    const fired = await buildFirePayload(
      context,
      options({ payload: '{"prompt":"hi"}' }),
      parseEventName('AfterAgent'),
      scratch.path,
    );
    expect(fired.payload).toEqual({ prompt: 'hi', prompt_response: '', stop_hook_active: false });
    const defaults = await buildFirePayload(context, options({}), parseEventName('BeforeAgent'), scratch.path);
    expect(defaults.payload).toEqual({ prompt: '' });
  });

  it('HOOK-034: a model event reads --request; a request without contents is an error naming the file', async () => {
    writeFileSync(
      join(scratch.path, 'request.json'),
      JSON.stringify({ model: 'm', contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
    );
    writeFileSync(join(scratch.path, 'empty.json'), '{}');
    const fired = await buildFirePayload(
      context,
      options({ request: 'request.json' }),
      parseEventName('BeforeModel'),
      scratch.path,
    );
    expect(fired.payload['llm_request']).toMatchObject({ model: 'm' });
    await expect(
      buildFirePayload(context, options({ request: 'empty.json' }), parseEventName('BeforeModel'), scratch.path),
    ).rejects.toThrow(CliError);
    await expect(
      buildFirePayload(context, options({ request: 'empty.json' }), parseEventName('BeforeModel'), scratch.path),
    ).rejects.toThrow('--request empty.json: "contents" is missing');
  });

  it('an --input that is not a JSON object is a usage error naming the option', async () => {
    await expect(
      buildFirePayload(context, options({ tool: 'ls', input: '[1]' }), parseEventName('BeforeTool'), scratch.path),
    ).rejects.toThrow('--input must be a JSON object ({...}), got an array');
  });
});
