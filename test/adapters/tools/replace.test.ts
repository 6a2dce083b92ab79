import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdapterWorkspace, idleContext, type AdapterWorkspace } from '../../helpers/adapterWorkspace.js';

describe('replace', () => {
  let fixture: AdapterWorkspace;

  beforeEach(async () => {
    fixture = await createAdapterWorkspace();
  });
  afterEach(() => fixture.cleanup());

  it('replaces exactly one occurrence by default', async () => {
    await fixture.write('a.ts', 'const answer = 41;\n');
    const { replace } = fixture.tools();
    const result = await replace.execute({ file_path: 'a.ts', old_string: '41', new_string: '42' }, idleContext());
    expect(result.error).toBeUndefined();
    expect(result.llmContent).toBe('Successfully modified file: a.ts (1 replacement).');
    expect(await fixture.read('a.ts')).toBe('const answer = 42;\n');
  });

  it('refuses when the number of occurrences differs from expected_replacements, leaving the file alone', async () => {
    await fixture.write('a.txt', 'x x x');
    const { replace } = fixture.tools();
    const result = await replace.execute({ file_path: 'a.txt', old_string: 'x', new_string: 'y' }, idleContext());
    expect(result.error?.type).toBe('replacement_count_mismatch');
    expect(result.error?.message).toContain('expected 1 occurrence of old_string in "a.txt" but found 3');
    expect(await fixture.read('a.txt')).toBe('x x x');
  });

  it('replaces every occurrence when expected_replacements matches, or with allow_multiple', async () => {
    await fixture.write('a.txt', 'x x x');
    await fixture.write('b.txt', 'x x');
    const { replace } = fixture.tools();
    const counted = await replace.execute(
      { file_path: 'a.txt', old_string: 'x', new_string: 'y', expected_replacements: 3 },
      idleContext(),
    );
    expect(counted.metadata).toMatchObject({ replacements: 3 });
    expect(await fixture.read('a.txt')).toBe('y y y');
    await replace.execute(
      { file_path: 'b.txt', old_string: 'x', new_string: 'z', allow_multiple: true },
      idleContext(),
    );
    expect(await fixture.read('b.txt')).toBe('z z');
  });

  it('inserts the new text literally ($& and $1 are not patterns)', async () => {
    await fixture.write('a.txt', 'price: X');
    const { replace } = fixture.tools();
    await replace.execute({ file_path: 'a.txt', old_string: 'X', new_string: '$& $1 $$' }, idleContext());
    expect(await fixture.read('a.txt')).toBe('price: $& $1 $$');
  });

  it('reports no match, no change, and a non-empty old_string requirement on existing files', async () => {
    await fixture.write('a.txt', 'hello');
    const { replace } = fixture.tools();
    const noMatch = await replace.execute({ file_path: 'a.txt', old_string: 'absent', new_string: 'y' }, idleContext());
    expect(noMatch.error?.type).toBe('no_match');
    expect(noMatch.error?.message).toContain('0 occurrences');
    const same = await replace.execute({ file_path: 'a.txt', old_string: 'hello', new_string: 'hello' }, idleContext());
    expect(same.error?.type).toBe('no_change');
    const emptyOld = await replace.execute({ file_path: 'a.txt', old_string: '', new_string: 'y' }, idleContext());
    expect(emptyOld.error?.type).toBe('no_match');
    expect(await fixture.read('a.txt')).toBe('hello');
  });

  it('creates a new file when old_string is empty and the file does not exist', async () => {
    const { replace } = fixture.tools();
    const result = await replace.execute(
      { file_path: 'src/new.ts', old_string: '', new_string: 'export {};\n' },
      idleContext(),
    );
    expect(result.metadata).toMatchObject({ created: true });
    expect(await fixture.read('src/new.ts')).toBe('export {};\n');
  });

  it('answers bad arguments with error results naming the parameter', async () => {
    await fixture.write('a.txt', 'hello');
    const { replace } = fixture.tools();
    const noNew = await replace.execute({ file_path: 'a.txt', old_string: 'hello' }, idleContext());
    expect(noNew.error?.message).toBe('Invalid argument "new_string": is required');
    const zero = await replace.execute(
      { file_path: 'a.txt', old_string: 'hello', new_string: 'y', expected_replacements: 0 },
      idleContext(),
    );
    expect(zero.error?.message).toContain('"expected_replacements": must be at least 1');
    const both = await replace.execute(
      { file_path: 'a.txt', old_string: 'hello', new_string: 'y', expected_replacements: 1, allow_multiple: true },
      idleContext(),
    );
    expect(both.error?.message).toContain('"allow_multiple"');
  });

  it('refuses files outside the workspace', async () => {
    await writeFile(path.join(fixture.outside, 'target.txt'), 'keep me');
    const { replace } = fixture.tools();
    const result = await replace.execute(
      { file_path: '../outside/target.txt', old_string: 'keep', new_string: 'lose' },
      idleContext(),
    );
    expect(result.error?.type).toBe('path_outside_workspace');
    const created = await replace.execute(
      { file_path: '../outside/new.txt', old_string: '', new_string: 'x' },
      idleContext(),
    );
    expect(created.error?.type).toBe('path_outside_workspace');
    expect(existsSync(path.join(fixture.outside, 'new.txt'))).toBe(false);
  });
});
