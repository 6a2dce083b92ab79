/**
 * What async hooks said waits for the next model request, at most MAX_PENDING_ASYNC_MESSAGES of it: past
 * the cap the oldest messages go (the model keeps hearing the latest state), with one warning.
 */
import type { Content } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { Config } from '../../../src/hooks/engine/config.js';
import { MAX_PENDING_ASYNC_MESSAGES } from '../../../src/hooks/engine/asyncHooks.js';
import { fireBeforeModelHook } from '../../../src/hooks/triggers/modelHookTriggers.js';
import { executeToolWithHooks } from '../../../src/hooks/triggers/executeToolWithHooks.js';
import { recordingLogger } from '../../../src/testing.js';

const request = { model: 'm', contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };

describe('the cap on waiting async hook messages', () => {
  it('keeps the newest 100 messages and drops the oldest, warning once', async () => {
    expect(MAX_PENDING_ASYNC_MESSAGES).toBe(100);
    const recorder = recordingLogger();
    let count = 0;
    const config = new Config({
      enableHooks: true,
      logger: recorder.logger,
      functionHooks: [
        {
          event: 'AfterTool',
          name: 'progress',
          async: true,
          run: () => {
            count += 1;
            return { hookSpecificOutput: { additionalContext: `note ${count}` } };
          },
        },
      ],
    });
    const calls = MAX_PENDING_ASYNC_MESSAGES + 5;
    for (let call = 0; call < calls; call += 1) {
      await executeToolWithHooks(config, 'write_file', { file_path: `f${call}.ts` }, async () => ({
        llmContent: 'ok',
        returnDisplay: 'ok',
      }));
      await config.getHookSystem()!.waitForAsyncHooks();
    }
    const result = await fireBeforeModelHook(config, request);
    const added = (result.modifiedRequest!.contents as Content[]).slice(request.contents.length);
    expect(added).toHaveLength(1);
    const lines = (added[0]?.parts ?? []).map((part) => part.text);
    expect(lines).toHaveLength(MAX_PENDING_ASYNC_MESSAGES);
    expect(lines[0]).toBe('[System] note 6');
    expect(lines.at(-1)).toBe(`[System] note ${calls}`);
    const warnings = recorder.records.filter(
      (record) => record.level === 'warn' && record.message.includes('the oldest are dropped'),
    );
    expect(warnings).toHaveLength(1);
  });
});
