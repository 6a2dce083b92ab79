/**
 * The report `hookrail hooks fire` prints: each hook's command (or URL, or function name), exit code
 * (or HTTP status), duration, stdout/stderr or body (trimmed) and parsed output, then the aggregated
 * decision, then any async hooks and what they leave for the next model request — as text, or as one
 * JSON document.
 *
 * Each hook's output appears once: its stdout and stderr, as captured (the runner caps each stream).
 * Everything derived from them — a block reason taken from stderr, the error message, the decision
 * and its verdict — quotes at most an excerpt, so a hook that writes 1 MB prints about 1 MB, not six.
 */
import type { HookExecutionPlan } from '../hooks/protocol/hookConfig.js';
import type { HookExecutionResult } from '../hooks/protocol/results.js';
import type { HookEventName } from '../hooks/protocol/events.js';
import type { FireDecision } from './fireDecision.js';
import { excerpt, isPlainObject } from '../values.js';
import { dialectLabel } from '../hooks/dialects/dialect.js';
import { formatDuration, headLines, indent, oneLine, safeJson, type Renderer } from './render.js';

/** Everything one fire produced, as reported. */
export interface FireReport {
  event: HookEventName;
  /** The Claude Code name the event was fired by (`PreToolUse`), when that was used. */
  firedAs?: string;
  toolName?: string;
  /** False when the settings switch hooks off: the fire runs nothing, as an agent run would not. */
  enableHooks: boolean;
  /** The files whose `"enableHooks": false` switched hooks off. */
  switchedOffBy?: string[];
  plan: HookExecutionPlan | null;
  results: HookExecutionResult[];
  /** The async hooks of this fire, waited for after the decision (they never change it). */
  background?: HookExecutionResult[];
  /** What the async hooks left for the next model request. */
  asyncMessages?: string[];
  success: boolean;
  errors: string[];
  decision: FireDecision;
}

const maxOutputLines = 12;

/** How the report is printed. */
export interface FireReportOptions {
  /** Include each hook's stdin, exactly as sent (`--show-input`). */
  showInput?: boolean;
}

/** The report as a JSON-serialisable object (`--json`): streams once in full, every other text as an excerpt. */
export function fireReportJson(report: FireReport, options: FireReportOptions = {}): Record<string, unknown> {
  return {
    event: report.event,
    ...(report.firedAs !== undefined ? { firedAs: report.firedAs } : {}),
    ...(report.toolName !== undefined ? { toolName: report.toolName } : {}),
    enableHooks: report.enableHooks,
    ...(report.switchedOffBy ? { switchedOffBy: report.switchedOffBy } : {}),
    matched: report.plan?.hookConfigs.length ?? 0,
    sequential: report.plan?.sequential ?? false,
    hooks: report.results.map((result) => resultJson(result, options)),
    background: (report.background ?? []).map((result) => resultJson(result, options)),
    asyncMessages: report.asyncMessages ?? [],
    success: report.success,
    errors: report.errors.map((error) => excerpt(error)),
    decision: excerptStrings(report.decision),
  };
}

/** One hook's result in the JSON report, whatever its type (`type`, `args`, `url`, `httpStatus`, `failedClosed`). */
function resultJson(result: HookExecutionResult, options: FireReportOptions): Record<string, unknown> {
  const config = result.hookConfig;
  return {
    type: config.type,
    command: config.command ?? null,
    ...(config.type === 'command' && Array.isArray(config.args) ? { args: config.args } : {}),
    ...(config.type === 'http' ? { url: config.url, httpStatus: result.httpStatus ?? null } : {}),
    // A judged hook's question, the model that answered, its answer (and an agent's turns).
    ...(config.type === 'prompt' || config.type === 'agent'
      ? {
          prompt: config.prompt,
          model: result.model ?? null,
          modelAnswer: result.modelAnswer !== undefined ? excerpt(result.modelAnswer) : null,
          ...(result.modelTurns !== undefined ? { modelTurns: result.modelTurns } : {}),
        }
      : {}),
    name: config.name ?? null,
    dialect: config.dialect ?? 'native',
    ...(options.showInput ? { stdin: result.stdin ?? null } : {}),
    exitCode: result.exitCode ?? null,
    signal: result.signal ?? null,
    timedOut: result.timedOut === true,
    success: result.success,
    failedClosed: result.failedClosed === true,
    durationMs: Math.round(result.duration),
    stdout: (result.stdout ?? '').trim(),
    stderr: (result.stderr ?? '').trim(),
    /** True when a stream passed the runner's capture cap and only its head was kept. */
    truncated: result.truncated === true,
    output: excerptStrings(result.output ?? null),
    error: result.error ? excerpt(result.error.message) : null,
  };
}

