#!/usr/bin/env node
// What `hookrail/ai-sdk` costs an AI SDK agent while no hook applies, measured side by side in one run
// (see bench/README.md):
//   1. hooks disabled: a hooked tool's execute   vs  the tool's own execute         (target < 2 µs extra per call)
//   2. hooks enabled, no hook matches the tool   vs  the tool's own execute         (no target: the matcher check)
//   3. hooks disabled: the model wrapped with hookrail's middleware  vs  the model itself
//      (target < 5 µs extra per call), beside the same model wrapped with an empty middleware: what
//      `wrapLanguageModel` itself costs, which is the AI SDK's and not ours.
// Variants are interleaved (rotating order each round); medians of the rounds are reported.
import { tool, jsonSchema, wrapLanguageModel } from 'ai';

import { Config, DebugLogger } from '../dist/index.js';
import { createHookrail } from '../dist/integrations/ai-sdk/index.js';
import {
  compare,
  compareAll,
  format,
  loadAverage,
  printComparison,
  printMachineBanner,
  verdict,
} from './lib/measure.mjs';

const quietLogger = new DebugLogger('bench', { level: 'error', sink: () => {} });
const decimals = 3;

const output = { path: 'src/index.ts', bytes: 27 };
const input = { path: 'src/index.ts', content: 'export const answer = 42;\n' };
const executionOptions = { toolCallId: 'call-1', messages: [], context: undefined };
const writeFile = tool({ inputSchema: jsonSchema({ type: 'object' }), execute: async () => output });

/** Benchmarks 1 and 2: the hooked tool under `config` vs the tool's own execute. */
function hookedToolVersusNative(config) {
  const hooked = createHookrail({ config, toolNames: { write: 'write_file' } }).tools({ write: writeFile });
  return compare({
    variantA: () => hooked.write.execute(input, executionOptions),
    variantB: () => writeFile.execute(input, executionOptions),
    rounds: 30,
    batchSize: 20_000,
    warmupBatches: 5,
  });
}

/** A language model that answers at once, as the floor of benchmark 3 (the AI SDK's mock keeps every call). */
const answer = {
  content: [{ type: 'text', text: 'done' }],
  finishReason: { unified: 'stop', raw: 'stop' },
  usage: {
    inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: 1, text: 1, reasoning: 0 },
  },
  warnings: [],
};
const nativeModel = {
  specificationVersion: 'v4',
  provider: 'bench',
  modelId: 'instant',
  supportedUrls: {},
  doGenerate: async () => answer,
  doStream: async () => ({ stream: new ReadableStream({ start: (controller) => controller.close() }) }),
};
const params = { prompt: [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }] };

printMachineBanner();

// 1. Hooks disabled.
printComparison({
  title: "1. hooks disabled: hooked tool execute vs the tool's own execute (medians of 30 rounds)",
  labelA: 'hooked execute',
  labelB: 'own execute',
  result: await hookedToolVersusNative(new Config({ enableHooks: false, logger: quietLogger })),
  targetMicroseconds: 2,
  decimals,
});

// 2. Hooks enabled, none matching the tool.
{
  const config = new Config({
    enableHooks: true,
    logger: quietLogger,
    hooks: { BeforeTool: [{ matcher: '^run_shell_command$', hooks: [{ type: 'command', command: 'exit 2' }] }] },
  });
  await config.getHookSystem().initialize();
  printComparison({
    title: "2. hooks enabled, no hook matches: hooked tool execute vs the tool's own execute (medians of 30 rounds)",
    labelA: 'hooked execute',
    labelB: 'own execute',
    result: await hookedToolVersusNative(config),
    decimals,
  });
}

// 3. The model, hooks disabled.
{
  const hooks = createHookrail({ config: new Config({ enableHooks: false, logger: quietLogger }) });
  const hooked = wrapLanguageModel({ model: nativeModel, middleware: hooks.middleware });
  const empty = wrapLanguageModel({ model: nativeModel, middleware: { specificationVersion: 'v4' } });
  const timed = await compareAll({
    variants: {
      native: () => nativeModel.doGenerate(params),
      'wrapLanguageModel, empty middleware': () => empty.doGenerate(params),
      'wrapLanguageModel, hookrail middleware': () => hooked.doGenerate(params),
    },
    rounds: 31,
    batchSize: 20_000,
    warmupBatches: 5,
  });
  console.log('\n3. hooks disabled: doGenerate of the model, wrapped or not (medians of 31 rounds)');
  for (const [label, figures] of Object.entries(timed)) {
    console.log(
      `  ${label.padEnd(40)} ${format(figures.median, decimals)} per call (fastest round ${format(figures.fastest, decimals)}), ${figures.ratio.toFixed(3)}× native`,
    );
  }
  const extra = timed['wrapLanguageModel, hookrail middleware'].median - timed.native.median;
  const ours =
    timed['wrapLanguageModel, hookrail middleware'].median - timed['wrapLanguageModel, empty middleware'].median;
  console.log(
    `  extra over native: ${format(extra, decimals)} per call (target < 5 µs: ${verdict(extra < 5)}); of which hookrail's middleware over an empty one: ${format(ours, decimals)}`,
  );
}

console.log(`\nload average at end: ${loadAverage()}`);
