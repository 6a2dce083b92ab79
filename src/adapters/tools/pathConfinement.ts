/**
 * Confines the built-in tools to the working directory. A path the model names is resolved against
 * the workspace, then every symbolic link on the way is followed (including a dangling one that a
 * write would create through); if the real location is not inside the workspace's real location the
 * call is refused with {@link PathOutsideWorkspaceError}, which the tool wrapper reports to the model
 * as an error result of type `path_outside_workspace`.
 */
import { lstat, readlink, realpath } from 'node:fs/promises';
import path from 'node:path';
import { PathOutsideWorkspaceError } from '../../errors.js';

/** A path inside the workspace: where it really is, and how to show it relative to the workspace. */
export interface WorkspacePath {
  /** The absolute path with every symbolic link resolved. */
  realPath: string;
  /** The absolute path as requested (links not resolved), for messages. */
  absolutePath: string;
  /** The path relative to the workspace (`.` for the workspace itself), for messages. */
  relativePath: string;
}

const maximumLinkHops = 40;

/** The workspace a set of tools is confined to. */
export class Workspace {
  /** The working directory as given, made absolute. */
  readonly root: string;
  private realRootPromise: Promise<string> | undefined;

  constructor(workingDir: string) {
    this.root = path.resolve(workingDir);
  }

  /** The working directory with symbolic links resolved (computed once). */
  realRoot(): Promise<string> {
    this.realRootPromise ??= realpath(this.root).catch(() => this.root);
    return this.realRootPromise;
  }

  /**
   * Resolves `requested` (relative to the workspace, or absolute) and checks that it and every link
   * it passes through stay inside the workspace. The target need not exist (a write creates it).
   * @throws PathOutsideWorkspaceError when the path leaves the workspace.
   */
  async resolve(requested: string): Promise<WorkspacePath> {
    const realRoot = await this.realRoot();
    const absolutePath = path.isAbsolute(requested) ? path.resolve(requested) : path.resolve(this.root, requested);
    // An absolute path may name the workspace through its real location (for example /private/tmp on macOS).
    if (!isInside(this.root, absolutePath) && !isInside(realRoot, absolutePath)) {
      throw new PathOutsideWorkspaceError(requested, absolutePath, this.root);
    }
    const realPath = await resolveLinks(absolutePath);
    if (!isInside(realRoot, realPath)) {
      throw new PathOutsideWorkspaceError(requested, realPath, this.root);
    }
    const relativePath = path.relative(realRoot, realPath) || '.';
    return { realPath, absolutePath, relativePath };
  }

  /** `file` (a real path inside the workspace) relative to the workspace, with `/` separators. */
  async relative(file: string): Promise<string> {
    const relativePath = path.relative(await this.realRoot(), file) || '.';
    return relativePath.split(path.sep).join('/');
  }
}

/** True when `candidate` is `directory` or lies below it. */
export function isInside(directory: string, candidate: string): boolean {
  const relativePath = path.relative(directory, candidate);
  return relativePath === '' || (!relativePath.startsWith('..') && !path.isAbsolute(relativePath));
}

/**
 * `realpath` for a path that may not exist yet: the longest existing prefix is resolved and the rest
 * appended. A dangling link is followed to its target, since writing through it would create that.
 */
async function resolveLinks(absolutePath: string, hops = 0): Promise<string> {
  if (hops > maximumLinkHops) {
    const loop = new Error(`too many levels of symbolic links: ${absolutePath}`) as NodeJS.ErrnoException;
    loop.code = 'ELOOP';
    throw loop;
  }
  try {
    return await realpath(absolutePath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
  }
  const parent = path.dirname(absolutePath);
  const stats = await lstat(absolutePath).catch(() => undefined);
  if (stats?.isSymbolicLink()) {
    const target = await readlink(absolutePath);
    return resolveLinks(path.resolve(parent, target), hops + 1);
  }
  if (parent === absolutePath) return absolutePath;
  return path.join(await resolveLinks(parent, hops), path.basename(absolutePath));
}
