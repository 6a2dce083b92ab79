/**
 * What a hook's printed text means (the exit-code rules, HOOK-066–070): plain text by exit code, and stdout on exit 0 as JSON,
 * double-encoded JSON or plain text.
 */
import { describe, expect, it } from 'vitest';
import { convertPlainTextToHookOutput, parseHookStdout } from '../../../src/hooks/engine/hookOutputText.js';
import { DEFAULT_BLOCK_REASON } from '../../../src/hooks/protocol/outputs.js';

describe("a hook's printed text", () => {
  it('HOOK-064, HOOK-067a, HOOK-067b, HOOK-189, HOOK-209: convertPlainTextToHookOutput maps each exit code', () => {
    expect(convertPlainTextToHookOutput('note', 0)).toEqual({ decision: 'allow', systemMessage: 'note' });
    expect(convertPlainTextToHookOutput('  no  \n', 2)).toEqual({ decision: 'deny', reason: 'no' });
    expect(convertPlainTextToHookOutput('', 2)).toEqual({ decision: 'deny', reason: DEFAULT_BLOCK_REASON });
    expect(convertPlainTextToHookOutput('bad', 1)).toEqual({ decision: 'allow', systemMessage: 'Warning: bad' });
    expect(convertPlainTextToHookOutput('bad', null)).toEqual({ decision: 'allow', systemMessage: 'Warning: bad' });
    expect(convertPlainTextToHookOutput('', 1)).toEqual({ decision: 'allow' });
  });

  it('HOOK-063, HOOK-065, HOOK-193, HOOK-212: parseHookStdout tries JSON, then double-encoded JSON, then plain text', () => {
    expect(parseHookStdout('')).toBeUndefined();
    expect(parseHookStdout(' \n ')).toBeUndefined();
    expect(parseHookStdout('{"continue":false,"stopReason":"done"}\n')).toEqual({
      continue: false,
      stopReason: 'done',
    });
    expect(parseHookStdout(JSON.stringify(JSON.stringify({ decision: 'deny' })))).toEqual({ decision: 'deny' });
    expect(parseHookStdout('"just a string"')).toEqual({ decision: 'allow', systemMessage: '"just a string"' });
    expect(parseHookStdout('[1,2]')).toEqual({ decision: 'allow', systemMessage: '[1,2]' });
    expect(parseHookStdout('42')).toEqual({ decision: 'allow', systemMessage: '42' });
    expect(parseHookStdout('noise\n{"decision":"block"}')).toEqual({
      decision: 'allow',
      systemMessage: 'noise\n{"decision":"block"}',
    });
  });
});
