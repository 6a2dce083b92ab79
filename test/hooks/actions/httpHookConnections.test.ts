/**
 * http hooks keep their connection alive: several calls to one server share one TCP connection. Its
 * own file, so that the first http hook of the process — the one that makes the shared keep-alive
 * agent — is the one whose connections are counted.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HookRunner } from '../../../src/hooks/engine/hookRunner.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import { recordingLogger } from '../../../src/testing.js';
import { beforeToolInput } from '../../helpers/hookFixtures.js';
import { startHookServer, type HookServer } from '../../helpers/httpHookServer.js';

let server: HookServer;
beforeEach(async () => {
  server = await startHookServer();
});
afterEach(() => server.close());

describe('http hook connections', () => {
  it('are reused (keep-alive): several calls, one TCP connection', async () => {
    const runner = new HookRunner({ logger: recordingLogger().logger });
    for (let call = 0; call < 4; call += 1) {
      const result = await runner.executeHook(
        { type: 'http', url: server.url('/deny') },
        HookEventName.BeforeTool,
        beforeToolInput({}),
      );
      expect(result.success).toBe(true);
      expect(result.output).toEqual({ decision: 'deny', reason: 'denied by the http hook' });
    }
    expect(server.requests).toHaveLength(4);
    expect(server.connections).toBe(1);
  });
});
