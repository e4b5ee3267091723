/**
 * "Did you mean …?" for schema files: the project's typo matcher (`src/suggest.ts`), plus
 * abbreviations in either direction, which edit distance misses (`collection` → `collectionType`,
 * `maxLength` on a number → `max`).
 */
import { nearest } from '../suggest.js';

export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const list = [...candidates];
  const typo = nearest(word, list);
  if (typo !== undefined || word.length < 3) return typo;
  const lower = word.toLowerCase();
  return list.find((candidate) => {
    const other = candidate.toLowerCase();
    return other.length >= 3 && (other.startsWith(lower) || lower.startsWith(other));
  });
}

/** `; did you mean "integer"?`, or an empty string when nothing is close. */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const match = closest(word, candidates);
  return match === undefined ? '' : `; did you mean "${match}"?`;
}
