/**
 * How the function, http, prompt and agent actions report a failure: one log record and a
 * failed result naming the hook, the event, the policy and the reason.
 */
import { describe, expect, it } from 'vitest';
import { actionFailer, describeThrown, failedActionResult } from '../../../src/hooks/actions/actionFailure.js';
import { HookExecutionError } from '../../../src/errors.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import type { HookConfig } from '../../../src/hooks/protocol/hookConfig.js';
import { recordsAt } from '../../helpers/hookFixtures.js';
import { recordingLogger } from '../../../src/testing.js';

const hookConfig: HookConfig = { type: 'http', url: 'http://127.0.0.1:9/hook', name: 'audit' };

describe('actionFailer', () => {
  it('a failure is a warning and a failed result whose error names the hook, event and reason', () => {
    const { logger, records } = recordingLogger();
    const fail = actionFailer({
      hookConfig,
      eventName: HookEventName.BeforeTool,
      startedAt: performance.now(),
      logger,
    });
    const before = performance.now();
    const result = fail('http-status', 'answered HTTP 500', { httpStatus: 500 });
    // The result's duration is the time since the run started.
    expect(result.duration).toBeGreaterThanOrEqual(0);
    expect(result.duration).toBeLessThanOrEqual(performance.now() - before + 1_000);
    expect(result.success).toBe(false);
    expect(result.httpStatus).toBe(500);
    expect(HookExecutionError.isInstance(result.error)).toBe(true);
    expect(result.error?.message).toBe(
      'Hook "audit (POST http://127.0.0.1:9/hook)" for BeforeTool failed (fail-open): answered HTTP 500',
    );
    expect(recordsAt(records, 'warn').map((record) => record.message)).toEqual([result.error?.message]);
  });

  it('a cancellation is logged as info, not as a warning, and keeps its cause', () => {
    const { logger, records } = recordingLogger();
    const cause = new Error('aborted');
    const result = actionFailer({
      hookConfig,
      eventName: HookEventName.AfterTool,
      startedAt: performance.now(),
      logger,
    })('cancelled', 'cancelled', undefined, cause);
    expect(recordsAt(records, 'warn')).toEqual([]);
    expect(recordsAt(records, 'info')).toHaveLength(1);
    expect(result.error?.cause).toBe(cause);
  });

  it('failedActionResult without a level logs a warning', () => {
    const { logger, records } = recordingLogger();
    const result = failedActionResult({
      hookConfig,
      eventName: HookEventName.BeforeTool,
      kind: 'connection',
      reason: 'connect ECONNREFUSED',
      startedAt: performance.now(),
      logger,
    });
    expect(result.success).toBe(false);
    expect(recordsAt(records, 'warn').map((record) => record.message)).toEqual([
      'Hook "audit (POST http://127.0.0.1:9/hook)" for BeforeTool failed (fail-open): connect ECONNREFUSED',
    ]);
  });

  it("the run's own fields (a prompt hook's model) are on every failure, a failure's own fields win", () => {
    const { logger } = recordingLogger();
    const fail = actionFailer({
      hookConfig,
      eventName: HookEventName.BeforeTool,
      startedAt: performance.now(),
      logger,
      fields: { model: 'judge', timedOut: false },
    });
    expect(fail('timeout', 'timed out', { timedOut: true })).toMatchObject({ model: 'judge', timedOut: true });
    expect(fail('model', 'failed')).toMatchObject({ model: 'judge', timedOut: false });
  });
});

describe('how a failure warning names the hook and what went wrong', () => {
  const messageFor = (config: HookConfig) => {
    const { logger } = recordingLogger();
    return actionFailer({ hookConfig: config, eventName: HookEventName.BeforeTool, startedAt: 0, logger })(
      'timeout',
      'timed out',
    ).error?.message;
  };

  it('each kind of hook as it was written: its name and what it runs, asks or calls', () => {
    const cases: Array<[HookConfig, string]> = [
      [{ type: 'function', name: 'guard', run: () => undefined }, 'guard (function)'],
      [{ type: 'http', url: 'http://127.0.0.1:9/h' }, 'POST http://127.0.0.1:9/h'],
      [{ type: 'http', url: 5 } as unknown as HookConfig, 'POST '],
      [{ type: 'prompt', prompt: 'Is this command safe? $ARGUMENTS' }, 'prompt: Is this command safe? $ARGUMENTS'],
      [{ type: 'agent', prompt: 'Check the tests', name: 'checker' }, 'checker (agent: Check the tests)'],
      [{ type: 'command', command: 'guard.sh' }, 'guard.sh'],
      [{ type: 'command', command: 'guard.sh', name: 'Guard' }, 'Guard (guard.sh)'],
      [{ type: 'command' } as unknown as HookConfig, '<command hook>'],
    ];
    for (const [config, described] of cases)
      expect(messageFor(config)).toBe(`Hook "${described}" for BeforeTool failed (fail-open): timed out`);
  });

  it("the failure names what the hook runs, as the error's command", () => {
    const { logger, records } = recordingLogger();
    const result = actionFailer({
      hookConfig: { type: 'function', name: 'guard', run: () => undefined },
      eventName: HookEventName.BeforeTool,
      startedAt: 0,
      logger,
    })('threw', 'threw boom');
    expect(result.error).toMatchObject({ command: 'function guard', eventName: 'BeforeTool', kind: 'threw' });
    expect(records.at(-1)?.data).toMatchObject({ hook: 'function guard', type: 'function', kind: 'threw' });
  });

  it('a thrown value is told by its class and message, or as the value it is', () => {
    class QuotaError extends Error {
      override name = 'QuotaError';
    }
    const circular: Record<string, unknown> = {};
    circular['self'] = circular;
    expect(
      [new Error('boom'), new QuotaError('over'), new TypeError('x'), 'text', 42, undefined, circular].map(
        describeThrown,
      ),
    ).toEqual([
      'boom',
      'QuotaError: over',
      'TypeError: x',
      'a non-error value "text"',
      'a non-error value 42',
      'a non-error value undefined',
      'a non-error value [object Object]',
    ]);
  });
});
