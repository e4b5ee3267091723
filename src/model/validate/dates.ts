/**
 * `date`, `time` and `datetime` values, parsed by hand rather than with `Date.parse`, which accepts
 * free text ("March 7") and reads an ISO string without an offset in the server's time zone.
 */
import type { DateAttribute } from '../../schema/index.js';
import { checkUnique, where, type At, type Context } from './context.js';
import { validationMessages as m } from './messages.js';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** `HH:mm` is accepted as well, because content-type defaults may be written that way (schema loader). */
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.(\d{1,3}))?)?$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?([Zz]|[+-]\d{2}(?::?\d{2})?)?)?$/;

/** Milliseconds since the epoch of a calendar date and time in UTC, or undefined if it does not exist (2023-02-30, 25:00). */
function utc(year: number, month: number, day: number, hours = 0, minutes = 0, seconds = 0, ms = 0): number | undefined {
  if (hours > 23 || minutes > 59 || seconds > 59) return undefined;
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0–99 to 1900–1999.
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hours, minutes, seconds, ms);
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? date.getTime() : undefined;
}

/** `+05:30`, `-0800`, `+02` or `Z` → minutes east of UTC. */
function offsetMinutes(zone: string | undefined): number | undefined {
  if (!zone || zone === 'Z' || zone === 'z') return 0;
  const match = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!match) return undefined;
  const hours = Number(match[2]);
  const minutes = Number(match[3] ?? 0);
  if (hours > 23 || minutes > 59) return undefined;
  return (match[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
}

/**
 * `YYYY-MM-DD`; a date and time is cut to its date as written (Strapi's `parseDate` keeps the date
 * part of what it is given), so a client that sends `toISOString()` for a date is understood.
 */
export function parseDate(value: string): string | undefined {
  const day = value.length > 10 && parseDateTime(value) !== undefined ? value.slice(0, 10) : value;
  const match = DATE.exec(day);
  if (!match || utc(Number(match[1]), Number(match[2]), Number(match[3])) === undefined) return undefined;
  return day;
}

export function parseTime(value: string): string | undefined {
  const match = TIME.exec(value);
  if (!match) return undefined;
  const [, hours, minutes, seconds = '00', fraction = ''] = match;
  return `${hours}:${minutes}:${seconds}.${fraction.padEnd(3, '0')}`;
}

/**
 * A date alone means midnight UTC, and a date-time without an offset is read as UTC, so the stored
 * instant never depends on where the server runs.
 */
export function parseDateTime(value: string): string | undefined {
  const match = DATETIME.exec(value);
  if (!match) return undefined;
  const [, year, month, day, hours = '0', minutes = '0', seconds = '0', fraction = '', zone] = match;
  const ms = Number(fraction.slice(0, 3).padEnd(3, '0'));
  const time = utc(Number(year), Number(month), Number(day), Number(hours), Number(minutes), Number(seconds), ms);
  const offset = offsetMinutes(zone);
  if (time === undefined || offset === undefined) return undefined;
  const instant = new Date(time - offset * 60_000);
  // Outside years 0000–9999 toISOString switches to the ±YYYYYY form, which is not what we promise.
  const year4 = instant.getUTCFullYear();
  return year4 >= 0 && year4 <= 9999 ? instant.toISOString() : undefined;
}

const PARSERS = { date: parseDate, time: parseTime, datetime: parseDateTime } as const;

/**
 * A date-time given as milliseconds since the epoch (a number, or its digits as text), as Strapi's
 * `parseDateTimeOrTimestamp` accepts it.
 */
function fromTimestamp(value: unknown): string | undefined {
  const ms = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(ms)) return undefined;
  const instant = new Date(ms);
  const year = instant.getUTCFullYear();
  return year >= 0 && year <= 9999 ? instant.toISOString() : undefined;
}

export function validateDateLike(value: unknown, attribute: DateAttribute, at: At, ctx: Context): string | undefined {
  const parsed = typeof value === 'string' ? PARSERS[attribute.type](value) : undefined;
  const normalized = parsed ?? (attribute.type === 'datetime' ? fromTimestamp(value) : undefined);
  if (normalized === undefined) {
    ctx.issues.add(at.path, m[attribute.type](where(at), value), value);
    return undefined;
  }
  if (attribute.unique) checkUnique(ctx, at, normalized);
  return normalized;
}
