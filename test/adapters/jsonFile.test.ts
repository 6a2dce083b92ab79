import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  MAX_JSON_FILE_BYTES,
  findJsonSyntaxErrorOffset,
  parseJsonText,
  positionOf,
  readBoundedTextFile,
  readJsonFile,
  writeJsonFileAtomic,
} from '../../src/adapters/jsonFile.js';
import { HookrailFileError } from '../../src/errors.js';
import { useSettingsEnvironment } from '../helpers/settingsEnvironment.js';

const environment = useSettingsEnvironment();

function parseError(text: string): string {
  try {
    parseJsonText(text, 'settings.json');
  } catch (error) {
    expect(error).toBeInstanceOf(HookrailFileError);
    return (error as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(text)} to be rejected`);
}

describe('parseJsonText', () => {
  it.each([
    ['{"a": }', "settings.json: invalid JSON at line 1, column 7: Unexpected token '}'"],
    ['{"a": 1,}', 'settings.json: invalid JSON at line 1, column 9: Expected double-quoted property name'],
    [
      '{\n  "a": 1\n  "b": 2\n}',
      "settings.json: invalid JSON at line 3, column 3: Expected ',' or '}' after property value",
    ],
    ['{"hooks": ', 'settings.json: invalid JSON at line 1, column 11: Unexpected end of JSON input'],
    ['{"a": tru}', "settings.json: invalid JSON at line 1, column 10: Unexpected token '}'"],
    [
      '{"a": 1}\n  x',
      'settings.json: invalid JSON at line 2, column 3: Unexpected non-whitespace character after JSON',
    ],
  ])('names the line and column of the mistake in %j', (text, message) => {
    expect(parseError(text)).toBe(message);
  });

  it('accepts a byte-order mark and treats an empty file as an empty object', () => {
    expect(parseJsonText('\ufeff{"a": 1}', 'f.json')).toEqual({ a: 1 });
    expect(parseJsonText(' \n', 'f.json')).toEqual({});
  });
});

describe('findJsonSyntaxErrorOffset', () => {
  it('finds nothing wrong with valid JSON of every kind', () => {
    expect(
      findJsonSyntaxErrorOffset('{"a": [1, -2.5e3, "x\\u00e9\\n"], "b": {"c": null, "d": true, "e": false}, "f": []}'),
    ).toBeUndefined();
  });

  it.each([
    ['{"a": [1, {"b": }]}', 16],
    ['[1 2]', 3],
    ['{"a":1} x', 8],
    ['{"a": "bad \\q escape"}', 12],
    ['{a: 1}', 1],
  ])('finds the offset of the first error in %j', (text, offset) => {
    expect(findJsonSyntaxErrorOffset(text)).toBe(offset);
  });

  it('positionOf counts lines and columns from 1', () => {
    expect(positionOf('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(positionOf('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});

describe('readJsonFile and writeJsonFileAtomic', () => {
  it('reports a missing file as absent rather than an error', async () => {
    expect(await readJsonFile(environment.path('missing.json'))).toEqual({ exists: false });
  });

  it('names the file with the display name in errors', async () => {
    const file = environment.write(environment.path('bad.json'), '{"a":');
    await expect(readJsonFile(file, { displayName: 'bad.json' })).rejects.toThrow(
      'bad.json: invalid JSON at line 1, column 6: Unexpected end of JSON input',
    );
  });

  it('writes formatted JSON through a temporary file, creating the directory, leaving no temporary file', async () => {
    const file = environment.path('deep', 'dir', 'out.json');

    await writeJsonFileAtomic(file, { b: [1], a: 'x' }, { mode: 0o600 });

    expect(readFileSync(file, 'utf8')).toBe('{\n  "b": [\n    1\n  ],\n  "a": "x"\n}\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(environment.path('deep', 'dir'))).toEqual(['out.json']);
    expect(await readJsonFile(file)).toEqual({ exists: true, value: { b: [1], a: 'x' } });
  });

  it('a failed write names the file, keeps the old content and leaves no temporary file', async () => {
    const directory = environment.path('target');
    mkdirSync(join(directory, 'out.json'), { recursive: true });
    writeFileSync(join(directory, 'keep.json'), '{}');

    await expect(
      writeJsonFileAtomic(join(directory, 'out.json'), { a: 1 }, { displayName: 'out.json' }),
    ).rejects.toThrow(/^out\.json: cannot be written: /);
    expect(readdirSync(directory).sort()).toEqual(['keep.json', 'out.json']);
  });
});

describe('readJsonFile: bounded reads', () => {
  it('refuses a FIFO at once instead of waiting for a writer, naming the file', async () => {
    const fifo = environment.path('settings.json');
    execFileSync('mkfifo', [fifo]);
    await expect(readJsonFile(fifo, { displayName: 'settings.json' })).rejects.toThrow(
      'settings.json: is a FIFO (named pipe), not a regular file; only regular files are read',
    );
  });

  it('refuses a symbolic link to /dev/zero without reading from it', async () => {
    const link = environment.path('zero.json');
    symlinkSync('/dev/zero', link);
    await expect(readJsonFile(link, { displayName: 'zero.json' })).rejects.toThrow(
      'zero.json: is a character device, not a regular file',
    );
  });

  it('follows a symbolic link to a regular file (dotfile managers link settings files)', async () => {
    const target = environment.write(environment.path('real.json'), '{"a": 1}');
    const link = environment.path('link.json');
    symlinkSync(target, link);
    expect(await readJsonFile(link)).toEqual({ exists: true, value: { a: 1 } });
  });

  it('refuses a file larger than 10 MiB, naming the file and the limit', async () => {
    const file = environment.write(environment.path('huge.json'), '');
    truncateSync(file, MAX_JSON_FILE_BYTES + 1);
    expect(MAX_JSON_FILE_BYTES).toBe(10 * 1024 * 1024);
    await expect(readJsonFile(file, { displayName: 'huge.json' })).rejects.toThrow(
      `huge.json: is ${MAX_JSON_FILE_BYTES + 1} bytes, larger than the 10 MiB limit for JSON files; not read`,
    );
  });

  it('reads a file of exactly the cap, and applies a smaller cap when asked', async () => {
    const file = environment.write(environment.path('small.json'), '{"k": "0123456789"}');
    expect(await readBoundedTextFile(file, { maxBytes: 19 })).toBe('{"k": "0123456789"}');
    await expect(readBoundedTextFile(file, { maxBytes: 18, displayName: 'small.json' })).rejects.toThrow(
      'small.json: is 19 bytes, larger than the 18 bytes limit',
    );
  });
});
