/**
 * "Did you mean …?" for a name the user got slightly wrong: an option, a command, an event, a
 * settings field. Case is ignored; a candidate counts when it is within a third of its length in
 * edits (at least two).
 */

/** The candidate closest to `input` by edit distance, when it is close enough to be a likely typo. */
export function suggestClosest(input: string, candidates: readonly string[]): string | undefined {
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(input.toLowerCase(), candidate.toLowerCase());
    if (!best || distance < best.distance) best = { candidate, distance };
  }
  if (!best) return undefined;
  const tolerance = Math.max(2, Math.floor(best.candidate.length / 3));
  return best.distance <= tolerance ? best.candidate : undefined;
}

/** Levenshtein distance: insertions, deletions and substitutions, one each. */
function editDistance(left: string, right: string): number {
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let row = 1; row <= left.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= right.length; column += 1) {
      const substitution = previous[column - 1] + (left[row - 1] === right[column - 1] ? 0 : 1);
      current.push(Math.min(previous[column] + 1, current[column - 1] + 1, substitution));
    }
    previous = current;
  }
  return previous[right.length];
}
