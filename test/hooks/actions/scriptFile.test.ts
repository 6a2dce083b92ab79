/**
 * A script's facts are read once and kept only while the file is unchanged: every change a user can
 * make to a hook script between two hooks — a rewrite, a chmod, a rename over it, a removal — is
 * seen by the next hook.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SCRIPT_HEAD_BYTES, scriptFileFacts } from '../../../src/hooks/actions/scriptFile.js';

const directory = mkdtempSync(join(tmpdir(), 'hookrail-script-file-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function script(name: string, text: string, mode = 0o755): string {
  const path = join(directory, name);
  writeFileSync(path, text);
  chmodSync(path, mode);
  return path;
}

describe('scriptFileFacts', () => {
  it('an executable script: regular, executable, its head', () => {
    const path = script('guard.sh', '#!/bin/bash\necho {}\n');
    expect(scriptFileFacts(path)).toEqual({ regular: true, executable: true, head: '#!/bin/bash\necho {}\n' });
  });

  it(`keeps only the first ${SCRIPT_HEAD_BYTES} bytes, one character per byte`, () => {
    const path = script('long.sh', `#!/bin/sh\n# ${'é'.repeat(400)}\n`);
    const head = scriptFileFacts(path)?.head ?? '';
    expect(SCRIPT_HEAD_BYTES).toBe(256);
    expect(head).toHaveLength(256);
    expect(head.startsWith('#!/bin/sh\n# \u00c3\u00a9')).toBe(true);
  });

  it('a chmod -x between two hooks is seen', () => {
    const path = script('chmod.sh', '#!/bin/sh\n');
    expect(scriptFileFacts(path)?.executable).toBe(true);
    chmodSync(path, 0o644);
    expect(scriptFileFacts(path)?.executable).toBe(false);
  });

  it('a rewrite of the same size in place is seen (its shebang changes)', () => {
    const path = script('rewrite.sh', '#!/bin/sh\necho a\n');
    expect(scriptFileFacts(path)?.head.startsWith('#!')).toBe(true);
    // Same length, written again: the modification and change times move.
    writeFileSync(path, '# /bin/sh\necho a\n');
    expect(scriptFileFacts(path)?.head.startsWith('#!')).toBe(false);
  });

  it('a file renamed over the script is seen', () => {
    const path = script('renamed.sh', '#!/bin/sh\n');
    expect(scriptFileFacts(path)?.head).toBe('#!/bin/sh\n');
    renameSync(script('replacement.py', '#!/usr/bin/env python3\n'), path);
    expect(scriptFileFacts(path)?.head).toBe('#!/usr/bin/env python3\n');
  });

  it('a removed script, a directory, and a path through a file: no facts or not regular', () => {
    const path = script('removed.sh', '#!/bin/sh\n');
    expect(scriptFileFacts(path)).toBeDefined();
    rmSync(path);
    expect(scriptFileFacts(path)).toBeUndefined();
    mkdirSync(join(directory, 'folder'));
    expect(scriptFileFacts(join(directory, 'folder'))).toEqual({ regular: false, executable: false, head: '' });
    expect(scriptFileFacts(join(script('file.txt', 'x'), 'below'))).toBeUndefined();
  });

  it('a regular file whose bytes cannot be read has no head', () => {
    // Linux: /proc/self/mem is a regular file, and reading it at offset 0 fails.
    expect(scriptFileFacts('/proc/self/mem')).toEqual({ regular: true, executable: false, head: '' });
  });

  it('reading the heads of many scripts leaves no file descriptor open', () => {
    const paths = Array.from({ length: 200 }, (_, index) => script(`many-${index}.sh`, `#!/bin/sh\n# ${index}\n`));
    const before = readdirSync('/proc/self/fd').length;
    for (const path of paths) expect(scriptFileFacts(path)?.head).toMatch(/^#!\/bin\/sh\n/);
    expect(readdirSync('/proc/self/fd').length - before).toBeLessThan(50);
  });
});
