/**
 * What the CLI gives prompt and agent hooks: the hook model of a run — the scenario's
 * `hookModel` turns on the scripted model, the run's own model otherwise (a hook's `model` names
 * another of the same API) — a sub-agent runner for agent hooks, and the line `hookrail run`, `chat`
 * and `hooks fire` print for a judged decision: the hook, the verdict with the model's reason, which
 * model answered and how long it took.
 */
import { createHookModel } from '../adapters/models/createContentGenerator.js';
import type { Scenario } from '../adapters/models/scenario.js';
import type { ContentGenerator } from '../contentGenerator.js';
import type { ConfigParameters } from '../hooks/engine/config.js';
import type { JudgedHookEvent } from '../hooks/protocol/judgedHooks.js';
import { createHookAgentRunner } from '../machines/hookAgentRunner.js';
import type { AgentEvent } from '../machines/types.js';
import { formatDuration, oneLine, type Styles } from './render.js';

/** What {@link judgedHookParameters} needs. */
export interface JudgedHookSetup {
  /** The run's model (scripted or real). */
  runGenerator: ContentGenerator;
  /** The scenario the run plays, if any. */
  scenario?: Scenario;
  /** Each judged decision, as it is made. */
  onJudgedHook?: (event: JudgedHookEvent) => void;
  /** What agent hooks' sub-agents do, tagged with the hook's name. */
  onSubagentEvent?: (event: AgentEvent, hookName: string) => void;
}

/** The Config parameters of judged hooks for a CLI run. */
export function judgedHookParameters(
  setup: JudgedHookSetup,
): Pick<ConfigParameters, 'hookModel' | 'hookAgentRunner' | 'onJudgedHook'> {
  const hookModel = createHookModel({
    runGenerator: setup.runGenerator,
    ...(setup.scenario ? { scenario: setup.scenario } : {}),
  });
  return {
    ...(hookModel ? { hookModel } : {}),
    hookAgentRunner: createHookAgentRunner(setup.onSubagentEvent ? { onEvent: setup.onSubagentEvent } : {}),
    ...(setup.onJudgedHook ? { onJudgedHook: setup.onJudgedHook } : {}),
  };
}

/**
 * `⚖ prompt hook "safety" on BeforeTool run_shell_command: BLOCK — rm -rf deletes the build
 * (scripted:demo:hookModel, 12 ms)`.
 */
export function formatJudgedHook(event: JudgedHookEvent, styles: Styles): string {
  const target = `${event.eventName}${event.toolName ? ` ${event.toolName}` : ''}`;
  const verdict =
    event.verdict === 'block'
      ? styles.red(event.eventName === 'AfterAgent' ? 'GO ON' : 'BLOCK')
      : event.verdict === 'allow'
        ? styles.green(event.eventName === 'AfterAgent' ? 'MAY STOP' : 'ALLOW')
        : styles.yellow(`FAILED${event.failedClosed ? ', blocked (onFailure block)' : ', ignored (fail-open)'}`);
  const reason = event.reason ? ` — ${oneLine(event.reason, 300)}` : '';
  const by = [
    event.model ?? 'no model',
    formatDuration(event.durationMs),
    ...(event.turns !== undefined ? [`${event.turns} ${event.turns === 1 ? 'turn' : 'turns'}`] : []),
  ];
  return `${styles.magenta('⚖')} ${event.hookType} hook "${oneLine(event.hookName, 60)}" on ${target}: ${verdict}${reason} ${styles.dim(`(${by.join(', ')})`)}`;
}

/** One tool call of an agent hook's sub-agent, once it has an outcome: `  ↳ agent hook "x": read_file {...} → success`. */
export function formatSubagentEvent(event: AgentEvent, hookName: string, styles: Styles): string | undefined {
  if (event.type !== 'tool_result') return undefined;
  const { outcome } = event;
  const result = outcome.outcome === 'success' ? styles.dim('success') : styles.red(outcome.outcome);
  return (
    styles.dim(`    ↳ agent hook "${oneLine(hookName, 40)}": ${outcome.name} ${oneLine(outcome.args, 120)} → `) + result
  );
}
