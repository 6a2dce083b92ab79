import { existsSync } from 'node:fs';
import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdapterWorkspace, idleContext, type AdapterWorkspace } from '../../helpers/adapterWorkspace.js';

describe('write_file', () => {
  let fixture: AdapterWorkspace;

  beforeEach(async () => {
    fixture = await createAdapterWorkspace();
  });
  afterEach(() => fixture.cleanup());

  it('creates a file and its missing parent directories', async () => {
    const { write_file: writeFile } = fixture.tools();
    const result = await writeFile.execute({ file_path: 'deep/er/new.txt', content: 'one\ntwo\n' }, idleContext());
    expect(result.error).toBeUndefined();
    expect(result.llmContent).toBe('Successfully created and wrote to new file: deep/er/new.txt');
    expect(result.metadata).toMatchObject({ created: true, bytes: 8 });
    expect(await fixture.read('deep/er/new.txt')).toBe('one\ntwo\n');
  });

  it('overwrites an existing file, and accepts empty content', async () => {
    await fixture.write('a.txt', 'old');
    const { write_file: writeFile } = fixture.tools();
    const result = await writeFile.execute({ path: path.join(fixture.root, 'a.txt'), content: '' }, idleContext());
    expect(result.llmContent).toBe('Successfully overwrote file: a.txt');
    expect(result.metadata).toMatchObject({ created: false });
    expect(await fixture.read('a.txt')).toBe('');
  });

  it('answers missing arguments with error results naming the parameter', async () => {
    const { write_file: writeFile } = fixture.tools();
    const noContent = await writeFile.execute({ file_path: 'a.txt' }, idleContext());
    expect(noContent.error).toEqual({ type: 'invalid_argument', message: 'Invalid argument "content": is required' });
    const noPath = await writeFile.execute({ content: 'x' }, idleContext());
    expect(noPath.error?.message).toContain('"file_path"');
    expect(existsSync(path.join(fixture.root, 'a.txt'))).toBe(false);
  });

  it('refuses to write over a directory', async () => {
    await mkdir(path.join(fixture.root, 'folder'));
    const { write_file: writeFile } = fixture.tools();
    expect((await writeFile.execute({ file_path: 'folder', content: 'x' }, idleContext())).error?.type).toBe(
      'not_a_file',
    );
  });

  it('refuses paths outside the workspace and writes nothing there', async () => {
    await symlink(fixture.outside, path.join(fixture.root, 'linked-dir'));
    await symlink(path.join(fixture.outside, 'via-dangling.txt'), path.join(fixture.root, 'dangling.txt'));
    const { write_file: writeFile } = fixture.tools();
    const attempts = [
      '../outside/up.txt',
      path.join(fixture.outside, 'absolute.txt'),
      'linked-dir/through-link.txt',
      'dangling.txt',
    ];
    for (const file_path of attempts) {
      const result = await writeFile.execute({ file_path, content: 'escaped' }, idleContext());
      expect(result.error?.type, file_path).toBe('path_outside_workspace');
    }
    for (const name of ['up.txt', 'absolute.txt', 'through-link.txt', 'via-dangling.txt']) {
      expect(existsSync(path.join(fixture.outside, name)), name).toBe(false);
    }
  });
});
