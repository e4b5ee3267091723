/** "Did you mean …?" for user-typed names: config keys, attribute types, action ids. */

/** Edit distance (Levenshtein) between two strings. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The candidate closest to `input`, if it is close enough to be a plausible typo.
 * @example nearest('integr', ['string', 'integer']) // 'integer'
 */
export function nearest(input: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(input.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const tolerance = Math.max(2, Math.floor(input.length / 3));
  return bestDistance <= tolerance ? best : undefined;
}

/** `; did you mean "x"?` or an empty string. */
export function didYouMean(input: string, candidates: Iterable<string>): string {
  const guess = nearest(input, candidates);
  return guess === undefined ? '' : `; did you mean "${guess}"?`;
}
