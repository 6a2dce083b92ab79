#!/usr/bin/env node
// demo-agent.mjs — the demo scenario (examples/scenarios/demo.json) as a Vercel AI SDK agent:
// `generateText` with a `bash` and an `edit` tool, the AI SDK's own mock model playing the
// scenario's turns (no API key, no network), and the scenario's three hook scripts, unchanged,
// through `hookrail/ai-sdk`:
//
//   block-destructive.sh   BeforeTool  `rm -rf build` never runs; the model reads why
//   add-dry-run.js         BeforeTool  the deploy runs as `... --dry-run`
//   stop-on-test-failure.js AfterTool  the run stops when the tests fail, before any edit
//
// Run it from the repository root (after `npm ci && npm run build`):
//
//   node examples/ai-sdk/demo-agent.mjs [--inspect run.jsonl]
//
// With --inspect it records the run as `hookrail run --inspect` does; `npx hookrail inspect
// run.jsonl` then draws the report with each call's path through its machine.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { generateText, jsonSchema, stepCountIs, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { Config } from 'hookrail';
import { createHookrail } from 'hookrail/ai-sdk';

const projectDir = process.cwd();
const inspectAt = process.argv.indexOf('--inspect');
const inspectFile = inspectAt > 0 ? process.argv[inspectAt + 1] : undefined;
const demo = JSON.parse(readFileSync(new URL('../scenarios/demo.json', import.meta.url), 'utf8'));

// Our tools' names → hookrail's, so hooks matching run_shell_command (or Claude Code's Bash) see `bash`.
const toolNames = { bash: 'run_shell_command', edit: 'replace' };
const builderName = Object.fromEntries(Object.entries(toolNames).map(([ours, canonical]) => [canonical, ours]));

const hooks = createHookrail({
  config: new Config({ enableHooks: true, hooks: demo.settings.hooks, workingDir: projectDir }),
  toolNames,
  ...(inspectFile ? { inspect: { file: inspectFile }, title: 'AI SDK demo' } : {}),
});

/** What each call actually ran with (a hook may have rewritten the model's input). */
const executed = new Map();

const bash = tool({
  description: 'Run a shell command in the project',
  inputSchema: jsonSchema({
    type: 'object',
    properties: { command: { type: 'string' }, description: { type: 'string' } },
    required: ['command'],
  }),
  execute: ({ command }, { toolCallId }) => {
    executed.set(toolCallId, command);
    return new Promise((done) => {
      execFile('sh', ['-c', command], { cwd: projectDir }, (error, stdout, stderr) => {
        const exit = error && typeof error.code === 'number' ? `\nExit code ${error.code}` : '';
        done(`${stdout}${stderr}${exit}`);
      });
    });
  },
});

const edit = tool({
  description: 'Replace text in a file',
  inputSchema: jsonSchema({
    type: 'object',
    properties: { file_path: { type: 'string' }, old_string: { type: 'string' }, new_string: { type: 'string' } },
    required: ['file_path', 'old_string', 'new_string'],
  }),
  execute: ({ file_path, old_string, new_string }, { toolCallId }) => {
    executed.set(toolCallId, `edit ${file_path}`);
    const path = resolve(projectDir, file_path);
    writeFileSync(path, readFileSync(path, 'utf8').replace(old_string, new_string));
    return `Edited ${file_path}`;
  },
});

// The scenario's turns, one model answer each: its text and its tool call, in our tool names.
const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};
const model = new MockLanguageModelV4({
  modelId: 'scripted-demo',
  doGenerate: demo.turns.map((turn, index) => ({
    content: [
      { type: 'text', text: turn.text },
      ...turn.functionCalls.map((call) => ({
        type: 'tool-call',
        toolCallId: `call-${index + 1}`,
        toolName: builderName[call.name] ?? call.name,
        input: JSON.stringify(call.args),
      })),
    ],
    finishReason: { unified: 'tool-calls', raw: undefined },
    usage,
    warnings: [],
  })),
});

console.log(`> ${demo.prompt}`);
const result = await hooks.session.prompt(demo.prompt, ({ messages }) =>
  generateText({
    model: wrapLanguageModel({ model, middleware: hooks.middleware }),
    tools: hooks.tools({ bash, edit }),
    messages,
    stopWhen: [stepCountIs(10), hooks.stopWhen],
  }),
);

for (const step of result.results.flatMap((run) => run.steps)) {
  if (step.text) console.log(step.text);
  for (const part of step.content) {
    if (part.type === 'tool-call') {
      const asked = part.input.command ?? `edit ${part.input.file_path}`;
      console.log(`▸ ${part.toolName} $ ${asked}`);
      const ran = executed.get(part.toolCallId);
      if (ran !== undefined && ran !== asked) console.log(`  ✎ input rewritten by hook: $ ${ran}`);
    } else if (part.type === 'tool-result') {
      for (const line of String(part.output).split('\n')) if (line.trim() !== '') console.log(`  ${line}`);
    } else if (part.type === 'tool-error' && part.error.outcome === 'blocked') {
      console.log(`  ⛔ blocked by hook: ${part.error.message}`);
    }
  }
}
if (result.status === 'stopped') console.log(`■ stopped by hook: ${result.stopReason}`);
await hooks.session.end();
