/**
 * The environment of a hook process (HOOK-188): the host's environment, inherited, plus the
 * project-directory variables — less the variables the user withholds (`hookEnvironment.withhold` in
 * settings, `Config.hookEnvironment` in code), so API keys and tokens need not reach every hook.
 */
import { PROJECT_DIR_VARIABLES } from './commandExpansion.js';

/** Options for {@link buildHookEnvironment}. */
export interface BuildHookEnvironmentOptions {
  projectDir: string;
  /** True for an inherited variable no hook may receive; default: none is withheld. */
  isWithheld?: (name: string) => boolean;
  /** What a hook would inherit; default `process.env`. */
  inherited?: NodeJS.ProcessEnv;
  /** Variables of the hook's own (its dialect's, its `env`), laid over the rest. */
  extra?: Readonly<Record<string, string>>;
}

/**
 * HOOK-188: what the runner lays over the inherited environment: `undefined` — which removes the
 * variable from the child's environment — for every inherited variable `isWithheld` names, each
 * project-dir variable set to `projectDir` (never withheld: hooks rely on them), then `extra`.
 * One object filled in place: spreads here cost a hook microseconds before its spawn.
 */
export function buildHookEnvironment(options: BuildHookEnvironmentOptions): Record<string, string | undefined> {
  const environment: Record<string, string | undefined> = {};
  const { isWithheld, extra } = options;
  if (isWithheld) {
    for (const name of Object.keys(options.inherited ?? process.env)) {
      if (isWithheld(name)) environment[name] = undefined;
    }
  }
  for (const name of PROJECT_DIR_VARIABLES) environment[name] = options.projectDir;
  if (extra) for (const name of Object.keys(extra)) environment[name] = extra[name];
  return environment;
}

/**
 * `process.env` with `extra` laid over it. One `Object.keys` and a read per variable: a spread of the
 * exotic `process.env` also asks it for each variable's property descriptor, and costs ~40% more
 * (29 vs 18 µs for 35 variables on the bench machine, a cost every hook pays before its spawn). Used
 * for every spawned process (processGroup.ts) and for an http hook's header variables. Not
 * `Object.create(process.env)`, though `spawn` takes prototype values and it would save the copy: V8
 * caches the names a for…in found on objects of one shape, so a variable set after the first spawn
 * would never reach a hook (hookEnvironment.test.ts).
 */
export function inheritedEnvironmentWith(
  extra: Record<string, string | undefined>,
): Record<string, string | undefined> {
  const inherited = process.env;
  const environment: Record<string, string | undefined> = {};
  for (const name of Object.keys(inherited)) environment[name] = inherited[name];
  return Object.assign(environment, extra);
}