/** A copy of a JSON-like value with every string cut to an excerpt. */
function excerptStrings<Value>(value: Value): Value {
  if (typeof value === 'string') return excerpt(value) as Value;
  if (Array.isArray(value)) return value.map((item: unknown) => excerptStrings(item)) as Value;
  if (isPlainObject(value))
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, excerptStrings(item)])) as Value;
  return value;
}

/** What {@link printFireReport} prints besides the report. */
export interface PrintFireReportOptions extends FireReportOptions {
  /** Lines explaining why nothing matched. */
  unmatchedHint: string[];
}

/** Prints the report as text. */
export function printFireReport(render: Renderer, report: FireReport, options: PrintFireReportOptions): void {
  const styles = render.styles;
  const unmatchedHint = options.unmatchedHint;
  const target = report.toolName !== undefined ? ` for tool "${report.toolName}"` : '';
  const event = report.firedAs !== undefined ? `${report.firedAs} (${report.event})` : report.event;
  if (!report.enableHooks) {
    const files = (report.switchedOffBy ?? []).join(' and ') || 'a settings file';
    render.line(
      `No hook ran: hooks are switched off ("enableHooks": false in ${files}); an agent run fires no hooks either.`,
    );
    render.line();
  } else if (!report.plan || report.results.length === 0) {
    render.line(`No hook matched ${event}${target}.`);
    for (const hint of unmatchedHint) render.line(styles.dim(`  ${hint}`));
    render.line();
  } else {
    const count = report.results.length;
    render.line(
      `${event}${target}: ${count} ${count === 1 ? 'hook' : 'hooks'} ran ${report.plan.sequential ? 'sequentially' : 'in parallel'}`,
    );
    render.line();
    for (const result of report.results) printHookResult(render, result, options);
  }
  printDecision(render, report.decision);
  if (report.background && report.background.length > 0) {
    render.line();
    render.line(
      styles.bold(`Async hooks (${report.background.length}, in the background: they never change the decision)`),
    );
    render.line();
    for (const result of report.background) printHookResult(render, result, options);
    const messages = report.asyncMessages ?? [];
    render.line(
      `  next model request gets: ${messages.length > 0 ? messages.map((message) => `[System] ${message}`).join(' · ') : styles.dim('(nothing)')}`,
    );
  }
}

function printHookResult(render: Renderer, result: HookExecutionResult, options: FireReportOptions): void {
  const styles = render.styles;
  const config = result.hookConfig;
  const title = hookTitle(result);
  const showName = config.name && config.name !== title && config.type !== 'function';
  const dialect =
    config.dialect !== undefined && config.dialect !== 'native'
      ? styles.dim(`  [${dialectLabel(config.dialect)} dialect]`)
      : '';
  render.line(
    `${styles.bold('●')} ${title}${showName ? styles.dim(`  (${config.name})`) : ''}${styles.dim(`  [${config.type}]`)}${dialect}`,
  );
  // Exactly the bytes the hook read (an http hook: its request body), so an author sees the names and fields it was given.
  if (options.showInput) render.line(`    stdin:  ${result.stdin ?? styles.dim('(none: the hook did not run)')}`);
  render.line(`    ${describeExit(result, styles)} · ${formatDuration(result.duration)}`);
  if (!stdoutIsOutputJson(result)) printStream(render, 'stdout', result.stdout);
  printStream(render, 'stderr', result.stderr);
  if (config.type === 'prompt' || config.type === 'agent') printJudgement(render, result);
  if (result.error && result.exitCode === undefined) render.line(`    error:  ${excerpt(result.error.message)}`);
  render.line(`    output: ${result.output ? oneLine(result.output, 400) : styles.dim('(none: allow, no changes)')}`);
  render.line();
}

/** True when stdout is exactly the JSON the output line shows, so printing it would repeat it. */
function stdoutIsOutputJson(result: HookExecutionResult): boolean {
  const stdout = (result.stdout ?? '').trim();
  if (stdout === '' || !result.output) return false;
  try {
    return safeJson(JSON.parse(stdout)) === safeJson(result.output);
  } catch {
    return false;
  }
}

/** The command line (exec form: with its arguments), `POST <url>`, or the function hook's name. */
function hookTitle(result: HookExecutionResult): string {
  const config = result.hookConfig;
  if (config.type === 'http') return `POST ${config.url}`;
  if (config.type === 'function') return `${config.name} (function)`;
  if (config.type === 'prompt' || config.type === 'agent') return `${config.type}: ${oneLine(config.prompt, 100)}`;
  if (config.command !== undefined)
    return config.type === 'command' && Array.isArray(config.args)
      ? [config.command, ...config.args].join(' ')
      : config.command;
  return config.name ?? `(${config.type} hook)`;
}

