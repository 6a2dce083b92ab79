/**
 * Scenario helpers for the toolCall and scheduler tests: a Config whose BeforeTool and AfterTool hook
 * is the real `test/fixtures/hooks/machines/scripted-hook.mjs` process (its answer is chosen per call
 * through `args.scenario`), and test tools that record their calls.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  Config,
  type AskUserAnswer,
  type AskUserCallback,
  type AskUserRequest,
  type LogRecord,
  type ToolResult,
} from '../../src/index.js';
import type { HooksSettings } from '../../src/hooks/protocol/hookConfig.js';
import type { Tool } from '../../src/tool.js';
import { recordingLogger } from '../../src/testing.js';

/** Absolute path of the scripted hook. */
export const scriptedHookPath = fileURLToPath(new URL('../fixtures/hooks/machines/scripted-hook.mjs', import.meta.url));

/** What the scripted hook answers (see test/fixtures/hooks/machines/README.md). */
export type BeforeBehaviour =
  | 'none'
  | 'allow'
  | 'fail'
  | 'exit2'
  | 'block'
  | 'stop'
  | 'modify'
  | 'ask'
  | 'ask-claude'
  | 'hang';

/** How the tests' `onAskUser` ({@link scriptedAskUser}) answers an ask. */
export type AskAnswerBehaviour = 'allow' | 'deny' | 'throw' | 'hang' | { decision: string; reason?: string };
export type AfterBehaviour = 'none' | 'fail' | 'context' | 'systemMessage' | 'suppress' | 'stop' | 'hang';

/** Per-call instructions for the scripted hook, carried in the call's arguments. */
export interface HookScenario {
  before?: BeforeBehaviour;
  after?: AfterBehaviour;
  /** The BeforeTool hook waits until this file exists. */
  gate?: string;
  /** A hanging hook writes its PID here. */
  pidFile?: string;
  /** What `scriptedAskUser` answers when a hook asks about this call. */
  answer?: AskAnswerBehaviour;
  /** What the scripted hook answers as a Claude Code PermissionRequest hook: `interrupt` denies and stops. */
  permission?: 'interrupt';
}

/** The scripted hook's command, which is also its name in logs and in an ask's `hookNames`. */
export const scriptedHookCommand = `node '${scriptedHookPath}'`;

/** Settings with the scripted hook on BeforeTool, AfterTool and (Claude Code's) PermissionRequest for every tool. */
export function scriptedHookSettings(): HooksSettings {
  const hook = { type: 'command' as const, command: scriptedHookCommand };
  return {
    BeforeTool: [{ hooks: [hook] }],
    AfterTool: [{ hooks: [hook] }],
    PermissionRequest: [{ hooks: [hook] }],
  } as HooksSettings;
}

/**
 * A Config that serialises to a short description: xstate/graph describes model states with
 * `JSON.stringify(context)`, and a Config holding its HookSystem is circular.
 */
class SerializableConfig extends Config {
  toJSON(): string {
    return `Config(hooks ${this.getEnableHooks() ? 'enabled' : 'disabled'})`;
  }
}

/** A Config with the scripted hooks and a logger that keeps every record. */
export function machineConfig(
  options: { hooks?: HooksSettings; enableHooks?: boolean; onAskUser?: AskUserCallback; askUserTimeout?: number } = {},
): { config: Config; records: LogRecord[] } {
  const { logger, records } = recordingLogger({ namespace: 'hookrail' });
  const config = new SerializableConfig({
    enableHooks: options.enableHooks ?? true,
    hooks: options.hooks ?? scriptedHookSettings(),
    logger,
    sessionId: 'machine-test',
    onAskUser: options.onAskUser,
    askUserTimeout: options.askUserTimeout,
  });
  return { config, records };
}

/** One call of {@link scriptedAskUser}: the request, and whether its signal was aborted before it settled. */
export interface AskUserCall {
  request: AskUserRequest;
  aborted: boolean;
}

/**
 * An `onAskUser` that answers as the call's `args.scenario.answer` says (default `allow`): `throw`
 * throws, `hang` resolves only when the request's signal aborts. Every request is recorded.
 */
export function scriptedAskUser(): AskUserCallback & { calls: AskUserCall[] } {
  const calls: AskUserCall[] = [];
  const callback = async (request: AskUserRequest): Promise<AskUserAnswer> => {
    const call: AskUserCall = { request, aborted: false };
    calls.push(call);
    const scenario = request.toolInput['scenario'] as HookScenario | undefined;
    const answer = scenario?.answer ?? 'allow';
    if (answer === 'throw') throw new Error('the ask callback crashed on purpose');
    if (answer === 'hang') {
      await new Promise<void>((resolve) => {
        if (request.signal.aborted) resolve();
        request.signal.addEventListener('abort', () => resolve(), { once: true });
      });
      call.aborted = request.signal.aborted;
      return 'allow';
    }
    return answer as AskUserAnswer;
  };
  return Object.assign(callback, { calls });
}

/** How a test tool behaves. */
export type ToolBehaviour = 'succeed' | 'fail-result' | 'throw' | 'wait-for-abort';

/** One recorded execution of a test tool. */
export interface ToolExecution {
  args: Record<string, unknown>;
  aborted: boolean;
}

/**
 * A test tool named `name`. Its behaviour comes from `args.tool` (default `succeed`); every call is
 * recorded, and `wait-for-abort` resolves only when its signal aborts (recording that it did).
 */
export function recordingTool(name = 'write_file'): Tool & { executions: ToolExecution[]; started: Set<string> } {
  const executions: ToolExecution[] = [];
  const started = new Set<string>();
  return {
    name,
    description: 'test tool',
    executions,
    started,
    async execute(args, { signal }): Promise<ToolResult> {
      const execution: ToolExecution = { args, aborted: false };
      executions.push(execution);
      const behaviour = (args['tool'] as ToolBehaviour | undefined) ?? 'succeed';
      if (typeof args['marker'] === 'string') started.add(args['marker']);
      if (behaviour === 'throw') throw new Error(`${name} exploded`);
      if (behaviour === 'fail-result') {
        return { llmContent: `${name} failed`, returnDisplay: `${name} failed`, error: { message: `${name} failed` } };
      }
      if (behaviour === 'wait-for-abort') {
        await new Promise<void>((resolve) => {
          if (signal.aborted) resolve();
          signal.addEventListener('abort', () => resolve(), { once: true });
        });
        execution.aborted = signal.aborted;
        return { llmContent: 'aborted', returnDisplay: 'aborted' };
      }
      return {
        llmContent: `${name} wrote ${String(args['path'] ?? '')}`,
        returnDisplay: `wrote ${String(args['path'] ?? '')}`,
      };
    },
  };
}

/** A temporary directory for gate and PID files. */
export class MachineScratch {
  readonly directory = mkdtempSync(join(tmpdir(), 'hookrail-machines-'));
  private counter = 0;

  file(name: string): string {
    this.counter += 1;
    return join(this.directory, `${this.counter}-${name}`);
  }

  open(gate: string): void {
    writeFileSync(gate, 'open');
  }

  cleanup(): void {
    rmSync(this.directory, { recursive: true, force: true });
  }
}
