/**
 * Identical or cold: what an interpreter reads when it starts — before any script runs — must be
 * the same for the warm process and for the hook, or the hook runs cold. The command line is fixed
 * (no flags: interpreterCommand.ts refuses them); the rest is the environment:
 *
 * - Node: every `NODE_*` variable (`NODE_OPTIONS`, `NODE_PATH`, `NODE_EXTRA_CA_CERTS`, …), `UV_*`
 *   (the thread pool), `OPENSSL_*` and `SSL_CERT_*` (read when OpenSSL starts), the locale (`LANG`,
 *   `LANGUAGE`, `LC_*`), `TZ`, `HOME` (global module folders), `FORCE_COLOR` and `NO_COLOR`.
 * - Python: every `PYTHON*` variable (`PYTHONPATH`, `PYTHONHOME`, `PYTHONUTF8`, …), `__PYVENV_LAUNCHER__`,
 *   the locale (stdio and file-name encodings), `TZ` and `HOME` (the user's site-packages).
 *
 * The interpreter itself — a virtualenv's `python3` against the system's — is told apart by its path.
 */
import type { InterpreterKind } from './interpreterCommand.js';

const sharedNames = new Set(['LANG', 'LANGUAGE', 'TZ', 'HOME']);
const nodeNames = new Set([...sharedNames, 'FORCE_COLOR', 'NO_COLOR']);
const nodePrefixes = ['NODE_', 'UV_', 'OPENSSL_', 'SSL_CERT_', 'LC_'];
const pythonPrefixes = ['PYTHON', '__PYVENV', 'LC_'];

/**
 * Variables an interpreter may set in its own environment as it starts: Python sets `LC_CTYPE` when
 * it coerces the C locale to UTF-8. The hook keeps the value its interpreter gave it.
 */
const setAtStart: Readonly<Record<InterpreterKind, readonly string[]>> = { node: [], python: ['LC_CTYPE'] };

/** True for a variable `kind` reads when it starts. */
export function isStartupVariable(kind: InterpreterKind, name: string): boolean {
  if (kind === 'node') return nodeNames.has(name) || nodePrefixes.some((prefix) => name.startsWith(prefix));
  return sharedNames.has(name) || pythonPrefixes.some((prefix) => name.startsWith(prefix));
}

/** What `kind` reads from `environment` at start, and the names a warm process keeps as it has them. */
export interface StartupIdentity {
  /** Equal for two environments exactly when the interpreter starts the same way in both. */
  fingerprint: string;
  /** The startup variables (and those the interpreter sets at start): the warm process already has their values. */
  keptNames: string[];
}

/** The part of `environment` that `kind` reads at start (see the module comment). */
export function startupIdentity(
  kind: InterpreterKind,
  environment: Readonly<Record<string, string | undefined>>,
): StartupIdentity {
  const names = Object.keys(environment)
    .filter((name) => environment[name] !== undefined && isStartupVariable(kind, name))
    .sort();
  const fingerprint = names.map((name) => `${name}=${environment[name]}`).join('\0');
  const keptNames = [...names];
  for (const name of setAtStart[kind]) if (!keptNames.includes(name)) keptNames.push(name);
  return { fingerprint, keptNames };
}
