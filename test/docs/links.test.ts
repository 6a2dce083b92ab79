/**
 * The README and the pages under docs/ link to what exists: every relative link names a file or folder of
 * the repository, and every `#anchor` (on the same page or another page) names one of that page's headings.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../helpers/cliProcess.js';

/** README.md and every page under docs/, as absolute paths. */
const documents = [
  join(repositoryRoot, 'README.md'),
  ...readdirSync(join(repositoryRoot, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(repositoryRoot, 'docs', name)),
];

/** The text outside fenced code blocks, where a link is a link. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '');
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a markdown file's headings. */
function anchorsOf(file: string): Set<string> {
  const headings = [...prose(readFileSync(file, 'utf8')).matchAll(/^#{1,6} (.+)$/gm)].map((match) =>
    headingAnchor(match[1]!),
  );
  return new Set(headings);
}

/** Every relative link of a document: its text, its target path (absolute) and its anchor. */
function relativeLinks(file: string): { target: string; path: string; anchor: string | undefined }[] {
  return [...prose(readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target))
    .map((target) => {
      const [path = '', anchor] = target.split('#');
      return { target, path: path === '' ? file : join(dirname(file), path), anchor };
    });
}

describe('README and docs/: links', () => {
  it('the README links to every page under docs/', () => {
    const linked = new Set(relativeLinks(documents[0]!).map((link) => link.path));
    expect(
      documents
        .slice(1)
        .filter((page) => !linked.has(page))
        .map((page) => relative(repositoryRoot, page)),
    ).toEqual([]);
  });

  it('every relative link points at an existing file, and every anchor at a heading of its page', () => {
    const broken: string[] = [];
    let count = 0;
    for (const document of documents) {
      for (const link of relativeLinks(document)) {
        count += 1;
        const where = `${relative(repositoryRoot, document)}: (${link.target})`;
        if (!existsSync(link.path)) broken.push(`${where} names no file`);
        else if (link.anchor !== undefined && !anchorsOf(link.path).has(link.anchor))
          broken.push(`${where} names no heading of ${relative(repositoryRoot, link.path)}`);
      }
    }
    expect(count).toBeGreaterThan(40);
    expect(broken).toEqual([]);
  });
});
