import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_READ_LINE_LIMIT } from '../../../src/adapters/tools/readFile.js';
import { createAdapterWorkspace, idleContext, type AdapterWorkspace } from '../../helpers/adapterWorkspace.js';

const numberedLines = (count: number): string =>
  `${Array.from({ length: count }, (_, index) => `line ${index + 1}`).join('\n')}\n`;

describe('read_file', () => {
  let fixture: AdapterWorkspace;

  beforeEach(async () => {
    fixture = await createAdapterWorkspace();
  });
  afterEach(() => fixture.cleanup());

  it('returns a whole text file under file_path', async () => {
    await fixture.write('notes/a.txt', 'alpha\nbeta\n');
    const { read_file: readFile } = fixture.tools();
    const result = await readFile.execute({ file_path: 'notes/a.txt' }, idleContext());
    expect(result.error).toBeUndefined();
    expect(result.llmContent).toBe('alpha\nbeta');
    expect(result.returnDisplay).toContain('2 lines');
    expect(result.metadata).toMatchObject({ totalLines: 2 });
  });

  it('accepts the absolute_path and path aliases', async () => {
    const file = await fixture.write('b.txt', 'bravo');
    const { read_file: readFile } = fixture.tools();
    expect((await readFile.execute({ absolute_path: file }, idleContext())).llmContent).toBe('bravo');
    expect((await readFile.execute({ path: 'b.txt' }, idleContext())).llmContent).toBe('bravo');
  });

  it('returns a window of lines with offset and limit, and says how to read on', async () => {
    await fixture.write('long.txt', numberedLines(10));
    const { read_file: readFile } = fixture.tools();
    const result = await readFile.execute({ file_path: 'long.txt', offset: 2, limit: 3 }, idleContext());
    expect(result.llmContent).toBe(
      '[Showing lines 3-5 of 10 of long.txt. To read more, call read_file with offset 5.]\nline 3\nline 4\nline 5',
    );
  });

  it('accepts 1-based start_line and end_line', async () => {
    await fixture.write('long.txt', numberedLines(10));
    const { read_file: readFile } = fixture.tools();
    const result = await readFile.execute({ file_path: 'long.txt', start_line: 9, end_line: 10 }, idleContext());
    expect(result.llmContent).toBe('[Showing lines 9-10 of 10 of long.txt.]\nline 9\nline 10');
  });

  it(`returns at most ${DEFAULT_READ_LINE_LIMIT} lines when no limit is given`, async () => {
    await fixture.write('huge.txt', numberedLines(DEFAULT_READ_LINE_LIMIT + 5));
    const { read_file: readFile } = fixture.tools();
    const result = await readFile.execute({ file_path: 'huge.txt' }, idleContext());
    expect(
      result.llmContent.startsWith(`[Showing lines 1-${DEFAULT_READ_LINE_LIMIT} of ${DEFAULT_READ_LINE_LIMIT + 5}`),
    ).toBe(true);
    expect(result.llmContent).toContain(`offset ${DEFAULT_READ_LINE_LIMIT}`);
    expect(result.llmContent.endsWith(`line ${DEFAULT_READ_LINE_LIMIT}`)).toBe(true);
  });

  it('answers a missing file, a directory and a binary file with typed error results', async () => {
    await mkdir(path.join(fixture.root, 'folder'));
    await writeFile(path.join(fixture.root, 'image.bin'), Buffer.from([0x89, 0x50, 0x00, 0x01]));
    const { read_file: readFile } = fixture.tools();
    expect((await readFile.execute({ file_path: 'missing.txt' }, idleContext())).error?.type).toBe('file_not_found');
    const folder = await readFile.execute({ file_path: 'folder' }, idleContext());
    expect(folder.error?.type).toBe('not_a_file');
    expect(folder.error?.message).toContain('list_directory');
    expect((await readFile.execute({ file_path: 'image.bin' }, idleContext())).error?.type).toBe('binary_file');
  });

  it('answers missing or invalid arguments with error results naming the parameter', async () => {
    await fixture.write('a.txt', 'x');
    const { read_file: readFile } = fixture.tools();
    const missing = await readFile.execute({ offset: 1 }, idleContext());
    expect(missing.error?.type).toBe('invalid_argument');
    expect(missing.error?.message).toContain('"file_path"');
    expect(missing.error?.message).toContain('"absolute_path"');
    const negative = await readFile.execute({ file_path: 'a.txt', offset: -1 }, idleContext());
    expect(negative.error?.message).toBe('Invalid argument "offset": must be at least 0, got -1');
    const backwards = await readFile.execute({ file_path: 'a.txt', start_line: 5, end_line: 2 }, idleContext());
    expect(backwards.error?.message).toContain('"end_line"');
  });

  it('refuses paths outside the workspace: "..", absolute elsewhere, and a link pointing out', async () => {
    await writeFile(path.join(fixture.outside, 'secret.txt'), 'top secret');
    await symlink(path.join(fixture.outside, 'secret.txt'), path.join(fixture.root, 'innocent.txt'));
    const { read_file: readFile } = fixture.tools();
    for (const file_path of ['../outside/secret.txt', path.join(fixture.outside, 'secret.txt'), 'innocent.txt']) {
      const result = await readFile.execute({ file_path }, idleContext());
      expect(result.error?.type, file_path).toBe('path_outside_workspace');
      expect(result.llmContent).not.toContain('top secret');
    }
  });
});
