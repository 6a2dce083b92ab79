/**
 * An http hook's exchange at its edges, against a real server on 127.0.0.1: what is sent (the
 * dialect's body, the hook's own Content-Type, headers that are no text), how the answer is read
 * (blank or NUL-padded bodies, the cap to the byte, a status outside 2xx) and what each failure says
 * (a bad URL, an input that is no JSON, a connection refused or cut mid-body, a timeout before or
 * during the body). httpHook.test.ts covers the common paths through the hook runner.
 */
import { getEventListeners } from 'node:events';
import { performance } from 'node:perf_hooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HookExecutionError } from '../../../src/errors.js';
import { runHttpHook } from '../../../src/hooks/actions/httpHook.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import type { HttpHookConfig } from '../../../src/hooks/protocol/hookConfig.js';
import { recordingLogger } from '../../../src/testing.js';
import { beforeToolInput } from '../../helpers/hookFixtures.js';
import { startHookServer, unusedLocalUrl, type HookServer } from '../../helpers/httpHookServer.js';

let server: HookServer;
beforeEach(async () => {
  server = await startHookServer({
    '/padded': { status: 200, body: '\u0000{"decision":"deny",\u0000"reason":"no"}\n' },
    '/blank': { status: 200, body: '  \n ' },
    '/teapot': { status: 418, body: '  short and stout \n' },
    '/gone': { status: 503, body: '' },
    '/blank-error': { status: 502, body: ' \n\t ' },
    '/no-reason': (_request, response) => response.writeHead(599, '').end(),
    '/latin1': (_request, response) =>
      response
        .writeHead(200)
        .end(Buffer.concat([Buffer.from('{"decision":"deny","reason":"caf'), Buffer.from([0xe9]), Buffer.from('"}')])),
    '/299': { status: 299, body: '{"decision":"allow"}' },
    '/eight': { status: 200, body: '{"a":12}' },
    '/cut': (_request, response) => {
      response.writeHead(200, { 'content-length': '100' });
      response.write('{"decision":');
      setTimeout(() => response.socket?.destroy(), 20);
    },
    '/slow-deny': (_request, response) => {
      setTimeout(() => response.writeHead(200).end('{"decision":"deny","reason":"slow"}'), 30);
    },
    '/slow-body': (_request, response) => {
      response.writeHead(200);
      response.write('{"decision":');
    },
  });
});
afterEach(() => server.close());

function run(url: string, extra: Partial<Parameters<typeof runHttpHook>[0]> & { hook?: Partial<HttpHookConfig> } = {}) {
  const { logger, records } = recordingLogger();
  const { hook, ...options } = extra;
  const result = runHttpHook({
    hookConfig: { type: 'http', url, ...hook },
    eventName: HookEventName.BeforeTool,
    input: beforeToolInput({ command: 'ls' }),
    timeoutMs: 5_000,
    maxBodyBytes: 1024,
    logger,
    ...options,
  });
  return { result, records };
}

function kindOf(result: { error?: Error }): string | undefined {
  return result.error instanceof HookExecutionError ? result.error.kind : undefined;
}

describe('what an http hook sends', () => {
  it('HOOK-117: a timeout longer than a timer can hold (over 24.8 days) waits for a slow answer instead of firing at once', async () => {
    const { result } = run(server.url('/slow-deny'), { timeoutMs: 2 ** 31 });
    const outcome = await result;
    expect(outcome.success).toBe(true);
    expect(outcome.output).toEqual({ decision: 'deny', reason: 'slow' });
  });

  it("the dialect's body when it has one, with the hook's own Content-Type and text headers only", async () => {
    const { result } = run(server.url('/empty'), {
      body: '{"hook_event_name":"PreToolUse"}',
      hook: { headers: { 'Content-Type': 'application/vnd.hook+json', 'X-Count': 5 as unknown as string } },
    });
    expect((await result).success).toBe(true);
    const [request] = server.requests;
    expect(request?.body).toBe('{"hook_event_name":"PreToolUse"}');
    expect(request?.headers['content-type']).toBe('application/vnd.hook+json');
    expect(request?.headers['x-count']).toBeUndefined();
    expect(request?.headers['content-length']).toBe(String('{"hook_event_name":"PreToolUse"}'.length));
  });

  it("HOOK-188: a header names the project directory of the call's cwd; a variable not allowed is sent empty, and said at debug level", async () => {
    const input = { ...beforeToolInput({ command: 'ls' }), cwd: '/home/dev/shop' };
    const { result, records } = run(server.url('/empty'), {
      input,
      hook: {
        headers: { 'X-Project': '$CLAUDE_PROJECT_DIR', 'X-Home': 'home=$HOME' },
        allowedEnvVars: ['CLAUDE_PROJECT_DIR'],
      },
    });
    await result;
    expect(server.requests[0]?.headers['x-project']).toBe('/home/dev/shop');
    expect(server.requests[0]?.headers['x-home']).toBe('home=');
    expect(records.filter((record) => record.level === 'debug').map((record) => record.message)).toContainEqual(
      expect.stringContaining('header X-Home uses $HOME, which is not in allowedEnvVars; sent empty'),
    );
  });
});

