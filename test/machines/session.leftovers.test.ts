/**
 * Through the session: what a hook leaves running in its process group (a
 * SessionStart hook starting a dev server) is not waited for and lives as long as its session —
 * `end()` kills it, and only it: another session's leftover lives on until that session ends; `clear()`
 * kills the cleared session's, not what SessionStart (clear) starts.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Config, createAgentSession, DebugLogger, type AgentSession } from '../../src/index.js';
import { FakeContentGenerator, textTurn } from '../helpers/modelFakeGenerator.js';
import { fixtureCommand, shellQuote } from '../helpers/hookFixtures.js';
import { isProcessAlive, processesAliveAfter, readPidFile } from '../helpers/processes.js';
import { SESSION_END_WAIT_MS, hookGroup, useSessionScratch } from '../helpers/sessionHooks.js';

const scratch = useSessionScratch();

/** A session whose SessionStart hook leaves `hang.js` running and writes its PID to `pidFile`. */
function sessionLeavingAChild(pidFile: string) {
  const config = new Config({
    enableHooks: true,
    hooks: { SessionStart: hookGroup(fixtureCommand('leave-child.sh', pidFile)) },
    logger: new DebugLogger('test', { level: 'error', sink: () => {} }),
    workingDir: scratch.directory,
  });
  return createAgentSession({
    config,
    generator: new FakeContentGenerator([textTurn('ready')]),
    tools: [],
    transcript: { directory: scratch.directory },
    sessionEndTimeoutMs: SESSION_END_WAIT_MS,
  });
}

/**
 * A session whose SessionStart hook leaves `hang.js` running each time it runs, writing the PIDs to
 * `child-0.pid` (startup), `child-1.pid` (after a clear), ... in `pidDirectory`.
 */
function sessionLeavingAChildPerStart(pidDirectory: string) {
  mkdirSync(pidDirectory);
  const count = `n=$(ls ${shellQuote(pidDirectory)} | grep -c 'pid$')`;
  const config = new Config({
    enableHooks: true,
    hooks: {
      SessionStart: hookGroup(`${count}; ${fixtureCommand('leave-child.sh')} ${shellQuote(pidDirectory)}/child-$n.pid`),
    },
    logger: new DebugLogger('test', { level: 'error', sink: () => {} }),
    workingDir: scratch.directory,
  });
  return createAgentSession({
    config,
    generator: new FakeContentGenerator([textTurn('ready')]),
    tools: [],
    transcript: { directory: scratch.directory },
    sessionEndTimeoutMs: SESSION_END_WAIT_MS,
  });
}

/**
 * Both sessions' hooks left a child running (its PID in the matching file) that was not waited for;
 * ending the first kills its child only, ending the second kills the other.
 */
async function expectEachEndKillsItsOwnLeftover(
  sessions: [AgentSession, AgentSession],
  pidFiles: [string, string],
): Promise<void> {
  const [firstChild, secondChild] = [await readPidFile(pidFiles[0]), await readPidFile(pidFiles[1])];
  expect(isProcessAlive(firstChild)).toBe(true);
  expect(isProcessAlive(secondChild)).toBe(true);

  await sessions[0].end();
  expect(await processesAliveAfter([firstChild], 5_000)).toEqual([]);
  expect(isProcessAlive(secondChild)).toBe(true);

  await sessions[1].end();
  expect(await processesAliveAfter([secondChild], 5_000)).toEqual([]);
}

describe.runIf(process.platform === 'linux')('leftover hook processes and the session', () => {
  it("clear() kills what the cleared session's hooks left running; what SessionStart (clear) starts lives on until end()", async () => {
    const pidDirectory = join(scratch.directory, 'pids');
    const session = sessionLeavingAChildPerStart(pidDirectory);
    expect((await session.prompt('hello')).status).toBe('completed');
    const startupChild = await readPidFile(join(pidDirectory, 'child-0.pid'));
    expect(isProcessAlive(startupChild)).toBe(true);

    await session.clear();
    expect(await processesAliveAfter([startupChild], 5_000)).toEqual([]);
    const clearChild = await readPidFile(join(pidDirectory, 'child-1.pid'));
    expect(isProcessAlive(clearChild)).toBe(true);

    await session.end();
    expect(await processesAliveAfter([clearChild], 5_000)).toEqual([]);
  });

  it("a SessionStart hook's background process outlives the hook, and dies when its session ends, not another's", async () => {
    const first = sessionLeavingAChild(join(scratch.directory, 'first.pid'));
    const second = sessionLeavingAChild(join(scratch.directory, 'second.pid'));
    expect((await first.prompt('hello')).status).toBe('completed');
    expect((await second.prompt('hello')).status).toBe('completed');
    await expectEachEndKillsItsOwnLeftover(
      [first, second],
      [join(scratch.directory, 'first.pid'), join(scratch.directory, 'second.pid')],
    );
  });

  it("two sessions on one Config: ending one kills what its own hooks left running, not what the other session's left", async () => {
    const pidDirectory = join(scratch.directory, 'pids');
    mkdirSync(pidDirectory);
    // The SessionStart hook names its PID file after the session_id it is told.
    const sessionIdOf = `python3 -c 'import json, sys; print(json.load(sys.stdin)["session_id"])'`;
    const command = `input=$(cat); id=$(printf '%s' "$input" | ${sessionIdOf}); printf '%s' "$input" | ${fixtureCommand('leave-child.sh')} ${shellQuote(pidDirectory)}/$id.pid`;
    const config = new Config({
      enableHooks: true,
      hooks: { SessionStart: hookGroup(command) },
      logger: new DebugLogger('test', { level: 'error', sink: () => {} }),
      workingDir: scratch.directory,
    });
    const start = (sessionId: string) =>
      createAgentSession({
        config,
        sessionId,
        generator: new FakeContentGenerator([textTurn('ready')]),
        tools: [],
        transcript: { directory: scratch.directory },
        sessionEndTimeoutMs: SESSION_END_WAIT_MS,
      });
    const first = start('first');
    const second = start('second');
    expect((await Promise.all([first.prompt('hello'), second.prompt('hello')])).map((result) => result.status)).toEqual(
      ['completed', 'completed'],
    );
    await expectEachEndKillsItsOwnLeftover(
      [first, second],
      [join(pidDirectory, 'first.pid'), join(pidDirectory, 'second.pid')],
    );
  });
});
