/**
 * `hookrail hooks coverage RUN.jsonl...`: for every hook the current settings configure (the options
 * `run` takes), how often it matched in the recorded runs (the fires the planner selects it for), ran,
 * blocked, modified, asked, failed open and timed out — and the hooks that never matched, so a dead
 * matcher shows up. `--fail-unused` exits 1 when there is one.
 */
import { HookPlanner } from '../../hooks/engine/hookPlanner.js';
import type { HookConfig } from '../../hooks/protocol/hookConfig.js';
import { toConfiguredHookRecords } from '../../inspection/hookRecords.js';
import { tallyHookCoverage, unusedHooks, type HookCoverageRow } from '../../inspection/page/hookCoverage.js';
import type { HookRecord, InspectionLine } from '../../inspection/records.js';
import { booleanOption, jsonOptionSpec } from '../args.js';
import type { CommandDefinition } from '../context.js';
import { CliError, ExitCode } from '../errors.js';
import { loadFireConfig } from '../fireConfig.js';
import { functionHooksOptionSpec } from '../functionHooksModule.js';
import { safeJson, type Renderer } from '../render.js';
import { recordedOccurrences } from '../recordedOccurrences.js';
import { readRecording } from '../recordings.js';
import { settingsSelectionOptionSpecs } from '../settingsLoader.js';

const commandName = 'hooks coverage';

/** The `hooks coverage` command. */
export const hooksCoverageCommand: CommandDefinition = {
  spec: {
    name: commandName,
    summary:
      'Per configured hook: how often it matched, ran, blocked, modified, asked, failed open, timed out in recorded runs',
    description: [
      'Reads one or more inspection files ("hookrail run --inspect RUN.jsonl") and the hooks configured now (every settings ' +
        'scope, --settings, --plugin, the --scenario\'s hooks, --function-hooks — as run loads them). "matched" counts the ' +
        'fires of the recordings (each tool call, model call and session event) the planner selects the hook for with the ' +
        'current matchers and "if" conditions; the other columns count the hook\'s own records: ran, blocked (block, deny or ' +
        'stop), modified, asked, failed open (failed and ignored), timed out. A record belongs to a hook with the same event ' +
        'and name (its name, else its command, URL or prompt).',
      'The hooks that never matched and never ran are listed. Exit code 0, or 1 with --fail-unused when there is one.',
    ],
    positionals: [
      {
        name: 'RUN',
        description: 'Inspection files written by "hookrail run --inspect".',
        required: true,
        variadic: true,
      },
    ],
    options: {
      ...settingsSelectionOptionSpecs("Include this scenario's settings.hooks, as run does."),
      'function-hooks': functionHooksOptionSpec,
      json: jsonOptionSpec,
      'fail-unused': {
        type: 'boolean',
        description: 'Exit 1 when a configured hook never matched (a CI gate for dead matchers).',
      },
    },
    examples: [
      'hookrail run --scenario examples/scenarios/demo.json --inspect run.jsonl',
      'hookrail hooks coverage run.jsonl --scenario examples/scenarios/demo.json',
      'hookrail hooks coverage runs/*.jsonl --fail-unused',
    ],
  },
  execute: async (context, args) => {
    const records: InspectionLine[] = [];
    for (const given of args.positionals) records.push(...(await readRecording(context, given)));
    const loaded = await loadFireConfig({ context, args, commandName });
    for (const warning of loaded.warnings) context.render.warn(warning);
    const hookSystem = loaded.config.getHookSystem();
    if (!hookSystem)
      throw new CliError(
        `hooks are switched off ("enableHooks": false in ${loaded.switchedOffBy.join(' and ')}): no hook is configured to cover`,
      );
    await hookSystem.initialize();
    const entries = hookSystem
      .getRegistry()
      .getAllHooks()
      .filter((entry) => entry.enabled);
    const rows = tallyHookCoverage(
      toConfiguredHookRecords(entries),
      records.filter((record): record is HookRecord => record.type === 'hookrail.hook'),
    );
    // The planner of the current settings decides, fire by fire, which hooks it selects.
    const rowOf = new Map<HookConfig, HookCoverageRow>(entries.map((entry, index) => [entry.config, rows[index]!]));
    for (const row of rows) row.matched = 0;
    const planner = new HookPlanner(hookSystem.getRegistry(), undefined, { workingDir: loaded.workingDir });
    for (const occurrence of recordedOccurrences(records)) {
      for (const config of planner.createExecutionPlan(occurrence.eventName, occurrence.context)?.hookConfigs ?? []) {
        const row = rowOf.get(config);
        if (row) row.matched = (row.matched ?? 0) + 1;
      }
    }
    const unused = unusedHooks(rows);
    if (booleanOption(args, 'json'))
      context.render.line(
        safeJson(
          {
            files: args.positionals,
            hooks: rows,
            unused: unused.map((row) => ({ eventName: row.eventName, hookName: row.hookName })),
          },
          2,
        ),
      );
    else printCoverage(context.render, rows, unused);
    return booleanOption(args, 'fail-unused') && unused.length > 0 ? ExitCode.failure : ExitCode.success;
  },
};

function printCoverage(render: Renderer, rows: readonly HookCoverageRow[], unused: readonly HookCoverageRow[]): void {
  const styles = render.styles;
  if (rows.length === 0) {
    render.line('No hooks are configured; "hookrail hooks list" shows what is loaded.');
    return;
  }
  const header = [
    'hook',
    'event',
    'matcher',
    'matched',
    'ran',
    'blocked',
    'modified',
    'asked',
    'failed open',
    'timed out',
  ];
  const table = rows.map((row) => [
    row.hookName,
    row.eventName,
    row.matcher ?? '(all)',
    ...[row.matched ?? 0, row.ran, row.blocked, row.modified, row.asked, row.failedOpen, row.timedOut].map(String),
  ]);
  const widths = header.map((title, column) =>
    Math.min(column === 0 ? 50 : 30, Math.max(title.length, ...table.map((row) => row[column]!.length))),
  );
  const line = (row: readonly string[]): string =>
    row
      .map((text, column) =>
        text.length > widths[column]!
          ? `${text.slice(0, widths[column]! - 1)}…`
          : column >= 3
            ? text.padStart(widths[column]!)
            : text.padEnd(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  render.line(styles.bold(line(header)));
  for (const row of table) render.line(line(row));
  render.line();
  if (unused.length === 0) render.line(styles.green(`Every configured hook matched at least once (${rows.length}).`));
  else
    render.line(
      styles.yellow(
        `Never matched: ${unused.map((row) => `${row.hookName} (${row.eventName}${row.matcher !== undefined ? `, matcher ${JSON.stringify(row.matcher)}` : ''})`).join(', ')}`,
      ),
    );
}
