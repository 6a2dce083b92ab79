/**
 * Each published-hook fixture (test/fixtures/hooks/published/) is fed the
 * payload Claude Code (or Gemini CLI) itself sends for a situation (test/fixtures/payloads/) and,
 * through hookrail's hook system with a real runner, the payload hookrail sends for the same situation,
 * in the hook's dialect — and decides the same way: same exit code, same stdout, same stderr, same
 * side effects. hookrail's payload is also compared field by field with the agent's own.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { removeClaudeEnvFile, claudeEnvFilePath } from '../../../src/hooks/dialects/claudeEnvFile.js';
import { readToolResultReplacement } from '../../../src/hooks/protocol/toolResultReplacement.js';
import type { AggregatedHookResult, HookExecutionResult } from '../../../src/hooks/protocol/results.js';
import { scratchDirectory, shellQuote } from '../../helpers/hookFixtures.js';
import { assertNoHookProcessesAlive } from '../../helpers/processes.js';
import {
  firePublishedPayload,
  loadPayload,
  payloadsDirectory,
  publishedHook,
  requirePublishedHookTools,
  runPublishedHook,
  type PublishedDialect,
  recordedClaudeEvents,
} from '../../helpers/publishedHooks.js';

beforeAll(requirePublishedHookTools);
afterAll(() => assertNoHookProcessesAlive());

let project: { path: string; remove: () => void };
let transcriptPath: string;
beforeEach(() => {
  project = scratchDirectory('hookrail-published-dialects-');
  transcriptPath = join(project.path, '.agent-home', 'projects', '-shop', 'session.jsonl');
});
afterEach(() => project.remove());

/** Fields Claude Code sends that hookrail has no value for (docs/bring-your-hooks.md). */
const fieldsHookrailDoesNotSend = [
  'prompt_id',
  'duration_ms',
  'model',
  'agent_id',
  'agent_type',
  'agent_transcript_path',
  'background_tasks',
  'session_crons',
];
/** Parts of Claude's Write/Edit output hookrail does not reproduce (it keeps no previous file content). */
const toolResponseFieldsHookrailDoesNotSend = ['originalFile', 'structuredPatch', 'userModified'];

interface Case {
  dialect: PublishedDialect;
  script: string;
  /** Under test/fixtures/payloads/<dialect>/. */
  payload: string;
  args?: (projectDir: string) => string[];
  /** A Claude Code session transcript copied to the payload's transcript_path before each run. */
  transcript?: string;
  /** Puts the project in the situation before each run (files the hook reads or changes). */
  prepare?: (projectDir: string) => void;
  /** What the run changed, compared between the two runs. */
  effect?: (projectDir: string, environmentFile: string) => unknown;
}

interface Answer {
  exitCode: number | null | undefined;
  stdout: string;
  stderr: string;
}

/** The payload with this test's paths; placeholders as in test/fixtures/payloads/README.md. */
function payloadOf(testCase: Case): Record<string, unknown> {
  return loadPayload({
    relativePath: `${testCase.dialect}/${testCase.payload}`,
    places: { projectDir: project.path, transcriptPath },
  }).value;
}

function prepare(testCase: Case): void {
  if (testCase.transcript) {
    mkdirSync(dirname(transcriptPath), { recursive: true });
    copyFileSync(join(payloadsDirectory, 'claude', 'transcripts', testCase.transcript), transcriptPath);
  }
  testCase.prepare?.(project.path);
}

/** The agent's own run: the payload on stdin, the agent's variables, in the project directory. */
async function agentRun(testCase: Case, payload: Record<string, unknown>, environmentFile: string): Promise<Answer> {
  prepare(testCase);
  const env: Record<string, string> =
    testCase.dialect === 'claude'
      ? {
          CLAUDE_PROJECT_DIR: project.path,
          ...(payload['hook_event_name'] === 'SessionStart' ? { CLAUDE_ENV_FILE: environmentFile } : {}),
        }
      : { GEMINI_PROJECT_DIR: project.path, CLAUDE_PROJECT_DIR: project.path };
  if (env['CLAUDE_ENV_FILE']) {
    mkdirSync(dirname(environmentFile), { recursive: true });
    writeFileSync(environmentFile, '');
  }
  const outcome = await runPublishedHook({
    script: publishedHook(testCase.dialect, testCase.script),
    stdin: JSON.stringify(payload),
    cwd: project.path,
    env,
    args: testCase.args?.(project.path),
  });
  expect(outcome.killed).toBe(false);
  return { exitCode: outcome.exitCode, stdout: outcome.stdout, stderr: outcome.stderr };
}

