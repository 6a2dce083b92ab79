/**
 * Every export of the entry points (`hookrail`, `hookrail/engine`, `hookrail/testing`, `hookrail/ai-sdk`) carries a
 * JSDoc comment saying what it does, read with the TypeScript compiler from the declarations the exports resolve to.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { entryFiles, readEntryExports } from './helpers/entryExports.js';

describe('public API documentation', () => {
  it.each(Object.values(entryFiles).map((file) => [file]))(
    'every export of src/%s has a JSDoc comment',
    (file) => {
      const { checker, exports } = readEntryExports([file]);
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
