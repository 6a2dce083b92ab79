/**
 * The `hookrail mcp` gateway: a stdio MCP server that starts another stdio MCP server as its child and
 * passes every line between the client and that server through untouched (initialize, tools/list,
 * resources, prompts, notifications, cancellation, progress, the server's own requests and the
 * client's answers to them), except `tools/call`: each goes through one toolCall machine
 * (`runToolCall`, the shared steps), whose tool is the forwarding of the call to the server. Hooks see
 * the tool as `mcp__NAME__TOOL` (Gemini CLI hooks: `mcp_NAME_TOOL`). A call no tool hook applies to
 * (none matches the tool, or their `if` conditions rule them out) has nothing to decide and passes
 * through untouched like every other line (relayedCalls.ts), as `executeToolWithHooks` calls such a
 * tool directly — unless the gateway records its calls (`inspect`), where every call runs its machine.
 *
 * - A line from the client that is not JSON gets a JSON-RPC parse error (-32700) from the gateway,
 *   which goes on serving. A JSON-RPC batch (an array) is taken message by message.
 * - A line from the server that is not JSON is reported (a warning on the Config's logger) and dropped.
 * - `notifications/cancelled` for a call in flight cancels its machine (its hook processes are killed)
 *   and goes on to the server; the cancelled call gets no answer, as MCP's cancellation says.
 * - The server exits: each call it has not answered gets an error result saying so (its hooks are
 *   killed), a call it answered finishes its AfterTool hooks, and the gateway ends with its exit code.
 * - The client closes its end: the calls in flight finish (relayed ones get their answers), the
 *   server's stdin is closed, and a server still running after a moment gets SIGTERM, then SIGKILL
 *   after the grace period. The `signal` ends it the same way, except that the calls in flight are
 *   cancelled (their hook processes killed) instead of awaited.
 */
import type { DebugLogger } from '../../debugLogger.js';
import { toError } from '../../errors.js';
import type { Config } from '../../hooks/engine/config.js';
import { toMcpToolName } from '../../hooks/dialects/mcpToolNames.js';
import { createInspectionRecorder, type InspectOption, type InspectionRecorder } from '../../inspection/recorder.js';
import { runToolCall } from '../../machines/runToolCall.js';
import { noToolHooksApply } from '../../machines/toolCallActors.js';
import { createToolErrorResult } from '../../hooks/protocol/toolHookEffects.js';
import type { Tool } from '../../tool.js';
import { isPlainObject } from '../../values.js';
import { errorLine, isRequestId, JSON_RPC_INVALID_REQUEST, JSON_RPC_PARSE_ERROR, requestKey } from './jsonRpc.js';
import { LineReader } from './lineReader.js';
import { McpServerProcess, type McpServerExit } from './mcpServerProcess.js';
import { RelayedCalls } from './relayedCalls.js';
import {
  textCallToolResult,
  toClientAnswer,
  toToolResult,
  type JsonRpcErrorObject,
  type McpServerAnswer,
} from './mcpToolResult.js';

/** How long a server whose client has gone may take to exit by itself before it gets SIGTERM. */
export const SERVER_EXIT_WAIT_MS = 1000;

