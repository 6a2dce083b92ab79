import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { builtinToolNames, createBuiltinTools, isBuiltinToolName } from '../../../src/adapters/tools/index.js';
import { toFunctionDeclaration } from '../../../src/tool.js';
import { createAdapterWorkspace, idleContext, type AdapterWorkspace } from '../../helpers/adapterWorkspace.js';

describe('createBuiltinTools', () => {
  let fixture: AdapterWorkspace;

  beforeEach(async () => {
    fixture = await createAdapterWorkspace();
  });
  afterEach(() => fixture.cleanup());

  it("creates Gemini CLI's six tools, each with a description and a JSON-schema of its parameters", () => {
    const tools = createBuiltinTools({ workingDir: fixture.root });
    expect(tools.map((tool) => tool.name)).toEqual([
      'run_shell_command',
      'read_file',
      'write_file',
      'replace',
      'list_directory',
      'glob',
    ]);
    expect(tools.map((tool) => tool.name)).toEqual([...builtinToolNames]);
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(20);
      expect(tool.parametersJsonSchema).toMatchObject({ type: 'object', properties: expect.any(Object) });
      const required = (tool.parametersJsonSchema?.required as string[] | undefined) ?? [];
      const properties = Object.keys(tool.parametersJsonSchema?.properties as object);
      for (const name of required) expect(properties, `${tool.name}.${name}`).toContain(name);
      expect(toFunctionDeclaration(tool)).toMatchObject({
        name: tool.name,
        parametersJsonSchema: tool.parametersJsonSchema,
      });
    }
  });

  it("uses Gemini CLI's parameter names", () => {
    const schemas = Object.fromEntries(
      createBuiltinTools({ workingDir: fixture.root }).map((tool) => [
        tool.name,
        Object.keys(tool.parametersJsonSchema?.properties as object),
      ]),
    );
    expect(schemas.run_shell_command).toEqual(expect.arrayContaining(['command', 'description', 'dir_path']));
    expect(schemas.read_file).toEqual(expect.arrayContaining(['file_path', 'offset', 'limit']));
    expect(schemas.write_file).toEqual(expect.arrayContaining(['file_path', 'content']));
    expect(schemas.replace).toEqual(
      expect.arrayContaining(['file_path', 'old_string', 'new_string', 'expected_replacements']),
    );
    expect(schemas.list_directory).toEqual(expect.arrayContaining(['dir_path', 'ignore']));
    expect(schemas.glob).toEqual(expect.arrayContaining(['pattern', 'dir_path', 'case_sensitive']));
  });

  it('offers only the named tools when names are given', () => {
    const tools = createBuiltinTools({ workingDir: fixture.root, names: ['glob', 'read_file', 'not_a_tool'] });
    expect(tools.map((tool) => tool.name)).toEqual(['read_file', 'glob']);
    expect(isBuiltinToolName('glob')).toBe(true);
    expect(isBuiltinToolName('grep_search')).toBe(false);
  });

  it('answers arguments that are not an object with an error result instead of throwing', async () => {
    for (const tool of createBuiltinTools({ workingDir: fixture.root })) {
      const result = await tool.execute(null as unknown as Record<string, unknown>, idleContext());
      expect(result.error?.type, tool.name).toBe('invalid_argument');
    }
  });
});