interface HookrailRun {
  answer: Answer;
  result: HookExecutionResult;
  aggregated: AggregatedHookResult;
  /** What the hook read on stdin. */
  stdin: Record<string, unknown>;
}

/** The same situation through hookrail: the payload's meaning fired as a hookrail event, the fixture configured in its dialect. */
async function hookrailRun(testCase: Case, payload: Record<string, unknown>, sessionId: string): Promise<HookrailRun> {
  prepare(testCase);
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
  });
  expect(details.results).toHaveLength(1);
  const result = details.results[0];
  return {
    answer: { exitCode: result.exitCode, stdout: result.stdout ?? '', stderr: result.stderr ?? '' },
    result,
    aggregated: details.aggregated,
    stdin: JSON.parse(result.stdin ?? '{}') as Record<string, unknown>,
  };
}

function without(value: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));
}

/** The agent's payload less what hookrail has no value for: what hookrail's payload must equal. */
function comparable(payload: Record<string, unknown>, dialect: PublishedDialect): Record<string, unknown> {
  const kept = dialect === 'claude' ? without(payload, fieldsHookrailDoesNotSend) : { ...payload };
  // hookrail has no permission prompts, so it always runs in Claude Code's "default" mode.
  if ('permission_mode' in kept) kept['permission_mode'] = 'default';
  const response = kept['tool_response'];
  if (response && typeof response === 'object' && !Array.isArray(response) && dialect === 'claude') {
    kept['tool_response'] = without(response as Record<string, unknown>, toolResponseFieldsHookrailDoesNotSend);
  }
  return kept;
}

