/**
 * How `hookrail run` and `hookrail chat` show an agent session as it happens: the model's text, each tool call moving
 * through its machine's states on one line (`▸ write_file  beforeHook → executing → afterHook →
 * published`) with blocked / stopped / suppressed / cancelled / asked and denied marked, then the
 * call's input (and the rewrite a hook made), how a hook's ask was answered, its output or the block
 * reason. Output a hook suppressed is never printed (HOOK-029, 132), and a hook's `systemMessage`
 * only ever reaches the model (HOOK-159).
 */
import type { AgentEvent, AgentRunResult, ToolCallOutcome, ToolCallUpdate } from '../machines/types.js';
import { headLines, indent, oneLine, type Renderer } from './render.js';

/** Lines of a tool's output shown before "… N more lines". */
const maxOutputLines = 20;

/** Renders {@link AgentEvent}s as text; feed it every event, in order. */
export class RunProgressView {
  private readonly render: Renderer;
  /** The call whose state line is open (not yet ended with a newline). */
  private openLineCallId: string | undefined;
  /** Calls that already have a state line in this turn. */
  private readonly callsThisTurn = new Set<string>();
  /** A tool result was printed since the model last spoke: the next turn starts after a blank line. */
  private toolOutputShown = false;

  constructor(render: Renderer) {
    this.render = render;
  }

  /** Prints what `event` changes on screen. */
  handle(event: AgentEvent): void {
    if (event.type === 'tool_update') {
      this.showUpdate(event.update);
      return;
    }
    this.closeLine();
    switch (event.type) {
      case 'model_response':
        if (this.toolOutputShown) this.render.line();
        this.toolOutputShown = false;
        this.callsThisTurn.clear();
        this.showModelResponse(event.text, event.suppressDisplay);
        break;
      case 'model_blocked':
        this.render.line(this.render.styles.yellow(`⛔ model call blocked by hook: ${event.reason}`));
        break;
      case 'tool_result':
        this.showResult(event.outcome);
        break;
      case 'hook_message':
        // Gemini CLI shows a lifecycle hook's systemMessage to the user.
        this.render.line(this.render.styles.cyan(`ℹ ${event.eventName} hook: ${event.message}`));
        break;
      case 'continued':
        this.render.line(
          this.render.styles.magenta(
            `↻ a Stop hook asked the agent to go on (continuation ${event.continuation}): ${event.reason}`,
          ),
        );
        this.render.line();
        break;
      case 'compacted':
        this.render.line(
          this.render.styles.dim(
            `⇣ history compacted (${event.trigger}, ${event.strategy}): ${event.removedContents} older ${event.removedContents === 1 ? 'message' : 'messages'} replaced; ` +
              `~${event.tokensBefore} → ~${event.tokensAfter} tokens`,
          ),
        );
        break;
      case 'compaction_blocked':
        this.render.line(
          this.render.styles.yellow(
            `⛔ compaction (${event.trigger}) blocked by a PreCompact hook; the history is kept: ${event.reason}`,
          ),
        );
        break;
      case 'context_cleared':
        this.render.line(this.render.styles.dim('⌫ an AfterAgent hook cleared the conversation context'));
        break;
      default:
        break;
    }
  }

  /** Ends the open state line, so a question (a hook's ask) can be printed on lines of its own. */
  pauseLine(): void {
    this.closeLine();
  }

  /** Prints the closing line for how the run ended. */
  finish(result: AgentRunResult, options: { maxTurns: number }): void {
    this.closeLine();
    const styles = this.render.styles;
    const turns = `${result.turns} ${result.turns === 1 ? 'turn' : 'turns'}`;
    this.render.line();
    switch (result.status) {
      case 'completed':
        this.render.line(styles.green(`✔ completed (${turns})`));
        break;
      case 'stopped':
        this.render.line(
          styles.yellow(
            `■ stopped by hook: ${result.stopReason ?? 'no reason given'}${result.sessionEnded ? ' (the session ended)' : ''}`,
          ),
        );
        break;
      case 'blocked':
        this.render.line(styles.yellow(`⛔ prompt blocked by hook: ${result.blockReason ?? 'no reason given'}`));
        break;
      case 'continuation_limit':
        this.render.line(
          styles.red(`✗ stopped after ${turns}: ${result.stopReason ?? 'the continuation limit was reached'}`),
        );
        break;
      case 'max_turns':
        this.render.line(
          styles.red(`✗ gave up after ${turns}: the --max-turns limit (${options.maxTurns}) was reached`),
        );
        break;
      case 'aborted':
        this.render.line(styles.red('✗ cancelled; running hook and tool processes were stopped'));
        break;
      case 'error':
        this.render.line(styles.red(`✗ the run failed (${turns})`));
        break;
    }
  }