function describeExit(result: HookExecutionResult, styles: Renderer['styles']): string {
  // A failure of a hook with onFailure "block" blocks; any other failure is ignored.
  const failed = result.failedClosed ? 'failed, fail-closed: blocks' : 'failed, fail-open';
  if (result.timedOut)
    return styles.red(`timed out${result.hookConfig.type === 'command' ? ' and killed' : ''} — ${failed}`);
  if (result.signal) return styles.red(`killed by ${result.signal} — ${failed}`);
  if (result.hookConfig.type === 'http') {
    if (result.httpStatus === undefined) return styles.red(`no answer — ${failed}`);
    return result.success
      ? styles.green(`HTTP ${result.httpStatus} — ok`)
      : styles.red(`HTTP ${result.httpStatus} — ${failed}`);
  }
  if (result.hookConfig.type === 'function') {
    const kind = (result.error as { kind?: string } | undefined)?.kind ?? 'error';
    return result.success ? styles.green('returned — ok') : styles.red(`${kind} — ${failed}`);
  }
  if (result.hookConfig.type === 'prompt' || result.hookConfig.type === 'agent') {
    const kind = (result.error as { kind?: string } | undefined)?.kind ?? 'error';
    if (!result.success) return styles.red(`${kind} — ${failed}`);
    return result.output?.decision === 'block'
      ? styles.yellow('answered ok: false — block')
      : styles.green('answered ok: true — allow');
  }
  if (result.exitCode === undefined) return styles.red(`did not run — ${failed}`);
  if (result.exitCode === 0 && result.success) return styles.green('exit 0 — ok');
  if (result.exitCode === 2) return styles.yellow('exit 2 — block');
  return styles.red(`exit ${result.exitCode} — ${failed}`);
}

/** Which model answered a judged hook (an agent hook: in how many turns) and what it said. */
function printJudgement(render: Renderer, result: HookExecutionResult): void {
  const turns =
    result.modelTurns !== undefined ? ` in ${result.modelTurns} ${result.modelTurns === 1 ? 'turn' : 'turns'}` : '';
  render.line(`    model:  ${result.model ?? render.styles.dim('(none)')}${turns}`);
  if (result.modelAnswer !== undefined) printStream(render, 'answer', result.modelAnswer);
}

function printStream(render: Renderer, label: string, text: string | undefined): void {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return;
  const head = headLines(excerpt(trimmed), maxOutputLines);
  const more = head.omitted > 0 ? `\n… ${head.omitted} more lines` : '';
  const body = indent(`${head.text}${more}`, 12).trimStart();
  render.line(`    ${label}: ${body}`);
}

function printDecision(render: Renderer, decision: FireDecision): void {
  const styles = render.styles;
  const yesNo = (value: boolean): string => (value ? styles.yellow('yes') : 'no');
  render.line(styles.bold('Decision'));
  const rows: Array<[string, string]> = [
    ['blocked', decision.blocked ? `${yesNo(true)} — ${decision.reason ?? ''}` : 'no'],
    ['stop', decision.stop ? `${yesNo(true)} — ${decision.stopReason ?? ''}` : 'no'],
  ];
  if (decision.modifiedInput) rows.push(['modified input', safeJson(decision.modifiedInput)]);
  if (decision.additionalContext) rows.push(['additionalContext', decision.additionalContext]);
  if (decision.systemMessage) rows.push(['systemMessage', decision.systemMessage]);
  rows.push(['suppressOutput', yesNo(decision.suppressOutput)]);
  if (decision.toolConfig) rows.push(['toolConfig', safeJson(decision.toolConfig)]);
  if (decision.modifiedRequest) rows.push(['modified request', safeJson(decision.modifiedRequest)]);
  if (decision.syntheticResponse !== undefined) rows.push(['synthetic response', decision.syntheticResponse]);
  if (decision.modifiedResponse !== undefined) rows.push(['modified response', decision.modifiedResponse]);
  // A value of several lines (two failed hooks' "Warning: …" messages) keeps its column, so the next row's label stands out.
  for (const [label, value] of rows) render.line(`  ${label.padEnd(19)} ${indent(excerpt(value), 22).trimStart()}`);
  render.line(`  ${styles.bold('→')} ${excerpt(decision.verdict)}`);
}
