/**
 * Every export of the entry points (`hookrail`, `hookrail/engine`, `hookrail/testing`, `hookrail/ai-sdk`) carries a
 * JSDoc comment saying what it does, read with the TypeScript compiler from the declarations the exports resolve to.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { entryFiles, readEntryExports } from './helpers/entryExports.js';

describe('public API documentation', () => {
  // One compiler program reads every entry: each program parses all of src/ and its libraries again.
  let entries: ReturnType<typeof readEntryExports> | undefined;
  const readEntries = () => {
    entries ??= readEntryExports(Object.values(entryFiles));
    return entries;
  };

  it.each(Object.values(entryFiles).map((file) => [file]))(
    'every export of src/%s has a JSDoc comment',
    (file) => {
      const { checker, exports } = readEntries();
      const entry = exports.get(file)!;
      const undocumented = entry
        .filter(
          ({ target }) =>
            target.getDocumentationComment(checker).length === 0 &&
            !(target.declarations ?? []).some((declaration) => ts.getJSDocCommentsAndTags(declaration).length > 0),
        )
        .map(({ name }) => name);
      expect(entry.length).toBeGreaterThan(10);
      expect(undocumented).toEqual([]);
    },
    60_000,
  );
});
