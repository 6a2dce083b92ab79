/**
 * `priority`: higher runs first in a sequential group and merges first
 * in a parallel group; ties keep source priority (HOOK-086, 187) and configuration order. Merge
 * order is checked in every input order.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Config } from '../../../src/hooks/engine/config.js';
import { HookRegistry } from '../../../src/hooks/engine/hookRegistry.js';
import { HookEventName } from '../../../src/hooks/protocol/events.js';
import type { FunctionHookDefinition } from '../../../src/hooks/protocol/functionHooks.js';
import { ConfigSource, type CommandHookConfig } from '../../../src/hooks/protocol/hookConfig.js';
import { fireBeforeToolHook } from '../../../src/hooks/triggers/toolHookTriggers.js';
import { fireBeforeModelHook } from '../../../src/hooks/triggers/modelHookTriggers.js';
import { scratchDirectory, shellQuote } from '../../helpers/hookFixtures.js';
import { recordingLogger } from '../../../src/testing.js';
import { permutations } from '../../helpers/permutations.js';

/** Every ordering of `items`. */
const appendName = fileURLToPath(new URL('../../fixtures/settings/hooks/append-name.sh', import.meta.url));

function commandHook(name: string, priority: number | undefined, logFile = '/dev/null'): CommandHookConfig {
  return {
    type: 'command',
    name,
    command: `sh ${shellQuote(appendName)} ${shellQuote(logFile)} ${shellQuote(name)}`,
    ...(priority !== undefined ? { priority } : {}),
  };
}

async function registryOf(config: Config): Promise<HookRegistry> {
  const registry = new HookRegistry(config);
  await registry.initialize();
  return registry;
}

describe('registry order', () => {
  it('higher priority first, whatever the configuration order (all 24 orders)', async () => {
    const hooks = [
      ['ten', 10],
      ['five', 5],
      ['default', undefined],
      ['minus-one', -1],
    ] as const;
    for (const order of permutations(hooks)) {
      const registry = await registryOf(
        new Config({
          enableHooks: true,
          logger: recordingLogger().logger,
          hooks: { BeforeTool: [{ hooks: order.map(([name, priority]) => commandHook(name, priority)) }] },
        }),
      );
      expect(
        registry.getHooksForEvent(HookEventName.BeforeTool).map((entry) => entry.config.name),
        JSON.stringify(order),
      ).toEqual(['ten', 'five', 'default', 'minus-one']);
    }
  });

  it('HOOK-086, HOOK-187: equal priorities keep source priority, then configuration order', async () => {
    const registry = await registryOf(
      new Config({
        enableHooks: true,
        logger: recordingLogger().logger,
        hooks: {
          BeforeTool: [
            { hooks: [commandHook('project-a', 1), commandHook('project-b', 1)] },
            { hooks: [commandHook('project-c', 1)] },
          ],
        },
        extensions: [
          {
            name: 'ext',
            isActive: true,
            hooks: { BeforeTool: [{ hooks: [commandHook('extension-high', 2), commandHook('extension-tie', 1)] }] },
          },
        ],
        functionHooks: [{ event: 'BeforeTool', name: 'function-tie', priority: 1, run: () => undefined }],
      }),
    );
    const entries = registry.getHooksForEvent(HookEventName.BeforeTool);
    expect(entries.map((entry) => [entry.config.name, entry.source])).toEqual([
      ['extension-high', ConfigSource.Extensions],
      ['function-tie', ConfigSource.Function],
      ['project-a', ConfigSource.Project],
      ['project-b', ConfigSource.Project],
      ['project-c', ConfigSource.Project],
      ['extension-tie', ConfigSource.Extensions],
    ]);
  });
});

describe('merge order of a parallel group', () => {
  const answers = [
    { name: 'high', priority: 3 },
    { name: 'middle', priority: 2 },
    { name: 'low', priority: 1 },
  ];

  it('BeforeTool (OR-merge): messages and reasons are joined highest priority first, in every input order', async () => {
    for (const order of permutations(answers)) {
      const functionHooks: FunctionHookDefinition[] = order.map(({ name, priority }) => ({
        event: 'BeforeTool',
        name,
        priority,
        run: () => ({ systemMessage: `message from ${name}`, decision: 'deny', reason: `reason from ${name}` }),
      }));
      const config = new Config({ enableHooks: true, logger: recordingLogger().logger, functionHooks });
      const output = await fireBeforeToolHook(config, 'write_file', { file_path: 'a' });
      const label = order.map((answer) => answer.name).join(',');
      expect(output?.systemMessage, label).toBe('message from high\nmessage from middle\nmessage from low');
      expect(output?.getEffectiveReason(), label).toBe('reason from high\nreason from middle\nreason from low');
    }
  });

  it('BeforeModel (field replacement): later merges over earlier, so in every input order the lowest priority writes last', async () => {
    for (const order of permutations(answers)) {
      const functionHooks: FunctionHookDefinition[] = order.map(({ name, priority }) => ({
        event: 'BeforeModel',
        name,
        priority,
        run: () => ({
          systemMessage: `from ${name}`,
          hookSpecificOutput: { llm_request: { config: { temperature: priority / 10 } } },
        }),
      }));
      const config = new Config({ enableHooks: true, logger: recordingLogger().logger, functionHooks });
      const result = await fireBeforeModelHook(config, {
        model: 'm',
        contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
      });
      const label = order.map((answer) => answer.name).join(',');
      expect(result.systemMessage, label).toBe('from low');
      expect(result.modifiedRequest?.config?.temperature, label).toBe(0.1);
    }
  });
});

describe('run order of a sequential group', () => {
  let scratch: ReturnType<typeof scratchDirectory>;
  beforeEach(() => {
    scratch = scratchDirectory('hookrail-priority-');
  });
  afterEach(() => scratch.remove());

  it('real command hooks run highest priority first, in every configuration order', async () => {
    const hooks = [
      ['first', 30],
      ['second', 20],
      ['third', undefined],
    ] as const;
    for (const [index, order] of permutations(hooks).entries()) {
      const logFile = join(scratch.path, `order-${index}.log`);
      const config = new Config({
        enableHooks: true,
        logger: recordingLogger().logger,
        workingDir: scratch.path,
        hooks: {
          BeforeTool: [
            { sequential: true, hooks: order.map(([name, priority]) => commandHook(name, priority, logFile)) },
          ],
        },
      });
      await fireBeforeToolHook(config, 'write_file', { file_path: 'a' });
      expect(readFileSync(logFile, 'utf8'), JSON.stringify(order)).toBe('first\nsecond\nthird\n');
    }
  });

  it('in a sequential group a higher-priority block ends the chain before lower hooks run', async () => {
    const ran: string[] = [];
    const config = new Config({
      enableHooks: true,
      logger: recordingLogger().logger,
      functionHooks: [
        { event: 'BeforeTool', name: 'late', sequential: true, run: () => void ran.push('late') },
        {
          event: 'BeforeTool',
          name: 'guard',
          priority: 5,
          run: () => (ran.push('guard'), { decision: 'block', reason: 'guarded' }),
        },
      ],
    });
    const output = await fireBeforeToolHook(config, 'write_file', {});
    expect(output?.isBlockingDecision()).toBe(true);
    expect(ran).toEqual(['guard']);
  });
});
