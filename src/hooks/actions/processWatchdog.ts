/**
 * Hook and tool processes die with their host, even a host killed by SIGKILL. One
 * small `/bin/sh` process per host, started with the host's first process group, waits for the end
 * of a pipe whose only write end the host holds (Node opens pipes close-on-exec, so no hook inherits
 * it). When the pipe closes — the host exited or died, however — it reads the host's list of process
 * groups, sends SIGTERM to each and SIGKILL to those alive after the grace period.
 *
 * The list is a private file the host appends `+<group>` and `-<group>` lines to, not the pipe: a
 * line down the pipe would wake the watchdog twice per hook (a context switch, and `sh` reading the
 * line a byte per system call) on the machine the hook runs on; an append to a file wakes nobody
 * (bench/spawn.bench.mjs prints both against a bare spawn). The watchdog and its pipe are
 * unreferenced, so they never keep the host alive.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The watchdog, a POSIX sh script: `$1` the grace period in whole seconds, `$2` the groups file. It
 * ignores SIGHUP and SIGINT, which a closing terminal or Ctrl-C send to the host's process group.
 */
const watchdogScript = `
grace=$1
file=$2
trap '' HUP INT
while IFS= read -r line; do :; done
groups=' '
if [ -f "$file" ]; then
  while IFS= read -r line; do
    id=\${line#?}
    case $id in ''|*[!0-9]*) continue ;; esac
    case $line in
      +*) case $groups in *" $id "*) ;; *) groups="$groups$id " ;; esac ;;
      -*) case $groups in *" $id "*) groups="\${groups%%" $id "*} \${groups#*" $id "}" ;; esac ;;
    esac
  done < "$file"
fi
rm -f "$file" "$file.next"
rmdir "\${file%/*}" 2>/dev/null
set -- $groups
[ $# -gt 0 ] || exit 0
for id in "$@"; do kill -TERM -$id 2>/dev/null; done
waited=0
while [ $waited -lt $grace ]; do
  alive=
  for id in "$@"; do kill -0 -$id 2>/dev/null && alive=1; done
  [ -n "$alive" ] || exit 0
  sleep 1
  waited=$((waited + 1))
done
for id in "$@"; do kill -KILL -$id 2>/dev/null; done
`;

/** The name the watchdog shows in `ps` (its `$0`). */
export const WATCHDOG_PROCESS_NAME = 'hookrail-watchdog';

/**
 * A removal not carried by a later append is written at most this long after it. One
 * timer serves every removal in that time, so a hook does not pay for scheduling one.
 */
export const REMOVAL_FLUSH_MS = 100;

/** The groups file is rewritten with only the live groups once it holds this many lines and 4× as many as live groups. */
const compactionMinimumLines = 4_096;

/** Options for {@link ProcessWatchdog}. */
export interface ProcessWatchdogOptions {
  /** SIGTERM → SIGKILL grace once the host is gone; rounded up to whole seconds. */
  graceMs: number;
  /** The groups being tracked now: written to a new watchdog's file, and kept when the file is compacted. */
  trackedGroups: () => readonly number[];
}

interface RunningWatchdog {
  child: ChildProcess;
  file: string;
  descriptor: number;
  /** Lines written or pending: the file is compacted by this count. */
  lines: number;
  /** `-<group>` lines not yet written (see {@link ProcessWatchdog.remove}). */
  pendingRemovals: string;
  flushScheduled: boolean;
}

/**
 * Tells the host's watchdog process which process groups to kill if the host
 * dies, starting it (again) when a group is added and none runs. Adding a group is one append of a
 * few bytes to a file; a removal goes with the next append, or within {@link REMOVAL_FLUSH_MS}.
 */
export class ProcessWatchdog {
  private running?: RunningWatchdog;

  constructor(private readonly options: ProcessWatchdogOptions) {}

  /** The watchdog's PID while it runs. */
  get pid(): number | undefined {
    return this.running?.child.pid;
  }

  /** The file listing the groups, while the watchdog runs. */
  get groupsFile(): string | undefined {
    return this.running?.file;
  }

  /**
   * Starts the watchdog if none runs. Called before a process is spawned, so that the group is on
   * the watchdog's list within microseconds of its start, not after the watchdog's own spawn.
   */
  ensureRunning(): void {
    this.running ??= this.start();
  }