  private showModelResponse(text: string, suppressDisplay: boolean): void {
    if (suppressDisplay) {
      this.render.line(this.render.styles.dim('(model response hidden by hook)'));
      return;
    }
    if (text.trim() !== '') this.render.line(text.trim());
  }

  private showUpdate(update: ToolCallUpdate): void {
    const label = this.stateLabel(update);
    if (label === undefined) return;
    const styles = this.render.styles;
    if (this.openLineCallId === update.callId) {
      this.render.write(` → ${label}`);
    } else {
      this.closeLine();
      const continued = this.callsThisTurn.has(update.callId) ? '… → ' : '';
      this.render.write(`${styles.cyan('▸')} ${styles.bold(update.name)}  ${continued}${label}`);
      this.openLineCallId = update.callId;
      this.callsThisTurn.add(update.callId);
    }
    if (update.state === 'published' || update.state === 'cancelled') this.closeLine();
  }

  /** The label a state gets on the call's line; `undefined` for states not worth showing. */
  private stateLabel(update: ToolCallUpdate): string | undefined {
    const styles = this.render.styles;
    switch (update.state) {
      case 'idle':
        return undefined;
      case 'asking':
        return styles.yellow('asking');
      case 'buffered':
        if (update.outcome === 'blocked' && update.asked?.decision === 'deny') return styles.red('DENIED');
        if (update.outcome === 'blocked') return styles.red('BLOCKED');
        if (update.outcome === 'stopped') return styles.yellow('STOPPED');
        if (update.outcome === 'cancelled') return styles.red('CANCELLED');
        if (update.suppressDisplay) return styles.magenta('suppressed');
        if (update.outcome === 'error') return styles.red('error');
        return undefined;
      case 'cancelled':
        return styles.red('CANCELLED');
      case 'published':
        return styles.dim('published');
      default:
        return update.state;
    }
  }

  private showResult(outcome: ToolCallOutcome): void {
    const styles = this.render.styles;
    this.toolOutputShown = true;
    const shown = this.callsThisTurn.has(outcome.callId);
    if (!shown) {
      // A call that never reached the scheduler (e.g. not allowed by the request's tool config).
      this.render.line(`${styles.cyan('▸')} ${styles.bold(outcome.name)}  ${styles.red('not run')}`);
      this.callsThisTurn.add(outcome.callId);
    }
    const several = this.callsThisTurn.size > 1;
    const input = describeInput(outcome.name, outcome.args);
    this.render.line(several ? `  ↳ ${outcome.name}: ${input}` : `    ${input}`);
    if (JSON.stringify(outcome.args) !== JSON.stringify(outcome.requestedArgs)) {
      this.render.line(
        styles.magenta(
          `    ✎ input rewritten by hook; the model asked for: ${describeInput(outcome.name, outcome.requestedArgs)}`,
        ),
      );
    }
    const result = outcome.result;
    const detail = result.error?.message ?? result.llmContent;
    if (outcome.asked) {
      // What the hook asked and how it was answered; a deny is the whole story of the call.
      const asked = outcome.asked;
      const question = `    ? a hook asked: ${oneLine(asked.reason, 300)}`;
      if (asked.decision === 'deny') {
        this.render.line(styles.red(`${question} → denied: ${oneLine(detail, 300)}`));
        return;
      }
      this.render.line(
        styles.green(`${question} → allowed${asked.decisionReason ? ` (${oneLine(asked.decisionReason, 200)})` : ''}`),
      );
    }
    switch (outcome.outcome) {
      case 'blocked':
        this.render.line(styles.red(`    ⛔ blocked by hook: ${oneLine(detail, 400)}`));
        return;
      case 'stopped':
        // The reason is printed once, on the run's closing line.
        this.render.line(styles.yellow('    ■ a hook stopped the agent at this call'));
        return;
      case 'cancelled':
        this.render.line(styles.red(`    ○ cancelled: ${oneLine(detail, 400)}`));
        return;
      default:
        break;
    }
    if (result.suppressDisplay) {
      this.render.line(styles.dim('    (output hidden by hook)'));
      return;
    }
    if (outcome.outcome === 'error') {
      this.render.line(styles.red(`    ✗ ${oneLine(detail, 400)}`));
      return;
    }
    const display = result.returnDisplay.trim();
    if (display === '') return;
    const head = headLines(display, maxOutputLines);
    this.render.line(indent(head.text, 4));
    if (head.omitted > 0) this.render.line(styles.dim(`    … ${head.omitted} more lines`));
  }

  private closeLine(): void {
    if (this.openLineCallId === undefined) return;
    this.render.write('\n');
    this.openLineCallId = undefined;
  }
}

/** `$ <command>` for shell calls, `<path>` for file tools, else the arguments as one-line JSON. */
function describeInput(name: string, args: Record<string, unknown>): string {
  const command = args['command'];
  if (name === 'run_shell_command' && typeof command === 'string') return `$ ${oneLine(command, 200)}`;
  return `input: ${oneLine(args, 200)}`;
}
