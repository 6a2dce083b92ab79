/**
 * docs/requirements.md cannot drift: every requirement ID has one row with a rule, the Tests column is
 * what scripts/requirements-doc.mjs derives from the test titles, and every ID is named by some test.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error the script is plain JavaScript without declarations
import { renderRequirementsDocument, testsByRequirement } from '../../scripts/requirements-doc.mjs';

const documentUrl = new URL('../../docs/requirements.md', import.meta.url);
const document = readFileSync(documentUrl, 'utf8');
const rows = [...document.matchAll(/^\| (HOOK-\d{3}[ab]?) \| (.*) \| (.*) \|$/gm)].map((match) => ({
  id: match[1]!,
  rule: match[2]!,
  tests: match[3]!,
}));

describe('docs/requirements.md', () => {
  it('lists 211 requirement IDs, each once, each with a rule', () => {
    const ids = rows.map((row) => row.id);
    expect(ids).toHaveLength(211);
    expect(new Set(ids).size).toBe(211);
    for (const row of rows) expect(row.rule.length, row.id).toBeGreaterThan(20);
  });

  it('names for every ID the test files whose titles name it, and no ID is left untested', () => {
    expect(renderRequirementsDocument(document)).toBe(document);
    const byId = testsByRequirement() as Map<string, Set<string>>;
    const untested = rows.filter((row) => (byId.get(row.id)?.size ?? 0) === 0).map((row) => row.id);
    expect(untested).toEqual([]);
  });

  it('derives the Tests column from test titles, not from the text of a test body', () => {
    const byId = testsByRequirement() as Map<string, Set<string>>;
    expect([...(byId.get('HOOK-118') ?? [])]).toContain('test/hooks/actions/processGroup.test.ts');
    const stale = document.replace(/^\| HOOK-118 \| (.*) \| .* \|$/m, '| HOOK-118 | $1 | `nowhere.test.ts` |');
    expect(renderRequirementsDocument(stale)).toBe(document);
  });
});
