/**
 * The ask queue alone (unit tests of one class): one ask at a time; within a batch, in
 * position order whatever the arrival order; aborted waiters leave; positions that will not ask let
 * later ones go.
 */
import { describe, expect, it } from 'vitest';
import { AskQueue, sharedAskQueue } from '../../../src/hooks/triggers/askQueue.js';
import { Config } from '../../../src/index.js';

/** A task that records its start and end and finishes when the test says so. */
function controlledTask(log: string[], name: string) {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    task: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
    finish: () => finish(),
  };
}

/** Lets queued microtasks (the queue's hand-offs) run. */
async function settle(): Promise<void> {
  for (let round = 0; round < 5; round += 1) await Promise.resolve();
}

describe('AskQueue', () => {
  it('asks in position order although later positions arrive first, one at a time', async () => {
    const queue = new AskQueue();
    queue.startBatch();
    const log: string[] = [];
    const second = controlledTask(log, 'p1');
    const first = controlledTask(log, 'p0');
    const secondResult = queue.run({ task: second.task, position: 1 });
    await settle();
    expect(log).toEqual([]);
    const firstResult = queue.run({ task: first.task, position: 0 });
    await settle();
    expect(log).toEqual(['start p0']);
    second.finish();
    await settle();
    expect(log).toEqual(['start p0']);
    first.finish();
    await expect(firstResult).resolves.toBe('p0');
    await expect(secondResult).resolves.toBe('p1');
    expect(log).toEqual(['start p0', 'end p0', 'start p1', 'end p1']);
  });

  it('a position that will not ask lets the next one go', async () => {
    const queue = new AskQueue();
    queue.startBatch();
    const log: string[] = [];
    const later = controlledTask(log, 'p2');
    const result = queue.run({ task: later.task, position: 2 });
    queue.pass(1);
    await settle();
    expect(log).toEqual([]);
    queue.pass(0);
    await settle();
    expect(log).toEqual(['start p2']);
    later.finish();
    await expect(result).resolves.toBe('p2');
  });

  it('asks without a position are served first come, first served', async () => {
    const queue = new AskQueue();
    const log: string[] = [];
    const tasks = ['a', 'b', 'c'].map((name) => controlledTask(log, name));
    const results = tasks.map((task) => queue.run({ task: task.task }));
    for (const task of [...tasks].reverse()) task.finish();
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('an ask aborted while it waits leaves the queue and rejects with the abort reason', async () => {
    const queue = new AskQueue();
    const log: string[] = [];
    const running = controlledTask(log, 'a');
    const waiting = controlledTask(log, 'b');
    const controller = new AbortController();
    const first = queue.run({ task: running.task });
    const second = queue.run({ task: waiting.task, signal: controller.signal });
    expect(queue.waitingCount).toBe(1);
    controller.abort(new Error('call cancelled'));
    await expect(second).rejects.toThrow('call cancelled');
    expect(queue.waitingCount).toBe(0);
    running.finish();
    await first;
    expect(log).toEqual(['start a', 'end a']);
    const aborted = new AbortController();
    aborted.abort(new Error('already'));
    await expect(queue.run({ task: waiting.task, signal: aborted.signal })).rejects.toThrow('already');
  });

  it('a task that rejects frees the queue for the next ask', async () => {
    const queue = new AskQueue();
    await expect(queue.run({ task: () => Promise.reject(new Error('boom')), position: 0 })).rejects.toThrow('boom');
    await expect(queue.run({ task: async () => 'next', position: 1 })).resolves.toBe('next');
  });

  it('a new batch counts positions from 0 again', async () => {
    const queue = new AskQueue();
    queue.pass(0);
    queue.pass(1);
    queue.startBatch();
    const log: string[] = [];
    const second = controlledTask(log, 'p1');
    const result = queue.run({ task: second.task, position: 1 });
    await settle();
    expect(log).toEqual([]);
    queue.pass(0);
    second.finish();
    await expect(result).resolves.toBe('p1');
  });

  it('one shared queue per Config for asks outside a scheduler', () => {
    const config = new Config();
    expect(sharedAskQueue(config)).toBe(sharedAskQueue(config));
    expect(sharedAskQueue(new Config())).not.toBe(sharedAskQueue(config));
  });
});
