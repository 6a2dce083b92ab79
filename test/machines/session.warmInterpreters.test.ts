/**
 * Idle warm interpreters end with the session: a session whose SessionStart hook is a Node script
 * starts them (the hook itself runs cold); `end()` kills every idle one.
 */
import { describe, expect, it } from 'vitest';
import { Config, createAgentSession, DebugLogger } from '../../src/index.js';
import { sharedWarmInterpreterPool } from '../../src/hooks/actions/warm/warmStart.js';
import { FakeContentGenerator, textTurn } from '../helpers/modelFakeGenerator.js';
import { fixtureCommand } from '../helpers/hookFixtures.js';
import { processesAliveAfter } from '../helpers/processes.js';
import { SESSION_END_WAIT_MS, hookGroup, useSessionScratch } from '../helpers/sessionHooks.js';

const scratch = useSessionScratch();

describe.runIf(process.platform === 'linux')('warm interpreters and the session', () => {
  it('the first Node hook starts idle interpreters; session.end() kills them', async () => {
    const config = new Config({
      enableHooks: true,
      hooks: { SessionStart: hookGroup(fixtureCommand('add-context.js', 'warm')) },
      logger: new DebugLogger('test', { level: 'error', sink: () => {} }),
      workingDir: scratch.directory,
      warmInterpreters: 2,
    });
    const session = createAgentSession({
      config,
      generator: new FakeContentGenerator([textTurn('ready')]),
      tools: [],
      transcript: { directory: scratch.directory },
      sessionEndTimeoutMs: SESSION_END_WAIT_MS,
    });
    expect((await session.prompt('hello')).status).toBe('completed');
    const idle = sharedWarmInterpreterPool().idleProcessIds('node');
    expect(idle).toHaveLength(2);
    await session.end();
    expect(sharedWarmInterpreterPool().idleProcessIds()).toEqual([]);
    expect(await processesAliveAfter(idle, 5_000)).toEqual([]);
  });
});
