/**
 * What the host tells a warm interpreter on its control channel (descriptor 3, a pipe of its own —
 * stdin is the hook's): fields separated by NUL, which no path, argument or environment entry can
 * contain. The bootstraps in `bootstrap/` read it to the end of the channel:
 *
 * `cwd \0 script \0 <n> \0 arg₁ … argₙ \0 <k> \0 kept₁ … keptₖ \0 NAME=value …`
 *
 * `kept` names variables the interpreter read at start: identical by construction, so the warm
 * process keeps the values it has (with any it set itself as it started).
 */

/** One hook, for a warm interpreter. */
export interface ControlMessage {
  cwd: string;
  /** The script as written: the interpreter's `argv[1]`. */
  script: string;
  args: readonly string[];
  /** The hook's whole environment; an `undefined` value is no variable. */
  environment: Readonly<Record<string, string | undefined>>;
  keptNames: readonly string[];
}

/** The message as the bootstraps read it. */
export function encodeControlMessage(message: ControlMessage): string {
  const fields = [
    message.cwd,
    message.script,
    String(message.args.length),
    ...message.args,
    String(message.keptNames.length),
    ...message.keptNames,
  ];
  for (const name of Object.keys(message.environment)) {
    const value = message.environment[name];
    if (value !== undefined) fields.push(`${name}=${value}`);
  }
  return fields.join('\0');
}

/** True when every field can be sent: no NUL anywhere (the shell and the kernel could not pass one either). */
export function isEncodable(environment: Readonly<Record<string, string | undefined>>): boolean {
  for (const name of Object.keys(environment)) {
    const value = environment[name];
    if (name.includes('\0') || name.includes('=') || value?.includes('\0')) return false;
  }
  return true;
}
