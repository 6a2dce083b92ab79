/**
 * Every process group the host started (hook processes and shell-tool commands), so none outlives
 * what it belongs to: groups whose main process still runs, and leftover groups — a main process
 * that exited while something it started in its group runs on. Leftovers are not
 * waited for; they are killed when their session ends or the host exits ({@link killLeftoverProcesses}),
 * at the host's `exit` (SIGKILL) and by the watchdog if the host dies. Nothing is
 * installed until the first group is tracked: importing hookrail does no work.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { constants as osConstants } from 'node:os';
import { HOOK_KILL_GRACE_MS } from '../protocol/hookConfig.js';
import { ProcessWatchdog } from './processWatchdog.js';

/** How often a group being killed is checked for survivors during the grace period. */
const groupPollIntervalMs = 20;
/** Leftover groups are checked for life again each time their number doubles past this. */
const leftoverPruneMinimum = 64;

const runningGroups = new Set<number>();
/** Leftover group → the owner (a session ID) it was started for, if any. */
const leftoverGroups = new Map<number, string | undefined>();
let exitHandlerInstalled = false;
let watchdog: ProcessWatchdog | undefined;
let leftoverPruneThreshold = leftoverPruneMinimum;

/**
 * Installs the exit handler and starts the watchdog, once, before the host's
 * first process group is spawned (a process that ran before the watchdog existed could outlive a
 * host killed in that moment). Later calls cost one comparison.
 */
export function prepareProcessGroupTracking(): void {
  if (exitHandlerInstalled) return;
  exitHandlerInstalled = true;
  process.once('exit', killEveryGroupNow);
  watchdog = new ProcessWatchdog({ graceMs: HOOK_KILL_GRACE_MS, trackedGroups });
  watchdog.ensureRunning();
}

/**
 * `groupId` (a detached process's PID, just spawned) is killed at the
 * host's exit and by the watchdog if the host dies. A group tracked already (a warm interpreter,
 * tracked since it started idle, now running its hook) is not written to the watchdog again.
 */
export function trackProcessGroup(groupId: number): void {
  prepareProcessGroupTracking();
  if (runningGroups.has(groupId)) {
    // A watchdog that died meanwhile is replaced; its file starts with every tracked group.
    watchdog?.ensureRunning();
    return;
  }
  runningGroups.add(groupId);
  watchdog?.add(groupId);
}

/**
 * The main process of `groupId` has ended. A group with members left becomes a
 * leftover of `owner` (returns true); an empty group is forgotten.
 */
export function releaseProcessGroup(groupId: number, owner?: string): boolean {
  runningGroups.delete(groupId);
  if (isProcessGroupAlive(groupId)) {
    leftoverGroups.set(groupId, owner);
    if (leftoverGroups.size >= leftoverPruneThreshold) pruneLeftoverGroups();
    return true;
  }
  watchdog?.remove(groupId);
  return false;
}

/** Options for {@link killLeftoverProcesses}. */
export interface KillLeftoverOptions {
  /** Only the leftovers of this owner (a session ID); all of them when absent. */
  owner?: string;
  /** SIGTERM → SIGKILL grace; default {@link HOOK_KILL_GRACE_MS} (HOOK-118). */
  graceMs?: number;
}

/**
 * Kills what exited hooks and shell commands left running in their process groups
 * (SIGTERM, SIGKILL after the grace), for a session that ends or a CLI command that exits. Resolves
 * with the number of groups that still had a live member, once none has.
 */
export async function killLeftoverProcesses(options: KillLeftoverOptions = {}): Promise<number> {
  const groupIds = [...leftoverGroups]
    .filter(([, owner]) => options.owner === undefined || owner === options.owner)
    .map(([groupId]) => groupId);
  for (const groupId of groupIds) leftoverGroups.delete(groupId);
  const live = groupIds.filter(isProcessGroupAlive);
  await terminateProcessGroups(live, options.graceMs);
  for (const groupId of groupIds) watchdog?.remove(groupId);
  return live.length;
}

