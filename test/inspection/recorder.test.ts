/**
 * XState inspection: the offline JSONL recorder (serialisable records of actors, events and
 * snapshots of the scheduler and every toolCall actor) and the callback form, used with
 * `@statelyai/inspect`'s inspector (here with an in-memory adapter: no network).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInspector, type StatelyInspectionEvent } from '@statelyai/inspect';
import type { InspectionEvent } from 'xstate';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createInspectionListener,
  flushInspectionFiles,
  toInspectionRecord,
  type InspectionRecord,
} from '../../src/inspection/recorder.js';
import { createToolScheduler } from '../../src/machines/scheduler.js';
import type { CallRecord, InspectionLine } from '../../src/inspection/records.js';
import { machineConfig, recordingTool } from '../helpers/machineScenario.js';
import { waitFor } from '../helpers/waiting.js';
import { readJsonLines } from '../helpers/jsonLines.js';

const directory = mkdtempSync(join(tmpdir(), 'hookrail-inspection-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** The lines of an inspection file, once the recorder has written everything. */
function readLines<Line = InspectionLine>(file: string): Line[] {
  flushInspectionFiles();
  return readJsonLines<Line>(file);
}

/** The raw XState records of an inspection file. */
const readRecords = (file: string): InspectionRecord[] => readLines<InspectionRecord>(file);

