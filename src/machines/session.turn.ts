/**
 * The session's `turn` state: one model call (the modelCall machine), then its tool calls (the
 * scheduler), again until the model answers without calls — or a limit, an abort, a stop or a failure
 * ends the prompt.
 */
import type { ModelCallOutput } from './modelCall.machine.js';
import { sessionSetup } from './session.setup.js';
import type { ToolBatchOutput } from './sessionActors.js';
import { actorInput, endWithError, failureMessage, finish } from './sessionTransitions.js';

/** The `turn` state of session.machine.ts. */
export const turnState = sessionSetup.createStateConfig({
  description:
    'One model call (the modelCall machine), then its tool calls (the scheduler), until the model answers without calls.',
  initial: 'checkingLimits',
  states: {
    checkingLimits: {
      always: [
        { guard: 'turnLimitReached', target: '#session.idle', actions: finish({ status: 'max_turns' }) },
        {
          guard: 'overTokenBudget',
          target: '#session.compacting',
          actions: { type: 'requestCompaction', params: { trigger: 'auto' } },
        },
        { target: 'callingModel' },
      ],
    },
    callingModel: {
      entry: [
        'beginTurn',
        { type: 'report', params: ({ context }) => ({ type: 'turn_start', turn: context.prompt!.turn }) },
      ],
      invoke: {
        id: 'callModel',
        src: 'callModel',
        input: ({ context }) => ({
          ...actorInput(context),
          prompt: context.prompt!.text,
          response: context.prompt!.finalText,
        }),
        onDone: [
          {
            guard: { type: 'modelCallAborted', params: ({ event }) => event.output },
            target: '#session.idle',
            actions: finish({ status: 'aborted' }),
          },
          {
            guard: { type: 'modelCallFailed', params: ({ event }) => event.output },
            target: '#session.idle',
            actions: [
              {
                type: 'report',
                params: ({ context, event }) => ({
                  type: 'error',
                  turn: context.prompt!.turn,
                  message: failureMessage(event.output.call),
                }),
              },
              ...finish(({ event }) => ({
                status: 'error',
                errorMessage: failureMessage((event as { output: { call: ModelCallOutput } }).output.call),
              })),
            ],
          },
          {
            guard: { type: 'modelCallStopped', params: ({ event }) => event.output },
            target: '#session.idle',
            actions: [
              { type: 'recordModelCall', params: ({ event }) => event.output },
              {
                type: 'report',
                params: ({ context, event }) => ({
                  type: 'stopped',
                  turn: context.prompt!.turn,
                  reason: event.output.call.stopReason ?? '',
                }),
              },
              ...finish(({ event }) => ({
                status: 'stopped',
                stopReason: (event as { output: { call: ModelCallOutput } }).output.call.stopReason ?? '',
              })),
            ],
          },
          {
            guard: { type: 'answerHasFunctionCalls', params: ({ event }) => event.output },
            target: 'runningTools',
            actions: [{ type: 'recordModelCall', params: ({ event }) => event.output }, 'reportModelResponse'],
          },
          {
            target: '#session.stopCheck',
            actions: [{ type: 'recordModelCall', params: ({ event }) => event.output }, 'reportModelResponse'],
          },
        ],
        onError: {
          target: '#session.idle',
          actions: endWithError(),
        },
      },
    },
    runningTools: {
      invoke: {
        id: 'toolBatch',
        src: 'runToolBatch',
        input: ({ context }) => ({
          ...actorInput(context),
          request: context.prompt!.lastCall!.request,
          functionCalls: context.prompt!.functionCalls,
        }),
        onDone: [
          {
            guard: { type: 'batchAborted', params: ({ event }) => event.output },
            target: '#session.idle',
            actions: [
              { type: 'recordToolResults', params: ({ event }) => event.output },
              { type: 'reportToolResults', params: ({ event }) => event.output },
              ...finish({ status: 'aborted' }),
            ],
          },
          {
            guard: { type: 'batchStopped', params: ({ event }) => event.output },
            target: '#session.idle',
            actions: [
              { type: 'recordToolResults', params: ({ event }) => event.output },
              { type: 'reportToolResults', params: ({ event }) => event.output },
              {
                type: 'report',
                params: ({ context, event }) => ({
                  type: 'stopped',
                  turn: context.prompt!.turn,
                  reason: event.output.stopReason!,
                }),
              },
              ...finish(({ event }) => ({
                status: 'stopped',
                stopReason: (event as { output: ToolBatchOutput }).output.stopReason,
              })),
            ],
          },
          {
            target: 'checkingLimits',
            actions: [
              { type: 'recordToolResults', params: ({ event }) => event.output },
              { type: 'reportToolResults', params: ({ event }) => event.output },
            ],
          },
        ],
        onError: {
          target: '#session.idle',
          actions: endWithError(),
        },
      },
    },
  },
});
