/**
 * http hooks over https, against a real TLS server on 127.0.0.1 whose self-signed certificate is made
 * with `openssl` when the tests start: an untrusted certificate is a connection failure that names
 * the certificate problem (the input never reaches the server); once the user turns certificate checks
 * off for a development server (`NODE_TLS_REJECT_UNAUTHORIZED=0`), the input is POSTed over TLS, the
 * answer is read like any http hook's, and one kept-alive connection carries several calls.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HookExecutionError } from '../../../src/errors.js';
import { runHttpHook } from '../../../src/hooks/actions/httpHook.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import { recordingLogger } from '../../../src/testing.js';
import { beforeToolInput, scratchDirectory } from '../../helpers/hookFixtures.js';

interface TlsHookServer {
  origin: string;
  bodies: string[];
  connections: number;
  server: Server;
}

/** A TLS server on 127.0.0.1 that records each body and answers with a deny. */
async function startTlsServer(key: Buffer, cert: Buffer): Promise<TlsHookServer> {
  const state = { bodies: [] as string[], connections: 0 };
  const server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      state.bodies.push(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ decision: 'deny', reason: 'refused over TLS' }));
    });
  });
  server.on('secureConnection', () => {
    state.connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    server,
    get bodies() {
      return state.bodies;
    },
    get connections() {
      return state.connections;
    },
  };
}

async function stopTlsServer(server: TlsHookServer): Promise<void> {
  server.server.closeAllConnections();
  await new Promise<void>((resolve) => server.server.close(() => resolve()));
}

let scratch: ReturnType<typeof scratchDirectory>;
let keyPem: Buffer;
let certificatePem: Buffer;
let tls: TlsHookServer;

beforeAll(async () => {
  scratch = scratchDirectory('hookrail-https-hook-');
  const key = join(scratch.path, 'key.pem');
  const certificate = join(scratch.path, 'certificate.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      certificate,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'pipe' },
  );
  keyPem = readFileSync(key);
  certificatePem = readFileSync(certificate);
  tls = await startTlsServer(keyPem, certificatePem);
});

afterAll(async () => {
  await stopTlsServer(tls);
  scratch.remove();
});

function run(path: string, server: TlsHookServer = tls) {
  const { logger, records } = recordingLogger();
  const input = beforeToolInput({ command: 'git push' });
  const result = runHttpHook({
    hookConfig: { type: 'http', url: `${server.origin}${path}` },
    eventName: HookEventName.BeforeTool,
    input,
    timeoutMs: 10_000,
    maxBodyBytes: 4096,
    logger,
  });
  return { result, input, records };
}

/** Runs `action` with Node's certificate checks off, as a user does for a development server. */
async function withoutCertificateChecks<T>(action: () => Promise<T>): Promise<T> {
  const saved = process.env['NODE_TLS_REJECT_UNAUTHORIZED'];
  process.env['NODE_TLS_REJECT_UNAUTHORIZED'] = '0';
  try {
    return await action();
  } finally {
    if (saved === undefined) delete process.env['NODE_TLS_REJECT_UNAUTHORIZED'];
    else process.env['NODE_TLS_REJECT_UNAUTHORIZED'] = saved;
  }
}

describe('http hooks over https', () => {
  // First: the call that makes the shared https agent is the one whose connections are counted.
  it('calls over https share one kept-alive TLS connection', async () => {
    const outcomes = await withoutCertificateChecks(async () => {
      const first = await run('/again').result;
      const second = await run('/again').result;
      return [first, second];
    });
    expect(outcomes.map((outcome) => outcome.output)).toEqual([
      { decision: 'deny', reason: 'refused over TLS' },
      { decision: 'deny', reason: 'refused over TLS' },
    ]);
    expect(tls.connections).toBe(1);
  });

  it('a self-signed certificate is not trusted: a connection failure naming it, and the input is never sent', async () => {
    // A server of its own: no connection the other tests kept alive with checks off can carry this call.
    const untrusted = await startTlsServer(keyPem, certificatePem);
    try {
      const { result, records } = run('/untrusted', untrusted);
      const outcome = await result;
      expect(outcome.success).toBe(false);
      const error = outcome.error as HookExecutionError;
      expect(error.kind).toBe('connection');
      expect(error.message).toContain(
        `POST ${untrusted.origin}/untrusted failed: DEPTH_ZERO_SELF_SIGNED_CERT: self-signed certificate`,
      );
      expect(outcome.httpStatus).toBeUndefined();
      expect(untrusted.bodies).toEqual([]);
      expect(records.filter((record) => record.level === 'warn')).toHaveLength(1);
    } finally {
      await stopTlsServer(untrusted);
    }
  });

  it("with certificate checks off, the input is POSTed over TLS and the server's answer is the hook's decision", async () => {
    const sent = tls.bodies.length;
    const { outcome, input } = await withoutCertificateChecks(async () => {
      const call = run('/decide');
      return { outcome: await call.result, input: call.input };
    });
    expect(outcome.success).toBe(true);
    expect(outcome.httpStatus).toBe(200);
    expect(outcome.output).toEqual({ decision: 'deny', reason: 'refused over TLS' });
    expect(tls.bodies.slice(sent).map((body) => JSON.parse(body))).toEqual([input]);
  });
});