/** Options of {@link runMcpGateway}. */
export interface McpGatewayOptions {
  /** The hooks; its logger receives the gateway's warnings. */
  config: Config;
  /** The MCP server to start, and its arguments. */
  command: string;
  args: readonly string[];
  /** The server's name in tool names (`mcp__NAME__TOOL`). */
  serverName: string;
  /** The server's working directory and environment. */
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** What the client writes (the gateway's stdin). */
  input: NodeJS.ReadableStream;
  /** Where the client reads (the gateway's stdout). */
  output: { write(text: string): unknown };
  /** Records every call with its hooks and machine path (`hookrail inspect`). */
  inspect?: InspectOption;
  /** Ends the gateway as a client closing its end would. */
  signal?: AbortSignal;
  /** SIGTERM → SIGKILL grace when the server is ended; default the hooks' grace period. */
  killGraceMs?: number;
}

/** How the gateway ended. */
export interface McpGatewayExit {
  /** The server's exit code when it exited first (128 + signal number when a signal ended it); else 0. */
  exitCode: number;
  /** Who ended it: the server exiting, or the client closing its end (or the signal). */
  endedBy: 'server' | 'client';
}

/** A `tools/call` in its machine. */
interface CallInFlight {
  id: string | number;
  controller: AbortController;
  done: Promise<void>;
  /** The server has answered it: only its AfterTool hooks are left. */
  serverAnswered: boolean;
}

/** A call sent to the server, waiting for its answer. */
interface PendingCall {
  resolve(received: { answer: McpServerAnswer; line: string }): void;
  reject(error: Error): void;
}

/** Runs the gateway until the server exits or the client closes its end; never rejects once the server started. */
export async function runMcpGateway(options: McpGatewayOptions): Promise<McpGatewayExit> {
  await options.config.getHookSystem()?.initialize();
  return new McpGateway(options).run();
}

class McpGateway {
  private readonly logger: DebugLogger;
  private readonly recorder: InspectionRecorder | undefined;
  /** Calls sent to the server, by their JSON-RPC id. */
  private readonly pending = new Map<string, PendingCall>();
  /** Calls no hook applies to, sent to the server as they are. */
  private readonly relayed = new RelayedCalls();
  /** Calls in their machines, by their JSON-RPC id: aborting one cancels it. */
  private readonly inFlight = new Map<string, CallInFlight>();
  private server: McpServerProcess | undefined;
  private serverExit: McpServerExit | undefined;
  private callCount = 0;

  constructor(private readonly options: McpGatewayOptions) {
    this.logger = options.config.getDebugLogger().child('integrations:mcp');
    this.recorder = options.inspect ? createInspectionRecorder(options.inspect, this.logger) : undefined;
  }

  async run(): Promise<McpGatewayExit> {
    const { options } = this;
    const serverReader = new LineReader((line) => this.fromServer(line));
    const server = await McpServerProcess.start({
      command: options.command,
      args: options.args,
      cwd: options.cwd,
      env: options.env,
      onStdout: (chunk) => serverReader.push(chunk),
      onStdoutEnd: () => serverReader.end(),
      ...(options.killGraceMs !== undefined ? { killGraceMs: options.killGraceMs } : {}),
    });
    this.server = server;
    const releaseHooks = this.recorder?.observeHooks(options.config) ?? (() => {});
    const clientReader = new LineReader((line) => this.fromClient(line));
    const onData = (chunk: Buffer | string): void => clientReader.push(chunk);
    let onClientEnd: () => void = () => {};
    let onAbort: () => void = () => {};
    const clientClosed = new Promise<'client' | 'signal'>((resolve) => {
      onClientEnd = () => resolve('client');
      onAbort = () => resolve('signal');
      options.input.once('end', onClientEnd);
      options.signal?.addEventListener('abort', onAbort, { once: true });
      if (options.signal?.aborted) onAbort();
    });
    options.input.on('data', onData);
    const serverExited = server.exited.then((exit) => {
      this.serverExit = exit;
      // Every call the server will never answer is answered now, with the reason, and its machine
      // cancelled (its hooks killed); a call the server did answer finishes its AfterTool hooks.
      const gone = new Error(`the MCP server "${options.serverName}" exited (code ${exit.code}) before it answered`);
      for (const call of this.inFlight.values()) {
        if (call.serverAnswered) continue;
        this.writeUnanswered(call.id, gone);
        call.controller.abort();
      }
      for (const call of this.pending.values()) call.reject(gone);
      this.pending.clear();
      for (const id of this.relayed.takeAll()) this.writeUnanswered(id, gone);
      return 'server' as const;
    });
    try {
      const ended = await Promise.race([serverExited, clientClosed]);
      options.input.removeListener('data', onData);
      options.input.pause();
      if (ended !== 'server') {
        clientReader.end();
        // The client closing its end lets the calls in flight finish; the signal cancels them (and kills their hooks).
        if (ended === 'signal') {
          for (const { controller } of this.inFlight.values()) controller.abort();
          this.relayed.takeAll();
        }
        await this.finishCalls();
        const exitedByItself =
          ended === 'client' &&
          (await Promise.race([serverExited.then(() => true), delay(SERVER_EXIT_WAIT_MS).then(() => false)]));
        if (!exitedByItself) await server.end();
        return { exitCode: exitedByItself ? (this.serverExit?.code ?? 0) : 0, endedBy: 'client' };
      }
      await this.finishCalls();
      return { exitCode: this.serverExit?.code ?? 0, endedBy: 'server' };
    } finally {
      options.input.removeListener('end', onClientEnd);
      options.signal?.removeEventListener('abort', onAbort);
      releaseHooks();
    }
  }

