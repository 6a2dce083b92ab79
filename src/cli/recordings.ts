/**
 * Reading a recorded run (`hookrail run --inspect FILE`) for the commands that work on one: its
 * records, with each unreadable line warned about by line number; a file that cannot be read or holds
 * no record is an error naming it.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { HookrailFileError } from '../errors.js';
import { parseInspectionFile } from '../inspection/report.js';
import type { InspectionLine } from '../inspection/records.js';
import type { CommandContext } from './context.js';

/** The records of the recording `given` (relative to the shell's directory); warnings go to stderr. */
export async function readRecording(context: CommandContext, given: string): Promise<InspectionLine[]> {
  const file = resolve(context.io.cwd, given);
  const text = await readFile(file, 'utf8').catch((error: unknown) => {
    throw new HookrailFileError(
      file,
      `cannot read the recorded run: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  });
  const { records, warnings } = parseInspectionFile(text, file);
  for (const warning of warnings) context.render.warn(warning);
  return records;
}
