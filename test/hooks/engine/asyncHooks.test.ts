/**
 * Async hooks: they run in the background, never block or modify, their
 * systemMessage / additionalContext joins the next model request, and they are killed at their
 * timeout and at session end. Real processes and the agent loop with a fake model.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HookExecutionError } from '../../../src/errors.js';
import { fireBeforeModelHook } from '../../../src/hooks/triggers/modelHookTriggers.js';
import { fireBeforeToolHook } from '../../../src/hooks/triggers/toolHookTriggers.js';
import { executeToolWithHooks } from '../../../src/hooks/triggers/executeToolWithHooks.js';
import { runAgent } from '../../../src/machines/agent.js';
import { FakeContentGenerator, callsTurn, textTurn } from '../../helpers/modelFakeGenerator.js';
import { fixtureCommand, scratchDirectory } from '../../helpers/hookFixtures.js';
import { assertNoHookProcessesAlive } from '../../helpers/processes.js';
import { recordingConfig } from '../../helpers/systemFixtures.js';
import { waitForFile } from '../../helpers/waiting.js';

let scratch: ReturnType<typeof scratchDirectory>;
beforeEach(() => {
  scratch = scratchDirectory('hookrail-async-');
});
afterEach(() => scratch.remove());
afterAll(() => assertNoHookProcessesAlive());

const request = { model: 'm', contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };
const toolResult = { llmContent: 'ran', returnDisplay: 'ran' };

function kindOf(error: Error | undefined): string | undefined {
  return error instanceof HookExecutionError ? error.kind : undefined;
}

describe('async hooks never block or modify', () => {
  it('an async hook that answers deny and rewrites the input changes nothing about the call', async () => {
    const { config } = recordingConfig({
      workingDir: scratch.path,
      functionHooks: [
        {
          event: 'BeforeTool',
          name: 'background-audit',
          async: true,
          run: () => ({
            decision: 'deny',
            reason: 'too late to matter',
            continue: false,
            hookSpecificOutput: { tool_input: { command: 'rm -rf /' } },
          }),
        },
      ],
    });
    let ranWith: unknown;
    const result = await executeToolWithHooks(
      config,
      'run_shell_command',
      { command: 'ls' },
      async (input) => ((ranWith = input), toolResult),
    );
    expect(result).toEqual(toolResult);
    expect(ranWith).toEqual({ command: 'ls' });
  });

  it('the foreground does not wait for a running async hook process, and SessionEnd kills it', async () => {
    const marker = join(scratch.path, 'started');
    const { config } = recordingConfig({
      workingDir: scratch.path,
      hooks: {
        BeforeTool: [
          {
            hooks: [
              {
                type: 'command',
                command: fixtureCommand('types/touch-then-hang.sh', marker),
                async: true,
                timeout: 60_000,
              },
            ],
          },
        ],
      },
    });
    const output = await fireBeforeToolHook(config, 'run_shell_command', { command: 'ls' });
    expect(output).toBeUndefined();
    await waitForFile(marker);
    const hookSystem = config.getHookSystem()!;
    const settled = hookSystem.waitForAsyncHooks();
    await hookSystem.getEventHandler().fireSessionEndEvent('exit');
    const [result] = await settled;
    expect(kindOf(result.error)).toBe('cancelled');
    await assertNoHookProcessesAlive();
  });

  it('HOOK-117: an async hook is killed at its own timeout', async () => {
    const { config } = recordingConfig({
      workingDir: scratch.path,
      hooks: {
        AfterTool: [{ hooks: [{ type: 'command', command: fixtureCommand('hang.js'), async: true, timeout: 200 }] }],
      },
    });
    await executeToolWithHooks(config, 'read_file', {}, async () => toolResult);
    const [result] = await config.getHookSystem()!.waitForAsyncHooks();
    expect(result.timedOut).toBe(true);
    expect(result.error?.message).toContain('timed out after 200 ms');
  });

  it('cancelAsyncHooks kills every async hook still running and says how many', async () => {
    const markers = [join(scratch.path, 'a'), join(scratch.path, 'b')];
    const { config } = recordingConfig({
      workingDir: scratch.path,
      hooks: {
        BeforeTool: [
          {
            hooks: markers.map((marker) => ({
              type: 'command' as const,
              command: fixtureCommand('types/touch-then-hang.sh', marker),
              async: true,
            })),
          },
        ],
      },
    });
    await fireBeforeToolHook(config, 'x', {});
    for (const marker of markers) await waitForFile(marker);
    const hookSystem = config.getHookSystem()!;
    const settled = hookSystem.waitForAsyncHooks();
    expect(hookSystem.cancelAsyncHooks()).toBe(2);
    expect((await settled).map((result) => kindOf(result.error))).toEqual(['cancelled', 'cancelled']);
    expect(hookSystem.cancelAsyncHooks()).toBe(0);
  });

  it('an async hook with onFailure "block" that fails does not block (validation warns about it)', async () => {
    const { config } = recordingConfig({
      workingDir: scratch.path,
      functionHooks: [
        {
          event: 'BeforeTool',
          name: 'x',
          async: true,
          onFailure: 'block',
          run: () => {
            throw new Error('down');
          },
        },
      ],
    });
    expect(await executeToolWithHooks(config, 'x', {}, async () => toolResult)).toEqual(toolResult);
  });
});

describe('their messages join the next model request', () => {
  it('a real async process answering after the call finished: its systemMessage reaches the next request, once', async () => {
    const marker = join(scratch.path, 'go');
    const { config } = recordingConfig({
      workingDir: scratch.path,
      hooks: {
        AfterTool: [
          {
            hooks: [
              {
                type: 'command',
                command: fixtureCommand('types/late-message.sh', marker, 'lint found 2 warnings'),
                async: true,
              },
            ],
          },
        ],
      },
    });
    const result = await executeToolWithHooks(config, 'write_file', { file_path: 'a.ts' }, async () => toolResult);
    expect(result).toEqual(toolResult);
    writeFileSync(marker, '');
    await config.getHookSystem()!.waitForAsyncHooks();

    const first = await fireBeforeModelHook(config, request);
    expect(first.modifiedRequest?.contents).toEqual([
      ...request.contents,
      { role: 'user', parts: [{ text: '[System] lint found 2 warnings' }] },
    ]);
    const second = await fireBeforeModelHook(config, request);
    expect(second.modifiedRequest).toBeUndefined();
  });

  it('a blocked model call leaves the messages queued for the next call that goes ahead', async () => {
    let blocking = true;
    const { config } = recordingConfig({
      workingDir: scratch.path,
      functionHooks: [
        {
          event: 'AfterTool',
          name: 'notes',
          async: true,
          run: () => ({ hookSpecificOutput: { additionalContext: 'remember the changelog' } }),
        },
        {
          event: 'BeforeModel',
          name: 'gate',
          run: () => (blocking ? { decision: 'block', reason: 'not yet' } : undefined),
        },
      ],
    });
    await executeToolWithHooks(config, 'write_file', {}, async () => toolResult);
    await config.getHookSystem()!.waitForAsyncHooks();
    expect((await fireBeforeModelHook(config, request)).blocked).toBe(true);
    blocking = false;
    const allowed = await fireBeforeModelHook(config, request);
    expect(allowed.modifiedRequest?.contents).toEqual([
      ...request.contents,
      { role: 'user', parts: [{ text: '[System] remember the changelog' }] },
    ]);
  });

  it('in the agent loop, what an async tool hook said is in the model request after the tool result', async () => {
    const { config } = recordingConfig({
      workingDir: scratch.path,
      functionHooks: [
        {
          event: 'BeforeTool',
          name: 'audit',
          async: true,
          run: (input) => ({
            systemMessage: `audited ${String(input.tool_input['path'])}`,
            hookSpecificOutput: { additionalContext: 'audit log updated' },
          }),
        },
      ],
    });
    const generator = new FakeContentGenerator([
      callsTurn([{ name: 'read_file', args: { path: 'a.txt' }, id: 'call-1' }]),
      textTurn('done'),
    ]);
    const readFile = {
      name: 'read_file',
      async execute() {
        // The tool finishes only after the async hook did: the next request is then sure to follow it.
        await config.getHookSystem()!.waitForAsyncHooks();
        return { llmContent: 'hello', returnDisplay: 'hello' };
      },
    };
    const result = await runAgent('read a.txt', { config, generator, tools: [readFile] });
    expect(result.status).toBe('completed');
    expect(result.toolCalls.map((call) => call.outcome)).toEqual(['success']);
    expect(generator.requests).toHaveLength(2);
    expect(JSON.stringify(generator.requests[0].contents)).not.toContain('audited');
    expect(generator.requests[1].contents).toContainEqual({
      role: 'user',
      parts: [{ text: '[System] audited a.txt' }, { text: '[System] audit log updated' }],
    });
    expect(config.getHookSystem()!.takeAsyncHookMessages()).toEqual([]);
  });
});

describe('each session has its own async hooks', () => {
  const sessionA = { sessionId: 'session-a', transcriptPath: join('transcripts', 'a.jsonl') };
  const sessionB = { sessionId: 'session-b', transcriptPath: join('transcripts', 'b.jsonl') };

  it("a session's SessionEnd cancels its own running async hooks and leaves another session's running", async () => {
    const markerOf = (sessionId: string): string => join(scratch.path, `started-${sessionId}`);
    const hang = (sessionId: string) => ({
      type: 'command' as const,
      command: fixtureCommand('types/touch-then-hang.sh', markerOf(sessionId)),
      async: true,
      timeout: 60_000,
    });
    const { config } = recordingConfig({
      workingDir: scratch.path,
      hooks: {
        BeforeTool: [
          { matcher: 'tool_of_a', hooks: [hang('session-a')] },
          { matcher: 'tool_of_b', hooks: [hang('session-b')] },
        ],
      },
    });
    await fireBeforeToolHook(config, 'tool_of_a', {}, { session: sessionA });
    await fireBeforeToolHook(config, 'tool_of_b', {}, { session: sessionB });
    await waitForFile(markerOf('session-a'));
    await waitForFile(markerOf('session-b'));
    const hookSystem = config.getHookSystem()!;
    await hookSystem.getEventHandler().fireSessionEndEvent('exit', { session: sessionA });
    // Session A's hook was cancelled by its SessionEnd; session B's is still running until cancelled by name.
    expect(hookSystem.cancelAsyncHooks('session-a')).toBe(0);
    expect(hookSystem.cancelAsyncHooks('session-b')).toBe(1);
    const results = await hookSystem.waitForAsyncHooks();
    expect(results.map((result) => kindOf(result.error))).toEqual(['cancelled', 'cancelled']);
    await assertNoHookProcessesAlive();
  });

  it('messages wait for the model request of the session whose hook left them, in every order of the two sessions', async () => {
    for (const order of [
      [sessionA, sessionB],
      [sessionB, sessionA],
    ]) {
      const { config } = recordingConfig({
        workingDir: scratch.path,
        functionHooks: [
          {
            event: 'AfterTool',
            name: 'notes',
            async: true,
            run: (input) => ({ systemMessage: `note for ${input.session_id}` }),
          },
        ],
      });
      for (const session of order)
        await executeToolWithHooks(config, 'write_file', {}, async () => toolResult, { session });
      await config.getHookSystem()!.waitForAsyncHooks();
      for (const session of order) {
        const decision = await fireBeforeModelHook(config, request, { session });
        expect(decision.modifiedRequest?.contents).toEqual([
          ...request.contents,
          { role: 'user', parts: [{ text: `[System] note for ${session.sessionId}` }] },
        ]);
      }
      // Each queue was drained once; the Config's own session had none.
      expect(config.getHookSystem()!.takeAsyncHookMessages('session-a')).toEqual([]);
      expect(config.getHookSystem()!.takeAsyncHookMessages()).toEqual([]);
    }
  });
});
