/**
 * Asks are put to the user one at a time: a person answers one question, and two prompts
 * racing on one terminal would mix their answers. The tool scheduler runs calls concurrently, so each
 * scheduler holds one queue and gives every call of a batch its position: an ask then also waits for
 * every earlier call of the batch to have asked or to be past asking, so several asks of one batch are
 * asked in request order whichever hook answered first.
 */
import type { Config } from '../engine/config.js';

/** Options of {@link AskQueue.run}. */
export interface AskQueueRunOptions<T> {
  /** Asks and resolves with the answer; runs when it is this ask's turn. */
  task: () => Promise<T>;
  /** The call's position in its scheduler batch; asks without one are served first come, first served. */
  position?: number;
  /** Aborting while the ask still waits for its turn drops it (the promise rejects with the abort reason). */
  signal?: AbortSignal;
}

interface Waiter {
  position: number | undefined;
  arrival: number;
  start: () => void;
}

/** One question at a time, in position order within a batch (see the module comment). */
export class AskQueue {
  private busy = false;
  private arrivals = 0;
  private readonly waiting: Waiter[] = [];
  private readonly passed = new Set<number>();
  /** Every position below this one has passed. */
  private passedBelow = 0;

  /** A new batch: positions count from 0 again. */
  startBatch(): void {
    this.passed.clear();
    this.passedBelow = 0;
    this.pump();
  }

  /** The call at `position` has asked or will not ask (any more): later positions need not wait for it. */
  pass(position: number): void {
    if (position < this.passedBelow) return;
    this.passed.add(position);
    while (this.passed.delete(this.passedBelow)) this.passedBelow += 1;
    this.pump();
  }

  /** Asks waiting for their turn (one more may be running). */
  get waitingCount(): number {
    return this.waiting.length;
  }

  /** Runs `task` once no other ask runs and every earlier position has passed. */
  run<T>(options: AskQueueRunOptions<T>): Promise<T> {
    const { signal, position } = options;
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = (): void => {
        const index = this.waiting.indexOf(waiter);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        position,
        arrival: this.arrivals++,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          this.busy = true;
          Promise.resolve()
            .then(options.task)
            .then(resolve, reject)
            .finally(() => {
              this.busy = false;
              if (position === undefined) this.pump();
              else this.pass(position);
            });
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
      this.pump();
    });
  }

  private pump(): void {
    if (this.busy) return;
    let next: Waiter | undefined;
    for (const waiter of this.waiting) {
      if (waiter.position !== undefined && waiter.position > this.passedBelow) continue;
      if (!next || comesBefore(waiter, next)) next = waiter;
    }
    if (!next) return;
    this.waiting.splice(this.waiting.indexOf(next), 1);
    next.start();
  }
}

function comesBefore(left: Waiter, right: Waiter): boolean {
  const leftPosition = left.position ?? Number.POSITIVE_INFINITY;
  const rightPosition = right.position ?? Number.POSITIVE_INFINITY;
  return leftPosition !== rightPosition ? leftPosition < rightPosition : left.arrival < right.arrival;
}

const sharedQueues = new WeakMap<Config, AskQueue>();

/**
 * The queue of asks made outside a scheduler (`executeToolWithHooks`, `runToolCall`) with one Config:
 * they too are asked one at a time, first come, first served.
 */
export function sharedAskQueue(config: Config): AskQueue {
  let queue = sharedQueues.get(config);
  if (!queue) {
    queue = new AskQueue();
    sharedQueues.set(config, queue);
  }
  return queue;
}
