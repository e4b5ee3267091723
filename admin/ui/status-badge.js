/**
 * An entry's editorial status as a badge: Draft, Published, Modified.
 */
import { html } from '../lib/preact.js';
import { strings } from '../lib/strings.js';

/** @typedef {{ status: import('../lib/schema.js').Status | null | undefined }} StatusBadgeProps */

/** @param {StatusBadgeProps} props */
export function StatusBadge({ status }) {
  if (!status) return null;
  return html`<span class=${`badge badge-${status}`} data-test="status">${strings.status[status]}</span>`;
}