  /** The watchdog kills `groupId` if the host dies before {@link remove} is called. */
  add(groupId: number): void {
    if (this.running) {
      this.append(this.running, `+${groupId}\n`);
      this.compactIfLong(this.running);
      return;
    }
    // A watchdog that had died is replaced; its file starts with every tracked group, this one among them.
    const running = this.start();
    if (running && !this.options.trackedGroups().includes(groupId)) this.append(running, `+${groupId}\n`);
  }

  /**
   * `groupId` is gone or was killed: the watchdog forgets it (so a reused ID is never killed). The line
   * is written with the next group's, within {@link REMOVAL_FLUSH_MS}, or by {@link flush}: not on a
   * hook's way back to its caller, where the write cost ~7 µs. A process ID is not
   * reused that fast.
   */
  remove(groupId: number): void {
    const running = this.running;
    if (!running) return;
    running.pendingRemovals += `-${groupId}\n`;
    running.lines += 1;
    if (running.flushScheduled) return;
    running.flushScheduled = true;
    setTimeout(() => {
      running.flushScheduled = false;
      this.flush();
    }, REMOVAL_FLUSH_MS).unref();
  }

  /** Writes the removals not written yet (the host's exit handler calls it, so none is lost). */
  flush(): void {
    const running = this.running;
    if (!running || running.pendingRemovals === '') return;
    this.append(running, '');
    this.compactIfLong(running);
  }

  /** Writes the pending removals, then `line`, in one append. */
  private append(running: RunningWatchdog, line: string): void {
    const pending = running.pendingRemovals;
    running.pendingRemovals = '';
    try {
      writeSync(running.descriptor, pending + line);
      if (line !== '') running.lines += 1;
    } catch {
      // A full disk or a removed file: the exit handler still covers every exit but SIGKILL.
    }
  }

  private compactIfLong(running: RunningWatchdog): void {
    if (running.lines >= compactionMinimumLines && running.lines >= 4 * this.options.trackedGroups().length)
      this.compact(running);
  }

  /** Replaces the file by one listing only the live groups; the rename is atomic for the watchdog. */
  private compact(running: RunningWatchdog): void {
    const next = `${running.file}.next`;
    try {
      const groups = this.options.trackedGroups();
      const descriptor = openSync(next, 'w', 0o600);
      writeSync(descriptor, groups.map((groupId) => `+${groupId}\n`).join(''));
      renameSync(next, running.file);
      closeSync(running.descriptor);
      running.descriptor = descriptor;
      running.lines = groups.length;
    } catch {
      // Keep appending to the old file; it is only longer.
    }
  }

  private start(): RunningWatchdog | undefined {
    // Windows has no process groups to hand over; hosts there rely on the exit handler alone.
    if (process.platform === 'win32') return undefined;
    const opened = openGroupsFile();
    if (!opened) return undefined;
    const { file, descriptor } = opened;
    let child: ChildProcess;
    try {
      const graceSeconds = String(Math.max(0, Math.ceil(this.options.graceMs / 1000)));
      child = spawn('/bin/sh', ['-c', watchdogScript, WATCHDOG_PROCESS_NAME, graceSeconds, file], {
        detached: true,
        stdio: ['pipe', 'ignore', 'ignore'],
      });
    } catch {
      closeSync(descriptor);
      rmSync(join(file, '..'), { recursive: true, force: true });
      return undefined;
    }
    child.once('error', () => {});
    const input = child.stdin as Socket | null;
    if (!input || child.pid === undefined) {
      closeSync(descriptor);
      return undefined;
    }
    child.unref();
    input.unref();
    input.on('error', () => {});
    const running: RunningWatchdog = { child, file, descriptor, lines: 0, pendingRemovals: '', flushScheduled: false };
    child.once('exit', () => {
      if (this.running !== running) return;
      // Killed from outside: the next group starts a new watchdog with a new file.
      this.running = undefined;
      closeSync(running.descriptor);
      rmSync(join(running.file, '..'), { recursive: true, force: true });
    });
    this.running = running;
    for (const groupId of this.options.trackedGroups()) this.append(running, `+${groupId}\n`);
    return running;
  }
}

/**
 * Creates the groups file in a private directory: in memory (`/dev/shm`) where there is one, so an
 * append never waits for a disk journal, else in the temporary directory.
 */
function openGroupsFile(): { file: string; descriptor: number } | undefined {
  for (const base of ['/dev/shm', tmpdir()]) {
    try {
      const file = join(mkdtempSync(join(base, 'hookrail-watchdog-')), 'groups');
      return { file, descriptor: openSync(file, 'a', 0o600) };
    } catch {
      // Not there or not writable: try the next place.
    }
  }
  return undefined;
}
