/**
 * The transcript `hookrail hooks fire` gives its hooks as `transcript_path` (HOOK-144, HOOK-161: the
 * base field comes from `Config.getTranscriptPath()`). A fire has no session, yet published Claude Code
 * hooks open `transcript_path` unguarded to read the recent messages: with `--transcript FILE` they
 * read that file; without it, a JSON Lines file in a private temporary directory, removed after the
 * fire, so such a hook reads zero lines instead of failing on `''`. The file is empty unless the fire
 * is AfterAgent (Claude Code's Stop) with a prompt or answer in its payload: then it holds that turn,
 * as a session's transcript would when the hook runs, so a Stop hook that takes the last answer from
 * the transcript judges the `--payload` one.
 */
import { rmSync } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Content } from '@google/genai';
import { TranscriptWriter } from '../adapters/transcript.js';
import { HookEventName } from '../hooks/protocol/events.js';
import { CliError, CliUsageError } from './errors.js';

/** The transcript of one fire; `dispose()` removes it when the fire made it (never a `--transcript` file). */
export interface FireTranscript {
  /** Absolute path, given to the hooks as `transcript_path`. */
  path: string;
  dispose(): Promise<void>;
}

/** Options for {@link openFireTranscript}. */
export interface OpenFireTranscriptOptions {
  /** `--transcript` as given, if it was. */
  given?: string;
  /** The directory a relative `--transcript` is read from: the shell's working directory. */
  invocationDir: string;
  /** Names the command in usage errors. */
  commandName: string;
  /** The fire's own conversation, written to a transcript made for the fire (see {@link fireConversation}). */
  conversation: readonly Content[];
  /** The fire's session id and project directory, stamped on each entry as a session would. */
  sessionId: string;
  cwd: string;
}

/**
 * HOOK-144, HOOK-161: `--transcript FILE`, which must be an existing file (a {@link CliError} naming it
 * otherwise), or a fresh `transcript.jsonl` holding `conversation` in a new directory only this user can read.
 */
export async function openFireTranscript(options: OpenFireTranscriptOptions): Promise<FireTranscript> {
  const { given } = options;
  if (given !== undefined) {
    if (given.trim() === '')
      throw new CliUsageError('--transcript needs a file: a JSON Lines transcript, e.g. one hookrail run wrote', {
        commandName: options.commandName,
      });
    const path = resolve(options.invocationDir, given);
    const stats = await stat(path).catch(() => undefined);
    if (!stats) throw new CliError(`--transcript ${given}: file not found (${path})`);
    if (!stats.isFile()) throw new CliError(`--transcript ${given}: not a file (${path})`);
    return { path, dispose: async () => undefined };
  }
  // mkdtemp makes the directory with mode 0700: no other user can read or swap the file.
  const directory = await mkdtemp(join(tmpdir(), 'hookrail-fire-'));
  const path = join(directory, 'transcript.jsonl');
  // A second Ctrl-C exits at once (main.ts), past every `finally`: remove the directory on the way out too.
  const removeOnExit = (): void => {
    try {
      rmSync(directory, { recursive: true, force: true });
    } catch {
      // Exiting anyway; the directory is in the temp dir, private to this user.
    }
  };
  process.once('exit', removeOnExit);
  const dispose = async (): Promise<void> => {
    process.removeListener('exit', removeOnExit);
    await rm(directory, { recursive: true, force: true });
  };
  try {
    await writeFile(path, '', { mode: 0o600 });
    if (options.conversation.length > 0)
      new TranscriptWriter({ path, sessionId: options.sessionId, cwd: options.cwd }).sync(options.conversation);
  } catch (error) {
    await dispose();
    throw error;
  }
  return { path, dispose };
}

/**
 * What a session's transcript holds when the event fires: for AfterAgent (Claude Code's Stop), the
 * turn its payload describes — the user's `prompt` and the agent's `prompt_response` (Claude's
 * `last_assistant_message`), each when not empty; for every other event, nothing.
 */
export function fireConversation(eventName: HookEventName, payload: Record<string, unknown>): Content[] {
  if (eventName !== HookEventName.AfterAgent) return [];
  const conversation: Content[] = [];
  const prompt = payload['prompt'];
  const response = payload['prompt_response'];
  if (typeof prompt === 'string' && prompt !== '') conversation.push({ role: 'user', parts: [{ text: prompt }] });
  if (typeof response === 'string' && response !== '')
    conversation.push({ role: 'model', parts: [{ text: response }] });
  return conversation;
}
