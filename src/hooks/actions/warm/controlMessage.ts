/**
 * What the host tells a warm interpreter on its control channel (descriptor 3, a socket of its own —
 * stdin is the hook's): its length in bytes and a newline, then fields separated by NUL, which no
 * path, argument or environment entry can contain:
 *
 * `<bytes>\n cwd \0 script \0 <n> \0 arg₁ … argₙ \0 <u> \0 unset₁ … unsetᵤ \0 NAME=value …`
 *
 * The bootstraps in `bootstrap/` read exactly that many bytes, so an interpreter starts on its hook
 * as soon as the message is written, not once the host's event loop has come round to closing the
 * channel. A channel closed before a whole message tells it the pool is shutting down.
 *
 * The environment is sent as what differs from the one the process started with: the variables to
 * remove, then those to set. Hooks of one interpreter mostly run with the environment its idle
 * processes were started with, so the message is short and the interpreter changes nothing. Variables
 * the interpreter read at start (`keptNames`) are identical by construction and never sent: the
 * process keeps the values it has, with any it set itself as it started.
 */

/** One hook, for a warm interpreter. */
export interface ControlMessage {
  cwd: string;
  /** The script as written: the interpreter's `argv[1]`. */
  script: string;
  args: readonly string[];
  /** The hook's whole environment; an `undefined` value is no variable. */
  environment: Readonly<Record<string, string | undefined>>;
  /** The environment the warm process was started with. */
  startEnvironment: Readonly<Record<string, string | undefined>>;
  /** Variables the process keeps as it has them (see the module comment). */
  keptNames: readonly string[];
}

/** The message as the bootstraps read it: the length prefix, then the fields. */
export function encodeControlMessage(message: ControlMessage): Buffer {
  const { environment, startEnvironment } = message;
  const kept = new Set(message.keptNames);
  const unset: string[] = [];
  for (const name of Object.keys(startEnvironment)) {
    if (startEnvironment[name] !== undefined && environment[name] === undefined && !kept.has(name)) unset.push(name);
  }
  const fields = [
    message.cwd,
    message.script,
    String(message.args.length),
    ...message.args,
    String(unset.length),
    ...unset,
  ];
  for (const name of Object.keys(environment)) {
    const value = environment[name];
    if (value !== undefined && value !== startEnvironment[name] && !kept.has(name)) fields.push(`${name}=${value}`);
  }
  const body = fields.join('\0');
  return Buffer.from(`${Buffer.byteLength(body, 'utf8')}\n${body}`, 'utf8');
}

/** True when every field can be sent: no NUL anywhere (the shell and the kernel could not pass one either). */
export function isEncodable(environment: Readonly<Record<string, string | undefined>>): boolean {
  for (const name of Object.keys(environment)) {
    const value = environment[name];
    if (name.includes('\0') || name.includes('=') || value?.includes('\0')) return false;
  }
  return true;
}
