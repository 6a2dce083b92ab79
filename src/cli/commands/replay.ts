/**
 * `hookrail replay RUN.jsonl`: re-fires every hook input recorded in an inspection file (`hookrail
 * run --inspect`) against the current settings — the same `--cwd`, `--settings`, `--plugin`,
 * `--scenario` and `--function-hooks` options `run` takes — and prints each fire whose decision,
 * rewrite or context changed, before → after. Exit 1 when one changed: a recorded run is a regression
 * test, and recording a new run is how it is updated.
 */
import { existsSync } from 'node:fs';
import { booleanOption, jsonOptionSpec } from '../args.js';
import type { CommandContext, CommandDefinition } from '../context.js';
import { ExitCode } from '../errors.js';
import { fireEvent } from '../fireEvent.js';
import { fireConfigOptionSpecs, loadFireConfig, type FireConfig } from '../fireConfig.js';
import type { FireDecision } from '../fireDecision.js';
import { fireConversation, openFireTranscript } from '../fireTranscript.js';
import { oneLine, safeJson } from '../render.js';
import { readRecording } from '../recordings.js';
import { recordedDecision, recordedFires, type RecordedFire } from '../recordedFires.js';

const commandName = 'replay';

/** The three things a replay compares, each as text. */
interface DecisionFacets {
  decision: string;
  rewrite: string;
  context: string;
}

/** One fire that came out differently. */
interface ReplayChange {
  eventName: string;
  toolName?: string;
  callId?: string;
  hooks: string[];
  before: DecisionFacets;
  after: DecisionFacets;
}

/** The `replay` command. */
export const replayCommand: CommandDefinition = {
  spec: {
    name: commandName,
    summary:
      'Re-fire every hook input of a recorded run against the current hooks; show what changed; exit 1 if anything did',
    description: [
      'Reads the hookrail.hook records of RUN.jsonl (written by "hookrail run --inspect RUN.jsonl"), groups them into the ' +
        'fires they came from, and fires each again, in order, with the hooks the options load now — real processes, as "hooks ' +
        'fire" runs them. A fire whose decision (allowed, denied, asked, stopped), rewrite (the input the tool runs with, a ' +
        'modified model request or response) or context (additionalContext, systemMessage) differs from the recorded one is ' +
        'printed before → after; a reason worded differently is not a change. The recorded decision is the recorded answers ' +
        'merged by the same rules a fire uses.',
      'Exit code 0 when nothing changed, 1 when something did. There is no --update: record a new run to update it. Strings ' +
        'longer than 8000 characters were cut in the recording, so a hook reading one gets the cut text.',
    ],
    positionals: [
      { name: 'RUN', description: 'An inspection file written by "hookrail run --inspect".', required: true },
    ],
    options: {
      ...fireConfigOptionSpecs(
        "Include this scenario's settings.hooks (as run does); its hookModel answers prompt and agent hooks.",
      ),
      json: jsonOptionSpec,
    },
    examples: [
      'hookrail run --scenario examples/scenarios/demo.json --inspect run.jsonl',
      'hookrail replay run.jsonl --scenario examples/scenarios/demo.json',
      'hookrail replay run.jsonl --settings .claude/settings.json --json',
    ],
  },
  execute: async (context, args) => {
    const file = args.positionals[0]!;
    const records = await readRecording(context, file);
    const fires = recordedFires(records);
    const loaded = await loadFireConfig({ context, args, commandName });
    for (const warning of loaded.warnings) context.render.warn(warning);
    const changes: ReplayChange[] = [];
    for (const fire of fires) {
      if (context.signal.aborted) return ExitCode.interrupted;
      const after = await replayFire(context, loaded, fire);
      const before = facetsOf(recordedDecision(fire));
      if (before.decision === after.decision && before.rewrite === after.rewrite && before.context === after.context)
        continue;
      changes.push({
        eventName: fire.eventName,
        ...(fire.fired.toolName !== undefined ? { toolName: fire.fired.toolName } : {}),
        ...(fire.callId !== undefined ? { callId: fire.callId } : {}),
        hooks: [...new Set(fire.records.map((record) => record.hookName))],
        before,
        after,
      });
    }
    const hookRuns = fires.reduce((sum, fire) => sum + fire.records.length, 0);
    if (booleanOption(args, 'json')) {
      context.render.line(safeJson({ file, fires: fires.length, hookRuns, changed: changes.length, changes }, 2));
    } else {
      printChanges(context, changes);
      const summary = `replayed ${fires.length} ${fires.length === 1 ? 'fire' : 'fires'} (${hookRuns} hook runs) from ${file}: ${changes.length} changed`;
      context.render.line(
        changes.length === 0 ? context.render.styles.green(summary) : context.render.styles.red(summary),
      );
    }
    return changes.length === 0 ? ExitCode.success : ExitCode.failure;
  },
};

/** Fires a recorded fire again with the current hooks; the transcript is the recorded one while it exists. */
async function replayFire(context: CommandContext, loaded: FireConfig, fire: RecordedFire): Promise<DecisionFacets> {
  const transcript = await openFireTranscript({
    ...(fire.transcriptPath !== undefined && existsSync(fire.transcriptPath) ? { given: fire.transcriptPath } : {}),
    invocationDir: context.io.cwd,
    commandName,
    conversation: fireConversation(fire.eventName, fire.fired.payload),
    sessionId: loaded.config.getSessionId(),
    cwd: loaded.workingDir,
  });
  try {
    loaded.config.setTranscriptPath(transcript.path);
    const outcome = await fireEvent({
      config: loaded.config,
      eventName: fire.eventName,
      fired: fire.fired,
      signal: context.signal,
    });
    return facetsOf(outcome.decision);
  } finally {
    await transcript.dispose();
  }
}

/** A decision's three compared facets as text. */
function facetsOf(decision: FireDecision): DecisionFacets {
  const kind = decision.stop
    ? 'stopped'
    : decision.blocked
      ? 'denied'
      : decision.asks !== undefined
        ? 'asked'
        : 'allowed';
  const rewrites = {
    ...(decision.modifiedInput ? { input: decision.modifiedInput } : {}),
    ...(decision.modifiedRequest ? { request: decision.modifiedRequest } : {}),
    ...(decision.modifiedResponse !== undefined ? { response: decision.modifiedResponse } : {}),
    ...(decision.syntheticResponse !== undefined ? { syntheticResponse: decision.syntheticResponse } : {}),
    ...(decision.toolConfig ? { toolConfig: decision.toolConfig } : {}),
  };
  return {
    decision: kind,
    rewrite: Object.keys(rewrites).length > 0 ? safeJson(rewrites) : '(none)',
    context:
      [decision.additionalContext, decision.systemMessage]
        .filter((text) => text !== undefined && text !== '')
        .join('\n') || '(none)',
  };
}

function printChanges(context: CommandContext, changes: readonly ReplayChange[]): void {
  const styles = context.render.styles;
  for (const change of changes) {
    const tool = change.toolName !== undefined ? ` ${change.toolName}` : '';
    const call = change.callId !== undefined ? ` (call ${change.callId})` : '';
    context.render.line(
      `${styles.bold(`${change.eventName}${tool}`)}${call}  ${styles.dim(`hooks: ${change.hooks.join(', ')}`)}`,
    );
    for (const facet of ['decision', 'rewrite', 'context'] as const) {
      if (change.before[facet] === change.after[facet]) continue;
      context.render.line(
        `  ${facet.padEnd(8)} ${oneLine(change.before[facet], 200)} ${styles.yellow('→')} ${oneLine(change.after[facet], 200)}`,
      );
    }
    context.render.line();
  }
}
