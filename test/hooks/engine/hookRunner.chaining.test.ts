/**
 * HookRunner: parallel and sequential execution and sequential chaining (hookChain.ts's
 * applyHookOutputToInput), with real hook processes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HookRunner } from '../../../src/hooks/engine/hookRunner.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import { beforeToolInput, fixtureHook, hookInput, scratchDirectory } from '../../helpers/hookFixtures.js';
import { recordingLogger } from '../../../src/testing.js';
import { assertNoHookProcessesAlive } from '../../helpers/processes.js';

let scratch: ReturnType<typeof scratchDirectory>;
let runner: HookRunner;
beforeEach(() => {
  scratch = scratchDirectory();
  runner = new HookRunner({ logger: recordingLogger().logger, killGraceMs: 200 });
});
afterEach(() => scratch.remove());
afterAll(() => assertNoHookProcessesAlive());

function captured(file: string): { input: Record<string, unknown> } {
  return JSON.parse(readFileSync(file, 'utf8'));
}

describe('parallel (default)', () => {
  it('HOOK-108: all hooks run at the same time and results come back in configuration order', async () => {
    const hooks = [
      fixtureHook('rendezvous.sh', [scratch.path, 'first', 'second'], { timeout: 30_000 }),
      fixtureHook('rendezvous.sh', [scratch.path, 'second', 'first'], { timeout: 30_000 }),
      fixtureHook('plain-text.sh'),
    ];
    const results = await runner.executeHooksParallel(hooks, HookEventName.AfterTool, beforeToolInput({}));
    // Each rendezvous hook only succeeds if the other one was running at the same time.
    expect(results.map((result) => result.success)).toEqual([true, true, true]);
    expect(results.map((result) => result.hookConfig)).toEqual(hooks);
    expect(results[0].output?.systemMessage).toBe('first met second');
    expect(results[1].output?.systemMessage).toBe('second met first');
  });

  it('HOOK-108: every hook gets the same, unchanged input', async () => {
    const input = beforeToolInput({ path: 'a.txt' });
    const out = join(scratch.path, 'seen.json');
    await runner.executeHooksParallel(
      [fixtureHook('modify-tool-input.js', ['path', 'b.txt']), fixtureHook('echo-stdin.js', [out])],
      HookEventName.BeforeTool,
      input,
    );
    expect(captured(out).input).toEqual(input);
  });
});

describe('sequential', () => {
  it('HOOK-103: hooks run one at a time, in array order', async () => {
    const names = ['one', 'two', 'three'];
    const results = await runner.executeHooksSequential(
      names.map((name) => fixtureHook('check-alone.sh', [scratch.path, name])),
      HookEventName.AfterTool,
      beforeToolInput({}),
    );
    expect(results.map((result) => result.success)).toEqual([true, true, true]);
    expect(readFileSync(join(scratch.path, 'order.log'), 'utf8')).toBe('one\ntwo\nthree\n');
  });

  it('HOOK-104, HOOK-106, HOOK-024, HOOK-216: BeforeTool tool_input is shallow-merged cumulatively along the chain', async () => {
    const out = join(scratch.path, 'last.json');
    const input = beforeToolInput({ path: 'a.txt', mode: 'w', options: { recursive: true, force: true } });
    const results = await runner.executeHooksSequential(
      [
        fixtureHook('modify-tool-input.js', ['path', 'b.txt']),
        fixtureHook('modify-tool-input.js', ['mode', 'a', 'updatedInput']),
        fixtureHook('echo-stdin.js', [out]),
      ],
      HookEventName.BeforeTool,
      input,
    );
    expect(results).toHaveLength(3);
    expect(captured(out).input['tool_input']).toEqual({
      path: 'b.txt',
      mode: 'a',
      options: { recursive: true, force: true },
    });
    // The caller's input is untouched.
    expect((input as unknown as { tool_input: unknown }).tool_input).toEqual({
      path: 'a.txt',
      mode: 'w',
      options: { recursive: true, force: true },
    });
  });

  it("HOOK-104, HOOK-211: BeforeAgent additionalContext is appended to the next hook's prompt", async () => {
    const out = join(scratch.path, 'last.json');
    await runner.executeHooksSequential(
      [
        fixtureHook('add-context.js', ['Project uses pnpm.']),
        fixtureHook('add-context.js', ['Tests live in test/.']),
        fixtureHook('echo-stdin.js', [out]),
      ],
      HookEventName.BeforeAgent,
      hookInput(HookEventName.BeforeAgent, { prompt: 'Fix the build' }),
    );
    expect(captured(out).input['prompt']).toBe('Fix the build\n\nProject uses pnpm.\n\nTests live in test/.');
  });

  it("HOOK-105, HOOK-211: BeforeModel llm_request is shallow-merged into the next hook's input", async () => {
    const out = join(scratch.path, 'last.json');
    const llmRequest = {
      model: 'gemini-2.5-flash',
      messages: [{ role: 'user', content: 'hi' }],
      config: { temperature: 1 },
    };
    await runner.executeHooksSequential(
      [
        fixtureHook('modify-llm-request.js', [JSON.stringify({ config: { maxOutputTokens: 10 } })]),
        fixtureHook('echo-stdin.js', [out]),
      ],
      HookEventName.BeforeModel,
      hookInput(HookEventName.BeforeModel, { llm_request: llmRequest }),
    );
    expect(captured(out).input['llm_request']).toEqual({ ...llmRequest, config: { maxOutputTokens: 10 } });
  });

  it('HOOK-104: a failed hook passes the input on unchanged', async () => {
    const out = join(scratch.path, 'last.json');
    const input = beforeToolInput({ path: 'a.txt' });
    const results = await runner.executeHooksSequential(
      [fixtureHook('crash.sh'), fixtureHook('echo-stdin.js', [out])],
      HookEventName.BeforeTool,
      input,
    );
    expect(results.map((result) => result.success)).toEqual([false, true]);
    expect(captured(out).input).toEqual(input);
  });

  it('HOOK-107: a block decision ends the chain; later hooks do not run', async () => {
    const out = join(scratch.path, 'never.json');
    for (const blocker of [
      fixtureHook('block-json.sh'),
      fixtureHook('exit-2-stderr.sh'),
      fixtureHook('exit-2-silent.sh'),
    ]) {
      const results = await runner.executeHooksSequential(
        [blocker, fixtureHook('echo-stdin.js', [out])],
        HookEventName.BeforeTool,
        beforeToolInput({}),
      );
      expect(results).toHaveLength(1);
    }
    expect(() => readFileSync(out)).toThrow();
  });

  it('HOOK-107: a BeforeTool permissionDecision "deny" ends the chain', async () => {
    const out = join(scratch.path, 'never.json');
    const results = await runner.executeHooksSequential(
      [
        fixtureHook('claude-code-guard.js'),
        fixtureHook('respond.sh', ['0', '{"hookSpecificOutput":{"permissionDecision":"deny"}}']),
        fixtureHook('echo-stdin.js', [out]),
      ],
      HookEventName.BeforeTool,
      beforeToolInput({ command: 'ls' }),
    );
    expect(results).toHaveLength(2);
    expect(results[0].output?.hookSpecificOutput?.['permissionDecision']).toBe('allow');
    expect(() => readFileSync(out)).toThrow();
  });
});
