import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdapterWorkspace, idleContext, type AdapterWorkspace } from '../../helpers/adapterWorkspace.js';

describe('list_directory', () => {
  let fixture: AdapterWorkspace;

  beforeEach(async () => {
    fixture = await createAdapterWorkspace();
    await fixture.write('b.txt', 'b');
    await fixture.write('a.log', 'a');
    await fixture.write('src/index.ts', 'x');
    await mkdir(path.join(fixture.root, 'docs'));
  });
  afterEach(() => fixture.cleanup());

  it('lists directories first, then files, each sorted by name (default: the working directory)', async () => {
    const { list_directory: listDirectory } = fixture.tools();
    const result = await listDirectory.execute({}, idleContext());
    expect(result.error).toBeUndefined();
    expect(result.llmContent).toBe('Directory listing for .:\n[DIR] docs\n[DIR] src\na.log\nb.txt');
    expect(result.metadata).toMatchObject({ entries: 4, ignored: 0 });
  });

  it('lists a subdirectory named by dir_path or path', async () => {
    const { list_directory: listDirectory } = fixture.tools();
    expect((await listDirectory.execute({ dir_path: 'src' }, idleContext())).llmContent).toBe(
      'Directory listing for src:\nindex.ts',
    );
    expect((await listDirectory.execute({ path: 'docs' }, idleContext())).llmContent).toBe(
      'Directory listing for docs:\n(empty directory)',
    );
  });

  it('leaves out entries matching the ignore globs and counts them', async () => {
    const { list_directory: listDirectory } = fixture.tools();
    const result = await listDirectory.execute({ dir_path: '.', ignore: ['*.log', 'do*'] }, idleContext());
    expect(result.llmContent).toBe('Directory listing for .:\n[DIR] src\nb.txt\n(2 ignored)');
  });

  it('shows a link to a directory inside the workspace as a directory', async () => {
    await symlink(path.join(fixture.root, 'src'), path.join(fixture.root, 'source-link'));
    const { list_directory: listDirectory } = fixture.tools();
    expect((await listDirectory.execute({}, idleContext())).llmContent).toContain('[DIR] source-link');
  });

  it('answers a file, a missing directory and a bad ignore list with typed error results', async () => {
    const { list_directory: listDirectory } = fixture.tools();
    expect((await listDirectory.execute({ dir_path: 'b.txt' }, idleContext())).error?.type).toBe('not_a_directory');
    expect((await listDirectory.execute({ dir_path: 'nope' }, idleContext())).error?.type).toBe('file_not_found');
    const badIgnore = await listDirectory.execute({ ignore: '*.log' }, idleContext());
    expect(badIgnore.error?.message).toContain('"ignore": expected an array of strings');
  });

  it('refuses directories outside the workspace', async () => {
    await symlink(fixture.outside, path.join(fixture.root, 'escape'));
    const { list_directory: listDirectory } = fixture.tools();
    for (const dir_path of ['..', '/', 'escape']) {
      expect((await listDirectory.execute({ dir_path }, idleContext())).error?.type, dir_path).toBe(
        'path_outside_workspace',
      );
    }
  });
});
