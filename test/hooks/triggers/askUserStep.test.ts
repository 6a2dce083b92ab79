/**
 * The ask step alone (unit tests of one module; the real-process paths are in
 * test/machines/toolCall.ask.test.ts): how answers and failures become proceed or blocked, HOOK-182
 * without a callback, a cancelled ask, and the bound's configuration.
 */
import { describe, expect, it } from 'vitest';
import { AskUserError, Config, DebugLogger, DEFAULT_ASK_USER_TIMEOUT_MS } from '../../../src/index.js';
import { BeforeToolHookOutput } from '../../../src/engine.js';
import { askUserFailure, decideAskAnswer, failedAnswer, runAskStep } from '../../../src/hooks/triggers/askUserStep.js';
import type { AskDecision } from '../../../src/hooks/protocol/beforeToolDecision.js';
import { recordingLogger } from '../../../src/testing.js';

const decision: AskDecision = {
  kind: 'ask',
  reason: 'sure?',
  hookNames: ['guard'],
  args: { path: 'b.txt' },
  modified: true,
  output: new BeforeToolHookOutput({ decision: 'ask', reason: 'sure?' }),
};

describe('ask step', () => {
  it('allow proceeds with the asked-about (rewritten) arguments; deny blocks with ask_denied and the reason', () => {
    expect(
      decideAskAnswer({ toolName: 'write_file', decision, answer: { decision: 'allow', answeredBy: 'onAskUser' } }),
    ).toEqual({
      kind: 'proceed',
      args: { path: 'b.txt' },
      modified: true,
      output: decision.output,
      asked: { reason: 'sure?', hookNames: ['guard'], decision: 'allow', answeredBy: 'onAskUser' },
    });
    const denied = decideAskAnswer({
      toolName: 'write_file',
      decision,
      answer: { decision: 'deny', decisionReason: 'nope', answeredBy: 'onAskUser' },
    });
    expect(denied).toMatchObject({ kind: 'blocked', asked: { decision: 'deny', decisionReason: 'nope' } });
    expect(denied.kind === 'blocked' && denied.result).toEqual({
      llmContent: 'Permission to run write_file was denied: nope',
      returnDisplay: 'Permission to run write_file was denied: nope',
      error: { message: 'nope', type: 'ask_denied' },
    });
  });

  it('HOOK-182: without onAskUser the step allows at once, answered by the default', async () => {
    const result = await runAskStep({ config: new Config(), toolName: 'write_file', decision });
    expect(result).toMatchObject({ kind: 'proceed', asked: { decision: 'allow', answeredBy: 'default' } });
  });

  it('an ask whose call is already cancelled never reaches the callback and denies as cancelled', async () => {
    const asked: string[] = [];
    const config = new Config({ onAskUser: (request) => (asked.push(request.toolName), 'allow') });
    const controller = new AbortController();
    controller.abort();
    const result = await runAskStep({ config, toolName: 'write_file', decision, signal: controller.signal });
    expect(result).toMatchObject({
      kind: 'blocked',
      asked: { decision: 'deny', answeredBy: 'cancelled', decisionReason: 'the call was cancelled while asking' },
    });
    expect(asked).toEqual([]);
  });

  it('the request carries the tool, the arguments, the reason, the first asking hook, the call id and a live signal', async () => {
    let seen: unknown;
    const config = new Config({
      onAskUser: (request) => {
        seen = { ...request, signalAborted: request.signal.aborted };
        return { decision: 'allow' };
      },
    });
    await runAskStep({ config, toolName: 'write_file', decision, callId: 'c7' });
    expect(seen).toMatchObject({
      toolName: 'write_file',
      toolInput: { path: 'b.txt' },
      reason: 'sure?',
      hookName: 'guard',
      callId: 'c7',
      signalAborted: false,
    });
  });

  it('failures are AskUserErrors whose message is the deny reason', () => {
    const threw = askUserFailure({ kind: 'threw', toolName: 't', error: new Error('boom') });
    expect(AskUserError.isInstance(threw)).toBe(true);
    expect(threw).toMatchObject({
      kind: 'threw',
      toolName: 't',
      message: 'onAskUser failed, so the call is denied: it threw: boom',
    });
    expect(askUserFailure({ kind: 'timeout', toolName: 't', timeout: 5 }).message).toBe(
      'onAskUser failed, so the call is denied: no answer within 5 ms',
    );
    expect(askUserFailure({ kind: 'invalid-answer', toolName: 't', answer: undefined }).message).toContain(
      'it answered undefined',
    );
    expect(failedAnswer(threw)).toEqual({ decision: 'deny', decisionReason: threw.message, answeredBy: 'failure' });
  });

  it('an answer with a reason that is not a string is invalid', async () => {
    const config = new Config({
      onAskUser: () => ({ decision: 'allow', reason: 42 }) as never,
      logger: new DebugLogger('t', { sink: () => {} }),
    });
    const result = await runAskStep({ config, toolName: 'write_file', decision });
    expect(result).toMatchObject({ kind: 'blocked', asked: { answeredBy: 'failure' } });
  });

  it('Config: askUserTimeout defaults to 5 minutes; a value that is not a positive number is replaced by it, with a warning naming it', () => {
    expect(new Config().getAskUserTimeout()).toBe(DEFAULT_ASK_USER_TIMEOUT_MS);
    expect(new Config({ askUserTimeout: 1500 }).getAskUserTimeout()).toBe(1500);
    const { logger, records } = recordingLogger({ level: 'warn' });
    expect(new Config({ askUserTimeout: -1, logger }).getAskUserTimeout()).toBe(DEFAULT_ASK_USER_TIMEOUT_MS);
    expect(records.map((record) => record.message)).toEqual([
      `Config askUserTimeout must be a positive number of milliseconds, got -1; using ${DEFAULT_ASK_USER_TIMEOUT_MS}`,
    ]);
  });
});
