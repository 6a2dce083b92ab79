import { describe, expect, it } from 'vitest';
import { runToolCall } from '../../src/machines/toolCall.machine.js';
import { machineConfig, recordingTool } from '../helpers/machineScenario.js';

describe('smoke', () => {
  it('runs', async () => {
    const { config, records } = machineConfig();
    const tool = recordingTool();
    for (const before of ['none', 'block', 'stop', 'modify', 'fail', 'exit2']) {
      const states: unknown[] = [];
      const outcome = await runToolCall({ config, tool, request: { callId: '1', name: 'write_file', args: { path: 'a', scenario: { before, after: 'context' } } }, inspect: (e) => { if (e.type === '@xstate.snapshot') states.push((e.snapshot as any).value); } });
      console.log(before, states.join('>'), JSON.stringify(outcome));
    }
    console.log(records.map((r) => r.message));
    expect(1).toBe(1);
  });
});
