/**
 * `onFailure: "block"` for every hook type
 * and every failure kind, with real processes and a real local server: the guarded action is
 * blocked with a reason naming the hook and the failure. The default stays fail-open (HOOK-023).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Config } from '../../../src/hooks/engine/config.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import { applyFailurePolicy } from '../../../src/hooks/protocol/failurePolicy.js';
import type { FunctionHookDefinition } from '../../../src/hooks/protocol/functionHooks.js';
import type { SettingsHookConfig } from '../../../src/hooks/protocol/hookConfig.js';
import { fireBeforeModelHook, fireBeforeToolSelectionHook } from '../../../src/hooks/triggers/modelHookTriggers.js';
import { fireAfterToolHook } from '../../../src/hooks/triggers/toolHookTriggers.js';
import { executeToolWithHooks } from '../../../src/hooks/triggers/executeToolWithHooks.js';
import { fixtureCommand, recordsAt, scratchDirectory } from '../../helpers/hookFixtures.js';
import { recordingLogger } from '../../../src/testing.js';
import { startHookServer, unusedLocalUrl, type HookServer } from '../../helpers/httpHookServer.js';
import { assertNoHookProcessesAlive } from '../../helpers/processes.js';
import { recordingConfig } from '../../helpers/systemFixtures.js';

let server: HookServer;
let downUrl: string;
const scratch = scratchDirectory('hookrail-fail-closed-');
beforeAll(async () => {
  server = await startHookServer();
  downUrl = await unusedLocalUrl();
});
afterAll(async () => {
  await server.close();
  scratch.remove();
  await assertNoHookProcessesAlive();
});

/** One way a hook fails, as a settings hook or a function hook, and what the reason must say. */
interface FailureCase {
  kind: string;
  hook: () => SettingsHookConfig | FunctionHookDefinition;
  says: string | RegExp;
}

const failures: FailureCase[] = [
  {
    kind: 'command cannot start',
    hook: () => ({ type: 'command', command: 'hookrail-missing-guard', args: ['--strict'], name: 'guard' }),
    says: /could not start/,
  },
  {
    kind: 'command not found in shell form (exit 127)',
    hook: () => ({ type: 'command', command: 'hookrail-missing-guard --strict', name: 'guard' }),
    says: 'exit code 127',
  },
  {
    kind: 'command times out',
    hook: () => ({ type: 'command', command: fixtureCommand('hang.js'), timeout: 150, name: 'guard' }),
    says: 'timed out after 150 ms',
  },
  {
    kind: 'command exits 1',
    hook: () => ({ type: 'command', command: fixtureCommand('crash.sh'), name: 'guard' }),
    says: /exit code 1; stderr: crash.sh: something broke/,
  },
  {
    kind: 'command killed by a signal',
    hook: () => ({ type: 'command', command: `exec ${fixtureCommand('signal-self.sh')}`, name: 'guard' }),
    says: 'killed by SIGTERM',
  },
  {
    kind: 'command cut by the output cap',
    hook: () => ({ type: 'command', command: fixtureCommand('flood-stdout.js', '17'), name: 'guard' }),
    says: /stdout exceeded 16777216 bytes/,
  },
  {
    kind: 'function throws',
    hook: () => ({
      event: 'BeforeTool',
      name: 'guard',
      run: () => {
        throw new Error('policy service unreachable');
      },
    }),
    says: 'threw policy service unreachable',
  },
  {
    kind: 'function returns garbage',
    hook: () => ({ event: 'BeforeTool', name: 'guard', run: (() => 'yes') as never }),
    says: 'returned a string "yes"',
  },
  {
    kind: 'function hangs past its timeout',
    hook: () => ({ event: 'BeforeTool', name: 'guard', timeout: 100, run: () => new Promise(() => {}) }),
    says: 'timed out after 100 ms',
  },
  { kind: 'http server down', hook: () => ({ type: 'http', url: downUrl, name: 'guard' }), says: 'ECONNREFUSED' },
  {
    kind: 'http 500',
    hook: () => ({ type: 'http', url: server.url('/error'), name: 'guard' }),
    says: 'answered HTTP 500',
  },
  {
    kind: 'http never answers',
    hook: () => ({ type: 'http', url: server.url('/hang'), timeout: 150, name: 'guard' }),
    says: 'timed out after 150 ms',
  },
  {
    kind: 'http invalid body',
    hook: () => ({ type: 'http', url: server.url('/text'), name: 'guard' }),
    says: 'not a JSON object',
  },
  {
    kind: 'http body over the cap',
    hook: () => ({ type: 'http', url: server.url('/flood'), name: 'guard' }),
    says: 'exceeded the cap of 4194304 bytes',
  },
];