describe('inspection', () => {
  it('inspect { file } appends JSONL records of the scheduler and every toolCall actor: actors, events, snapshots', async () => {
    const file = join(directory, 'run.jsonl');
    const { config } = machineConfig({ enableHooks: false });
    const scheduler = createToolScheduler({ config, tools: [recordingTool()], inspect: { file } });
    await scheduler.schedule([
      { callId: 'a', name: 'write_file', args: { path: 'a' } },
      { callId: 'b', name: 'write_file', args: { path: 'b' } },
    ]);
    const lines = readLines(file);
    const records = lines.filter((record): record is InspectionRecord => record.type.startsWith('@xstate.'));
    expect(new Set(records.map((record) => record.type))).toEqual(
      new Set(['@xstate.actor', '@xstate.event', '@xstate.snapshot']),
    );
    const machineActors = records.filter((record) => record.type === '@xstate.actor' && record.machineId);
    expect(machineActors.map((record) => record.machineId).sort()).toEqual(['scheduler', 'toolCall', 'toolCall']);
    const toolCallIds = machineActors
      .filter((record) => record.machineId === 'toolCall')
      .map((record) => record.actorId);
    for (const actorId of toolCallIds) {
      const values = records
        .filter((record) => record.type === '@xstate.snapshot' && record.actorId === actorId)
        .map((record) => record.value);
      expect(values).toEqual(['idle', 'executing', 'buffered', 'published']);
    }
    const schedulerEvents = records
      .filter((record) => record.type === '@xstate.event' && record.machineId === 'scheduler')
      .map((record) => record.eventType);
    expect(schedulerEvents).toEqual(['xstate.init', 'SCHEDULE', 'CALL_SETTLED', 'CALL_SETTLED']);
    for (const record of records) {
      expect(typeof record.actorId).toBe('string');
      expect(typeof record.time).toBe('number');
      expect(
        Object.keys(record).every((key) =>
          ['type', 'actorId', 'rootId', 'machineId', 'eventType', 'sourceId', 'value', 'status', 'time'].includes(key),
        ),
      ).toBe(true);
    }
    const calls = lines.filter((line): line is CallRecord => line.type === 'hookrail.call');
    expect(calls.map((call) => `${call.callId}:${call.phase}`).sort()).toEqual([
      'a:end',
      'a:start',
      'b:end',
      'b:start',
    ]);
    expect(calls.find((call) => call.callId === 'a' && call.phase === 'end')).toMatchObject({
      toolName: 'write_file',
      outcome: 'success',
      args: { path: 'a' },
      requestedArgs: { path: 'a' },
      actorId: toolCallIds[0],
    });
  });

  it('listeners on the same file share one buffer, so their lines keep their order', () => {
    const file = join(directory, 'shared.jsonl');
    const first = createInspectionListener({ file });
    const second = createInspectionListener({ file });
    const actorRef = { sessionId: 'x:1', logic: { id: 'toolCall' } };
    first({
      type: '@xstate.event',
      rootId: 'x:1',
      actorRef,
      sourceRef: undefined,
      event: { type: 'ONE' },
    } as unknown as InspectionEvent);
    second({
      type: '@xstate.event',
      rootId: 'x:1',
      actorRef,
      sourceRef: undefined,
      event: { type: 'TWO' },
    } as unknown as InspectionEvent);
    first({
      type: '@xstate.event',
      rootId: 'x:1',
      actorRef,
      sourceRef: undefined,
      event: { type: 'THREE' },
    } as unknown as InspectionEvent);
    expect(readRecords(file).map((record) => record.eventType)).toEqual(['ONE', 'TWO', 'THREE']);
  });

  it('a file that cannot be written is warned about once, naming it, and never breaks the run', async () => {
    const file = join(directory, 'missing-directory', 'run.jsonl');
    const { config, records } = machineConfig({ enableHooks: false });
    const scheduler = createToolScheduler({ config, tools: [recordingTool()], inspect: { file } });
    const batch = await scheduler.schedule([{ callId: 'a', name: 'write_file', args: {} }]);
    flushInspectionFiles();
    await scheduler.schedule([{ callId: 'b', name: 'write_file', args: {} }]);
    flushInspectionFiles();
    expect(batch.results[0]!.outcome).toBe('success');
    expect(existsSync(file)).toBe(false);
    const warnings = records.filter((record) => record.level === 'warn' && record.message.includes(file));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toContain('cannot write XState inspection records');
  });

  it('toInspectionRecord keeps actor, event and snapshot events and skips the rest', () => {
    const actorRef = { sessionId: 'x:2', logic: { id: 'scheduler' } };
    expect(
      toInspectionRecord({
        type: '@xstate.microstep',
        rootId: 'x:2',
        actorRef,
        event: { type: 'E' },
        snapshot: {},
        _transitions: [],
      } as unknown as InspectionEvent),
    ).toBeUndefined();
    expect(
      toInspectionRecord(
        {
          type: '@xstate.snapshot',
          rootId: 'x:2',
          actorRef,
          event: { type: 'E' },
          snapshot: { value: { a: 'b' }, status: 'active', context: { fn: () => 1 } },
        } as unknown as InspectionEvent,
        5,
      ),
    ).toEqual({
      type: '@xstate.snapshot',
      actorId: 'x:2',
      rootId: 'x:2',
      machineId: 'scheduler',
      eventType: 'E',
      value: { a: 'b' },
      status: 'active',
      time: 5,
    });
  });

  it("inspect as a callback receives the raw events: @statelyai/inspect's inspector sees the machines", async () => {
    const received: StatelyInspectionEvent[] = [];
    const inspector = createInspector({ send: (event) => received.push(event) }, { sanitizeContext: () => ({}) });
    const { config } = machineConfig({ enableHooks: false });
    const scheduler = createToolScheduler({
      config,
      tools: [recordingTool()],
      inspect: (event) => inspector.inspect.next?.(event as InspectionEvent),
    });
    await scheduler.schedule([{ callId: 'a', name: 'write_file', args: {} }]);
    // The inspector converts events when the event loop is idle.
    await waitFor(
      () =>
        received.some(
          (event) => event.type === '@xstate.snapshot' && JSON.stringify(event.snapshot).includes('published'),
        ),
      'the inspector to see the call published',
    );
    inspector.stop();
    const actorEvents = received.filter((event) => event.type === '@xstate.actor');
    expect(
      actorEvents.some((event) => event.type === '@xstate.actor' && event.definition?.includes('"id":"toolCall"')),
    ).toBe(true);
    expect(received.some((event) => event.type === '@xstate.snapshot')).toBe(true);
  });
});