describe('what the project directory of a header is', () => {
  it("HOOK-188: with no cwd in the input, or an empty one, it is the host's working directory", async () => {
    const hook = { headers: { 'X-Project': '${CLAUDE_PROJECT_DIR}' }, allowedEnvVars: ['CLAUDE_PROJECT_DIR'] };
    const { cwd: _cwd, ...withoutCwd } = beforeToolInput({ command: 'ls' });
    for (const input of [{ ...withoutCwd, cwd: '' }, withoutCwd as ReturnType<typeof beforeToolInput>]) {
      await run(server.url('/empty'), { input, hook }).result;
    }
    expect(server.requests.map((request) => request.headers['x-project'])).toEqual([process.cwd(), process.cwd()]);
  });
});

describe('how the answer is read', () => {
  it('NUL bytes are dropped and blanks trimmed before the JSON is read; a blank body allows', async () => {
    expect(await run(server.url('/padded')).result).toMatchObject({
      success: true,
      httpStatus: 200,
      output: { decision: 'deny', reason: 'no' },
    });
    const blank = await run(server.url('/blank')).result;
    expect(blank).toMatchObject({ success: true, httpStatus: 200 });
    expect(blank.output).toBeUndefined();
  });

  it('any 2xx status is read as an answer; a status outside 2xx is a failure quoting the trimmed body, or saying it was empty', async () => {
    expect(await run(server.url('/299')).result).toMatchObject({ success: true, output: { decision: 'allow' } });
    const teapot = await run(server.url('/teapot')).result;
    expect(teapot).toMatchObject({ success: false, httpStatus: 418 });
    expect(teapot.error?.message).toMatch(/answered HTTP 418 I'm a Teapot: short and stout$/i);
    const gone = await run(server.url('/gone')).result;
    expect(gone.error?.message).toMatch(/answered HTTP 503 Service Unavailable with an empty body$/);
    const noReason = await run(server.url('/no-reason')).result;
    expect(noReason.error?.message).toMatch(/answered HTTP 599 with an empty body$/);
  });

  it('bytes that are no UTF-8 become U+FFFD; the answer still decides', async () => {
    const outcome = await run(server.url('/latin1')).result;
    expect(outcome).toMatchObject({ success: true, output: { decision: 'deny', reason: 'caf\ufffd' } });
  });

  it('a failure status with a body of blanks says the body was empty; a result takes no longer than the call', async () => {
    const before = performance.now();
    const blank = await run(server.url('/blank-error')).result;
    expect(blank.error?.message).toMatch(/answered HTTP 502 Bad Gateway with an empty body$/);
    const allowed = await run(server.url('/empty')).result;
    const answered = await run(server.url('/deny')).result;
    const elapsed = performance.now() - before;
    for (const result of [allowed, answered]) {
      expect(result.success).toBe(true);
      expect(result.duration).toBeGreaterThanOrEqual(0);
      expect(result.duration).toBeLessThanOrEqual(elapsed);
    }
  });

  it('a body of exactly the cap is read; one byte more is too large', async () => {
    expect(await run(server.url('/eight'), { maxBodyBytes: 8 }).result).toMatchObject({
      success: true,
      output: { a: 12 },
    });
    const over = await run(server.url('/eight'), { maxBodyBytes: 7 }).result;
    expect(over).toMatchObject({ success: false, truncated: true, stdout: '{"a":12' });
  });
});

describe('what each failure says', () => {
  it('a URL that does not parse, or is not http(s), is refused before anything is sent', async () => {
    const invalid = await run('not a url').result;
    expect(invalid.error?.message).toMatch(/: "not a url" is not a valid URL$/);
    expect(kindOf(invalid)).toBe('invalid-config');
    const ftp = await run('ftp://127.0.0.1/hook').result;
    expect(ftp.error?.message).toMatch(/: "ftp:\/\/127\.0\.0\.1\/hook" is not an http\(s\) URL$/);
    expect(server.requests).toEqual([]);
  });

  it('an input that is no JSON, or a caller that already gave up, sends nothing', async () => {
    const bigInput = { ...beforeToolInput({ command: 'ls' }), size: 10n } as unknown as ReturnType<
      typeof beforeToolInput
    >;
    const unserialisable = await run(server.url('/empty'), { input: bigInput }).result;
    expect(unserialisable.error?.message).toMatch(/its input could not be serialised: TypeError: .*BigInt/);
    expect(kindOf(unserialisable)).toBe('invalid-input');
    const cancelled = await run(server.url('/empty'), { signal: AbortSignal.abort() }).result;
    expect(cancelled).toMatchObject({ success: false });
    expect(cancelled.error?.message).toMatch(/: cancelled before the request was sent$/);
    expect(kindOf(cancelled)).toBe('cancelled');
    expect(server.requests).toEqual([]);
  });

  it('a refused connection names the address once, with no status; a connection cut mid-body says so', async () => {
    const url = await unusedLocalUrl('/hook');
    const refused = await run(url).result;
    // No answer, so no status at all: the result has no httpStatus field.
    expect('httpStatus' in refused).toBe(false);
    expect(refused.error?.message).toMatch(
      /POST http:\/\/127\.0\.0\.1:\d+\/hook failed: connect ECONNREFUSED 127\.0\.0\.1:\d+$/,
    );
    const cut = await run(server.url('/cut')).result;
    expect(cut).toMatchObject({ success: false, httpStatus: 200 });
    expect(cut.error?.message).toMatch(/failed: (the connection closed before the body was complete|aborted)$/);
  });

  it('a header value no HTTP request may carry: invalid-config, and nothing is sent', async () => {
    const outcome = await run(server.url('/empty'), { hook: { headers: { 'X-Note': 'line one\nline two' } } }).result;
    expect(outcome.success).toBe(false);
    expect(kindOf(outcome)).toBe('invalid-config');
    expect(outcome.error?.message).toMatch(
      /: the request could not be sent: TypeError: Invalid character in header content \["x-note"\]$/,
    );
    expect(server.requests).toEqual([]);
  });

  it("cancelled while waiting: 'cancelled', and the caller's signal keeps no listener of a finished call", async () => {
    const caller = new AbortController();
    await run(server.url('/deny'), { signal: caller.signal }).result;
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
    const waiting = run(server.url('/hang'), { signal: caller.signal }).result;
    await vi.waitFor(() => expect(server.requests.map((request) => request.path)).toContain('/hang'));
    caller.abort();
    const outcome = await waiting;
    expect(kindOf(outcome)).toBe('cancelled');
    expect(outcome.error?.message).toMatch(/failed \(fail-open\): cancelled$/);
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
  });

  it('a timeout says whether the server had not answered or had not finished the body', async () => {
    const silent = await run(server.url('/hang'), { timeoutMs: 100 }).result;
    expect(silent.error?.message).toMatch(/timed out after 100 ms waiting for an answer from POST /);
    const slow = await run(server.url('/slow-body'), { timeoutMs: 300 }).result;
    expect(slow).toMatchObject({ success: false, timedOut: true, httpStatus: 200 });
    expect(slow.error?.message).toMatch(/timed out after 300 ms waiting for the rest of the body from POST /);
  });
});
