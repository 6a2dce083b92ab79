/**
 * Unit tests of the scheduler machine's bookkeeping: starting up to the concurrency, publishing in
 * request order, the first stop in request order, cancelling on a stop or an abort.
 */
import { describe, expect, it } from 'vitest';
import {
  cancelQueued,
  cancelUnpublished,
  createBatch,
  isBatchComplete,
  publishReady,
  settleCall,
  startQueued,
} from '../../src/machines/schedulerBatch.js';

describe('scheduler batch bookkeeping', () => {
  it('starts calls in request order up to the concurrency, and more as running calls settle', () => {
    let batch = startQueued(createBatch(4, 2));
    expect(batch.started).toEqual([0, 1]);
    expect(batch.phases).toEqual(['running', 'running', 'queued', 'queued']);
    batch = startQueued(settleCall(batch, 1, 'success'));
    expect(batch.started).toEqual([2]);
    expect(batch.running).toBe(2);
  });

  it('publishes buffered calls only once every earlier call is published or cancelled', () => {
    let batch = startQueued(createBatch(3, 3));
    batch = publishReady(settleCall(batch, 2, 'success'));
    expect(batch.published).toEqual([]);
    batch = publishReady(settleCall(batch, 1, 'cancelled'));
    expect(batch.published).toEqual([]);
    batch = publishReady(settleCall(batch, 0, 'blocked'));
    expect(batch.published).toEqual([0, 2]);
    expect(batch.phases).toEqual(['published', 'cancelled', 'published']);
    expect(isBatchComplete(batch)).toBe(true);
  });

  it('HOOK-020, HOOK-028: keeps the first stop in request order, not the first to arrive', () => {
    let batch = startQueued(createBatch(3, 3));
    batch = settleCall(batch, 2, 'stopped', 'late call');
    batch = settleCall(batch, 0, 'stopped', 'early call');
    batch = settleCall(batch, 1, 'stopped', 'middle call');
    expect(batch.stop).toEqual({ index: 0, reason: 'early call' });
  });

  it('a stop cancels only queued calls; an abort cancels every unpublished call', () => {
    const running = startQueued(createBatch(4, 2));
    const settled = publishReady(settleCall(running, 0, 'success'));
    const stopped = cancelQueued(settled, 'stopped');
    expect(stopped.cancelled).toEqual([2, 3]);
    expect(stopped.phases).toEqual(['published', 'running', 'cancelling', 'cancelling']);
    expect(startQueued(stopped).started).toEqual([]);
    const aborted = cancelUnpublished(settled, 'aborted');
    expect(aborted.cancelled).toEqual([1, 2, 3]);
    expect(aborted.running).toBe(0);
    expect(aborted.cancelReason).toBe('aborted');
  });

  it('ignores a settlement for a call that is not running (or an unknown index)', () => {
    const batch = startQueued(createBatch(2, 1));
    expect(settleCall(batch, 1, 'success').phases).toEqual(batch.phases);
    expect(settleCall(batch, 7, 'success').phases).toEqual(batch.phases);
    const published = publishReady(settleCall(batch, 0, 'success'));
    expect(settleCall(published, 0, 'cancelled').phases).toEqual(published.phases);
  });

  it('an empty batch is complete at once; concurrency below one is one', () => {
    expect(isBatchComplete(createBatch(0, 8))).toBe(true);
    expect(createBatch(3, 0).concurrency).toBe(1);
  });
});
