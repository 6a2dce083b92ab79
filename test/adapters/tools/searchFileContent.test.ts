/**
 * `search_file_content` and the read-only tool set an agent hook's sub-agent gets: lines
 * matching an RE2 pattern, sorted by path and line, confined to the workspace, binary files skipped.
 */
import { symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReadOnlyTools, readOnlyToolNames } from '../../../src/adapters/tools/index.js';
import type { Tool } from '../../../src/tool.js';
import { createAdapterWorkspace, idleContext, type AdapterWorkspace } from '../../helpers/adapterWorkspace.js';

describe('search_file_content', () => {
  let fixture: AdapterWorkspace;
  let search: Tool;

  beforeEach(async () => {
    fixture = await createAdapterWorkspace();
    await fixture.write('src/a.ts', 'export function main() {}\nconst x = 1;\n');
    await fixture.write('src/b.ts', 'function helper() {}\n// main is elsewhere\n');
    await fixture.write('README.md', 'Run main to start.\n');
    await fixture.write('node_modules/dep/index.ts', 'function main() {}\n');
    await fixture.write('image.bin', Buffer.from([0x6d, 0x61, 0x69, 0x6e, 0x00, 0x01]));
    search = createReadOnlyTools({ workingDir: fixture.root }).find((tool) => tool.name === 'search_file_content')!;
  });
  afterEach(() => fixture.cleanup());

  it('finds matching lines as path:line: text, sorted, skipping node_modules and binary files', async () => {
    const result = await search.execute({ pattern: 'main' }, idleContext());
    expect(result.error).toBeUndefined();
    expect(result.llmContent).toBe(
      [
        'Found 3 match(es) for pattern "main" in 3 file(s) in the working directory:',
        'README.md:1: Run main to start.',
        'src/a.ts:1: export function main() {}',
        'src/b.ts:2: // main is elsewhere',
      ].join('\n'),
    );
    expect(result.metadata).toMatchObject({ matches: 3, files: 3 });
  });

  it('narrows by dir_path and an include glob; regular expressions use RE2 syntax', async () => {
    const result = await search.execute(
      { pattern: 'function\\s+\\w+\\(', dir_path: 'src', include: '*.ts' },
      idleContext(),
    );
    expect(result.llmContent).toBe(
      [
        'Found 2 match(es) for pattern "function\\s+\\w+\\(" in 2 file(s) in src (files matching "*.ts"):',
        'src/a.ts:1: export function main() {}',
        'src/b.ts:1: function helper() {}',
      ].join('\n'),
    );
    expect((await search.execute({ pattern: 'nothing-like-this' }, idleContext())).llmContent).toBe(
      'No matches found for pattern "nothing-like-this" in the working directory.',
    );
  });

  it('a pattern RE2 cannot run (a backreference) and a path outside the workspace are error results', async () => {
    const backreference = await search.execute({ pattern: '(a)\\1' }, idleContext());
    expect(backreference.error?.type).toBe('invalid_argument');
    expect(backreference.llmContent).toMatch(/pattern/);
    const outside = await search.execute({ pattern: 'x', dir_path: '..' }, idleContext());
    expect(outside.error?.type).toBe('path_outside_workspace');
  });

  it('a link to a file outside the workspace is not searched', async () => {
    const secret = path.join(fixture.outside, 'secret.txt');
    await writeFile(secret, 'main secret\n');
    await symlink(secret, path.join(fixture.root, 'link.txt'));
    await symlink(path.join(fixture.root, 'README.md'), path.join(fixture.root, 'inside-link.md'));
    const result = await search.execute({ pattern: 'secret|start' }, idleContext());
    expect(result.llmContent).not.toContain('main secret');
    expect(result.llmContent).toContain('README.md:1: Run main to start.');
  });

  it('the read-only set is read_file, list_directory, glob and search_file_content — nothing that writes or runs', () => {
    expect(createReadOnlyTools({ workingDir: fixture.root }).map((tool) => tool.name)).toEqual([...readOnlyToolNames]);
    expect(readOnlyToolNames).toEqual(['read_file', 'list_directory', 'glob', 'search_file_content']);
  });
});
