/**
 * Runs one http hook: POSTs the input JSON to the hook's URL and reads the answer like a
 * command hook's exit-0 stdout. A 2xx with an empty body allows; a 2xx with a JSON object is the
 * output; any other status, a connection failure, a timeout, a body that is not a JSON object, or
 * a body over the cap is a failed result (see `onFailure`), never an exception.
 *
 * Connections are kept alive and reused (one `http.Agent` / `https.Agent` with `keepAlive` per
 * protocol, created on first use). The body is read up to the cap and the connection dropped at the
 * first byte past it, so a server answering 10 MB costs at most the cap in memory.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { performance } from 'node:perf_hooks';
import type { DebugLogger } from '../../debugLogger.js';
import type { HookEventName } from '../protocol/events.js';
import { getHookName, type HttpHookConfig } from '../protocol/hookConfig.js';
import type { HookInput } from '../protocol/inputs.js';
import type { HookOutput } from '../protocol/outputs.js';
import type { HookExecutionResult } from '../protocol/results.js';
import { excerpt, isPlainObject } from '../../values.js';
import { actionFailer, describeThrown } from './actionFailure.js';
import { PROJECT_DIR_VARIABLES, projectDirEnvironment } from './commandExpansion.js';
import { interpolateHeaderValue } from './headerInterpolation.js';
import { inheritedEnvironmentWith } from './hookEnvironment.js';

/** What {@link runHttpHook} needs. */
export interface HttpHookRunOptions {
  hookConfig: HttpHookConfig;
  eventName: HookEventName;
  input: HookInput;
  /** The request body, when the hook's dialect words the input differently; default the input as JSON. */
  body?: string;
  timeoutMs: number;
  /** Bytes of the response body read at most; a longer body is a failure. */
  maxBodyBytes: number;
  signal?: AbortSignal;
  logger: DebugLogger;
  /**
   * HOOK-188: true for a host variable no hook may receive (`hookEnvironment.withhold`); such a
   * variable is never interpolated into a header, even when `allowedEnvVars` lists it.
   */
  isWithheld?: (name: string) => boolean;
}

/** How the exchange ended, before it is read as a hook answer. */
interface Exchange {
  status?: number;
  statusMessage?: string;
  body: Buffer;
  truncated: boolean;
  timedOut: boolean;
  cancelled: boolean;
  connectionError?: Error;
}

/**
 * Default cap on the bytes read from an http hook's response body: 4 MiB. Past it the connection is
 * closed and nothing is parsed, so a server answering 10 MB costs at most this much memory.
 */
export const DEFAULT_MAX_HTTP_BODY_BYTES = 4 * 1024 * 1024;

/** Longest delay `setTimeout` honours; larger values would fire at once. */
const maxTimerDelayMs = 2_147_483_647;

let httpAgent: HttpAgent | undefined;
let httpsAgent: HttpsAgent | undefined;

/** The shared keep-alive agent of a protocol, created on first use (no work at import time). */
function agentFor(protocol: string): HttpAgent {
  if (protocol === 'https:') return (httpsAgent ??= new HttpsAgent({ keepAlive: true }));
  return (httpAgent ??= new HttpAgent({ keepAlive: true }));
}

/** POSTs the input and reads the answer (see the module comment). */
export async function runHttpHook(options: HttpHookRunOptions): Promise<HookExecutionResult> {
  const { hookConfig, eventName, logger } = options;
  const startedAt = performance.now();
  const fail = actionFailer({ hookConfig, eventName, startedAt, logger });

  if (options.signal?.aborted) return fail('cancelled', 'cancelled before the request was sent');
  let url: URL;
  try {
    url = new URL(hookConfig.url);
  } catch (error) {
    return fail('invalid-config', `${JSON.stringify(hookConfig.url)} is not a valid URL`, undefined, error);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return fail('invalid-config', `${JSON.stringify(hookConfig.url)} is not an http(s) URL`);
  }
  let body: string;
  try {
    body = options.body ?? JSON.stringify(options.input);
  } catch (error) {
    return fail('invalid-input', `its input could not be serialised: ${describeThrown(error)}`, undefined, error);
  }
  const headers = requestHeaders(options, body);

  let exchange: Exchange;
  try {
    exchange = await post(url, headers, body, options);
  } catch (error) {
    // Request construction failed (an invalid header value, say): nothing was sent.
    return fail('invalid-config', `the request could not be sent: ${describeThrown(error)}`, undefined, error);
  }
  const text = new TextDecoder('utf-8').decode(exchange.body).replace(/\u0000/g, '');
  const fields: Partial<HookExecutionResult> = {
    stdout: text,
    ...(exchange.status !== undefined ? { httpStatus: exchange.status } : {}),
  };
  const target = `POST ${url.href}`;
  if (exchange.cancelled) return fail('cancelled', 'cancelled', fields);
  if (exchange.timedOut) {
    return fail(
      'timeout',
      `timed out after ${options.timeoutMs} ms waiting for ${exchange.status === undefined ? 'an answer' : 'the rest of the body'} from ${target}`,
      { ...fields, timedOut: true },
    );
  }
  if (exchange.connectionError) {
    return fail(
      'connection',
      `${target} failed: ${describeNetworkError(exchange.connectionError)}`,
      fields,
      exchange.connectionError,
    );
  }
  const status = exchange.status ?? 0;
  if (status < 200 || status > 299) {
    const head = text.trim() === '' ? ' with an empty body' : `: ${excerpt(text.trim(), 300)}`;
    return fail(
      'http-status',
      `${target} answered HTTP ${status}${exchange.statusMessage ? ` ${exchange.statusMessage}` : ''}${head}`,
      fields,
    );
  }
  if (exchange.truncated) {
    return fail(
      'output-too-large',
      `the response body of ${target} exceeded the cap of ${options.maxBodyBytes} bytes; the connection was closed and nothing was parsed`,
      { ...fields, truncated: true },
    );
  }
  const trimmed = text.trim();
  if (trimmed === '')
    return { hookConfig, eventName, success: true, duration: performance.now() - startedAt, ...fields };
  const output = parseJsonObject(trimmed);
  if (!output) {
    return fail(
      'invalid-output',
      `${target} answered HTTP ${status} with a body that is not a JSON object: ${excerpt(trimmed, 300)}`,
      fields,
    );
  }
  return { hookConfig, eventName, success: true, output, duration: performance.now() - startedAt, ...fields };
}

