/**
 * `hookrail run --inspect-serve`: the report page served on 127.0.0.1 while the run goes. `/` is
 * the page with the records so far; `/events` is a server-sent-event stream of the records after
 * those (each message a JSON array, its `id` the number of records sent, so a reconnecting page
 * resumes where it stopped), and an `end` event once the run is over. Only the loopback interface
 * is listened on; nothing is fetched from anywhere.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RecordSink } from './recorder.js';
import type { InspectionLine, MachineGraph } from './records.js';
import { buildReportData, isReportRecord, renderReportHtml } from './report.js';

/** What {@link startLiveReportServer} needs. */
export interface LiveReportServerOptions {
  /** TCP port on 127.0.0.1; 0 (default) lets the system choose. */
  port?: number;
  /** Graphs of the machines the records' header may lack. */
  machines?: Record<string, MachineGraph>;
  /** Draws a graph as marked SVG (src/diagrams' `graphToSvg(graph, { interactive: true })`). */
  renderSvg: (graph: MachineGraph) => string;
  title?: string;
  /** Directory of the compiled page modules (default dist/inspection/page). */
  pageDirectory?: string;
}

/** A running live report: a record sink that also serves the page. */
export interface LiveReportServer extends RecordSink {
  /** `http://127.0.0.1:<port>/`. */
  readonly url: string;
  /** Says the run is over: every open page gets the `end` event; later pages get it after the records. */
  finish(): void;
  close(): Promise<void>;
}

/** Starts listening; resolves once the port is bound (rejects with the listen error, e.g. the port in use). */
export async function startLiveReportServer(options: LiveReportServerOptions): Promise<LiveReportServer> {
  const records: InspectionLine[] = [];
  const clients = new Set<LiveClient>();
  let finished = false;
  let flushScheduled = false;

  const send = (client: LiveClient): void => {
    if (client.sent < records.length) {
      client.response.write(`id: ${records.length}\ndata: ${JSON.stringify(records.slice(client.sent))}\n\n`);
      client.sent = records.length;
    }
    if (finished && !client.ended) {
      client.ended = true;
      client.response.write('event: end\ndata: {}\n\n');
    }
  };
  const flush = (): void => {
    flushScheduled = false;
    for (const client of clients) send(client);
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method !== 'GET') return reply(response, 405, 'text/plain', 'only GET\n');
    if (url.pathname === '/') {
      const count = records.length;
      const data = buildReportData({
        records: records.slice(0, count),
        machines: options.machines,
        renderSvg: options.renderSvg,
        title: options.title,
        live: { eventsUrl: `/events?from=${count}` },
      });
      return reply(
        response,
        200,
        'text/html; charset=utf-8',
        renderReportHtml(data, { pageDirectory: options.pageDirectory }),
      );
    }
    if (url.pathname === '/events') return openStream(request, response, url);
    return reply(response, 404, 'text/plain', `not found: ${url.pathname}\n`);
  });

  const openStream = (request: IncomingMessage, response: ServerResponse, url: URL): void => {
    const resumeFrom = Number(request.headers['last-event-id'] ?? url.searchParams.get('from') ?? 0);
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    response.write('retry: 1000\n\n');
    const client: LiveClient = {
      response,
      sent: Number.isInteger(resumeFrom) && resumeFrom >= 0 ? Math.min(resumeFrom, records.length) : 0,
      ended: false,
    };
    clients.add(client);
    request.on('close', () => clients.delete(client));
    send(client);
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/`,
    write(record) {
      if (!isReportRecord(record)) return;
      records.push(record);
      if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(flush);
      }
    },
    finish() {
      finished = true;
      flush();
    },
    close() {
      for (const client of clients) client.response.end();
      clients.clear();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface LiveClient {
  response: ServerResponse;
  /** Records already sent to this page. */
  sent: number;
  ended: boolean;
}

function reply(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  response.end(body);
}
