/**
 * http hooks against a real HTTP server on 127.0.0.1: the POSTed input, 2xx
 * answers read like exit-0 stdout, and every way the exchange can fail — server down, 500, 10 MB,
 * never answers, a body that is not JSON — as a non-blocking failure; header interpolation limited
 * to allowedEnvVars. httpHookConnections.test.ts checks that connections are reused.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HookExecutionError } from '../../../src/errors.js';
import { Config } from '../../../src/hooks/engine/config.js';
import { HookRunner } from '../../../src/hooks/engine/hookRunner.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import type { HttpHookConfig } from '../../../src/hooks/protocol/hookConfig.js';
import { fireBeforeToolHook } from '../../../src/hooks/triggers/toolHookTriggers.js';
import { executeToolWithHooks } from '../../../src/hooks/triggers/executeToolWithHooks.js';
import { interpolateHeaderValue } from '../../../src/hooks/actions/headerInterpolation.js';
import { beforeToolInput, recordsAt } from '../../helpers/hookFixtures.js';
import { recordingLogger } from '../../../src/testing.js';
import { startHookServer, unusedLocalUrl, type HookServer } from '../../helpers/httpHookServer.js';
import { waitFor } from '../../helpers/waiting.js';

let server: HookServer;
beforeEach(async () => {
  server = await startHookServer({
    '/echo-headers': (request, response) =>
      response.writeHead(200).end(JSON.stringify({ systemMessage: `auth=${request.headers['authorization'] ?? ''}` })),
    '/double-encoded': { status: 200, body: JSON.stringify(JSON.stringify({ decision: 'block', reason: 'double' })) },
    '/array': { status: 200, body: '[1, 2]' },
    '/modify': {
      status: 200,
      body: JSON.stringify({ hookSpecificOutput: { tool_input: { command: 'ls --dry-run' } } }),
    },
  });
});
afterEach(() => server.close());

function httpHook(path: string, extra: Partial<HttpHookConfig> = {}): HttpHookConfig {
  return { type: 'http', url: server.url(path), ...extra };
}

function runner(maxHttpBodyBytes?: number) {
  const { logger, records } = recordingLogger();
  return { runner: new HookRunner({ logger, maxHttpBodyBytes }), records };
}

function kindOf(error: Error | undefined): string | undefined {
  return error instanceof HookExecutionError ? error.kind : undefined;
}

describe('the request', () => {
  it('POSTs the input JSON (what a command hook reads on stdin) as application/json', async () => {
    const input = beforeToolInput({ command: 'git push', nested: { a: [1] } });
    const result = await runner().runner.executeHook(httpHook('/empty'), HookEventName.BeforeTool, input);
    expect(result.success).toBe(true);
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual(input);
  });

  it('header values interpolate $VAR and ${VAR} only for allowedEnvVars; others are sent empty', async () => {
    process.env['HOOKRAIL_TEST_TOKEN'] = 'sekret';
    process.env['HOOKRAIL_TEST_OTHER'] = 'must-not-leak';
    try {
      const hook = httpHook('/empty', {
        headers: {
          Authorization: 'Bearer ${HOOKRAIL_TEST_TOKEN}',
          'X-Bare': 'v=$HOOKRAIL_TEST_TOKEN;',
          'X-Other': 'x$HOOKRAIL_TEST_OTHER',
          'X-Plain': 'as is',
        },
        allowedEnvVars: ['HOOKRAIL_TEST_TOKEN'],
      });
      await runner().runner.executeHook(hook, HookEventName.BeforeTool, beforeToolInput({}));
      const headers = server.requests[0].headers;
      expect(headers['authorization']).toBe('Bearer sekret');
      expect(headers['x-bare']).toBe('v=sekret;');
      expect(headers['x-other']).toBe('x');
      expect(headers['x-plain']).toBe('as is');
    } finally {
      delete process.env['HOOKRAIL_TEST_TOKEN'];
      delete process.env['HOOKRAIL_TEST_OTHER'];
    }
  });

  it('interpolateHeaderValue reports each withheld variable', () => {
    const withheld: string[] = [];
    const value = interpolateHeaderValue('$A-${B}-$C', {
      allowed: new Set(['A']),
      environment: { A: '1', B: '2', C: '3' },
      onWithheld: (name) => withheld.push(name),
    });
    expect(value).toBe('1--');
    expect(withheld).toEqual(['B', 'C']);
  });

  it('HOOK-188: interpolateHeaderValue leaves an allowed but withheld variable empty, saying why', () => {
    const withheld: string[] = [];
    const value = interpolateHeaderValue('$A-$B-$C', {
      allowed: new Set(['A', 'B']),
      environment: { A: '1', B: '2', C: '3' },
      isWithheld: (name) => name === 'B',
      onWithheld: (name, reason) => withheld.push(`${name}:${reason}`),
    });
    expect(value).toBe('1--');
    expect(withheld).toEqual(['B:withheld', 'C:not-allowed']);
  });

  it('HOOK-188: interpolateHeaderValue without a listener still leaves withheld and unlisted variables empty; an allowed variable that is unset is empty too', () => {
    const value = interpolateHeaderValue('[$A][$B][$C][${UNSET}]', {
      allowed: new Set(['A', 'B', 'UNSET']),
      environment: { A: '1', B: '2', C: '3' },
      isWithheld: (name) => name === 'B',
    });
    expect(value).toBe('[1][][][]');
  });

  it('HOOK-188: a variable in hookEnvironment.withhold is never sent in a header, even listed in allowedEnvVars; one warning names the hook and the variable', async () => {
    process.env['HOOKRAIL_TEST_DEPLOY_TOKEN'] = 'must-not-leak';
    process.env['HOOKRAIL_TEST_REGION'] = 'eu-west-1';
    try {
      const { logger, records } = recordingLogger();
      const config = new Config({
        enableHooks: true,
        logger,
        workingDir: '/project',
        // The project-dir variables are never withheld (as for a command hook), even by a glob matching them.
        hookEnvironment: { withhold: ['*_TOKEN', '*_PROJECT_DIR'] },
        hooks: {
          BeforeTool: [
            {
              hooks: [
                httpHook('/echo-headers', {
                  name: 'deploy-gate',
                  headers: {
                    Authorization: 'Bearer ${HOOKRAIL_TEST_DEPLOY_TOKEN}',
                    'X-Region': '$HOOKRAIL_TEST_REGION',
                    'X-Project': '$CLAUDE_PROJECT_DIR',
                  },
                  allowedEnvVars: ['HOOKRAIL_TEST_DEPLOY_TOKEN', 'HOOKRAIL_TEST_REGION', 'CLAUDE_PROJECT_DIR'],
                }),
              ],
            },
          ],
        },
      });
      await fireBeforeToolHook(config, 'run_shell_command', { command: 'deploy' });
      await fireBeforeToolHook(config, 'run_shell_command', { command: 'deploy again' });
      expect(server.requests).toHaveLength(2);
      for (const request of server.requests) {
        expect(request.headers['authorization']).toBe('Bearer');
        expect(request.headers['x-region']).toBe('eu-west-1');
        expect(request.headers['x-project']).toBe('/project');
        expect(JSON.stringify(request.headers)).not.toContain('must-not-leak');
      }
      const warnings = recordsAt(records, 'warn').map((record) => record.message);
      expect(warnings).toEqual([
        'http hook "deploy-gate": header Authorization uses $HOOKRAIL_TEST_DEPLOY_TOKEN, which its allowedEnvVars lists but hookEnvironment.withhold keeps from every hook; sent empty',
      ]);
      expect(recordsAt(records, 'warn')[0]?.data).toEqual({
        url: server.url('/echo-headers'),
        header: 'Authorization',
        variable: 'HOOKRAIL_TEST_DEPLOY_TOKEN',
      });
    } finally {
      delete process.env['HOOKRAIL_TEST_DEPLOY_TOKEN'];
      delete process.env['HOOKRAIL_TEST_REGION'];
    }
  });
});

describe('2xx answers', () => {
  it('a 2xx JSON body is read like exit-0 stdout: a deny blocks the tool', async () => {
    const config = new Config({
      enableHooks: true,
      logger: recordingLogger().logger,
      hooks: { BeforeTool: [{ hooks: [httpHook('/deny')] }] },
    });
    let executed = false;
    const result = await executeToolWithHooks(
      config,
      'run_shell_command',
      { command: 'ls' },
      async () => ((executed = true), { llmContent: 'ran', returnDisplay: 'ran' }),
    );
    expect(executed).toBe(false);
    expect(result.llmContent).toContain('denied by the http hook');
  });

  it('a 2xx JSON body can rewrite the tool input, and a double-encoded object is read like stdout', async () => {
    const config = new Config({
      enableHooks: true,
      logger: recordingLogger().logger,
      hooks: { BeforeTool: [{ hooks: [httpHook('/modify')] }] },
    });
    let ranWith: unknown;
    await executeToolWithHooks(
      config,
      'run_shell_command',
      { command: 'ls' },
      async (input) => ((ranWith = input), { llmContent: '', returnDisplay: '' }),
    );
    expect(ranWith).toEqual({ command: 'ls --dry-run' });
    const doubled = await runner().runner.executeHook(
      httpHook('/double-encoded'),
      HookEventName.BeforeTool,
      beforeToolInput({}),
    );
    expect(doubled.output).toEqual({ decision: 'block', reason: 'double' });
  });

  it('a 2xx with an empty body (200 or 204) allows, with no output and the status recorded', async () => {
    const { runner: hookRunner, records } = runner();
    for (const path of ['/empty', '/no-content']) {
      const result = await hookRunner.executeHook(httpHook(path), HookEventName.BeforeTool, beforeToolInput({}));
      expect(result.success).toBe(true);
      expect(result.output).toBeUndefined();
      expect(result.httpStatus).toBe(path === '/empty' ? 200 : 204);
    }
    expect(recordsAt(records, 'warn')).toEqual([]);
  });
});

describe('failures are non-blocking by default (HOOK-023)', () => {
  it('the server answers 500: a failure naming the URL, the status and the body; the tool still runs', async () => {
    const { runner: hookRunner, records } = runner();
    const result = await hookRunner.executeHook(
      httpHook('/error', { name: 'audit' }),
      HookEventName.BeforeTool,
      beforeToolInput({}),
    );
    expect(result.success).toBe(false);
    expect(result.httpStatus).toBe(500);
    expect(kindOf(result.error)).toBe('http-status');
    expect(result.error?.message).toBe(
      `Hook "audit (POST ${server.url('/error')})" for BeforeTool failed (fail-open): POST ${server.url('/error')} answered HTTP 500 Internal Server Error: database unavailable`,
    );
    expect(recordsAt(records, 'warn').map((record) => record.message)).toEqual([result.error?.message]);

    const config = new Config({
      enableHooks: true,
      logger: recordingLogger().logger,
      hooks: { BeforeTool: [{ hooks: [httpHook('/error')] }] },
    });
    expect(await fireBeforeToolHook(config, 'run_shell_command', {})).toBeUndefined();
  });

  it('the server is down: a connection failure (ECONNREFUSED), not a crash', async () => {
    const url = await unusedLocalUrl();
    const result = await runner().runner.executeHook(
      { type: 'http', url },
      HookEventName.BeforeTool,
      beforeToolInput({}),
    );
    expect(result.success).toBe(false);
    expect(kindOf(result.error)).toBe('connection');
    expect(result.error?.message).toContain('ECONNREFUSED');
    expect(result.error?.message).toContain(url);
  });

  it('the server answers 10 MB: reading stops at the cap, the warning names the cap, nothing is parsed', async () => {
    const cap = 256 * 1024;
    const { runner: hookRunner, records } = runner(cap);
    const result = await hookRunner.executeHook(httpHook('/flood'), HookEventName.BeforeTool, beforeToolInput({}));
    expect(result.success).toBe(false);
    expect(kindOf(result.error)).toBe('output-too-large');
    expect(result.truncated).toBe(true);
    expect(Buffer.byteLength(result.stdout ?? '')).toBeLessThanOrEqual(cap);
    expect(result.output).toBeUndefined();
    expect(recordsAt(records, 'warn')[0]?.message).toContain(`exceeded the cap of ${cap} bytes`);
  });

  it('HOOK-117: the server never answers: the hook times out at its timeout', async () => {
    const result = await runner().runner.executeHook(
      httpHook('/hang', { timeout: 150 }),
      HookEventName.BeforeTool,
      beforeToolInput({}),
    );
    expect(result.success).toBe(false);
    expect(result.timedOut).toBe(true);
    expect(kindOf(result.error)).toBe('timeout');
    expect(result.error?.message).toContain(
      `timed out after 150 ms waiting for an answer from POST ${server.url('/hang')}`,
    );
  });

  it.each([
    ['/text', 'looks fine to me'],
    ['/array', '[1, 2]'],
  ])('a 2xx body that is not a JSON object (%s) is an invalid-output failure', async (path, body) => {
    const result = await runner().runner.executeHook(httpHook(path), HookEventName.BeforeTool, beforeToolInput({}));
    expect(result.success).toBe(false);
    expect(kindOf(result.error)).toBe('invalid-output');
    expect(result.error?.message).toContain(`answered HTTP 200 with a body that is not a JSON object: ${body}`);
  });

  it('a URL that is not http(s) never leaves the process (validation skips it; the runner refuses it too)', async () => {
    const result = await runner().runner.executeHook(
      { type: 'http', url: 'file:///etc/passwd' },
      HookEventName.BeforeTool,
      beforeToolInput({}),
    );
    expect(kindOf(result.error)).toBe('invalid-config');
    expect(result.error?.message).toContain('is not an http(s) URL');
  });

  it('cancelling the call aborts the request', async () => {
    const controller = new AbortController();
    const pending = runner().runner.executeHook(httpHook('/hang'), HookEventName.BeforeTool, beforeToolInput({}), {
      signal: controller.signal,
    });
    await waitFor(() => server.requests.length === 1, 'the hook request at the server');
    controller.abort();
    const result = await pending;
    expect(kindOf(result.error)).toBe('cancelled');
  });
});
