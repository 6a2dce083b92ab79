import { describe, expect, it } from 'vitest';
import * as errors from '../src/errors.js';
import { CliError, CliUsageError } from '../src/cli/errors.js';

/** Every exported error class, constructed with arguments its constructor accepts. */
function sampleErrors(module: typeof errors): errors.HookrailError[] {
  return [
    new module.HookrailError('base'),
    new module.HookSystemNotInitializedError(),
    new module.HookRegistryNotInitializedError(),
    new module.HookConfigError('hooks.BeforeTool[0]', 'bad'),
    new module.ToolNotFoundError('nope', ['read_file']),
    new module.HookrailFileError('/tmp/settings.json', 'unreadable'),
    new module.ScenarioError('/tmp/scenario.json', 'invalid', { problems: [{ path: 'turns', message: 'missing' }] }),
    new module.ModelError('gemini-x', 'no key'),
    new module.ToolArgumentError('read_file', 'file_path is missing'),
    new module.PathOutsideWorkspaceError('../etc/passwd', '/etc/passwd', '/work'),
    new module.HookExecutionError({
      kind: 'timeout',
      command: 'guard.sh',
      eventName: 'BeforeTool',
      message: 'timed out',
    }),
    new module.InvalidHookRequestError('payload must be an object'),
    new module.TranscriptError('/tmp/session.jsonl', 'not valid JSON', { line: 3 }),
    new module.AgentSessionError('the session has ended'),
    new module.ConfigParameterError('logger', 'a DebugLogger', 42),
    new module.HookedToolCallError({ toolName: 'bash', outcome: 'blocked', message: 'Blocked by guard' }),
  ];
}

describe('errors: one base class, a name per failure, isInstance across copies', () => {
  it('every error class derives from HookrailError and names itself', () => {
    for (const error of [...sampleErrors(errors), new CliError('x'), new CliUsageError('y')]) {
      expect(error).toBeInstanceOf(errors.HookrailError);
      expect(error.name).toBe(error.constructor.name);
      expect(errors.HookrailError.isInstance(error)).toBe(true);
      expect((error.constructor as typeof errors.HookrailError).isInstance(error)).toBe(true);
    }
  });

  it('isInstance tells classes apart and rejects foreign values', () => {
    const scenarioError = new errors.ScenarioError('/tmp/s.json', 'invalid');
    expect(errors.HookrailFileError.isInstance(scenarioError)).toBe(true);
    expect(errors.ModelError.isInstance(scenarioError)).toBe(false);
    for (const value of [new Error('plain'), { name: 'ModelError', message: 'x' }, null, undefined, 'ModelError', 42]) {
      expect(errors.HookrailError.isInstance(value)).toBe(false);
    }
  });

  it('isInstance recognises errors made by a second loaded copy of the module, where instanceof does not', async () => {
    const secondCopy = (await import('../src/errors.js?second-copy')) as typeof errors;
    expect(secondCopy.ModelError).not.toBe(errors.ModelError);
    for (const foreign of sampleErrors(secondCopy)) {
      expect(foreign).not.toBeInstanceOf(errors.HookrailError);
      expect(errors.HookrailError.isInstance(foreign)).toBe(true);
      const localClass = (errors as unknown as Record<string, typeof errors.HookrailError>)[foreign.name];
      expect(localClass.isInstance(foreign), foreign.name).toBe(true);
    }
    expect(errors.ModelError.isInstance(new secondCopy.ToolNotFoundError('x'))).toBe(false);
  });

  it("a subclass made after its parent's first instance keeps its own kinds, which isInstance reads across copies", () => {
    const kindsOf = (value: object) => (value as Record<symbol, unknown>)[Symbol.for('hookrail.errorKinds')];
    const parent = new errors.HookExecutionError({
      kind: 'threw',
      command: 'x',
      eventName: 'BeforeTool',
      message: 'm',
    });
    class GuardError extends errors.HookExecutionError {}
    const guard = new GuardError({ kind: 'threw', command: 'x', eventName: 'BeforeTool', message: 'm' });
    expect(kindsOf(parent)).toEqual(['HookExecutionError', 'HookrailError']);
    expect(kindsOf(guard)).toEqual(['GuardError', 'HookExecutionError', 'HookrailError']);
    // As a copy of the class from another module would see them: by their kinds alone.
    const seenFromAnotherCopy = (value: object) => ({ [Symbol.for('hookrail.errorKinds')]: kindsOf(value) });
    expect(GuardError.isInstance(seenFromAnotherCopy(guard))).toBe(true);
    expect(GuardError.isInstance(seenFromAnotherCopy(parent))).toBe(false);
    expect(Object.getOwnPropertySymbols(guard)).toEqual([]);
  });

  it('a HookExecutionError, carried in a result and never thrown, has no stack frames; the limit is left as it was', () => {
    const before = Error.stackTraceLimit;
    const error = new errors.HookExecutionError({
      kind: 'exit-code',
      command: 'guard.sh',
      eventName: 'BeforeTool',
      message: 'blocked',
    });
    expect(error.stack).toBe('HookExecutionError: blocked');
    expect(Error.stackTraceLimit).toBe(before);
    expect(new errors.ModelError('m', 'no key').stack).toContain('errors.test.ts');
  });
});
