/**
 * A stand-in for the Gemini API on 127.0.0.1, so the real `GoogleGenAI` client can be exercised end
 * to end without network or key: it records each request and answers `streamGenerateContent` with a
 * server-sent-event stream, an HTTP error, or a stream that stays open until the client goes away.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the server received it. */
export interface RecordedGeminiRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** How the server answers: a complete SSE stream, an HTTP error, or chunks and then silence. */
export type GeminiServerReply =
  | { kind: 'stream'; chunks: unknown[] }
  | { kind: 'error'; status: number; body: unknown }
  | { kind: 'hang-after'; chunks: unknown[] };

/** A running server; point `httpOptions.baseUrl` (or GOOGLE_GEMINI_BASE_URL) at `baseUrl`. */
export interface GeminiTestServer {
  baseUrl: string;
  requests: RecordedGeminiRequest[];
  /** What the next requests get; default an empty stream. */
  reply(reply: GeminiServerReply): void;
  /** Resolves when a client that was left hanging disconnects. */
  disconnected(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the server on 127.0.0.1 with a free port. */
export async function startGeminiTestServer(): Promise<GeminiTestServer> {
  const requests: RecordedGeminiRequest[] = [];
  let current: GeminiServerReply = { kind: 'stream', chunks: [] };
  let signalDisconnect: () => void = () => undefined;
  const disconnection = new Promise<void>((resolve) => {
    signalDisconnect = resolve;
  });
  const server: Server = createServer((incoming, response) => {
    const pieces: Buffer[] = [];
    incoming.on('data', (piece: Buffer) => pieces.push(piece));
    incoming.on('end', () => {
      const text = Buffer.concat(pieces).toString('utf8');
      requests.push({
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        headers: incoming.headers,
        body: text ? JSON.parse(text) : {},
      });
      answer(response, current, signalDisconnect);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    reply(reply) {
      current = reply;
    },
    disconnected() {
      return disconnection;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function answer(response: ServerResponse, reply: GeminiServerReply, onDisconnect: () => void): void {
  if (reply.kind === 'error') {
    response.writeHead(reply.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(reply.body));
    return;
  }
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const chunk of reply.chunks) response.write(`data: ${JSON.stringify(chunk)}\r\n\r\n`);
  if (reply.kind === 'stream') {
    response.end();
    return;
  }
  response.on('close', onDisconnect);
}

/** A streamed response chunk as the Gemini API sends it. */
export function geminiChunk(parts: unknown[], finishReason?: string): Record<string, unknown> {
  return { candidates: [{ index: 0, content: { role: 'model', parts }, ...(finishReason ? { finishReason } : {}) }] };
}
