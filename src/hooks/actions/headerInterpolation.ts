/**
 * http hook header values: `$VAR` and `${VAR}` are replaced with the variable's value
 * only for the variables the hook lists in `allowedEnvVars` and the user does not withhold
 * (`hookEnvironment.withhold`, HOOK-188); every other reference becomes empty, so a header cannot
 * carry a secret nobody allowed it to, nor one the user keeps from every hook.
 */

/** Why a variable reference was left empty: not in `allowedEnvVars`, or withheld from every hook. */
export type WithheldReason = 'not-allowed' | 'withheld';

/** Options for {@link interpolateHeaderValue}. */
export interface InterpolationOptions {
  /** The variables that may be read. */
  allowed: ReadonlySet<string>;
  environment: Record<string, string | undefined>;
  /** True for a variable no hook may receive (`hookEnvironment.withhold`), even when `allowed` lists it. */
  isWithheld?: (name: string) => boolean;
  /** Called for each variable left empty, with why. */
  onWithheld?: (variable: string, reason: WithheldReason) => void;
}

const variableReference = /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g;

/**
 * HOOK-188: replaces `$VAR` and `${VAR}` in a header value with the variable's value when
 * VAR is allowed and not withheld, and with nothing otherwise (so a header cannot leak a secret).
 */
export function interpolateHeaderValue(value: string, options: InterpolationOptions): string {
  return value.replace(variableReference, (_match, braced: string | undefined, bare: string | undefined) => {
    const variable = (braced ?? bare) as string;
    if (!options.allowed.has(variable)) {
      options.onWithheld?.(variable, 'not-allowed');
      return '';
    }
    if (options.isWithheld?.(variable)) {
      options.onWithheld?.(variable, 'withheld');
      return '';
    }
    return options.environment[variable] ?? '';
  });
}

/** The variables a header value refers to. */
export function referencedVariables(value: string): string[] {
  return [...value.matchAll(variableReference)].map((match) => (match[1] ?? match[2]) as string);
}
