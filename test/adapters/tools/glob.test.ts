import { writeFile, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdapterWorkspace, idleContext, type AdapterWorkspace } from '../../helpers/adapterWorkspace.js';

describe('glob', () => {
  let fixture: AdapterWorkspace;

  beforeEach(async () => {
    fixture = await createAdapterWorkspace();
    for (const file of [
      'README.md',
      'src/index.ts',
      'src/util/strings.ts',
      'src/util/Strings.test.ts',
      'docs/guide.md',
      'node_modules/dep/index.ts',
      '.git/HEAD',
      '.hidden.ts',
    ]) {
      await fixture.write(file, 'x');
    }
  });
  afterEach(() => fixture.cleanup());

  it('finds nested files with **, sorted, relative to the working directory, skipping node_modules and .git', async () => {
    const { glob } = fixture.tools();
    const result = await glob.execute({ pattern: '**/*.ts' }, idleContext());
    expect(result.error).toBeUndefined();
    expect(result.llmContent).toBe(
      [
        'Found 4 file(s) matching "**/*.ts" in the working directory:',
        '.hidden.ts',
        'src/index.ts',
        'src/util/Strings.test.ts',
        'src/util/strings.ts',
      ].join('\n'),
    );
    expect(result.metadata).toMatchObject({ matches: 4 });
  });

  it('matches a single-segment pattern only at the top of the searched directory', async () => {
    const { glob } = fixture.tools();
    const result = await glob.execute({ pattern: '*.md' }, idleContext());
    expect(result.llmContent).toBe('Found 1 file(s) matching "*.md" in the working directory:\nREADME.md');
  });

  it('searches below dir_path (or path) and still reports paths relative to the working directory', async () => {
    const { glob } = fixture.tools();
    const result = await glob.execute({ pattern: '*.ts', dir_path: 'src/util' }, idleContext());
    expect(result.llmContent).toBe(
      'Found 2 file(s) matching "*.ts" in src/util:\nsrc/util/Strings.test.ts\nsrc/util/strings.ts',
    );
    expect((await glob.execute({ pattern: '*.md', path: 'docs' }, idleContext())).llmContent).toContain(
      'docs/guide.md',
    );
  });

  it('is case-insensitive by default and case-sensitive on request', async () => {
    const { glob } = fixture.tools();
    expect((await glob.execute({ pattern: '**/strings*' }, idleContext())).metadata).toMatchObject({ matches: 2 });
    const sensitive = await glob.execute({ pattern: '**/strings*', case_sensitive: true }, idleContext());
    expect(sensitive.llmContent).toBe(
      'Found 1 file(s) matching "**/strings*" in the working directory:\nsrc/util/strings.ts',
    );
  });

  it('says so when nothing matches', async () => {
    const { glob } = fixture.tools();
    const result = await glob.execute({ pattern: '**/*.py' }, idleContext());
    expect(result.error).toBeUndefined();
    expect(result.llmContent).toBe('No files found matching pattern "**/*.py" in the working directory.');
  });

  it('does not follow a linked directory out of the workspace', async () => {
    await writeFile(path.join(fixture.outside, 'secret.ts'), 'x');
    await symlink(fixture.outside, path.join(fixture.root, 'escape'));
    const { glob } = fixture.tools();
    const result = await glob.execute({ pattern: '**/secret.ts' }, idleContext());
    expect(result.llmContent).toContain('No files found');
  });

  it('answers a missing pattern and a dir_path outside the workspace with error results', async () => {
    const { glob } = fixture.tools();
    const missing = await glob.execute({ dir_path: 'src' }, idleContext());
    expect(missing.error).toEqual({ type: 'invalid_argument', message: 'Invalid argument "pattern": is required' });
    expect((await glob.execute({ pattern: '*', dir_path: '../outside' }, idleContext())).error?.type).toBe(
      'path_outside_workspace',
    );
    expect((await glob.execute({ pattern: '*', dir_path: 'README.md' }, idleContext())).error?.type).toBe(
      'not_a_directory',
    );
  });
});
