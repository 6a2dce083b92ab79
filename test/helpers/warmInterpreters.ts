/**
 * Running one hook both ways — cold, and on a warm interpreter of the host's pool — for the tests of
 * warm interpreters. `runWarm` proves the warm run took an idle process (its process is one the pool
 * held idle just before), running the hook once more when the pool was not started yet.
 */
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  runHookProcess,
  type HookProcessOptions,
  type HookProcessOutcome,
} from '../../src/hooks/actions/hookProcess.js';
import { findExecutable } from '../../src/hooks/actions/warm/interpreterCommand.js';
import { sharedWarmInterpreterPool } from '../../src/hooks/actions/warm/warmStart.js';

/**
 * `PATH` with the directory of a real `python3` first: a version manager's shim (pyenv's is a bash
 * script) always runs cold, and the tests need an interpreter that can run warm.
 */
export function pathWithRealPython(path: string | undefined = process.env.PATH): string {
  for (const directory of (path ?? '').split(':')) {
    const found = findExecutable({ name: 'python3', path: directory, cwd: '/' });
    if (found && !readFileSync(found).subarray(0, 2).equals(Buffer.from('#!'))) return `${dirname(found)}:${path}`;
  }
  return path ?? '';
}

/** The hook run cold: no warm interpreter. */
export function runCold(options: Omit<HookProcessOptions, 'warmInterpreters'>): Promise<HookProcessOutcome> {
  return runHookProcess({ ...options, warmInterpreters: 0 });
}

/** The hook run on a warm interpreter; throws when none took it (the pool's first run starts it cold). */
export async function runWarm(options: Omit<HookProcessOptions, 'warmInterpreters'>): Promise<HookProcessOutcome> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const idle = sharedWarmInterpreterPool().idleProcessIds();
    const outcome = await runHookProcess({ ...options, warmInterpreters: 2 });
    if (outcome.groupId !== undefined && idle.includes(outcome.groupId)) return outcome;
  }
  throw new Error(`no warm interpreter took the hook ${options.command}`);
}

/** The hook run with warm interpreters on, when it must run cold: throws if an idle process took it. */
export async function runExpectingCold(
  options: Omit<HookProcessOptions, 'warmInterpreters'>,
): Promise<HookProcessOutcome> {
  const idle = sharedWarmInterpreterPool().idleProcessIds();
  const outcome = await runHookProcess({ ...options, warmInterpreters: 2 });
  if (outcome.groupId !== undefined && idle.includes(outcome.groupId))
    throw new Error(`a warm interpreter took the hook ${options.command}`);
  return outcome;
}

/** What a hook's caller sees of its run, to compare cold and warm byte for byte. */
export function observable(
  outcome: HookProcessOutcome,
): Pick<HookProcessOutcome, 'exitCode' | 'signal' | 'timedOut' | 'forceKilled' | 'stdout' | 'stderr' | 'leftover'> {
  return {
    exitCode: outcome.exitCode,
    signal: outcome.signal,
    timedOut: outcome.timedOut,
    forceKilled: outcome.forceKilled,
    stdout: outcome.stdout,
    stderr: outcome.stderr,
    leftover: outcome.leftover,
  };
}
