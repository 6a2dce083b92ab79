/**
 * A warm Python interpreter compiles ahead the script its interpreter's last hook ran: the hook uses
 * that compilation only when the file still holds the same bytes, and a script whose compilation
 * warns is left to its hook, so the warning reaches that hook's stderr and no other's. It also looks
 * ahead for modules beside the script named like the ones it preloaded, an answer the hook uses only
 * while the directory's entries are unchanged.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeWarmInterpreters, sharedWarmInterpreterPool } from '../../../../src/hooks/actions/warm/warmStart.js';
import { shellQuote } from '../../../helpers/hookFixtures.js';
import { waitFor } from '../../../helpers/waiting.js';
import { observable, pathWithRealPython, runCold, runWarm } from '../../../helpers/warmInterpreters.js';

const project = mkdtempSync(join(tmpdir(), 'hookrail-warm-prepared-'));
const path = pathWithRealPython();

afterAll(async () => {
  await closeWarmInterpreters();
  rmSync(project, { recursive: true, force: true });
});

function hook(script: string) {
  return {
    command: `python3 ${shellQuote(script)}`,
    cwd: project,
    env: { PATH: path },
    stdin: '{}',
    timeoutMs: 20_000,
    killGraceMs: 1_000,
    maxStdoutBytes: 1 << 20,
    maxStderrBytes: 1 << 20,
  };
}

/** The pool's idle Python processes are all started and waiting for a hook (Linux: read(2) on descriptor 3). */
async function idlePythonProcessesReady(): Promise<void> {
  await waitFor(() => {
    const ids = sharedWarmInterpreterPool().idleProcessIds('python');
    return (
      ids.length === 2 &&
      ids.every((pid) => {
        try {
          return /^0 0x3 /.test(readFileSync(`/proc/${pid}/syscall`, 'utf8'));
        } catch {
          return false;
        }
      })
    );
  }, 'two idle Python processes waiting for a hook');
}

describe.runIf(process.platform === 'linux')('a Python script compiled ahead by its warm interpreter', () => {
  it('a script edited after its idle interpreters compiled it runs as edited', async () => {
    const script = join(project, 'edited.py');
    writeFileSync(script, 'print("first version")\n');
    expect((await runWarm(hook(script))).stdout).toBe('first version\n');
    await idlePythonProcessesReady();
    writeFileSync(script, 'print("edited version")\n');
    const edited = await runWarm(hook(script));
    expect(edited.stdout).toBe('edited version\n');
    expect(observable(edited)).toEqual(observable(await runCold(hook(script))));
  });

  it('a script replaced by a FIFO as its hook ends: the idle process started next still comes to wait for a hook', async () => {
    const script = join(project, 'replaced.py');
    writeFileSync(script, 'print("a regular file")\n');
    await idlePythonProcessesReady();
    expect((await runWarm(hook(script))).stdout).toBe('a regular file\n');
    // The replacement of the process the hook took is told to expect replaced.py, and starts reading
    // it some milliseconds from now: by then the path is a FIFO that no writer will ever open.
    rmSync(script);
    execFileSync('mkfifo', [script]);
    await idlePythonProcessesReady();
  });

  it("a compiler warning is on the stderr of the hook whose script has it, warm as cold, and on no other hook's", async () => {
    const warns = join(project, 'warns.py');
    writeFileSync(warns, 'print("is" is "is")\n');
    const cold = await runCold(hook(warns));
    expect(cold.stderr).toContain('SyntaxWarning');
    // Twice: each warm run's replacement is told to expect warns.py, so then both idle processes are.
    for (let run = 0; run < 2; run += 1) {
      expect(observable(await runWarm(hook(warns)))).toEqual(observable(cold));
      await idlePythonProcessesReady();
    }
    // Another script's hook takes one of them.
    const quiet = join(project, 'quiet.py');
    writeFileSync(quiet, 'print("quiet")\n');
    const other = await runWarm(hook(quiet));
    expect(other.stdout).toBe('quiet\n');
    expect(other.stderr).toBe('');
  });

  it('a module named like a preloaded one, put beside the script after its idle interpreters looked: the script imports it, as cold', async () => {
    const directory = join(project, 'hooks-dir');
    mkdirSync(directory);
    const script = join(directory, 'uses-json.py');
    writeFileSync(script, 'import json\nprint(getattr(json, "shadowed", False))\n');
    // A directory whose entries changed within the last second is listed again by each hook: this
    // one has settled, so the idle processes decide ahead that nothing in it shadows json.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    for (let run = 0; run < 2; run += 1) {
      expect((await runWarm(hook(script))).stdout).toBe('False\n');
      await idlePythonProcessesReady();
    }
    writeFileSync(join(directory, 'json.py'), 'shadowed = True\n');
    const cold = await runCold(hook(script));
    expect(cold.stdout).toBe('True\n');
    expect(observable(await runWarm(hook(script)))).toEqual(observable(cold));
  });

  it("regular expressions compiled ahead: the same matches, and a pattern that warns still warns on the hook's stderr, as cold", async () => {
    const patterns = join(project, 'patterns.py');
    writeFileSync(
      patterns,
      [
        'import re, sys',
        'GUARD = re.compile(r"^rm\\s+-rf\\b")',
        'NESTED = re.compile("[[a]x")',
        'print(bool(GUARD.match("rm -rf /")), bool(NESTED.match("ax")), GUARD is re.compile(r"^rm\\s+-rf\\b"))',
        '',
      ].join('\n'),
    );
    const cold = await runCold(hook(patterns));
    expect(cold.stdout).toBe('True True True\n');
    expect(cold.stderr).toContain('FutureWarning: Possible nested set');
    // Twice: each warm run's replacement is told to expect patterns.py, so then both idle processes are.
    for (let run = 0; run < 2; run += 1) {
      await runWarm(hook(patterns));
      await idlePythonProcessesReady();
    }
    expect(observable(await runWarm(hook(patterns)))).toEqual(observable(cold));
  });
});
