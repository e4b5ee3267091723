/**
 * The events a webhook may listen to, in words.
 */
import { html } from '../../../lib/preact.js';
import { strings } from '../../../lib/strings.js';

/**
 * The events a webhook may listen to, as the server names them (docs/api/settings.md#webhooks); no
 * route lists them, so they are written here too. A webhook's event missing here is still shown.
 */
export const WEBHOOK_EVENTS = /** @type {const} */ ([
  'entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish',
  'media.create', 'media.update', 'media.delete',
]);

/**
 * An event's name in words (its name as the server spells it, for an event the page does not know).
 * @param {string} event
 */
export const eventLabel = (event) => strings.webhooks.events[event] ?? event;

/**
 * A webhook's events in words, with their names as the server spells them for who hovers.
 * @param {{ events: string[] }} props
 */
export function EventList({ events }) {
  return html`<ul class="tags">
    ${events.map((event) => html`<li key=${event} title=${event}>${eventLabel(event)}</li>`)}
  </ul>`;
}
