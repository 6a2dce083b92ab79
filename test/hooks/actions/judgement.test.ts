/**
 * The pieces prompt and agent hooks share: `$ARGUMENTS`, the strict reading of
 * `{ ok, reason }`, the output an answer stands for on each event, and the bounded wait.
 */
import { describe, expect, it } from 'vitest';
import { runWithDeadline } from '../../../src/hooks/actions/deadline.js';
import {
  judgedAnswerSchema,
  judgedHookLabel,
  judgedHookOutput,
  judgedPromptText,
  judgeInstruction,
  parseJudgedAnswer,
} from '../../../src/hooks/actions/judgement.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import type { HookInput } from '../../../src/hooks/protocol/inputs.js';

const input = {
  session_id: 's1',
  transcript_path: '',
  cwd: '/project',
  hook_event_name: 'BeforeTool',
  timestamp: '2026-01-01T00:00:00.000Z',
  tool_name: 'run_shell_command',
  tool_input: { command: "echo '$& $1' && rm -rf build" },
} as HookInput;

describe('judged prompt text', () => {
  it('the input JSON replaces every $ARGUMENTS, with $ patterns in the input kept literally', () => {
    const text = judgedPromptText('Is this safe? $ARGUMENTS (again: $ARGUMENTS)', input);
    const json = JSON.stringify(input, null, 2);
    expect(text).toBe(`Is this safe? ${json} (again: ${json})`);
    expect(text).toContain("echo '$& $1' && rm -rf build");
  });

  it('without $ARGUMENTS the input JSON is appended after a blank line', () => {
    expect(judgedPromptText('Is this command safe?', input)).toBe(
      `Is this command safe?\n\n${JSON.stringify(input, null, 2)}`,
    );
  });

  it('the instruction says what ok means on the event', () => {
    expect(judgeInstruction(HookEventName.AfterAgent)).toMatch(/ok: true when it may stop; ok: false.*must go on/);
    expect(judgeInstruction(HookEventName.BeforeTool)).toMatch(/ok: false, with the reason, to block it/);
    expect(judgeInstruction(HookEventName.AfterTool)).toMatch(/ok: true when the condition holds/);
  });

  it('the instruction says what a hook is, where the condition and the input are, and how to answer', () => {
    const lines = judgeInstruction(HookEventName.BeforeTool).split('\n');
    expect(lines[0]).toBe(
      "You are a hook: a check that runs at one point of an AI coding agent's lifecycle and decides what happens next.",
    );
    expect(lines[1]).toBe("The user message states the condition to check and holds the event's input as JSON.");
    expect(lines.at(-1)).toBe(
      'Reply with only a JSON object: {"ok": true} or {"ok": false, "reason": "..."}. No other text.',
    );
  });

  it('the response schema is an object with a boolean ok (required) and a string reason', () => {
    expect(judgedAnswerSchema).toEqual({
      type: 'OBJECT',
      properties: {
        ok: expect.objectContaining({ type: 'BOOLEAN' }),
        reason: expect.objectContaining({ type: 'STRING' }),
      },
      required: ['ok'],
      propertyOrdering: ['ok', 'reason'],
    });
  });
});

describe('parseJudgedAnswer', () => {
  it('reads {"ok": true} and {"ok": false, "reason"} (also inside one fenced block)', () => {
    expect(parseJudgedAnswer('{"ok": true}')).toEqual({ answer: { ok: true } });
    expect(parseJudgedAnswer(' {"ok": false, "reason": " rm -rf is destructive "}\n')).toEqual({
      answer: { ok: false, reason: 'rm -rf is destructive' },
    });
    expect(parseJudgedAnswer('```json\n{"ok": false, "reason": "tests fail"}\n```')).toEqual({
      answer: { ok: false, reason: 'tests fail' },
    });
    expect(parseJudgedAnswer('{"ok": true, "reason": null, "confidence": 0.9}')).toEqual({ answer: { ok: true } });
  });

  it('a fenced block may be plain or json-tagged, padded with blanks, closed on the last line; blank reasons are none', () => {
    const allow = { answer: { ok: true } };
    expect(parseJudgedAnswer('\n  ```json\n{"ok": true}\n```  \n')).toEqual(allow);
    expect(parseJudgedAnswer('```\n{"ok": true}\n```')).toEqual(allow);
    expect(parseJudgedAnswer('```JSON  \n{"ok": true}\n```')).toEqual(allow);
    expect(parseJudgedAnswer('```json\n{"ok": true}```')).toEqual(allow);
    expect(parseJudgedAnswer('```json\n\u00a0{"ok": true}\u00a0\n```')).toEqual(allow);
    expect(parseJudgedAnswer('{"ok": false, "reason": " \\t "}')).toEqual({ answer: { ok: false } });
  });

  it('text before or after the one fenced block makes it no answer', () => {
    expect(parseJudgedAnswer('Verdict: ```json\n{"ok": true}\n```').problem).toMatch(/not JSON/);
    expect(parseJudgedAnswer('```json\n{"ok": true}\n``` done').problem).toMatch(/not JSON/);
  });

  it.each([
    ['', /no text/],
    ['Sure, that looks safe!', /not JSON: "Sure, that looks safe!"/],
    ['[true]', /not a JSON object/],
    ['{"decision": "approve"}', /needs "ok": true or false, but it has no "ok"/],
    ['{"ok": "false"}', /"ok" is "false"/],
    ['{"ok": false, "reason": 42}', /"reason" must be a string, got 42/],
    ['Here you go: {"ok": true}', /not JSON/],
  ])('%j is not an answer', (text, problem) => {
    const reading = parseJudgedAnswer(text);
    expect(reading.answer).toBeUndefined();
    expect(reading.problem).toMatch(problem);
  });
});