  /** Waits for every call in its machine and every relayed call's answer, then closes the server's stdin. */
  private async finishCalls(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight.values()].map((call) => call.done));
    if (this.serverExit === undefined) await this.relayed.drained();
    if (this.serverExit === undefined) this.server?.closeInput();
  }

  private fromClient(line: string): void {
    if (line.trim() === '') return;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch (error) {
      this.logger.warn(`the MCP client sent a line that is not JSON (${toError(error).message}): ${excerpt(line)}`);
      this.writeToClient(errorLine(JSON_RPC_PARSE_ERROR, `Parse error: ${toError(error).message}`));
      return;
    }
    if (!Array.isArray(message)) return this.fromClientMessage(message, line);
    if (message.length === 0) {
      this.writeToClient(errorLine(JSON_RPC_INVALID_REQUEST, 'Invalid Request: empty batch'));
      return;
    }
    for (const element of message) this.fromClientMessage(element, JSON.stringify(element));
  }

  private fromClientMessage(message: unknown, line: string): void {
    if (isPlainObject(message)) {
      if (
        message['method'] === 'tools/call' &&
        isPlainObject(message['params']) &&
        typeof message['params']['name'] === 'string' &&
        isRequestId(message['id'])
      ) {
        this.startCall(message, message['params'], message['id'], line);
        return;
      }
      if (
        message['method'] === 'notifications/cancelled' &&
        isPlainObject(message['params']) &&
        isRequestId(message['params']['requestId'])
      ) {
        const key = requestKey(message['params']['requestId']);
        this.inFlight.get(key)?.controller.abort();
        this.relayed.settle(key);
      }
    }
    this.server?.send(line);
  }

  private fromServer(line: string): void {
    if (line.trim() === '') return;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      this.logger.warn(
        `the MCP server "${this.options.serverName}" wrote a line that is not JSON-RPC; dropped: ${excerpt(line)}`,
      );
      return;
    }
    if (!isPlainObject(message) && !Array.isArray(message)) {
      this.logger.warn(
        `the MCP server "${this.options.serverName}" wrote a JSON value that is not a JSON-RPC message; dropped: ${excerpt(line)}`,
      );
      return;
    }
    if (isPlainObject(message) && message['method'] === undefined && isRequestId(message['id'])) {
      const key = requestKey(message['id']);
      this.relayed.settle(key);
      const call = this.pending.get(key);
      if (call) {
        this.pending.delete(key);
        const inFlight = this.inFlight.get(key);
        if (inFlight) inFlight.serverAnswered = true;
        const answer: McpServerAnswer = isPlainObject(message['error'])
          ? { error: message['error'] as unknown as JsonRpcErrorObject }
          : { result: isPlainObject(message['result']) ? message['result'] : {} };
        call.resolve({ answer, line });
        return;
      }
    }
    this.writeToClient(line);
  }

  /** One `tools/call` through its toolCall machine; the answer goes to the client unless the call was cancelled. */
  private startCall(
    message: Record<string, unknown>,
    params: Record<string, unknown>,
    id: string | number,
    line: string,
  ): void {
    const toolName = toMcpToolName({ server: this.options.serverName, tool: params['name'] as string });
    const args = isPlainObject(params['arguments']) ? params['arguments'] : {};
    if (this.recorder === undefined && noToolHooksApply(this.options.config, toolName, args)) {
      this.relayCall(id, line);
      return;
    }
    const key = requestKey(id);
    const controller = new AbortController();
    const done = this.runCall({ message, params, toolName, args, id, line, signal: controller.signal })
      .catch((error: unknown) =>
        this.logger.warn(`the tools/call ${JSON.stringify(id)} failed in the gateway: ${toError(error).message}`),
      )
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, { id, controller, done, serverAnswered: false });
  }

  private async runCall(call: {
    message: Record<string, unknown>;
    params: Record<string, unknown>;
    /** The call's tool as hooks see it (`mcp__NAME__TOOL`) and its arguments, as the client sent them. */
    toolName: string;
    args: Record<string, unknown>;
    id: string | number;
    line: string;
    signal: AbortSignal;
  }): Promise<void> {
    const { message, params, toolName, args, id, line } = call;
    let received: { answer: McpServerAnswer; line: string } | undefined;
    const tool: Tool = {
      name: toolName,
      execute: async (runArgs, context) => {
        // Arguments no hook rewrote go to the server as the client wrote them.
        const request =
          runArgs === args ? line : JSON.stringify({ ...message, params: { ...params, arguments: runArgs } });
        received = await this.askServer(requestKey(id), request, context.signal);
        return toToolResult(received.answer);
      },
    };
    this.callCount += 1;
    const outcome = await runToolCall({
      config: this.options.config,
      request: { callId: `mcp_${this.callCount}_${String(id)}`, name: toolName, args },
      tool,
      availableToolNames: [toolName],
      signal: call.signal,
      ...(this.recorder ? { recorder: this.recorder } : {}),
    });
    if (outcome.outcome === 'cancelled') return;
    if (!received || outcome.outcome === 'blocked' || outcome.outcome === 'stopped') {
      this.writeToClient(
        JSON.stringify({ jsonrpc: '2.0', id, result: textCallToolResult(outcome.result.llmContent, true) }),
      );
      return;
    }
    const answer = toClientAnswer(received.answer, outcome.result);
    this.writeToClient(answer === received.answer ? received.line : JSON.stringify({ jsonrpc: '2.0', id, ...answer }));
  }

  /** Sends a call to the server and waits for its answer; rejects when the call is cancelled or the server exits. */
  private askServer(
    key: string,
    line: string,
    signal: AbortSignal,
  ): Promise<{ answer: McpServerAnswer; line: string }> {
    return new Promise((resolve, reject) => {
      if (this.serverExit !== undefined) {
        reject(new Error(`the MCP server "${this.options.serverName}" has exited (code ${this.serverExit.code})`));
        return;
      }
      const onAbort = (): void => {
        this.pending.delete(key);
        reject(new Error('the call was cancelled'));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.pending.set(key, {
        resolve: (value) => {
          signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        reject: (error) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      });
      this.server!.send(line);
    });
  }

  /** A call no hook applies to: to the server as it is; its answer comes back through `fromServer` untouched. */
  private relayCall(id: string | number, line: string): void {
    if (this.serverExit !== undefined) {
      this.writeUnanswered(
        id,
        new Error(`the MCP server "${this.options.serverName}" has exited (code ${this.serverExit.code})`),
      );
      return;
    }
    this.relayed.add(id);
    this.server?.send(line);
  }

  /** The answer of a call the server cannot answer, as the call's machine would give it: an error result. */
  private writeUnanswered(id: string | number, error: Error): void {
    const result = textCallToolResult(createToolErrorResult(error).llmContent, true);
    this.writeToClient(JSON.stringify({ jsonrpc: '2.0', id, result }));
  }

  private writeToClient(line: string): void {
    this.options.output.write(`${line}\n`);
  }
}

function excerpt(line: string): string {
  return line.length > 200 ? `${line.slice(0, 200)}… (${line.length} characters)` : line;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
