/**
 * Every published-hook fixture (test/fixtures/hooks/published/) with every payload it is tested with,
 * run through the hook system twice — warm interpreters off, then on — decides the same way: the same
 * stdin, stdout, stderr, exit code, decision and side effects, byte for byte. Each must have run on a
 * warm process the second time: the Node and Python fixtures on a warm interpreter, the bash ones
 * (script paths run by their shebang) started by a warm launcher.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { removeClaudeEnvFile } from '../../../../src/hooks/dialects/claudeEnvFile.js';
import { closeWarmInterpreters, sharedWarmInterpreterPool } from '../../../../src/hooks/actions/warm/warmStart.js';
import { scratchDirectory, shellQuote } from '../../../helpers/hookFixtures.js';
import {
  firePublishedPayload,
  loadPayload,
  payloadsDirectory,
  publishedHook,
  requirePublishedHookTools,
  type PublishedDialect,
  recordedClaudeEvents,
} from '../../../helpers/publishedHooks.js';
import { pathWithRealPython } from '../../../helpers/warmInterpreters.js';

const hostPath = process.env.PATH;
beforeAll(() => {
  requirePublishedHookTools();
  process.env.PATH = pathWithRealPython();
});
afterAll(async () => {
  process.env.PATH = hostPath;
  await closeWarmInterpreters();
});

let project: { path: string; remove: () => void };
beforeEach(() => {
  project = scratchDirectory('hookrail-published-warm-');
});
afterEach(() => project.remove());

interface Case {
  dialect: PublishedDialect;
  script: string;
  payload: string;
  transcript?: string;
  args?: (projectDir: string) => string[];
  prepare?: (projectDir: string) => void;
  effect?: (projectDir: string) => unknown;
}

const writeCart = (projectDir: string): void => {
  mkdirSync(join(projectDir, 'src'), { recursive: true });
  writeFileSync(join(projectDir, 'src', 'cart.ts'), 'export const total = 0;   \nexport const discount = 0;\t\n');
  mkdirSync(join(projectDir, 'docs'), { recursive: true });
  writeFileSync(join(projectDir, 'docs', 'notes.md'), '# Notes  \n\nFirst line \n\n\n');
};
const claudeLog = (projectDir: string): string => join(projectDir, 'logs', 'hooks.jsonl');
const geminiLog = (projectDir: string): string => join(projectDir, '.gemini', 'tool-log.txt');
const readIfThere = (path: string): string => (existsSync(path) ? readFileSync(path, 'utf8') : '');

const claudeEvents = recordedClaudeEvents;
const geminiEvents = [
  'SessionStart',
  'BeforeAgent',
  'BeforeTool',
  'AfterTool',
  'AfterAgent',
  'PreCompress',
  'Notification',
  'SessionEnd',
];

const cases: Case[] = [
  ...['block', 'allow'].map((kind) => ({
    dialect: 'claude' as const,
    script: 'bash_command_validator.py',
    payload: `bash_command_validator.${kind}.json`,
  })),
  ...['deny', 'allow'].map((kind) => ({
    dialect: 'claude' as const,
    script: 'deny-destructive-bash.mjs',
    payload: `deny-destructive-bash.${kind}.json`,
  })),
  ...['block', 'edit-block', 'allow'].map((kind) => ({
    dialect: 'claude' as const,
    script: 'protect-env-files.sh',
    payload: `protect-env-files.${kind}.json`,
  })),
  ...['block', 'approve', 'none'].map((kind) => ({
    dialect: 'claude' as const,
    script: 'legacy-decision-guard.sh',
    payload: `legacy-decision-guard.${kind}.json`,
  })),
  ...['ask', 'allow'].map((kind) => ({
    dialect: 'claude' as const,
    script: 'ask-before-push.sh',
    payload: `ask-before-push.${kind}.json`,
  })),
  ...['rewrite', 'allow'].map((kind) => ({
    dialect: 'claude' as const,
    script: 'dry-run-publish.mjs',
    payload: `dry-run-publish.${kind}.json`,
  })),
  ...['edit', 'write', 'read'].map((kind) => ({
    dialect: 'claude' as const,
    script: 'format-after-edit.mjs',
    payload: `format-after-edit.${kind}.json`,
    prepare: writeCart,
    effect: (projectDir: string) => [
      readFileSync(join(projectDir, 'src', 'cart.ts'), 'utf8'),
      readFileSync(join(projectDir, 'docs', 'notes.md'), 'utf8'),
    ],
  })),
  ...claudeEvents.map((event) => ({
    dialect: 'claude' as const,
    script: 'log-hook-input.py',
    payload: `events/${event}.json`,
    args: (projectDir: string) => [claudeLog(projectDir)],
    prepare: (projectDir: string) => rmSync(claudeLog(projectDir), { force: true }),
    effect: (projectDir: string) => withoutTimestamp(JSON.parse(readFileSync(claudeLog(projectDir), 'utf8'))),
  })),
  { dialect: 'claude', script: 'prompt-context.py', payload: 'prompt-context.block.json' },
  { dialect: 'claude', script: 'prompt-context.py', payload: 'prompt-context.context.json' },
  { dialect: 'claude', script: 'prompt-context.py', payload: 'prompt-context.context.json', args: () => ['--json'] },
  {
    dialect: 'claude',
    script: 'stop-until-marker.sh',
    payload: 'stop-until-marker.block.json',
    transcript: 'no-marker.jsonl',
  },
  {
    dialect: 'claude',
    script: 'stop-until-marker.sh',
    payload: 'stop-until-marker.allow.json',
    transcript: 'with-marker.jsonl',
  },
  {
    dialect: 'claude',
    script: 'stop-until-marker.sh',
    payload: 'stop-until-marker.active.json',
    transcript: 'no-marker.jsonl',
  },
  ...['startup', 'compact'].map((source) => ({
    dialect: 'claude' as const,
    script: 'session-start-env.sh',
    payload: `session-start-env.${source}.json`,
    prepare: (projectDir: string) => writeFileSync(join(projectDir, 'package.json'), '{"name":"shop"}\n'),
  })),
  ...['deny', 'allow', 'other-tool'].map((kind) => ({
    dialect: 'gemini' as const,
    script: 'block-dangerous-shell.sh',
    payload: `block-dangerous-shell.${kind}.json`,
  })),
  ...['block', 'allow'].map((kind) => ({
    dialect: 'gemini' as const,
    script: 'secret-scanner.cjs',
    payload: `secret-scanner.${kind}.json`,
  })),
  ...['deny', 'context'].map((kind) => ({
    dialect: 'gemini' as const,
    script: 'inject-context.sh',
    payload: `inject-context.${kind}.json`,
  })),
  ...['deny', 'context', 'none'].map((kind) => ({
    dialect: 'gemini' as const,
    script: 'after-tool-review.cjs',
    payload: `after-tool-review.${kind}.json`,
  })),
  ...geminiEvents.map((event) => ({
    dialect: 'gemini' as const,
    script: 'log-tools.sh',
    payload: `events/${event}.json`,
    prepare: (projectDir: string) => rmSync(geminiLog(projectDir), { force: true }),
    effect: (projectDir: string) => readIfThere(geminiLog(projectDir)).replace(/^\[[^\]]*\]/gm, '[time]'),
  })),
];

/** hookrail stamps each event with the time it fires: the one field two runs cannot share. */
function withoutTimestamp(value: Record<string, unknown>): Record<string, unknown> {
  const { timestamp: _timestamp, ...rest } = value;
  return rest;
}

