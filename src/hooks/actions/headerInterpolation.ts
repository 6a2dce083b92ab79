/**
 * http hook header values (issue 13): `$VAR` and `${VAR}` are replaced with the variable's value
 * only for the variables the hook lists in `allowedEnvVars`; every other reference becomes empty,
 * so a header cannot carry a secret nobody allowed it to.
 */

/** Options for {@link interpolateHeaderValue}. */
export interface InterpolationOptions {
  /** The variables that may be read. */
  allowed: ReadonlySet<string>;
  environment: Record<string, string | undefined>;
  /** Called for each variable left empty because it is not allowed. */
  onWithheld?: (variable: string) => void;
}

const variableReference = /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g;

/**
 * Issue 13: replaces `$VAR` and `${VAR}` in a header value with the variable's value when VAR is
 * allowed, and with nothing otherwise (so a header cannot leak a secret nobody allowed).
 */
export function interpolateHeaderValue(value: string, options: InterpolationOptions): string {
  return value.replace(variableReference, (_match, braced: string | undefined, bare: string | undefined) => {
    const variable = (braced ?? bare) as string;
    if (!options.allowed.has(variable)) {
      options.onWithheld?.(variable);
      return '';
    }
    return options.environment[variable] ?? '';
  });
}

/** The variables a header value refers to. */
export function referencedVariables(value: string): string[] {
  return [...value.matchAll(variableReference)].map((match) => (match[1] ?? match[2]) as string);
}
