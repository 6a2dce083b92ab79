/**
 * The live report server on 127.0.0.1: the page with the records so far and a feed URL, records
 * pushed as server-sent events while they arrive, a resume from Last-Event-ID, the end event, and
 * clear failures (unknown path, port in use).
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { graphToSvg } from '../../src/diagrams/visualizeSvg.js';
import { startLiveReportServer, type LiveReportServer } from '../../src/inspection/liveServer.js';
import { parseInspectionFile } from '../../src/inspection/report.js';
import type { InspectionLine } from '../../src/inspection/records.js';

const demo = parseInspectionFile(
  readFileSync(new URL('../fixtures/inspection/demo-run.jsonl', import.meta.url), 'utf8'),
  'demo-run.jsonl',
).records;
const servers: LiveReportServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function start(): Promise<LiveReportServer> {
  const server = await startLiveReportServer({
    title: 'live test',
    renderSvg: (graph) => graphToSvg(graph, { interactive: true }),
  });
  servers.push(server);
  return server;
}

/** Reads server-sent events until `done` says so, within 10 s. */
async function readEvents(
  url: string,
  headers: Record<string, string>,
  done: (events: Array<{ event: string; id?: string; data: string }>) => boolean,
) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 10_000);
  const response = await fetch(url, { headers, signal: controller.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: Array<{ event: string; id?: string; data: string }> = [];
  let buffer = '';
  try {
    while (!done(events)) {
      const chunk = await reader.read();
      if (chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields = Object.fromEntries(
          block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
        );
        if (fields['data'] !== undefined)
          events.push({ event: fields['event'] ?? 'message', id: fields['id'], data: fields['data'] });
      }
    }
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return events;
}

const records = (events: Array<{ event: string; data: string }>): InspectionLine[] =>
  events.filter((event) => event.event === 'message').flatMap((event) => JSON.parse(event.data) as InspectionLine[]);

describe('the live report server', () => {
  it('serves the page with the records so far on 127.0.0.1, then pushes each new record while the run goes', async () => {
    const server = await start();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    demo.slice(0, 10).forEach((record) => server.write(record));
    await new Promise((resolve) => setImmediate(resolve));
    const page = await (await fetch(server.url)).text();
    expect(page).toContain('<title>live test · hookrail report</title>');
    const from = /"eventsUrl":"\/events\?from=(\d+)"/.exec(page)?.[1];
    expect(Number(from)).toBeGreaterThan(0);
    const reading = readEvents(`${server.url}events?from=${from}`, {}, (events) =>
      events.some((event) => event.event === 'end'),
    );
    // Records written after the page was served arrive through the stream, then the end.
    setTimeout(() => {
      demo.slice(10).forEach((record) => server.write(record));
      server.finish();
    }, 50);
    const events = await reading;
    const pushed = records(events);
    expect(pushed.some((record) => record.type === 'hookrail.call' && record.outcome === 'blocked')).toBe(true);
    expect(pushed.every((record) => record.type !== '@xstate.event')).toBe(true);
    expect(events.at(-1)?.event).toBe('end');
  });

  it('a page reconnecting with Last-Event-ID gets only what it missed; unknown paths are 404', async () => {
    const server = await start();
    demo.forEach((record) => server.write(record));
    server.finish();
    const all = records(
      await readEvents(`${server.url}events`, {}, (events) => events.some((event) => event.event === 'end')),
    );
    const resumed = records(
      await readEvents(`${server.url}events`, { 'last-event-id': String(all.length - 3) }, (events) =>
        events.some((event) => event.event === 'end'),
      ),
    );
    expect(resumed).toEqual(all.slice(-3));
    expect((await fetch(`${server.url}nothing`)).status).toBe(404);
  });

  it('a port in use is a clear error', async () => {
    const server = await start();
    const port = Number(new URL(server.url).port);
    await expect(
      startLiveReportServer({ port, renderSvg: (graph) => graphToSvg(graph, { interactive: true }) }),
    ).rejects.toThrow(/EADDRINUSE/);
  });
});
