/**
 * A real HTTP server on 127.0.0.1 for http hook tests: each route answers the way a hook server
 * might (a JSON decision, an empty 200, a 500, 10 MB, never), and every request is recorded with its
 * headers and body, as is every new TCP connection (to see keep-alive reuse).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the server received. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A route's answer: status, body, and optional headers; or a function writing the answer itself. */
export type Route =
  | { status: number; body?: string; headers?: Record<string, string> }
  | ((request: IncomingMessage, response: ServerResponse, body: string) => void);

/** A running server; `close()` ends every connection, including ones left hanging. */
export interface HookServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  url(path: string): string;
  requests: ReceivedRequest[];
  /** How many TCP connections were opened. */
  connections: number;
  /** How many bytes the `flood` route wrote, over all its requests, before each client went away. */
  floodBytesWritten: number;
  close(): Promise<void>;
}

/** Bytes the `/flood` route sends: 10 MiB. */
export const FLOOD_BYTES = 10 * 1024 * 1024;

/** Starts the server with the built-in routes plus `routes`. */
export async function startHookServer(routes: Record<string, Route> = {}): Promise<HookServer> {
  const state = { connections: 0, floodBytesWritten: 0 };
  const requests: ReceivedRequest[] = [];
  const builtIn: Record<string, Route> = {
    '/empty': { status: 200 },
    '/no-content': { status: 204 },
    '/deny': {
      status: 200,
      body: JSON.stringify({ decision: 'deny', reason: 'denied by the http hook' }),
      headers: { 'content-type': 'application/json' },
    },
    '/error': { status: 500, body: 'database unavailable' },
    '/text': { status: 200, body: 'looks fine to me' },
    '/flood': (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      let written = 0;
      const writeMore = (): void => {
        while (written < FLOOD_BYTES) {
          written += chunk.length;
          state.floodBytesWritten += chunk.length;
          if (!response.write(chunk)) {
            response.once('drain', writeMore);
            return;
          }
        }
        response.end();
      };
      response.on('close', () => response.removeAllListeners('drain'));
      writeMore();
    },
    // Never answers: the connection stays open until the client gives up or the server closes.
    '/hang': () => {},
  };
  const table = { ...builtIn, ...routes };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = (request.url ?? '/').split('?')[0];
      requests.push({ method: request.method ?? '', path, headers: request.headers, body });
      const route = table[path];
      if (route === undefined) {
        response.writeHead(404).end('no such route');
      } else if (typeof route === 'function') {
        route(request, response, body);
      } else {
        response.writeHead(route.status, route.headers ?? {}).end(route.body ?? '');
      }
    });
  });
  server.on('connection', () => {
    state.connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: (path) => `${origin}${path}`,
    requests,
    get connections() {
      return state.connections;
    },
    get floodBytesWritten() {
      return state.floodBytesWritten;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A URL on 127.0.0.1 where nothing listens (a server started and closed again). */
export async function unusedLocalUrl(path = '/hook'): Promise<string> {
  const server = await startHookServer();
  const url = server.url(path);
  await server.close();
  return url;
}
