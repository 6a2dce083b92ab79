/**
 * JSON-file I/O shared by settings files, the trust store and scenario files: bounded reads (regular
 * files only, at most {@link MAX_JSON_FILE_BYTES}) whose errors name the file and the line and column
 * of the mistake, and atomic writes (temporary file + rename) so an interrupted write never leaves
 * half a settings or trust file behind.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, rename, unlink, writeFile, type FileHandle } from 'node:fs/promises';
import { dirname, basename, join } from 'node:path';
import { HookrailFileError } from '../errors.js';

/** The largest JSON file read: 10 MiB, far above any real settings or scenario file. */
export const MAX_JSON_FILE_BYTES = 10 * 1024 * 1024;

/** What {@link readJsonFile} found: a missing file is not an error. */
export type JsonFileContent = { exists: false } | { exists: true; value: unknown };

/** Options for {@link readJsonFile} and {@link readBoundedTextFile}. */
export interface ReadJsonFileOptions {
  /** How the file is named in error messages (default: the path as given). */
  displayName?: string;
  /** Default {@link MAX_JSON_FILE_BYTES}. */
  maxBytes?: number;
}

/**
 * HOOK-080: reads a settings-style JSON file. Missing → `{ exists: false }`; an empty file counts as
 * `{}` (a freshly `touch`ed settings file is not a mistake); unreadable, not a regular file, larger
 * than the cap, or malformed → a {@link HookrailFileError} naming the file and, for bad JSON, the
 * line and column.
 */
export async function readJsonFile(file: string, options: ReadJsonFileOptions = {}): Promise<JsonFileContent> {
  const displayName = options.displayName ?? file;
  const text = await readBoundedTextFile(file, options);
  if (text === undefined) return { exists: false };
  return { exists: true, value: parseJsonText(text, displayName) };
}

/**
 * Reads a regular file as UTF-8, or `undefined` when it does not exist. The file is opened without
 * blocking, so a FIFO cannot hang the caller waiting for a writer; anything but a regular file (a
 * FIFO, a device such as `/dev/zero`, a socket, a directory — also behind a symbolic link) is refused,
 * and so is a file larger than the cap, checked before reading and again while reading (a file may grow).
 * @throws HookrailFileError naming the file.
 */
export async function readBoundedTextFile(
  file: string,
  options: ReadJsonFileOptions = {},
): Promise<string | undefined> {
  const displayName = options.displayName ?? file;
  const maxBytes = options.maxBytes ?? MAX_JSON_FILE_BYTES;
  let handle: FileHandle;
  try {
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, forever.
    handle = await open(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new HookrailFileError(displayName, describeReadError(error), { cause: error });
  }
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) throw new HookrailFileError(displayName, 'is a directory, not a file');
    if (!stats.isFile())
      throw new HookrailFileError(
        displayName,
        `is ${describeFileType(stats)}, not a regular file; only regular files are read`,
      );
    if (stats.size > maxBytes) throw new HookrailFileError(displayName, tooLargeMessage(stats.size, maxBytes));
    // One spare byte shows a file that grew since fstat (or reports size 0, like /proc files).
    let buffer = Buffer.alloc(stats.size + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        if (length > maxBytes) throw new HookrailFileError(displayName, tooLargeMessage(undefined, maxBytes));
        const grown = Buffer.alloc(Math.min(buffer.length * 2, maxBytes + 1));
        buffer.copy(grown, 0, 0, length);
        buffer = grown;
      }
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > maxBytes) throw new HookrailFileError(displayName, tooLargeMessage(undefined, maxBytes));
    return buffer.toString('utf8', 0, length);
  } catch (error) {
    if (error instanceof HookrailFileError) throw error;
    throw new HookrailFileError(displayName, describeReadError(error), { cause: error });
  } finally {
    await handle.close().catch(() => undefined);
  }
}

function tooLargeMessage(size: number | undefined, maxBytes: number): string {
  const limit = maxBytes % (1024 * 1024) === 0 ? `${maxBytes / (1024 * 1024)} MiB` : `${maxBytes} bytes`;
  return `${size === undefined ? 'is' : `is ${size} bytes,`} larger than the ${limit} limit for JSON files; not read`;
}

