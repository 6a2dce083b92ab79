/**
 * The native dialect: hookrail's own files and `Config.hooks`, with Gemini CLI's event and tool
 * names. Hooks get hookrail's input as it is (HOOK-015, 026, 062) and their answers are read by the
 * EARS rules the runner already applies.
 */
import { withoutOutputReplacement } from '../protocol/toolResultReplacement.js';
import type { DialectSpeaker } from './speaker.js';

/** Speaks to native hooks: the input unchanged, the answer unchanged but for an output replacement (HOOK-178). */
export const nativeSpeaker: DialectSpeaker = {
  dialect: 'native',
  toHookInput: (eventName, input) => ({ eventName, payload: input }),
  environment: () => ({}),
  readAnswer: withoutOutputReplacement,
};