interface Run {
  stdin: Record<string, unknown>;
  exitCode: number | undefined;
  stdout: string | undefined;
  stderr: string | undefined;
  success: boolean;
  decision: unknown;
  effect: unknown;
}

async function fire(testCase: Case, sessionId: string, warmInterpreters: number): Promise<Run> {
  const transcriptPath = join(project.path, '.agent-home', 'session.jsonl');
  if (testCase.transcript) {
    mkdirSync(dirname(transcriptPath), { recursive: true });
    copyFileSync(join(payloadsDirectory, 'claude', 'transcripts', testCase.transcript), transcriptPath);
  }
  testCase.prepare?.(project.path);
  const payload: Record<string, unknown> = {
    ...loadPayload({
      relativePath: `${testCase.dialect}/${testCase.payload}`,
      places: { projectDir: project.path, transcriptPath },
    }).value,
    session_id: sessionId,
  };
  const command = [
    shellQuote(publishedHook(testCase.dialect, testCase.script)),
    ...(testCase.args?.(project.path) ?? []).map(shellQuote),
  ].join(' ');
  const details = await firePublishedPayload({
    dialect: testCase.dialect,
    payload,
    command,
    sessionId,
    workingDir: project.path,
    warmInterpreters,
  });
  expect(details.results).toHaveLength(1);
  const [result] = details.results;
  return {
    stdin: withoutTimestamp(JSON.parse(result.stdin ?? '{}') as Record<string, unknown>),
    exitCode: result.exitCode,
    stdout: result.stdout,
    stderr: result.stderr,
    success: result.success,
    decision: JSON.parse(JSON.stringify(details.aggregated.finalOutput ?? null)),
    effect: testCase.effect?.(project.path),
  };
}

describe('published hooks decide the same on warm interpreters as cold', () => {
  it.each(
    cases.map(
      (testCase) => [testCase.script, testCase.payload, (testCase.args?.('.') ?? []).join(' '), testCase] as const,
    ),
  )(
    '%s on %s %s: warm and cold give the same stdin, stdout, stderr, exit code, decision and effects',
    async (_script, _payload, _args, testCase) => {
      const sessionId = `warm-${Math.random().toString(36).slice(2)}`;
      try {
        const cold = await fire(testCase, sessionId, 0);
        let warm: Run | undefined;
        let tookIdle = false;
        // The first run with warm interpreters on starts them (it runs cold); the next takes one.
        for (let attempt = 0; attempt < 2 && !tookIdle; attempt += 1) {
          const idle = sharedWarmInterpreterPool().idleProcessIds();
          warm = await fire(testCase, sessionId, 2);
          const after = sharedWarmInterpreterPool().idleProcessIds();
          tookIdle = idle.some((id) => !after.includes(id));
        }
        expect(tookIdle).toBe(true);
        expect(warm).toEqual(cold);
      } finally {
        await removeClaudeEnvFile(sessionId);
      }
    },
  );
});
