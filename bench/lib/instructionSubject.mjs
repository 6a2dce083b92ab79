// One variant of bench/instructions.bench.mjs, run under valgrind: `node instructionSubject.mjs VARIANT CALLS`
// makes CALLS sequential calls of VARIANT and exits. Not a benchmark itself (bench/run.mjs runs only *.bench.mjs).
//   machine | bareMachine  — one toolCall machine per call (runToolCall, hooks disabled) | a bare XState machine
//                            of the same path (as scheduler.bench.mjs 1b)
//   bareMachineWithData    — the bare path carrying the call's data (input → context, one assign, an output)
//   hook | rawSpawn        — one matching command hook through fireBeforeToolHook | a raw node:child_process spawn,
//                            both with node:child_process.spawn replaced by a child that answers `{}` at once (as
//                            spawn.bench.mjs section 3), so only the host's own JavaScript is counted
import { bareToolCallMachine, bareToolCallMachineWithData, replaceSpawnWithInstantChild } from './floors.mjs';

const [variant, callsText] = process.argv.slice(2);
const calls = Number(callsText);

if (variant === 'hook' || variant === 'rawSpawn') replaceSpawnWithInstantChild();

const { Config, DebugLogger, fireBeforeToolHook, runToolCall } = await import('../../dist/index.js');
const { commandShell } = await import('../../dist/hooks/actions/commandShell.js');
const { spawn } = await import('node:child_process');
const quietLogger = new DebugLogger('bench', { level: 'error', sink: () => {} });
const toolInput = { path: 'src/index.ts', content: 'export const answer = 42;\n' };
const tool = {
  name: 'write_file',
  execute: async () => ({ llmContent: 'wrote src/index.ts', returnDisplay: 'Wrote src/index.ts' }),
};
const signal = new AbortController().signal;

function machineCall() {
  const config = new Config({ enableHooks: false, logger: quietLogger });
  const request = { callId: 'bench', name: 'write_file', args: toolInput };
  return () => runToolCall({ config, tool, request });
}

function bareMachineWithDataCall() {
  return bareToolCallMachineWithData((args) => tool.execute(args, { signal }), {
    callId: 'bench',
    name: 'write_file',
    args: toolInput,
  });
}

function bareMachineCall() {
  return bareToolCallMachine(() => tool.execute(toolInput, { signal }));
}

function hookCall() {
  const config = new Config({
    enableHooks: true,
    logger: quietLogger,
    workingDir: process.cwd(),
    hooks: { BeforeTool: [{ matcher: 'write_file', hooks: [{ type: 'command', command: 'true' }] }] },
  });
  return () => fireBeforeToolHook(config, 'write_file', toolInput);
}

function rawSpawnCall() {
  const stdin = JSON.stringify({
    session_id: 'bench',
    cwd: process.cwd(),
    hook_event_name: 'BeforeTool',
    tool_name: 'write_file',
    tool_input: toolInput,
  });
  return () =>
    new Promise((resolve) => {
      const child = spawn('true', {
        shell: commandShell(),
        env: { ...process.env, GEMINI_PROJECT_DIR: process.cwd() },
        detached: true,
        stdio: 'pipe',
      });
      const stdout = [];
      child.stdout.on('data', (chunk) => stdout.push(chunk));
      child.stderr.on('data', () => {});
      child.stdin.on('error', () => {});
      child.stdin.end(stdin);
      child.once('close', () => resolve(Buffer.concat(stdout).toString('utf8')));
    });
}

const makers = {
  machine: machineCall,
  bareMachine: bareMachineCall,
  bareMachineWithData: bareMachineWithDataCall,
  hook: hookCall,
  rawSpawn: rawSpawnCall,
};
if (!makers[variant] || !Number.isInteger(calls)) {
  console.error(`usage: instructionSubject.mjs ${Object.keys(makers).join('|')} CALLS`);
  process.exit(2);
}
const call = makers[variant]();
for (let index = 0; index < calls; index += 1) await call();
// The hook variant started the watchdog; exit without waiting for anything it holds.
process.exit(0);
