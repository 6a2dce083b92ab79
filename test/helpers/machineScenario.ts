/**
 * Scenario helpers for the toolCall and scheduler tests: a Config whose BeforeTool and AfterTool hook
 * is the real `test/fixtures/hooks/machines/scripted-hook.mjs` process (its answer is chosen per call
 * through `args.scenario`), test tools that record their calls, and small waiting utilities.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { Config, DebugLogger, type LogRecord, type ToolResult } from '../../src/index.js';
import type { HooksSettings } from '../../src/hooks/protocol/hookConfig.js';
import type { Tool } from '../../src/tool.js';

/** Absolute path of the scripted hook. */
export const scriptedHookPath = fileURLToPath(new URL('../fixtures/hooks/machines/scripted-hook.mjs', import.meta.url));

/** What the scripted hook answers (see test/fixtures/hooks/machines/README.md). */
export type BeforeBehaviour = 'none' | 'allow' | 'fail' | 'exit2' | 'block' | 'stop' | 'modify' | 'hang';
export type AfterBehaviour = 'none' | 'fail' | 'context' | 'systemMessage' | 'suppress' | 'stop' | 'hang';

/** Per-call instructions for the scripted hook, carried in the call's arguments. */
export interface HookScenario {
  before?: BeforeBehaviour;
  after?: AfterBehaviour;
  /** The BeforeTool hook waits until this file exists. */
  gate?: string;
  /** A hanging hook writes its PID here. */
  pidFile?: string;
}

/** Settings with the scripted hook on BeforeTool and AfterTool for every tool. */
export function scriptedHookSettings(): HooksSettings {
  const hook = { type: 'command' as const, command: `node '${scriptedHookPath}'` };
  return { BeforeTool: [{ hooks: [hook] }], AfterTool: [{ hooks: [hook] }] };
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
export function machineConfig(options: { hooks?: HooksSettings; enableHooks?: boolean } = {}): { config: Config; records: LogRecord[] } {
  const records: LogRecord[] = [];
  const logger = new DebugLogger('hookrail', { sink: (record) => records.push(record), level: 'debug' });
  const config = new SerializableConfig({
    enableHooks: options.enableHooks ?? true,
    hooks: options.hooks ?? scriptedHookSettings(),
    logger,
    sessionId: 'machine-test',
  });
  return { config, records };
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
      return { llmContent: `${name} wrote ${String(args['path'] ?? '')}`, returnDisplay: `wrote ${String(args['path'] ?? '')}` };
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

/** Polls `condition` every 5 ms until it holds; fails with `description` after `timeoutMs`. */
export async function waitFor(condition: () => boolean, description: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${description}`);
    await sleep(5);
  }
}

/** Waits for a hanging hook's PID file and returns the PID. */
export async function waitForPid(pidFile: string): Promise<number> {
  await waitFor(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').length > 0, `PID file ${pidFile}`);
  return Number(readFileSync(pidFile, 'utf8'));
}