/** The groups this host tracks now: running, then leftover (for tests and diagnostics). */
export function trackedGroups(): number[] {
  return [...runningGroups, ...leftoverGroups.keys()];
}

/** The PID of this host's watchdog process, while one runs. */
export function watchdogPid(): number | undefined {
  return watchdog?.pid;
}

/**
 * HOOK-117, 118: SIGTERM to every group now, SIGKILL to the groups that still have a live member
 * after `graceMs`. Resolves with the groups that needed SIGKILL, as soon as all are gone or were sent it.
 */
export async function terminateProcessGroups(
  groupIds: readonly number[],
  graceMs: number = HOOK_KILL_GRACE_MS,
): Promise<number[]> {
  for (const groupId of groupIds) signalProcessGroup(groupId, 'SIGTERM');
  const deadline = Date.now() + Math.max(0, graceMs);
  let alive = groupIds.filter(isProcessGroupAlive);
  while (alive.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(groupPollIntervalMs, deadline - Date.now())));
    alive = alive.filter(isProcessGroupAlive);
  }
  for (const groupId of alive) signalProcessGroup(groupId, 'SIGKILL');
  return alive;
}

/** Sends `signal` to every process of the group; a group that is already gone is no error. */
export function signalProcessGroup(groupId: number, signal: NodeJS.Signals): void {
  if (groupId <= 1) return;
  try {
    process.kill(process.platform === 'win32' ? groupId : -groupId, signal);
  } catch {
    // ESRCH: the group is already gone, which is what we wanted.
  }
}

/**
 * True while a member of the process group is alive. Zombies do not count: an orphaned member that
 * already exited may wait a while for init to reap it, and it holds nothing but its PID.
 */
export function isProcessGroupAlive(groupId: number): boolean {
  if (!hasGroupMembers(groupId)) return false;
  return process.platform === 'linux' ? hasLiveGroupMember(groupId) : true;
}

/** One system call: does any process, zombies included, belong to the group? */
function hasGroupMembers(groupId: number): boolean {
  if (groupId <= 1) return false;
  const target = process.platform === 'win32' ? groupId : -groupId;
  if (rawKill) return rawKill.call(process, target, 0) !== esrch;
  try {
    process.kill(target, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * After every hook the answer is usually "no such group", which `process.kill` throws as an error
 * whose stack Node captures at full depth whatever `Error.stackTraceLimit` says — 40–60 µs of a
 * hook's host CPU, more than the system call (bench/README.md). `process._kill`, which `process.kill`
 * wraps, returns the errno instead; where a Node lacks it, `process.kill` is used.
 */
const rawKill = (process as unknown as { _kill?: (pid: number, signal: number) => number })._kill;
const esrch = -(osConstants.errno.ESRCH as number);

function hasLiveGroupMember(groupId: number): boolean {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return true;
  }
  for (const entry of entries) {
    if (entry.charCodeAt(0) < 48 || entry.charCodeAt(0) > 57) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // "pid (comm) state ppid pgrp ..."; comm may contain spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === groupId && fields[0] !== 'Z' && fields[0] !== 'X') return true;
  }
  return false;
}

/** Forgets leftover groups whose members have all ended, so a long-lived host does not accumulate them. */
function pruneLeftoverGroups(): void {
  for (const groupId of [...leftoverGroups.keys()]) {
    if (isProcessGroupAlive(groupId)) continue;
    leftoverGroups.delete(groupId);
    watchdog?.remove(groupId);
  }
  leftoverPruneThreshold = Math.max(leftoverPruneMinimum, leftoverGroups.size * 2);
}

/**
 * At the host's `exit` nothing can wait: every tracked group gets SIGKILL at once, and the watchdog's
 * file gets the removals still pending, so it does not signal a group that is gone.
 */
function killEveryGroupNow(): void {
  for (const groupId of trackedGroups()) signalProcessGroup(groupId, 'SIGKILL');
  watchdog?.flush();
}
