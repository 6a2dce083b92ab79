/**
 * What the host tells a warm interpreter on its control channel (descriptor 3, a socket of its own —
 * stdin is the hook's): its length in bytes and a newline, then fields separated by NUL, which no
 * path, argument or environment entry can contain:
 *
 * `<bytes>\n cwd \0 script \0 <n> \0 arg₁ … argₙ \0 <k> \0 kept₁ … keptₖ \0 NAME=value …`
 *
 * The bootstraps in `bootstrap/` read exactly that many bytes, so an interpreter starts on its hook
 * as soon as the message is written, not once the host's event loop has come round to closing the
 * channel. A channel closed before a whole message tells it the pool is shutting down.
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

/** The message as the bootstraps read it: the length prefix, then the fields. */
export function encodeControlMessage(message: ControlMessage): Buffer {
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
  const body = Buffer.from(fields.join('\0'), 'utf8');
  return Buffer.concat([Buffer.from(`${body.length}\n`, 'latin1'), body]);
}

/** True when every field can be sent: no NUL anywhere (the shell and the kernel could not pass one either). */
export function isEncodable(environment: Readonly<Record<string, string | undefined>>): boolean {
  for (const name of Object.keys(environment)) {
    const value = environment[name];
    if (name.includes('\0') || name.includes('=') || value?.includes('\0')) return false;
  }
  return true;
}