function describeFileType(stats: {
  isFIFO(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
  isSocket(): boolean;
}): string {
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'a special file';
}

/** Parses JSON text; a syntax error becomes a {@link HookrailFileError} with line and column. */
export function parseJsonText(text: string, displayName: string): unknown {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (source.trim() === '') return {};
  try {
    return JSON.parse(source) as unknown;
  } catch (error) {
    throw new HookrailFileError(displayName, describeJsonError(source, error), { cause: error });
  }
}

/** A 1-based line and column in a text. */
export interface TextPosition {
  line: number;
  column: number;
}

/** The 1-based line and column of a character offset. */
export function positionOf(text: string, offset: number): TextPosition {
  const clamped = Math.max(0, Math.min(offset, text.length));
  const before = text.slice(0, clamped);
  const lastNewline = before.lastIndexOf('\n');
  const line = before.split('\n').length;
  return { line, column: clamped - lastNewline };
}

/** Options for {@link writeJsonFileAtomic}. */
export interface WriteJsonFileOptions {
  /** File mode for a newly written file (default 0o644). */
  mode?: number;
  /** How the file is named in error messages (default: the path as given). */
  displayName?: string;
}

/**
 * Writes `value` as two-space-indented JSON with a trailing newline: first to a temporary file in
 * the same directory, then renamed over the target, so readers see either the old or the new file.
 * Creates the directory when needed.
 */
export async function writeJsonFileAtomic(
  file: string,
  value: unknown,
  options: WriteJsonFileOptions = {},
): Promise<void> {
  const displayName = options.displayName ?? file;
  const directory = dirname(file);
  const temporaryFile = join(directory, `.${basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await mkdir(directory, { recursive: true });
    await writeFile(temporaryFile, `${JSON.stringify(value, null, 2)}\n`, { mode: options.mode ?? 0o644 });
    await rename(temporaryFile, file);
  } catch (error) {
    await unlink(temporaryFile).catch(() => undefined);
    throw new HookrailFileError(displayName, `cannot be written: ${describeReadError(error)}`, { cause: error });
  }
}

function describeReadError(error: unknown): string {
  const errno = error as NodeJS.ErrnoException;
  switch (errno.code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a directory, not a file';
    case 'ENOTDIR':
      return 'a parent of this path is a file, not a directory';
    default:
      return errno.message ?? String(error);
  }
}

const positionSuffix = /(?: in JSON)? at position (\d+)(?: \(line \d+ column \d+\))?$/;

/**
 * V8 reports most JSON errors with a character position, but not all of them ("Unexpected token
 * '}', ... is not valid JSON"); for those the position is found by scanning the text ourselves.
 */
function describeJsonError(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const reported = positionSuffix.exec(message);
  let offset: number | undefined;
  let reason: string;
  if (reported) {
    offset = Number(reported[1]);
    reason = message.slice(0, reported.index);
  } else if (message.startsWith('Unexpected end of JSON input')) {
    offset = text.length;
    reason = 'Unexpected end of JSON input';
  } else {
    offset = findJsonSyntaxErrorOffset(text);
    // Drop V8's quoted excerpt of the source (`, ..."abc": [}..." is not valid JSON`): the line and column say where.
    reason = message.replace(/, (?:\.\.\.)?"[\s\S]*" is not valid JSON$/, '');
  }
  if (offset === undefined) return `invalid JSON: ${reason}`;
  const { line, column } = positionOf(text, offset);
  return `invalid JSON at line ${line}, column ${column}: ${reason}`;
}

class SyntaxErrorAt {
  constructor(readonly offset: number) {}
}

const numberPattern = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** The offset of the first JSON syntax error in `text`, or undefined when the text is valid JSON. */
export function findJsonSyntaxErrorOffset(text: string): number | undefined {
  let index = 0;
  const fail = (): never => {
    throw new SyntaxErrorAt(index);
  };
  const skipWhitespace = (): void => {
    while (index < text.length && ' \t\n\r'.includes(text[index])) index++;
  };
  const expect = (character: string): void => {
    skipWhitespace();
    if (text[index] !== character) fail();
    index++;
  };
  const scanString = (): void => {
    if (text[index] !== '"') fail();
    index++;
    for (;;) {
      if (index >= text.length) fail();
      const character = text[index];
      if (character === '"') {
        index++;
        return;
      }
      if (character.charCodeAt(0) < 0x20) fail();
      if (character === '\\') {
        index++;
        const escaped = text[index];
        if (escaped === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(index + 1, index + 5))) fail();
          index += 5;
          continue;
        }
        if (escaped === undefined || !'"\\/bfnrt'.includes(escaped)) fail();
      }
      index++;
    }
  };
  const scanValue = (): void => {
    skipWhitespace();
    const character = text[index];
    if (character === '{') {
      index++;
      skipWhitespace();
      if (text[index] === '}') {
        index++;
        return;
      }
      for (;;) {
        skipWhitespace();
        scanString();
        expect(':');
        scanValue();
        skipWhitespace();
        if (text[index] === ',') {
          index++;
          continue;
        }
        expect('}');
        return;
      }
    }
    if (character === '[') {
      index++;
      skipWhitespace();
      if (text[index] === ']') {
        index++;
        return;
      }
      for (;;) {
        scanValue();
        skipWhitespace();
        if (text[index] === ',') {
          index++;
          continue;
        }
        expect(']');
        return;
      }
    }
    if (character === '"') return scanString();
    const literal = ['true', 'false', 'null'].find((candidate) => candidate[0] === character);
    if (literal) {
      // Like V8, point at the first character that breaks the literal (`tru}` → the `}`).
      for (const expected of literal) {
        if (text[index] !== expected) fail();
        index++;
      }
      return;
    }
    numberPattern.lastIndex = index;
    if (numberPattern.exec(text)) {
      index = numberPattern.lastIndex;
      return;
    }
    fail();
  };
  try {
    scanValue();
    skipWhitespace();
    if (index < text.length) fail();
    return undefined;
  } catch (error) {
    if (error instanceof SyntaxErrorAt) return error.offset;
    throw error;
  }
}
