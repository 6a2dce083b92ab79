/**
 * `hookrail hooks test [FILES...]`: runs hook test cases (hookTests/caseFile.ts; docs/hook-tests.md)
 * against the configured hooks for real — command processes, http hooks, function hooks, prompt and
 * agent hooks with a scripted hook model — each case through the fire and decision `hooks fire` uses.
 * Prints a table (verdict, case, outcome, deciding hook, duration), guard scores for cases labelled
 * `should`, and with `--junit FILE` writes JUnit XML. Cases run in parallel up to `--concurrency`; a hook
 * that hangs fails its case at its timeout. Exit 1 when any case fails or a guard misses a threshold.
 */
import { readdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { booleanOption, integerOption, jsonOptionSpec, stringOption, type ParsedArgs } from '../args.js';
import type { CommandDefinition } from '../context.js';
import { CliError, CliUsageError, ExitCode } from '../errors.js';
import { safeJson } from '../render.js';
import { resolveWorkingDir } from '../settingsLoader.js';
import { fireConfigOptionSpecs } from '../fireConfig.js';
import { readCaseFile, type HookTestCase } from '../hookTests/caseFile.js';
import { runCase } from '../hookTests/caseRun.js';
import { scoreGuards, thresholdFailures, type GuardThresholds } from '../hookTests/guardScores.js';
import { junitXml } from '../hookTests/junitReport.js';
import { printTestReport, summaryCounts, testReportJson } from '../hookTests/testReport.js';

const commandName = 'hooks test';

/** Where cases are looked for when no file is given, under the project directory. */
export const defaultTestDirectory = join('.hookrail', 'tests');

/** The `hooks test` command. */
export const hooksTestCommand: CommandDefinition = {
  spec: {
    name: commandName,
    summary: 'Run hook test cases against the configured hooks for real; table, JSON or JUnit XML; exit 1 on a failure',
    description: [
      "Each case fires one event (a tool and its input, a full payload in hookrail's, Claude Code's or Gemini CLI's " +
        'names, lifecycle fields, or a model request) with the configured hooks, exactly as "hooks fire" does, and checks ' +
        'what came out: allowed, denied (reason matching a pattern), asked, the input the tool runs with (a partial match), ' +
        'context containing a text, stopped, suppressed. Files are JSON (an array of cases, or {"cases": [...]} with ' +
        'file-wide "cwd", "settings" and "scenario", paths relative to the file) or JSON Lines (.jsonl, one case per line); ' +
        'the schema is in docs/hook-tests.md. Without FILES, every .json and .jsonl file in .hookrail/tests of the project.',
      'A hook that times out fails its case (it is killed at its timeout; the other cases go on); so does a hook that ' +
        'fails, unless the case says "allowHookErrors": true. Prompt and agent hooks are answered by the case\'s ' +
        '"hookModel" turns, else the scenario\'s "hookModel", else --model.',
      'Guard scores: cases labelled "should": "block" or "allow" give each hook that blocked or asked on one of them its ' +
        'catch rate, false-positive rate and latency (p50, p95); --min-catch and --max-false-positives fail the run when a ' +
        'guard misses them. Exit code 0 when every case passed, 1 when one failed or could not run or a threshold was missed.',
    ],
    positionals: [
      {
        name: 'FILES',
        description: 'Case files (.json or .jsonl); default: .hookrail/tests/*.json{,l} of the project.',
        variadic: true,
      },
    ],
    options: {
      ...fireConfigOptionSpecs("Include this scenario's settings.hooks; its hookModel answers prompt and agent hooks."),
      json: jsonOptionSpec,
      junit: {
        type: 'string',
        valueName: 'FILE',
        description: 'Also write the results as JUnit XML to FILE (what CI systems read).',
      },
      concurrency: { type: 'string', valueName: 'N', description: 'Run at most N cases at once (default 4).' },
      'case-timeout': {
        type: 'string',
        valueName: 'MS',
        description:
          "Fail a case that takes longer than MS milliseconds; its hooks are killed (default: only the hooks' own timeouts).",
      },
      'min-catch': {
        type: 'string',
        valueName: 'RATE',
        description: 'Fail when a guard blocks fewer than RATE (0..1) of its "should": "block" cases, e.g. 0.95.',
      },
      'max-false-positives': {
        type: 'string',
        valueName: 'RATE',
        description: 'Fail when a guard blocks more than RATE (0..1) of its "should": "allow" cases, e.g. 0.02.',
      },
    },
    examples: [
      'hookrail hooks test examples/hook-tests/demo-guard.json',
      'hookrail hooks test examples/hook-tests/demo-guard.json --min-catch 0.95 --max-false-positives 0.02',
      'hookrail hooks test cases.jsonl --settings .claude/settings.json --junit hook-tests.xml',
      'hookrail hooks test --json',
    ],
  },
  execute: async (context, args) => {
    const concurrency = integerOption(args, 'concurrency', { commandName, minimum: 1, maximum: 64 }) ?? 4;
    const caseTimeoutMs = integerOption(args, 'case-timeout', { commandName, minimum: 1, maximum: 3_600_000 });
    const thresholds: GuardThresholds = {};
    const minCatch = rateOption(args, 'min-catch');
    if (minCatch !== undefined) thresholds.minCatch = minCatch;
    const maxFalsePositives = rateOption(args, 'max-false-positives');
    if (maxFalsePositives !== undefined) thresholds.maxFalsePositives = maxFalsePositives;
    const junitFile = stringOption(args, 'junit');
    if (junitFile !== undefined && junitFile.trim() === '')
      throw new CliUsageError('--junit needs a file to write', { commandName });
    const files = await caseFiles(context.io.cwd, args);
    const cases: HookTestCase[] = [];
    for (const file of files) cases.push(...(await readCaseFile(file, context.io.cwd)));
    const results = await runBounded(cases, concurrency, (testCase) =>
      runCase({ context, args, commandName, testCase, ...(caseTimeoutMs !== undefined ? { caseTimeoutMs } : {}) }),
    );
    const scores = scoreGuards(results);
    const report = { results, scores, thresholdFailures: thresholdFailures(scores, thresholds) };
    if (junitFile !== undefined) {
      const path = resolve(context.io.cwd, junitFile);
      const xml = junitXml({ ...report, gated: Object.keys(thresholds).length > 0, timestamp: new Date() });
      await writeFile(path, xml).catch((error: unknown) => {
        throw new CliError(`--junit ${junitFile}: cannot write ${path}: ${(error as Error).message}`);
      });
    }
    if (booleanOption(args, 'json')) context.render.line(safeJson(testReportJson(report), 2));
    else printTestReport(context.render, report);
    if (context.signal.aborted) return ExitCode.interrupted;
    return summaryCounts(report).ok ? ExitCode.success : ExitCode.failure;
  },
};

/** The files named, or every .json / .jsonl file of the project's .hookrail/tests. */
async function caseFiles(invocationDir: string, args: ParsedArgs): Promise<string[]> {
  if (args.positionals.length > 0) return args.positionals;
  const project = await resolveWorkingDir(invocationDir, stringOption(args, 'cwd'), commandName);
  const directory = join(project, defaultTestDirectory);
  const names = await readdir(directory).catch(() => []);
  const files = names.filter((name) => name.endsWith('.json') || name.endsWith('.jsonl')).sort();
  if (files.length === 0)
    throw new CliUsageError(
      `no case files given, and none in ${directory}; pass FILES, e.g. hookrail hooks test cases.json`,
      { commandName },
    );
  return files.map((name) => join(directory, name));
}

/** A rate option: a number from 0 to 1. */
function rateOption(args: ParsedArgs, name: string): number | undefined {
  const raw = stringOption(args, name);
  if (raw === undefined) return undefined;
  const value = /^\s*(?:\d+(?:\.\d*)?|\.\d+)\s*$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(value >= 0 && value <= 1))
    throw new CliUsageError(`--${name} expects a rate from 0 to 1 (e.g. 0.95), got "${raw}"`, { commandName });
  return value;
}

/** Runs `work` on every item, at most `limit` at once; the results keep the items' order. */
async function runBounded<Item, Result>(
  items: readonly Item[],
  limit: number,
  work: (item: Item) => Promise<Result>,
): Promise<Result[]> {
  const results: Result[] = new Array<Result>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
