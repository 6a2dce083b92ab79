/**
 * Issue 10, item 4: hook and tool processes die with their host, even a host killed by SIGKILL. One
 * small `/bin/sh` process per host, started with the host's first process group, reads `+<group>` and
 * `-<group>` lines from a pipe. When the pipe closes — the host exited or died, however — it sends
 * SIGTERM to every group still listed and SIGKILL to those alive after the grace period. The host
 * holds the only write end (Node opens pipes close-on-exec), and both the process and the pipe are
 * unreferenced, so the watchdog never keeps the host alive.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';

/**
 * The watchdog, a POSIX sh script. `$1` is the grace period in whole seconds. Group IDs are kept in
 * one space-separated word list (adding one already listed does nothing). It ignores SIGHUP and
 * SIGINT, which a closing terminal or Ctrl-C sends to the host's process group, so that it outlives
 * the host it watches.
 */
const watchdogScript = `
grace=$1
trap '' HUP INT
groups=' '
while IFS= read -r line; do
  id=\${line#?}
  case $id in ''|*[!0-9]*) continue ;; esac
  case $line in
    +*) case $groups in *" $id "*) ;; *) groups="$groups$id " ;; esac ;;
    -*) case $groups in *" $id "*) groups="\${groups%%" $id "*} \${groups#*" $id "}" ;; esac ;;
  esac
done
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

/** Options for {@link ProcessWatchdog}. */
export interface ProcessWatchdogOptions {
  /** SIGTERM → SIGKILL grace once the host is gone; rounded up to whole seconds. */
  graceMs: number;
  /** The groups to hand to a watchdog started after an earlier one died. */
  trackedGroups: () => Iterable<number>;
}

/**
 * Issue 10, item 4: feeds process group IDs to the host's watchdog process, starting it (again) when
 * the first group is added. Adding or removing a group is one short write to a pipe.
 */
export class ProcessWatchdog {
  private child?: ChildProcess;
  private input?: Socket;

  constructor(private readonly options: ProcessWatchdogOptions) {}

  /** The watchdog's PID while it runs. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The watchdog kills `groupId` if the host dies before {@link remove} is called. */
  add(groupId: number): void {
    const input = this.input ?? this.start();
    input?.write(`+${groupId}\n`);
  }

  /** `groupId` is gone or was killed: the watchdog forgets it (so a reused ID is never killed). */
  remove(groupId: number): void {
    this.input?.write(`-${groupId}\n`);
  }

  private start(): Socket | undefined {
    // Windows has no process groups to hand over; hosts there rely on the exit handler alone.
    if (process.platform === 'win32') return undefined;
    let child: ChildProcess;
    try {
      const graceSeconds = String(Math.max(0, Math.ceil(this.options.graceMs / 1000)));
      child = spawn('/bin/sh', ['-c', watchdogScript, WATCHDOG_PROCESS_NAME, graceSeconds], {
        detached: true,
        stdio: ['pipe', 'ignore', 'ignore'],
      });
    } catch {
      return undefined;
    }
    const input = child.stdin as Socket | null;
    if (!input || child.pid === undefined) {
      child.once('error', () => {});
      return undefined;
    }
    child.unref();
    input.unref();
    const lost = (): void => {
      if (this.child !== child) return;
      this.child = undefined;
      this.input = undefined;
    };
    input.on('error', lost);
    child.once('error', lost);
    child.once('exit', lost);
    this.child = child;
    this.input = input;
    for (const groupId of this.options.trackedGroups()) input.write(`+${groupId}\n`);
    return input;
  }
}
