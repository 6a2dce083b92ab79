/**
 * Function hooks: registered on the Config or the
 * hook system, given the same input a command hook reads on stdin, answering with the same fields,
 * and going through the same planner, aggregator and machines. Bad behaviour — throwing, hanging
 * past the timeout, returning garbage — is a failure, never a crash.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HookConfigError, HookExecutionError } from '../../../src/errors.js';
import type { Config } from '../../../src/hooks/engine/config.js';
import { HookRunner } from '../../../src/hooks/engine/hookRunner.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import type { FunctionHookDefinition } from '../../../src/hooks/protocol/functionHooks.js';
import type { FunctionHookConfig } from '../../../src/hooks/protocol/hookConfig.js';
import type { BeforeToolInput } from '../../../src/hooks/protocol/inputs.js';
import { fireAfterToolHook, fireBeforeToolHook } from '../../../src/hooks/triggers/toolHookTriggers.js';
import { executeToolWithHooks } from '../../../src/hooks/triggers/executeToolWithHooks.js';
import { createToolScheduler } from '../../../src/machines/scheduler.js';
import { beforeToolInput, fixtureHook, recordsAt, scratchDirectory } from '../../helpers/hookFixtures.js';
import { recordingLogger } from '../../../src/testing.js';
import { assertNoHookProcessesAlive } from '../../helpers/processes.js';
import { recordingConfig } from '../../helpers/systemFixtures.js';

let scratch: ReturnType<typeof scratchDirectory>;
beforeEach(() => {
  scratch = scratchDirectory('hookrail-function-');
});
afterEach(() => scratch.remove());
afterAll(() => assertNoHookProcessesAlive());

function functionConfig(run: FunctionHookConfig['run'], extra: Partial<FunctionHookConfig> = {}): FunctionHookConfig {
  return { type: 'function', name: 'under-test', run, ...extra };
}

const toolResult = { llmContent: 'done', returnDisplay: 'done' };

describe('input and output', () => {
  it('run gets the very object a command hook reads on stdin for the same fire', async () => {
    const stdinFile = join(scratch.path, 'stdin.json');
    let seen: BeforeToolInput | undefined;
    const { config } = recordingConfig({
      workingDir: scratch.path,
      hooks: { BeforeTool: [{ hooks: [fixtureHook('echo-stdin.js', [stdinFile])] }] },
      functionHooks: [{ event: 'BeforeTool', name: 'capture', run: (input) => void (seen = input) }],
    });
    await fireBeforeToolHook(config, 'write_file', { file_path: 'a.txt', content: 'x', nested: { list: [1, 2] } });
    const stdin = JSON.parse(readFileSync(stdinFile, 'utf8')).input;
    expect(seen).toEqual(stdin);
    expect(seen?.tool_input).toEqual({ file_path: 'a.txt', content: 'x', nested: { list: [1, 2] } });
    expect(seen?.hook_event_name).toBe('BeforeTool');
  });

  it('returning nothing allows, with no output and no warning', async () => {
    const { config, records } = recordingConfig({
      workingDir: scratch.path,
      functionHooks: [{ event: 'BeforeTool', name: 'quiet', run: () => undefined }],
    });
    const details = await fireDetails(config, { file_path: 'a' });
    expect(details.results).toMatchObject([{ success: true }]);
    expect(details.results[0].output).toBeUndefined();
    expect(details.aggregated.finalOutput).toBeUndefined();
    expect(recordsAt(records, 'warn')).toEqual([]);
  });

  it('an async run answering deny blocks the tool, which never runs', async () => {
    let executed = false;
    const { config } = recordingConfig({
      workingDir: scratch.path,
      functionHooks: [
        {
          event: 'BeforeTool',
          matcher: 'write_file',
          name: 'no-env',
          run: async (input) =>
            String(input.tool_input['file_path']).endsWith('.env')
              ? { decision: 'deny', reason: '.env is off limits' }
              : undefined,
        },
      ],
    });
    const blocked = await executeToolWithHooks(
      config,
      'write_file',
      { file_path: 'prod.env' },
      async () => ((executed = true), toolResult),
    );
    expect(blocked.llmContent).toContain('.env is off limits');
    expect(executed).toBe(false);
    const allowed = await executeToolWithHooks(
      config,
      'write_file',
      { file_path: 'a.txt' },
      async () => ((executed = true), toolResult),
    );
    expect(allowed).toEqual(toolResult);
    expect(executed).toBe(true);
  });

  it('a rewritten tool_input is what the tool runs with; AfterTool additionalContext is appended', async () => {
    const { config } = recordingConfig({
      workingDir: scratch.path,
      functionHooks: [
        {
          event: 'BeforeTool',
          name: 'dry-run',
          run: (input) => ({
            hookSpecificOutput: { tool_input: { command: `${String(input.tool_input['command'])} --dry-run` } },
          }),
        },
        {
          event: 'AfterTool',
          name: 'note',
          run: () => ({ hookSpecificOutput: { additionalContext: 'checked by note' } }),
        },
      ],
    });
    let ranWith: Record<string, unknown> | undefined;
    const result = await executeToolWithHooks(
      config,
      'run_shell_command',
      { command: 'deploy' },
      async (input) => ((ranWith = input), toolResult),
    );
    expect(ranWith).toEqual({ command: 'deploy --dry-run' });
    expect(result.llmContent).toContain('checked by note');
  });

  it('each hook gets its own copy of the input: a hook that mutates it changes nothing for the others', async () => {
    const seen: unknown[] = [];
    const { config } = recordingConfig({
      workingDir: scratch.path,
      functionHooks: [
        {
          event: 'BeforeTool',
          name: 'vandal',
          priority: 1,
          run: (input) => void ((input.tool_input as Record<string, unknown>)['command'] = 'rm -rf /'),
        },
        { event: 'BeforeTool', name: 'reader', run: (input) => void seen.push(input.tool_input['command']) },
      ],
    });
    const toolInput = { command: 'ls' };
    await fireBeforeToolHook(config, 'run_shell_command', toolInput);
    expect(seen).toEqual(['ls']);
    expect(toolInput).toEqual({ command: 'ls' });
  });
});

describe('input built by assignment', () => {
  it('a payload field named __proto__ stays a plain field of the input, never its prototype', async () => {
    let seen: Record<string, unknown> | undefined;
    const { config } = recordingConfig({
      workingDir: scratch.path,
      functionHooks: [
        {
          event: 'BeforeAgent',
          name: 'capture',
          run: (input) => void (seen = input as unknown as Record<string, unknown>),
        },
      ],
    });
    const hookSystem = config.getHookSystem()!;
    await hookSystem.initialize();
    await hookSystem
      .getEventHandler()
      .fireEventWithDetails(HookEventName.BeforeAgent, JSON.parse('{"__proto__": {"polluted": true}, "prompt": "hi"}'));
    expect(seen?.['prompt']).toBe('hi');
    expect(Object.getPrototypeOf(seen)).toBe(Object.prototype);
    expect(seen?.['polluted']).toBeUndefined();
    expect(Object.keys(seen ?? {})).toContain('__proto__');
  });
});

describe('bad behaviour', () => {
  it('HOOK-023: a hook that throws is a failure naming the hook and the error; fail-open by default', async () => {
    const { config, records } = recordingConfig({
      workingDir: scratch.path,
      functionHooks: [
        {
          event: 'BeforeTool',
          name: 'broken',
          run: () => {
            throw new TypeError('cannot read properties of undefined');
          },
        },
      ],
    });
    const details = await fireDetails(config, {});
    const error = details.results[0].error;
    expect(kindOf(error)).toBe('threw');
    expect(error?.message).toBe(
      'Hook "broken (function)" for BeforeTool failed (fail-open): threw TypeError: cannot read properties of undefined',
    );
    expect(details.aggregated.finalOutput).toBeUndefined();
    expect(details.aggregated.success).toBe(false);
    expect(recordsAt(records, 'warn').map((record) => record.message)).toEqual([error?.message]);
  });

  it('a rejected promise and a thrown non-error are failures too', async () => {
    const runner = new HookRunner({ logger: recordingLogger().logger });
    const rejected = await runner.executeHook(
      functionConfig(async () => Promise.reject(new Error('service down'))),
      HookEventName.BeforeTool,
      beforeToolInput({}),
    );
    expect(rejected.error?.message).toContain('threw service down');
    const thrownString = await runner.executeHook(
      functionConfig(() => {
        throw 'plain string';
      }),
      HookEventName.BeforeTool,
      beforeToolInput({}),
    );
    expect(thrownString.error?.message).toContain('threw a non-error value "plain string"');
  });

  it('HOOK-117: a hook that hangs past its timeout is abandoned at the timeout and its signal aborts', async () => {
    let aborted: unknown;
    const runner = new HookRunner({ logger: recordingLogger().logger });
    const hanging = functionConfig(
      (_input: never, { signal }) =>
        new Promise(() => {
          signal.addEventListener('abort', () => (aborted = signal.reason));
        }),
      { timeout: 50 },
    );
    const result = await runner.executeHook(hanging, HookEventName.BeforeTool, beforeToolInput({}));
    expect(result.success).toBe(false);
    expect(result.timedOut).toBe(true);
    expect(result.error?.message).toContain('timed out after 50 ms');
    expect(aborted).toBeInstanceOf(Error);
  });

  it.each([
    ['a string', () => 'allow', 'returned a string "allow"'],
    ['a number', () => 2, 'returned a number (2)'],
    ['an array', () => [{ decision: 'deny' }], 'returned an array'],
    ['a boolean', async () => false, 'returned a boolean (false)'],
    [
      'a circular object',
      () => {
        const output: Record<string, unknown> = { decision: 'deny' };
        output['self'] = output;
        return output;
      },
      'not JSON-serialisable',
    ],
  ])('a hook returning %s is a failure (invalid output), never a decision', async (_label, run, fragment) => {
    const runner = new HookRunner({ logger: recordingLogger().logger });
    const result = await runner.executeHook(
      functionConfig(run as FunctionHookConfig['run']),
      HookEventName.BeforeTool,
      beforeToolInput({}),
    );
    expect(result.success).toBe(false);
    expect(kindOf(result.error)).toBe('invalid-output');
    expect(result.error?.message).toContain(fragment);
    expect(result.output).toBeUndefined();
  });

  it('cancelling the call stops waiting for the hook and aborts its signal', async () => {
    const controller = new AbortController();
    let signalled = false;
    const runner = new HookRunner({ logger: recordingLogger().logger });
    const pending = runner.executeHook(
      functionConfig(
        (_input: never, { signal }) => new Promise(() => signal.addEventListener('abort', () => (signalled = true))),
      ),
      HookEventName.BeforeTool,
      beforeToolInput({}),
      { signal: controller.signal },
    );
    controller.abort();
    const result = await pending;
    expect(kindOf(result.error)).toBe('cancelled');
    expect(signalled).toBe(true);
  });
});

describe('registration', () => {
  it('registerFunctionHook works before and after the first fire and returns an unregister function', async () => {
    const { config } = recordingConfig({ workingDir: scratch.path });
    const hookSystem = config.getHookSystem()!;
    const calls: string[] = [];
    const unregisterEarly = hookSystem.registerFunctionHook({
      event: 'AfterTool',
      name: 'early',
      run: () => void calls.push('early'),
    });
    await fireAfterToolHook(config, 'read_file', {}, {});
    const unregisterLate = hookSystem.registerFunctionHook({
      event: HookEventName.AfterTool,
      name: 'late',
      run: () => void calls.push('late'),
    });
    await fireAfterToolHook(config, 'read_file', {}, {});
    unregisterEarly();
    unregisterEarly();
    await fireAfterToolHook(config, 'read_file', {}, {});
    unregisterLate();
    await fireAfterToolHook(config, 'read_file', {}, {});
    expect(calls).toEqual(['early', 'early', 'late', 'late']);
    expect(hookSystem.getStatus().totalHooks).toBe(0);
  });

  it('a registered hook survives re-initialisation of the registry', async () => {
    const { config } = recordingConfig({ workingDir: scratch.path });
    const hookSystem = config.getHookSystem()!;
    hookSystem.registerFunctionHook({
      event: 'BeforeTool',
      name: 'kept',
      run: () => ({ decision: 'deny', reason: 'kept' }),
    });
    await hookSystem.initialize();
    await hookSystem.getRegistry().initialize();
    expect((await fireBeforeToolHook(config, 'x', {}))?.getEffectiveReason()).toBe('kept');
  });

  it('an invalid definition given to registerFunctionHook throws HookConfigError naming the path', () => {
    const { config } = recordingConfig({ workingDir: scratch.path });
    const hookSystem = config.getHookSystem()!;
    const register = (definition: unknown) => () =>
      hookSystem.registerFunctionHook(definition as FunctionHookDefinition);
    expect(register({ event: 'PreToolUse', name: 'x', run: () => undefined })).toThrow(HookConfigError);
    expect(register({ event: 'PreToolUse', name: 'x', run: () => undefined })).toThrow(
      'registerFunctionHook("x").event: unknown hook event "PreToolUse"',
    );
    expect(register({ event: 'BeforeTool', name: 'x', run: 'return 1' })).toThrow(
      'registerFunctionHook("x").run: expected a function',
    );
    expect(register({ event: 'BeforeTool', name: '', run: () => undefined })).toThrow(
      '.name: expected a non-empty string',
    );
    expect(register({ event: 'BeforeTool', name: 'x', if: 'Bash(', run: () => undefined })).toThrow(
      'registerFunctionHook("x").if: the argument glob',
    );
  });

  it('invalid Config.functionHooks entries are skipped with a warning naming functionHooks[i]', async () => {
    const { config, records } = recordingConfig({
      workingDir: scratch.path,
      functionHooks: [
        { event: 'BeforeTool', name: 'good', run: () => ({ decision: 'deny', reason: 'good ran' }) },
        { event: 'Nope', name: 'bad-event', run: () => undefined } as unknown as FunctionHookDefinition,
        {
          event: 'BeforeTool',
          name: 'typo',
          onfailure: 'block',
          run: () => undefined,
        } as unknown as FunctionHookDefinition,
      ],
    });
    expect((await fireBeforeToolHook(config, 'x', {}))?.getEffectiveReason()).toBe('good ran');
    expect(recordsAt(records, 'warn').map((record) => record.message)).toEqual([
      expect.stringMatching(/^functionHooks\[1\]\.event: unknown hook event "Nope"/),
      'functionHooks[2].onfailure: unknown field "onfailure"; ignored (did you mean "onFailure"?)',
    ]);
  });

  it('matcher and disabledHooks apply to function hooks as to command hooks', async () => {
    const calls: string[] = [];
    const { config } = recordingConfig({
      workingDir: scratch.path,
      disabledHooks: ['off'],
      functionHooks: [
        {
          event: 'BeforeTool',
          name: 'shell-only',
          matcher: '^run_shell_command$',
          run: () => void calls.push('shell-only'),
        },
        { event: 'BeforeTool', name: 'off', run: () => void calls.push('off') },
      ],
    });
    await fireBeforeToolHook(config, 'read_file', {});
    await fireBeforeToolHook(config, 'run_shell_command', {});
    expect(calls).toEqual(['shell-only']);
  });
});

describe('the machines', () => {
  it('the tool scheduler runs function hooks through the tool-call machine (blocked outcome, no tool run)', async () => {
    const executed: unknown[] = [];
    const { config } = recordingConfig({
      workingDir: scratch.path,
      functionHooks: [
        { event: 'BeforeTool', name: 'deny-all', run: () => ({ decision: 'deny', reason: 'denied in-process' }) },
      ],
    });
    const scheduler = createToolScheduler({
      config,
      tools: [
        { name: 'write_file', description: 'writes', execute: async (args) => (executed.push(args), toolResult) },
      ],
    });
    const batch = await scheduler.schedule([{ callId: 'c1', name: 'write_file', args: { file_path: 'a' } }]);
    expect(batch.results.map((result) => [result.outcome, result.result.llmContent])).toEqual([
      ['blocked', expect.stringContaining('denied in-process')],
    ]);
    expect(executed).toEqual([]);
  });
});

async function fireDetails(config: Config, toolInput: Record<string, unknown>) {
  const hookSystem = config.getHookSystem()!;
  await hookSystem.initialize();
  return hookSystem
    .getEventHandler()
    .fireEventWithDetails(HookEventName.BeforeTool, { tool_name: 'write_file', tool_input: toolInput });
}

function kindOf(error: Error | undefined): string | undefined {
  return error instanceof HookExecutionError ? error.kind : undefined;
}