/** A Config with `hook` on `event`, with `onFailure` set (or left to its default). */
function failingHookConfig(failure: FailureCase, event: HookEventName, onFailure?: 'block' | 'continue') {
  const hook = { ...failure.hook(), ...(onFailure ? { onFailure } : {}) };
  const isFunction = 'run' in hook;
  return recordingConfig({
    workingDir: scratch.path,
    ...(isFunction
      ? { functionHooks: [{ ...(hook as FunctionHookDefinition), event } as FunctionHookDefinition] }
      : { hooks: { [event]: [{ hooks: [hook as SettingsHookConfig] }] } }),
  });
}

const request = { model: 'm', contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };
const toolResult = { llmContent: 'the tool ran', returnDisplay: 'ran' };

describe('BeforeTool: every failure kind blocks the tool', () => {
  it.each(failures)(
    'onFailure "block" — $kind → the tool is blocked, the reason names the hook and the failure',
    async (failure) => {
      const { config } = failingHookConfig(failure, HookEventName.BeforeTool, 'block');
      let executed = false;
      const result = await executeToolWithHooks(
        config,
        'run_shell_command',
        { command: 'ls' },
        async () => ((executed = true), toolResult),
      );
      expect(executed).toBe(false);
      expect(result.error?.type).toBe('hook_blocked');
      expect(result.llmContent).toMatch(
        /Hook "guard[^"]*" for BeforeTool failed \(fail-closed, onFailure "block": BeforeTool is blocked\)/,
      );
      expect(result.llmContent).toMatch(failure.says);
    },
  );

  it.each(failures)(
    'HOOK-023: default onFailure — $kind → fail-open, the tool runs and a warning names the hook',
    async (failure) => {
      const { config, records } = failingHookConfig(failure, HookEventName.BeforeTool);
      let executed = false;
      const result = await executeToolWithHooks(
        config,
        'run_shell_command',
        { command: 'ls' },
        async () => ((executed = true), toolResult),
      );
      expect(executed).toBe(true);
      // HOOK-209: a failed command's stderr may ride along as a "[System] Warning: ..." line, never as a decision.
      expect(result.llmContent.startsWith(toolResult.llmContent)).toBe(true);
      expect(result.error).toBeUndefined();
      const warning = recordsAt(records, 'warn').find((record) => record.message.includes('"guard'));
      expect(warning?.message).toContain('(fail-open)');
      expect(warning?.message).toMatch(failure.says);
    },
  );
});