describe('judgedHookOutput', () => {
  const label = judgedHookLabel({ type: 'prompt', prompt: 'Is this command safe? $ARGUMENTS' });

  it('ok false blocks BeforeTool, BeforeAgent and BeforeModel with the reason', () => {
    for (const eventName of [HookEventName.BeforeTool, HookEventName.BeforeAgent, HookEventName.BeforeModel]) {
      expect(judgedHookOutput({ ok: false, reason: 'destructive' }, eventName, label)).toEqual({
        decision: 'block',
        reason: 'destructive',
      });
    }
    expect(judgedHookOutput({ ok: false }, HookEventName.BeforeTool, label)).toEqual({
      decision: 'block',
      reason: 'Blocked by the prompt hook "Is this command safe? $ARGUMENTS".',
    });
  });

  it('ok false at AfterAgent is decision block + reason: the agent goes on', () => {
    expect(judgedHookOutput({ ok: false, reason: 'run the tests first' }, HookEventName.AfterAgent, label)).toEqual({
      decision: 'block',
      reason: 'run the tests first',
    });
    expect(judgedHookOutput({ ok: false }, HookEventName.AfterAgent, label).reason).toMatch(
      /judged that the work is not finished; go on/,
    );
  });

  it('ok true allows, keeping the reason when there is one', () => {
    expect(judgedHookOutput({ ok: true }, HookEventName.BeforeTool, label)).toEqual({ decision: 'allow' });
    expect(judgedHookOutput({ ok: true, reason: 'read-only' }, HookEventName.BeforeTool, label)).toEqual({
      decision: 'allow',
      reason: 'read-only',
    });
  });

  it('a judged hook is named by its name, else the head of its prompt', () => {
    expect(judgedHookLabel({ type: 'agent', prompt: 'x', name: 'tests-pass' })).toBe('agent hook "tests-pass"');
    expect(
      judgedHookLabel({
        type: 'prompt',
        prompt: 'Check   that\nevery test passes and that the build is green before stopping',
      }),
    ).toBe('prompt hook "Check that every test passes and that th…"');
    expect(judgedHookLabel({ type: 'prompt', prompt: '  Are all tasks done?  ', name: '   ' })).toBe(
      'prompt hook "Are all tasks done?"',
    );
    const forty = 'x'.repeat(40);
    expect(judgedHookLabel({ type: 'prompt', prompt: forty })).toBe(`prompt hook "${forty}"`);
  });
});

describe('runWithDeadline', () => {
  it('settles on the value, the rejection, the deadline (aborting the work) or the caller', async () => {
    await expect(runWithDeadline({ timeoutMs: 1_000, run: async () => 'answer' })).resolves.toEqual({
      kind: 'returned',
      value: 'answer',
    });
    const failure = new Error('model down');
    await expect(runWithDeadline({ timeoutMs: 1_000, run: () => Promise.reject(failure) })).resolves.toEqual({
      kind: 'threw',
      error: failure,
    });

    let workSignal: AbortSignal | undefined;
    const hanging = await runWithDeadline({
      timeoutMs: 20,
      run: (signal) => {
        workSignal = signal;
        return new Promise<never>(() => {});
      },
    });
    expect(hanging).toEqual({ kind: 'timeout' });
    expect(workSignal?.aborted).toBe(true);

    const caller = new AbortController();
    const cancelled = runWithDeadline({
      timeoutMs: 60_000,
      signal: caller.signal,
      run: () => new Promise<never>(() => {}),
    });
    caller.abort();
    await expect(cancelled).resolves.toEqual({ kind: 'cancelled' });
    await expect(runWithDeadline({ timeoutMs: 60_000, signal: caller.signal, run: async () => 1 })).resolves.toEqual({
      kind: 'cancelled',
    });
  });

  it('a synchronous throw of the work is a rejection, not an exception', async () => {
    const settlement = await runWithDeadline({
      timeoutMs: 1_000,
      run: () => {
        throw new Error('bad request');
      },
    });
    expect(settlement.kind).toBe('threw');
  });
});
