import { createServer } from 'node:net';
import { createWebSocketReceiver } from '@statelyai/inspect';
import { createInspectorServer } from '@statelyai/inspect/server';
import { describe, expect, it } from 'vitest';
import { Config, createToolScheduler, type Tool } from '../../src/index.js';
import { connectStatelyInspector } from '../../src/inspection/statelyBridge.js';
import { waitFor } from '../helpers/waiting.js';

/** A free TCP port on the loopback interface. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

describe('the live Stately bridge (optional @statelyai/inspect, loaded lazily)', () => {
  it("streams the scheduler's XState inspection events to the local inspector server, offline", async () => {
    const port = await freePort();
    const server = createInspectorServer({ port, autoOpen: false });
    const receiver = createWebSocketReceiver({ server: `ws://localhost:${port}` });
    const received: Array<{ type: string }> = [];
    const subscription = receiver.subscribe((event) => received.push(event as { type: string }));
    const inspector = await connectStatelyInspector({ url: `ws://localhost:${port}` });
    try {
      const tools: Tool[] = [
        {
          name: 'echo',
          execute: async (args) => ({ llmContent: String(args.text), returnDisplay: String(args.text) }),
        },
      ];
      const scheduler = createToolScheduler({
        config: new Config({ enableHooks: false }),
        tools,
        inspect: inspector.inspect,
      });
      const batch = await scheduler.schedule([{ callId: '1', name: 'echo', args: { text: 'hi' } }]);
      expect(batch.results[0]?.outcome).toBe('success');
      await waitFor(
        () => received.some((event) => event.type === '@xstate.snapshot'),
        'a snapshot event at the inspector',
        {
          timeoutMs: 10_000,
        },
      );
      const types = new Set(received.map((event) => event.type));
      expect(types).toContain('@xstate.actor');
      expect(types).toContain('@xstate.event');
      expect(types).toContain('@xstate.snapshot');
    } finally {
      subscription.unsubscribe?.();
      inspector.stop();
      server.stop();
    }
  });
});
