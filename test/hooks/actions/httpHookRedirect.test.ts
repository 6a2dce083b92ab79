/**
 * An http hook's answer counts only with a 2xx status. A redirect is not followed (hooks answer where
 * they were configured) and is a failed hook: a deny in its body does not block, fail-open, and the
 * warning names the status; with `onFailure: "block"` the call is refused.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Config } from '../../../src/hooks/engine/config.js';
import { fireBeforeToolHook } from '../../../src/hooks/triggers/toolHookTriggers.js';
import { recordsAt } from '../../helpers/hookFixtures.js';
import { recordingLogger } from '../../../src/testing.js';
import { startHookServer, type HookServer } from '../../helpers/httpHookServer.js';

let server: HookServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const denyBody = JSON.stringify({ decision: 'deny', reason: 'denied from behind a redirect' });

describe('http hooks answering 3xx', () => {
  it.each([301, 302, 307, 308])(
    'HOOK-068, HOOK-110: a %i answer is a failed hook, not a decision: the call goes ahead and the warning names the status',
    async (status) => {
      server = await startHookServer({
        '/moved': { status, body: denyBody, headers: { 'content-type': 'application/json', location: '/deny' } },
      });
      const recorder = recordingLogger();
      const config = new Config({
        enableHooks: true,
        logger: recorder.logger,
        hooks: { BeforeTool: [{ hooks: [{ type: 'http', url: server.url('/moved') }] }] },
      });
      const output = await fireBeforeToolHook(config, 'run_shell_command', { command: 'ls' });
      expect(output?.isBlockingDecision() ?? false).toBe(false);
      expect(server.requests.map((request) => request.path)).toEqual(['/moved']);
      expect(
        recordsAt(recorder.records, 'warn')
          .map((record) => record.message)
          .join('\n'),
      ).toContain(`HTTP ${status}`);
    },
  );

  it('HOOK-110: with onFailure "block", a redirect answer refuses the call', async () => {
    server = await startHookServer({ '/moved': { status: 302, body: denyBody, headers: { location: '/deny' } } });
    const config = new Config({
      enableHooks: true,
      logger: recordingLogger().logger,
      hooks: { BeforeTool: [{ hooks: [{ type: 'http', url: server.url('/moved'), onFailure: 'block' }] }] },
    });
    const output = await fireBeforeToolHook(config, 'run_shell_command', { command: 'ls' });
    expect(output?.isBlockingDecision()).toBe(true);
    expect(output?.getEffectiveReason()).toContain('HTTP 302');
  });
});
