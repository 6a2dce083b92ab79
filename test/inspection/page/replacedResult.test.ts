// @vitest-environment happy-dom
/**
 * The report shows both sides of a replaced tool result: what the model read (the AfterTool hook's
 * replacement) and what the tool itself returned.
 */
import { describe, expect, it } from 'vitest';
import { renderCallDetails } from '../../../src/inspection/page/callDetails.js';
import { buildRunModel } from '../../../src/inspection/page/runModel.js';
import type { CallRecord } from '../../../src/inspection/records.js';

describe('report: a tool result an AfterTool hook replaced', () => {
  it('shows the result the model saw and the tool output the hook replaced', () => {
    const start: CallRecord = {
      type: 'hookrail.call',
      phase: 'start',
      time: 1,
      callId: 'c1',
      toolName: 'read_file',
      args: { file_path: '.env' },
    };
    const end: CallRecord = {
      type: 'hookrail.call',
      phase: 'end',
      time: 5,
      callId: 'c1',
      toolName: 'read_file',
      outcome: 'success',
      result: 'Tool result blocked: the output held an API key',
      originalResult: 'OPENAI_KEY=sk-live123abc',
    };
    const model = buildRunModel([start, end]);
    const call = model.calls.find((candidate) => candidate.callId === 'c1')!;
    expect(call.originalResult).toBe('OPENAI_KEY=sk-live123abc');
    const details = renderCallDetails({ doc: document, call, diagrams: {} });
    expect(details.element.querySelector('.result-text')?.textContent).toBe(
      'Tool result blocked: the output held an API key',
    );
    expect(details.element.querySelector('.original-result h4')?.textContent).toBe(
      'Tool output (replaced by an AfterTool hook)',
    );
    expect(details.element.querySelector('.original-result-text')?.textContent).toBe('OPENAI_KEY=sk-live123abc');
  });
});