describe('the other guarded events', () => {
  const crash = failures.find((failure) => failure.kind === 'command exits 1')!;
  const throws = failures.find((failure) => failure.kind === 'function throws')!;
  const serverError = failures.find((failure) => failure.kind === 'http 500')!;

  it.each([crash, throws, serverError])(
    'BeforeModel — $kind with onFailure "block" blocks the model call',
    async (failure) => {
      const { config } = failingHookConfig(failure, HookEventName.BeforeModel, 'block');
      const result = await fireBeforeModelHook(config, request);
      expect(result.blocked).toBe(true);
      expect(result.reason).toMatch(/for BeforeModel failed \(fail-closed/);
      expect(result.reason).toMatch(failure.says);
      expect(result.syntheticResponse).toBeUndefined();
    },
  );

  it.each([crash, throws, serverError])(
    'BeforeToolSelection — $kind with onFailure "block" allows no tool',
    async (failure) => {
      const { config } = failingHookConfig(failure, HookEventName.BeforeToolSelection, 'block');
      const result = await fireBeforeToolSelectionHook(config, request);
      expect(result.toolConfig?.functionCallingConfig).toEqual({ mode: 'NONE', allowedFunctionNames: [] });
    },
  );

  it.each([crash, throws, serverError])(
    'BeforeAgent — $kind with onFailure "block" blocks the prompt',
    async (failure) => {
      const { config } = failingHookConfig(failure, HookEventName.BeforeAgent, 'block');
      const hookSystem = config.getHookSystem()!;
      await hookSystem.initialize();
      const aggregated = await hookSystem.getEventHandler().fireBeforeAgentEvent('delete everything');
      expect(aggregated.finalOutput?.isBlockingDecision()).toBe(true);
      expect(aggregated.finalOutput?.getEffectiveReason()).toMatch(failure.says);
    },
  );

  it('on an event without a guarded action (AfterTool) onFailure "block" changes nothing: the failure is ignored', async () => {
    const { config, records } = failingHookConfig(crash, HookEventName.AfterTool, 'block');
    expect(await fireAfterToolHook(config, 'run_shell_command', {}, { llmContent: 'x' })).toBeUndefined();
    const messages = recordsAt(records, 'warn').map((record) => record.message);
    expect(messages).toEqual([
      expect.stringContaining('onFailure "block" blocks BeforeTool, BeforeModel, BeforeToolSelection and BeforeAgent'),
      expect.stringMatching(/for AfterTool failed \(fail-open\): exit code 1/),
    ]);
  });
});

describe('what fail-closed does not change', () => {
  it('HOOK-066: an exit-2 block keeps its own reason (it is a decision, not a failure)', async () => {
    const { config } = failingHookConfig(
      {
        kind: 'exit 2',
        hook: () => ({ type: 'command', command: fixtureCommand('exit-2-stderr.sh', 'no deploys today') }),
        says: '',
      },
      HookEventName.BeforeTool,
      'block',
    );
    const result = await executeToolWithHooks(
      config,
      'run_shell_command',
      { command: 'deploy' },
      async () => toolResult,
    );
    expect(result.llmContent).toContain('no deploys today');
    expect(result.llmContent).not.toContain('fail-closed');
  });

  it('a cancelled call is not a hook failure: no block is made of it', () => {
    const cancelled = applyFailurePolicy({
      hookConfig: { type: 'command', command: 'x', onFailure: 'block' },
      eventName: HookEventName.BeforeTool,
      success: false,
      duration: 1,
      error: Object.assign(new Error('cancelled'), { kind: 'cancelled' }),
    });
    expect(cancelled.failedClosed).toBeUndefined();
    expect(cancelled.output).toBeUndefined();
  });

  it('a successful fail-closed hook that allows lets the tool run', async () => {
    const { config } = failingHookConfig(
      { kind: 'ok', hook: () => ({ type: 'http', url: server.url('/empty') }), says: '' },
      HookEventName.BeforeTool,
      'block',
    );
    expect(await executeToolWithHooks(config, 'run_shell_command', { command: 'ls' }, async () => toolResult)).toEqual(
      toolResult,
    );
  });

  it('a fail-closed failure in a sequential group ends the chain like a block', async () => {
    const ran: string[] = [];
    const config = new Config({
      enableHooks: true,
      logger: recordingLogger().logger,
      functionHooks: [
        {
          event: 'BeforeTool',
          name: 'first',
          priority: 2,
          sequential: true,
          onFailure: 'block',
          run: () => {
            ran.push('first');
            throw new Error('down');
          },
        },
        { event: 'BeforeTool', name: 'second', run: () => void ran.push('second') },
      ],
    });
    const result = await executeToolWithHooks(config, 'x', {}, async () => toolResult);
    expect(result.llmContent).toContain('threw down');
    expect(ran).toEqual(['first']);
  });
});
