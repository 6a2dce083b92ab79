/**
 * The problems validation reports: each at the JSON path of the offending value, an `error` (the value
 * is skipped) or a `warning` (it is kept or ignored, as the message says).
 */

/** Severity of a problem: `error` skips the value, `warning` keeps it as the message says. */
export type HookProblemSeverity = 'error' | 'warning';

/** Receives one problem at its JSON path. */
export type HookProblemReporter = (path: string, message: string, severity: HookProblemSeverity) => void;

/** One problem found while validating hook settings, with the JSON path of the offending value. */
export interface HookConfigProblem {
  path: string;
  message: string;
  /** `error`: the value was skipped. `warning`: it was kept (or ignored) as the message says. */
  severity: HookProblemSeverity;
}
