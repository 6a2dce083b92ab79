/**
 * The pool of idle warm interpreters, with real processes: bounded per interpreter, started lazily,
 * topped up after a hook's process exits, each idle process in its own tracked process group, and
 * killed by close().
 */
import { afterEach, describe, expect, it } from 'vitest';
import { isProcessGroupAlive, trackedGroups } from '../../../../src/hooks/actions/processGroupRegistry.js';
import { findExecutable } from '../../../../src/hooks/actions/warm/interpreterCommand.js';
import { WarmInterpreterPool, type WarmInterpreterSpec } from '../../../../src/hooks/actions/warm/warmPool.js';
import { waitFor } from '../../../helpers/waiting.js';

const pools: WarmInterpreterPool[] = [];
afterEach(async () => {
  for (const pool of pools.splice(0)) await pool.close();
});

function nodeSpec(idle: number): WarmInterpreterSpec {
  const executable = findExecutable({ name: 'node', path: process.env.PATH, cwd: '/' });
  if (!executable) throw new Error('node is not on PATH');
  return { kind: 'node', executable, argv0: 'node', fingerprint: '', environment: process.env, idle };
}

function newPool(): WarmInterpreterPool {
  const pool = new WarmInterpreterPool();
  pools.push(pool);
  return pool;
}

describe('WarmInterpreterPool', () => {
  it('starts nothing until a hook asks; the first ask runs cold and starts `idle` processes, each its own tracked process group', () => {
    const pool = newPool();
    expect(pool.idleProcessIds()).toEqual([]);
    expect(pool.take(nodeSpec(2))).toBeUndefined();
    const idle = pool.idleProcessIds('node');
    expect(idle).toHaveLength(2);
    for (const groupId of idle) {
      expect(trackedGroups()).toContain(groupId);
      expect(isProcessGroupAlive(groupId)).toBe(true);
    }
  });

  it('0 idle processes: warm starts are off, nothing is started', () => {
    const pool = newPool();
    expect(pool.take(nodeSpec(0))).toBeUndefined();
    expect(pool.idleProcessIds()).toEqual([]);
  });

  it('a taken process is the hook’s; a fresh one is started once its hook is released, never more than `idle`', async () => {
    const pool = newPool();
    pool.take(nodeSpec(2));
    const before = pool.idleProcessIds('node');
    const taken = pool.take(nodeSpec(2));
    expect(taken?.child.pid).toBeDefined();
    expect(before).toContain(taken!.child.pid);
    expect(pool.idleProcessIds('node')).toHaveLength(1);
    const exited = new Promise((resolve) => taken!.child.once('exit', resolve));
    // An empty control message: the bootstrap exits without running anything.
    taken!.control.end('');
    await exited;
    expect(pool.idleProcessIds('node')).toHaveLength(1);
    taken!.release();
    taken!.release();
    await waitFor(() => pool.idleProcessIds('node').length === 2, 'a fresh idle process');
    expect(pool.idleProcessIds('node')).not.toContain(taken!.child.pid);
  });

  it('close() kills every idle process and its group', async () => {
    const pool = newPool();
    pool.take(nodeSpec(2));
    const idle = pool.idleProcessIds();
    await pool.close();
    expect(pool.idleProcessIds()).toEqual([]);
    for (const groupId of idle) expect(isProcessGroupAlive(groupId)).toBe(false);
  });

  it('an interpreter that cannot run the bootstrap (its idle process exits by itself) runs its hooks cold from then on', async () => {
    const pool = newPool();
    const spec = { ...nodeSpec(1), environment: { ...process.env, NODE_OPTIONS: '--no-such-flag' } };
    pool.take(spec);
    await waitFor(() => pool.idleProcessIds('node').length === 0, 'the idle process to exit');
    expect(pool.take(spec)).toBeUndefined();
    expect(pool.idleProcessIds('node')).toEqual([]);
  });
});