/** Sends the request and collects the answer; resolves on every outcome, rejects only if the request cannot be built. */
function post(url: URL, headers: Record<string, string>, body: string, options: HttpHookRunOptions): Promise<Exchange> {
  // The agent decides the protocol: with the https agent, Node's request makes a TLS connection.
  const request = httpRequest(url, { method: 'POST', agent: agentFor(url.protocol), headers });
  return new Promise<Exchange>((resolve) => {
    const exchange: Exchange = { body: Buffer.alloc(0), truncated: false, timedOut: false, cancelled: false };
    const chunks: Buffer[] = [];
    let kept = 0;
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      exchange.body = Buffer.concat(chunks, kept);
      resolve(exchange);
    };
    const stop = (field: 'timedOut' | 'cancelled'): void => {
      if (done) return;
      exchange[field] = true;
      request.destroy();
      finish();
    };
    const onAbort = (): void => stop('cancelled');
    const timer = setTimeout(() => stop('timedOut'), Math.min(Math.max(options.timeoutMs, 0), maxTimerDelayMs));
    options.signal?.addEventListener('abort', onAbort, { once: true });

    request.on('error', (error) => {
      if (done) return;
      exchange.connectionError = error;
      finish();
    });
    request.on('response', (response: IncomingMessage) => {
      exchange.status = response.statusCode;
      exchange.statusMessage = response.statusMessage;
      response.on('data', (chunk: Buffer) => {
        if (done) return;
        const room = Math.max(options.maxBodyBytes - kept, 0);
        if (chunk.length > room) {
          chunks.push(chunk.subarray(0, room));
          kept += room;
          exchange.truncated = true;
          finish();
          // Stop reading at the cap: the rest of a huge body never reaches memory.
          response.destroy();
          request.destroy();
          return;
        }
        chunks.push(chunk);
        kept += chunk.length;
      });
      response.on('end', finish);
      response.on('error', (error) => {
        if (done) return;
        exchange.connectionError = error;
        finish();
      });
      response.on('aborted', () => {
        if (done) return;
        exchange.connectionError = new Error('the connection closed before the body was complete');
        finish();
      });
    });
    request.end(body);
  });
}

/**
 * `Content-Type` and `Content-Length`, then the hook's headers with allowed variables interpolated.
 * A variable the user withholds stays out even when `allowedEnvVars` lists it, with a warning (once
 * per hook and variable) naming both; the project-dir variables are never withheld, as for a command.
 */
function requestHeaders(options: HttpHookRunOptions, body: string): Record<string, string> {
  const { hookConfig, input, logger } = options;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
  };
  const configured = isPlainObject(hookConfig.headers) ? hookConfig.headers : {};
  const allowed = new Set(Array.isArray(hookConfig.allowedEnvVars) ? hookConfig.allowedEnvVars : []);
  const withheldFilter = options.isWithheld;
  const isWithheld = withheldFilter
    ? (name: string) => !projectDirVariables.has(name) && withheldFilter(name)
    : undefined;
  let environment: Record<string, string | undefined> | undefined;
  for (const [name, value] of Object.entries(configured)) {
    if (typeof value !== 'string') continue;
    if (!value.includes('$')) {
      headers[name.toLowerCase()] = value;
      continue;
    }
    environment ??= inheritedEnvironmentWith(
      projectDirEnvironment(typeof input.cwd === 'string' && input.cwd !== '' ? input.cwd : process.cwd()),
    );
    headers[name.toLowerCase()] = interpolateHeaderValue(value, {
      allowed,
      environment,
      isWithheld,
      onWithheld: (variable, reason) => {
        if (reason === 'not-allowed') {
          logger.debug(
            `http hook ${hookConfig.url}: header ${name} uses $${variable}, which is not in allowedEnvVars; sent empty`,
          );
        } else if (firstWarning(hookConfig, variable)) {
          logger.warn(
            `http hook "${getHookName(hookConfig)}": header ${name} uses $${variable}, which its allowedEnvVars lists but hookEnvironment.withhold keeps from every hook; sent empty`,
            { url: hookConfig.url, header: name, variable },
          );
        }
      },
    });
  }
  return headers;
}

const projectDirVariables: ReadonlySet<string> = new Set(PROJECT_DIR_VARIABLES);

/** The withheld variables each hook was already warned about, so a hook on every call warns once. */
const withheldWarnings = new WeakMap<HttpHookConfig, Set<string>>();

function firstWarning(hookConfig: HttpHookConfig, variable: string): boolean {
  let warned = withheldWarnings.get(hookConfig);
  if (!warned) withheldWarnings.set(hookConfig, (warned = new Set()));
  if (warned.has(variable)) return false;
  warned.add(variable);
  return true;
}

function parseJsonObject(text: string): HookOutput | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
    // A double-encoded object, as some hooks print it, is read like a command hook's stdout.
    if (typeof parsed === 'string') parsed = JSON.parse(parsed);
  } catch {
    return undefined;
  }
  return isPlainObject(parsed) ? (parsed as HookOutput) : undefined;
}

function describeNetworkError(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  const message = error.message || String(error);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}
