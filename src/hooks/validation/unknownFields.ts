/**
 * Fields of a hook group or a hook that no dialect defines are reported, not silently ignored: a
 * group's `"matchr"` would otherwise make its hooks run for every tool, and a hook's `"timout"` would
 * leave it the default timeout. Known are hookrail's fields and the ones Claude Code and Gemini CLI
 * document; Claude Code behaviour hookrail does not have is accepted with a warning saying so.
 */
import { suggestClosest } from '../../suggestClosest.js';
import type { HookProblemReporter } from './hookProblems.js';

/** A hook group's fields, in every dialect: `{ matcher, sequential, hooks }`. */
export const hookGroupFieldNames: readonly string[] = ['matcher', 'sequential', 'hooks'];

/**
 * A hook's fields hookrail reads, in every dialect (Gemini CLI's `name` and `description`, Claude
 * Code's `args`, `async`, `if`, `url`, `headers`, `allowedEnvVars`, `prompt`, `model` included).
 */
export const hookFieldNames: readonly string[] = [
  'type',
  'command',
  'args',
  'url',
  'headers',
  'allowedEnvVars',
  'prompt',
  'model',
  'maxTurns',
  'name',
  'description',
  'timeout',
  'onFailure',
  'priority',
  'async',
  'if',
  'pinned',
  'env',
  'dialect',
  'dialectEvent',
];

/** Claude Code's spinner text while the hook runs: display only, accepted without a word. */
const displayOnlyFieldNames: readonly string[] = ['statusMessage'];

/** Claude Code fields for behaviour hookrail does not have, and what happens instead. */
const unsupportedClaudeFields: Readonly<Record<string, string>> = {
  // Claude Code itself honours `once` only in a skill's frontmatter and ignores it in settings files.
  once: 'the hook runs every time its event fires, as in Claude Code, which honours it only in skill frontmatter',
  asyncRewake: 'the hook never wakes the agent',
  shell: 'command hooks run with bash',
};

/** Claude Code fields whose value is what hookrail does anyway: accepted without a word (and dropped). */
const honouredClaudeValues: Readonly<Record<string, unknown>> = { shell: 'bash' };

/** What {@link reportUnknownFields} checks. */
export interface UnknownFieldsCheck {
  /** The group or hook as written. */
  object: Record<string, unknown>;
  /** Its fields hookrail reads ({@link hookGroupFieldNames} or {@link hookFieldNames}). */
  known: readonly string[];
  /** JSON path of the object (`hooks.BeforeTool[0]`). */
  path: string;
  report: HookProblemReporter;
}

/**
 * Warns about each field no dialect defines (suggesting the nearest known one), a group's field written
 * on a hook, and each Claude Code field hookrail does not act on. Returns the fields it ignored, for
 * the caller to drop from its cleaned copy.
 */
export function reportUnknownFields({ object, known, path, report }: UnknownFieldsCheck): string[] {
  const ignored: string[] = [];
  for (const field of Object.keys(object)) {
    if (known.includes(field) || displayOnlyFieldNames.includes(field)) continue;
    ignored.push(field);
    if (Object.hasOwn(honouredClaudeValues, field) && object[field] === honouredClaudeValues[field]) continue;
    report(`${path}.${field}`, unknownFieldMessage(field, object[field], known), 'warning');
  }
  return ignored;
}

function unknownFieldMessage(field: string, value: unknown, known: readonly string[]): string {
  if (Object.hasOwn(unsupportedClaudeFields, field)) {
    // Where one value is supported, the message names the value that is not.
    const written = Object.hasOwn(honouredClaudeValues, field) ? `"${field}": ${JSON.stringify(value)}` : `"${field}"`;
    return `Claude Code's ${written} is not supported by hookrail; ignored (${unsupportedClaudeFields[field]})`;
  }
  if (known === hookFieldNames && hookGroupFieldNames.includes(field)) {
    return `"${field}" belongs to the hook group ({ "matcher": …, "sequential": …, "hooks": [ … ] }), not to one hook; ignored`;
  }
  const suggestion = suggestClosest(field, known);
  return `unknown field ${JSON.stringify(field)}; ignored${suggestion ? ` (did you mean "${suggestion}"?)` : ''}`;
}
