/**
 * What a hook's printed text means (the exit-code rules, HOOK-066–070): its stdout on exit 0 — a JSON output object, a JSON string
 * holding one, or plain text — and plain text (stdout, or stderr on a failure) as an output by exit
 * code. Pure functions the runner applies to every finished process.
 */
import { isPlainObject } from '../../values.js';
import { DEFAULT_BLOCK_REASON, type HookOutput } from '../protocol/outputs.js';

/**
 * HOOK-064, 067a, 067b, 189, 209: plain text as an output. Exit 0 → `allow` with the text as
 * `systemMessage`; exit 2 → `deny` with the text (or {@link DEFAULT_BLOCK_REASON}) as reason; any
 * other code, or none (a signal) → `allow` with `systemMessage: "Warning: <text>"`.
 */
export function convertPlainTextToHookOutput(text: string, exitCode: number | null | undefined): HookOutput {
  const trimmed = text.trim();
  if (exitCode === 0) return trimmed === '' ? { decision: 'allow' } : { decision: 'allow', systemMessage: trimmed };
  if (exitCode === 2) return { decision: 'deny', reason: trimmed === '' ? DEFAULT_BLOCK_REASON : trimmed };
  return trimmed === '' ? { decision: 'allow' } : { decision: 'allow', systemMessage: `Warning: ${trimmed}` };
}

/**
 * HOOK-063, 065, 114, 193, 201, 212: a hook's stdout on exit 0. Empty → undefined (allow); a JSON
 * object → that object; a JSON string holding a JSON object → the inner object; anything else
 * (plain text, malformed JSON, noise before the JSON, a non-object value) → plain-text `allow`.
 */
export function parseHookStdout(stdout: string): HookOutput | undefined {
  const text = stdout.trim();
  if (text === '') return undefined;
  let parsed = tryParseJson(text);
  if (typeof parsed === 'string') parsed = tryParseJson(parsed);
  if (isPlainObject(parsed)) return parsed as HookOutput;
  return convertPlainTextToHookOutput(text, 0);
}

function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
