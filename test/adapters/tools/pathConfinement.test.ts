import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PathOutsideWorkspaceError } from '../../../src/errors.js';
import { Workspace, isInside } from '../../../src/adapters/tools/pathConfinement.js';
import { createAdapterWorkspace, type AdapterWorkspace } from '../../helpers/adapterWorkspace.js';

describe('Workspace path confinement', () => {
  let fixture: AdapterWorkspace;
  let workspace: Workspace;

  beforeEach(async () => {
    fixture = await createAdapterWorkspace();
    workspace = new Workspace(fixture.root);
  });
  afterEach(() => fixture.cleanup());

  it('resolves a relative path inside the workspace and reports it relative to the root', async () => {
    await fixture.write('src/a.ts', 'x');
    const resolved = await workspace.resolve('src/a.ts');
    expect(resolved.realPath).toBe(path.join(fixture.root, 'src', 'a.ts'));
    expect(resolved.relativePath).toBe(path.join('src', 'a.ts'));
  });

  it('accepts an absolute path inside the workspace and the workspace itself', async () => {
    expect((await workspace.resolve(path.join(fixture.root, 'new.txt'))).relativePath).toBe('new.txt');
    expect((await workspace.resolve('.')).relativePath).toBe('.');
    expect((await workspace.resolve(fixture.root)).relativePath).toBe('.');
  });

  it('accepts a path that does not exist yet, below directories that do not exist yet', async () => {
    const resolved = await workspace.resolve('a/b/c/new.txt');
    expect(resolved.realPath).toBe(path.join(fixture.root, 'a', 'b', 'c', 'new.txt'));
  });

  it('refuses ".." that climbs out of the workspace, naming the path and the workspace', async () => {
    const refusal = await workspace.resolve('../outside/secret.txt').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PathOutsideWorkspaceError);
    expect((refusal as PathOutsideWorkspaceError).message).toContain('"../outside/secret.txt"');
    expect((refusal as PathOutsideWorkspaceError).message).toContain(fixture.root);
  });

  it('allows ".." that stays inside the workspace', async () => {
    expect((await workspace.resolve('src/../b.txt')).relativePath).toBe('b.txt');
  });

  it('refuses an absolute path elsewhere', async () => {
    await expect(workspace.resolve('/etc/passwd')).rejects.toBeInstanceOf(PathOutsideWorkspaceError);
    await expect(workspace.resolve(path.join(fixture.outside, 'x'))).rejects.toBeInstanceOf(PathOutsideWorkspaceError);
  });

  it('refuses a symbolic link inside the workspace that resolves outside', async () => {
    await symlink(fixture.outside, path.join(fixture.root, 'escape'));
    const refusal = await workspace.resolve('escape/secret.txt').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PathOutsideWorkspaceError);
    expect((refusal as PathOutsideWorkspaceError).resolvedPath).toBe(path.join(fixture.outside, 'secret.txt'));
  });

  it('refuses a dangling symbolic link whose target is outside (a write would create the target)', async () => {
    await symlink(path.join(fixture.outside, 'created-by-write.txt'), path.join(fixture.root, 'dangling'));
    await expect(workspace.resolve('dangling')).rejects.toBeInstanceOf(PathOutsideWorkspaceError);
  });

  it('follows a symbolic link that stays inside the workspace', async () => {
    await mkdir(path.join(fixture.root, 'real'));
    await symlink(path.join(fixture.root, 'real'), path.join(fixture.root, 'alias'));
    expect((await workspace.resolve('alias/file.txt')).realPath).toBe(path.join(fixture.root, 'real', 'file.txt'));
  });

  it('accepts paths through the real location when the working directory is itself a link', async () => {
    const linkedRoot = path.join(fixture.outside, 'linked-workspace');
    await symlink(fixture.root, linkedRoot);
    const viaLink = new Workspace(linkedRoot);
    expect((await viaLink.resolve('x.txt')).realPath).toBe(path.join(fixture.root, 'x.txt'));
    expect((await viaLink.resolve(path.join(fixture.root, 'y.txt'))).relativePath).toBe('y.txt');
  });

  it('isInside does not confuse a sibling with a common prefix for a child', () => {
    expect(isInside('/a/b', '/a/b/c')).toBe(true);
    expect(isInside('/a/b', '/a/b')).toBe(true);
    expect(isInside('/a/b', '/a/bc')).toBe(false);
    expect(isInside('/a/b', '/a')).toBe(false);
  });
});