function parsedStdout(stdout: string): unknown {
  const text = stdout.trim();
  if (!text.startsWith('{')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Runs both and checks the same decision; returns hookrail's run for case-specific checks. */
async function decidesTheSame(testCase: Case): Promise<HookrailRun> {
  const sessionId = `published-${Math.random().toString(36).slice(2)}`;
  const environmentFile = join(project.path, '.agent-home', 'session-env.sh');
  try {
    const payload = { ...payloadOf(testCase), session_id: sessionId };
    const agent = await agentRun(testCase, payload, environmentFile);
    const agentEffect = testCase.effect?.(project.path, environmentFile);
    const viaHookrail = await hookrailRun(testCase, payload, sessionId);
    const hookrailEffect = testCase.effect?.(project.path, claudeEnvFilePath(sessionId));
    expect({ ...viaHookrail.answer, stdout: parsedStdout(viaHookrail.answer.stdout) }).toEqual({
      ...agent,
      stdout: parsedStdout(agent.stdout),
    });
    expect(hookrailEffect).toEqual(agentEffect);
    expect(comparable(viaHookrail.stdin, testCase.dialect)).toEqual(comparable(payload, testCase.dialect));
    return viaHookrail;
  } finally {
    await removeClaudeEnvFile(sessionId);
  }
}

const cartFile = (projectDir: string): string => join(projectDir, 'src', 'cart.ts');
const writeCart = (projectDir: string): void => {
  mkdirSync(join(projectDir, 'src'), { recursive: true });
  writeFileSync(cartFile(projectDir), 'export const total = 0;   \nexport const discount = 0;\t\n');
};

describe("Claude Code fixtures: Claude Code's payload and hookrail's give the same decision", () => {
  const guards: Array<[string, string, (aggregated: AggregatedHookResult) => void]> = [
    [
      'bash_command_validator.py',
      'bash_command_validator.block.json',
      (a) => expect(a.finalOutput?.isBlockingDecision()).toBe(true),
    ],
    ['bash_command_validator.py', 'bash_command_validator.allow.json', (a) => expect(a.finalOutput).toBeUndefined()],
    [
      'deny-destructive-bash.mjs',
      'deny-destructive-bash.deny.json',
      (a) => expect(a.finalOutput?.getEffectiveReason()).toContain('rm -rf'),
    ],
    ['deny-destructive-bash.mjs', 'deny-destructive-bash.allow.json', (a) => expect(a.finalOutput).toBeUndefined()],
    [
      'protect-env-files.sh',
      'protect-env-files.block.json',
      (a) => expect(a.finalOutput?.isBlockingDecision()).toBe(true),
    ],
    [
      'protect-env-files.sh',
      'protect-env-files.edit-block.json',
      (a) => expect(a.finalOutput?.isBlockingDecision()).toBe(true),
    ],
    ['protect-env-files.sh', 'protect-env-files.allow.json', (a) => expect(a.finalOutput).toBeUndefined()],
    [
      'legacy-decision-guard.sh',
      'legacy-decision-guard.block.json',
      (a) => expect(a.finalOutput?.isBlockingDecision()).toBe(true),
    ],
    [
      'legacy-decision-guard.sh',
      'legacy-decision-guard.approve.json',
      (a) => expect(a.finalOutput?.decision).toBe('allow'),
    ],
    ['legacy-decision-guard.sh', 'legacy-decision-guard.none.json', (a) => expect(a.finalOutput).toBeUndefined()],
    ['ask-before-push.sh', 'ask-before-push.ask.json', (a) => expect(a.finalOutput?.decision).toBe('ask')],
    ['ask-before-push.sh', 'ask-before-push.allow.json', (a) => expect(a.finalOutput).toBeUndefined()],
    [
      'dry-run-publish.mjs',
      'dry-run-publish.rewrite.json',
      (a) =>
        expect(a.finalOutput?.hookSpecificOutput).toEqual({
          tool_input: {
            command: 'npm publish --access public --dry-run',
            description: 'Publish the package to npm',
            timeout: 300000,
          },
        }),
    ],
    ['dry-run-publish.mjs', 'dry-run-publish.allow.json', (a) => expect(a.finalOutput).toBeUndefined()],
  ];

  it.each(guards)('%s on %s', async (script, payload, decision) => {
    const run = await decidesTheSame({ dialect: 'claude', script, payload });
    decision(run.aggregated);
  });

  it.each(['edit', 'write', 'read'])(
    'format-after-edit.mjs on format-after-edit.%s.json formats (or leaves) the same file',
    async (kind) => {
      const files: Record<string, string> = { edit: 'src/cart.ts', write: 'docs/notes.md', read: 'src/cart.ts' };
      const run = await decidesTheSame({
        dialect: 'claude',
        script: 'format-after-edit.mjs',
        payload: `format-after-edit.${kind}.json`,
        prepare: (projectDir) => {
          writeCart(projectDir);
          mkdirSync(join(projectDir, 'docs'), { recursive: true });
          writeFileSync(join(projectDir, 'docs', 'notes.md'), '# Notes  \n\nFirst line \n\n\n');
        },
        effect: (projectDir) => readFileSync(join(projectDir, files[kind]), 'utf8'),
      });
      expect(run.answer.exitCode).toBe(0);
    },
  );

  it.each(recordedClaudeEvents)(
    "log-hook-input.py logs %s: hookrail's line is Claude Code's, less the fields hookrail has no value for",
    async (event) => {
      const log = (projectDir: string): string => join(projectDir, 'logs', 'hooks.jsonl');
      await decidesTheSame({
        dialect: 'claude',
        script: 'log-hook-input.py',
        payload: `events/${event}.json`,
        args: (projectDir) => [log(projectDir)],
        prepare: (projectDir) => rmSync(log(projectDir), { force: true }),
        effect: (projectDir) =>
          comparable(JSON.parse(readFileSync(log(projectDir), 'utf8')) as Record<string, unknown>, 'claude'),
      });
    },
  );

  it.each<[string, string[], (aggregated: AggregatedHookResult) => void]>([
    ['prompt-context.block.json', [], (a) => expect(a.finalOutput?.isBlockingDecision()).toBe(true)],
    [
      'prompt-context.context.json',
      [],
      (a) => expect(a.finalOutput?.getAdditionalContext()).toContain('Project conventions'),
    ],
    [
      'prompt-context.context.json',
      ['--json'],
      (a) => expect(a.finalOutput?.getAdditionalContext()).toContain('Project conventions'),
    ],
  ])('prompt-context.py on %s %j', async (payload, args, decision) => {
    const run = await decidesTheSame({ dialect: 'claude', script: 'prompt-context.py', payload, args: () => args });
    decision(run.aggregated);
  });

  it.each<[string, string | undefined, boolean]>([
    ['stop-until-marker.block.json', 'no-marker.jsonl', true],
    ['stop-until-marker.allow.json', 'with-marker.jsonl', false],
    ['stop-until-marker.active.json', 'no-marker.jsonl', false],
    ['stop-until-marker.block.json', undefined, true],
  ])('stop-until-marker.sh on %s (transcript %s) — the agent goes on: %s', async (payload, transcript, goesOn) => {
    const run = await decidesTheSame({
      dialect: 'claude',
      script: 'stop-until-marker.sh',
      payload,
      ...(transcript ? { transcript } : {}),
    });
    expect(run.aggregated.finalOutput?.isBlockingDecision() ?? false).toBe(goesOn);
  });

  it.each(['startup', 'compact'])(
    'session-start-env.sh on SessionStart %s: same context, same CLAUDE_ENV_FILE lines',
    async (source) => {
      const run = await decidesTheSame({
        dialect: 'claude',
        script: 'session-start-env.sh',
        payload: `session-start-env.${source}.json`,
        prepare: (projectDir) => writeFileSync(join(projectDir, 'package.json'), '{"name":"shop"}\n'),
        effect: (_projectDir, environmentFile) =>
          existsSync(environmentFile) ? readFileSync(environmentFile, 'utf8') : '',
      });
      expect(run.aggregated.finalOutput?.getAdditionalContext()).toBe(run.answer.stdout.trim());
    },
  );
});

describe("Gemini CLI fixtures: Gemini CLI's payload and hookrail's give the same decision", () => {
  it.each<[string, string, (aggregated: AggregatedHookResult) => void]>([
    [
      'block-dangerous-shell.sh',
      'block-dangerous-shell.deny.json',
      (a) => expect(a.finalOutput?.isBlockingDecision()).toBe(true),
    ],
    [
      'block-dangerous-shell.sh',
      'block-dangerous-shell.allow.json',
      (a) => expect(a.finalOutput?.isBlockingDecision()).toBe(false),
    ],
    [
      'block-dangerous-shell.sh',
      'block-dangerous-shell.other-tool.json',
      (a) => expect(a.finalOutput?.isBlockingDecision()).toBe(false),
    ],
    ['secret-scanner.cjs', 'secret-scanner.block.json', (a) => expect(a.finalOutput?.isBlockingDecision()).toBe(true)],
    ['secret-scanner.cjs', 'secret-scanner.allow.json', (a) => expect(a.finalOutput?.isBlockingDecision()).toBe(false)],
    ['inject-context.sh', 'inject-context.deny.json', (a) => expect(a.finalOutput?.isBlockingDecision()).toBe(true)],
    [
      'inject-context.sh',
      'inject-context.context.json',
      (a) => expect(a.finalOutput?.getAdditionalContext()).toContain('Relevant Memories'),
    ],
    [
      'after-tool-review.cjs',
      'after-tool-review.deny.json',
      (a) =>
        expect(readToolResultReplacement(a.finalOutput?.hookSpecificOutput)?.llmContent).toBe(
          'Tool result blocked: [run_shell_command output withheld by after-tool-review: it contained a credential]',
        ),
    ],
    [
      'after-tool-review.cjs',
      'after-tool-review.context.json',
      (a) => expect(a.finalOutput?.getAdditionalContext()).toContain('run its tests'),
    ],
    [
      'after-tool-review.cjs',
      'after-tool-review.none.json',
      (a) => expect(a.finalOutput?.isBlockingDecision()).toBe(false),
    ],
  ])('%s on %s', async (script, payload, decision) => {
    const run = await decidesTheSame({ dialect: 'gemini', script, payload });
    decision(run.aggregated);
  });

  it.each([
    'SessionStart',
    'BeforeAgent',
    'BeforeTool',
    'AfterTool',
    'AfterAgent',
    'PreCompress',
    'Notification',
    'SessionEnd',
  ])('log-tools.sh logs %s the same way', async (event) => {
    const log = (projectDir: string): string => join(projectDir, '.gemini', 'tool-log.txt');
    await decidesTheSame({
      dialect: 'gemini',
      script: 'log-tools.sh',
      payload: `events/${event}.json`,
      prepare: (projectDir) => rmSync(log(projectDir), { force: true }),
      effect: (projectDir) => readFileSync(log(projectDir), 'utf8'),
    });
  });
});
