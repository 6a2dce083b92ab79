/**
 * Hook coverage, from a recorded run: for each configured hook, how often it ran and what its
 * answers amounted to — blocked (block, deny or stop), modified, asked, failed open (the hook
 * failed and was ignored) and timed out — and which hooks never ran, so a dead matcher shows up. A
 * record belongs to a configured hook when both name the same event and hook. Pure: no DOM, so
 * `hookrail hooks coverage` and the report page count alike.
 */
import type { ConfiguredHookRecord, HookRecord } from '../records.js';

/** One configured hook's counts over the records; `matched` when the caller could tell. */
export interface HookCoverageRow {
  eventName: string;
  hookName: string;
  hookType: string;
  matcher?: string;
  source?: string;
  /** Fires the hook's matcher (and `if`) selected it for, when known. */
  matched?: number;
  ran: number;
  blocked: number;
  modified: number;
  asked: number;
  failedOpen: number;
  timedOut: number;
}

/** Counts every configured hook's records, in configuration order. */
export function tallyHookCoverage(
  hooks: readonly ConfiguredHookRecord[],
  records: readonly HookRecord[],
): HookCoverageRow[] {
  const rows = hooks.map(
    (hook): HookCoverageRow => ({
      eventName: hook.eventName,
      hookName: hook.hookName,
      hookType: hook.hookType,
      ...(hook.matcher !== undefined ? { matcher: hook.matcher } : {}),
      ...(hook.source !== undefined ? { source: hook.source } : {}),
      ran: 0,
      blocked: 0,
      modified: 0,
      asked: 0,
      failedOpen: 0,
      timedOut: 0,
    }),
  );
  const byKey = new Map<string, HookCoverageRow>();
  for (const row of rows)
    if (!byKey.has(coverageKey(row.eventName, row.hookName))) byKey.set(coverageKey(row.eventName, row.hookName), row);
  for (const record of records) {
    const row = byKey.get(coverageKey(record.eventName, record.hookName));
    if (!row) continue;
    row.ran += 1;
    if (record.decision === 'block' || record.decision === 'deny' || record.decision === 'stop') row.blocked += 1;
    if (record.decision === 'modify') row.modified += 1;
    if (record.decision === 'ask') row.asked += 1;
    if (record.decision === 'error') row.failedOpen += 1;
    if (record.timedOut === true) row.timedOut += 1;
  }
  return rows;
}

/** The rows of hooks that never ran (with `matched` known: that no fire selected). */
export function unusedHooks(rows: readonly HookCoverageRow[]): HookCoverageRow[] {
  return rows.filter((row) => (row.matched ?? row.ran) === 0 && row.ran === 0);
}

function coverageKey(eventName: string, hookName: string): string {
  return `${eventName}\u0000${hookName}`;
}
