/**
 * examples/hooks/read-only-tools.js with examples/scenarios/read-only-review.json: a
 * BeforeToolSelection hook restricts the tools offered per request, run from a fresh copy of the
 * repository.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../helpers/cliProcess.js';
import { useExampleProject } from '../helpers/exampleRun.js';

const example = useExampleProject();

describe('example: restrict the tools offered per request', () => {
  it('HOOK-055, HOOK-168: during a review only read-only tools may be called; write_file is refused and nothing is written', async () => {
    const result = await example.runScenario('read-only-review');
    expect(result.exitCode).toBe(0);
    // Only a BeforeToolSelection hook is configured, so the call skips the tool-hook states (HOOK-012).
    expect(result.stdout).toContain('▸ list_directory  executing → published');
    expect(result.stdout).toContain('Not calling write_file: the request allows only glob, list_directory, read_file.');
    expect(result.stdout).not.toContain('▸ write_file');
    expect(existsSync(example.projectPath('review-notes.md'))).toBe(false);
  });

  it('HOOK-167: the hook restricts through toolConfig only when the prompt asks for a review', async () => {
    const fire = (request: string): Promise<{ exitCode: number; stdout: string }> =>
      example.run([
        'hooks',
        'fire',
        'BeforeToolSelection',
        '--scenario',
        'examples/scenarios/read-only-review.json',
        '--request',
        request,
        '--json',
      ]);
    const review = await fire(fixturePath('cli/request.json'));
    expect(review.exitCode).toBe(0);
    expect(JSON.parse(review.stdout).decision.toolConfig).toEqual({
      mode: 'ANY',
      allowedFunctionNames: ['glob', 'list_directory', 'read_file'],
    });
    const other = await example.sandbox.writeProjectFile(
      'other-request.json',
      JSON.stringify({ model: 'm', contents: [{ role: 'user', parts: [{ text: 'Write a poem.' }] }] }),
    );
    const plain = await fire(other);
    expect(JSON.parse(plain.stdout).decision.toolConfig).toBeUndefined();
  });
});
