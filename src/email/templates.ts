/**
 * Email templates: `{{NAME}}` placeholders from a fixed set, replaced in one pass. Nothing is
 * evaluated (Strapi's lodash templates run code: docs/api/differences-from-strapi.md), and a value
 * is never scanned again, so a username of `{{TOKEN}}` stays that text.
 */
import type { EmailTemplate } from '../config/index.js';
import { ProjectFileError } from '../errors.js';
import { didYouMean } from '../suggest.js';
import { PLACEHOLDER, scanHtml } from './html.js';

/** The values a template may use; a missing one renders as an empty string. */
export interface TemplateVariables {
  /** Reset-password page (`advanced.emailResetPasswordUrl`) or the confirmation endpoint. */
  URL?: string;
  SERVER_URL?: string;
  /** The email-confirmation token. */
  CODE?: string;
  /** The reset-password code. */
  TOKEN?: string;
  USER?: { id?: number | string; username?: string | null; email?: string | null };
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const PLACEHOLDER_NAMES = ['URL', 'SERVER_URL', 'CODE', 'TOKEN', 'USER.username', 'USER.email', 'USER.id'] as const;
type PlaceholderName = (typeof PLACEHOLDER_NAMES)[number];
const KNOWN = new Set<string>(PLACEHOLDER_NAMES);

/** Values an operator configures; every other one can come from a user (or is ours but opaque). */
const TRUSTED: ReadonlySet<PlaceholderName> = new Set(['URL', 'SERVER_URL']);

const FIELDS = ['subject', 'text', 'html'] as const;

function isKnown(name: string): name is PlaceholderName {
  return KNOWN.has(name);
}

function valueOf(name: PlaceholderName, variables: TemplateVariables): string {
  switch (name) {
    case 'URL':
    case 'SERVER_URL':
    case 'CODE':
    case 'TOKEN':
      return variables[name] ?? '';
    case 'USER.username':
      return variables.USER?.username ?? '';
    case 'USER.email':
      return variables.USER?.email ?? '';
    case 'USER.id':
      return variables.USER?.id === undefined ? '' : String(variables.USER.id);
    default:
      return name satisfies never;
  }
}

/**
 * Throws a `ProjectFileError` naming the first placeholder that is not one of `{{URL}}`,
 * `{{SERVER_URL}}`, `{{CODE}}`, `{{TOKEN}}`, `{{USER.username}}`, `{{USER.email}}`, `{{USER.id}}`,
 * or one in the html where escaping cannot make a value safe (a tag name, an unquoted attribute,
 * an event handler or style, a script, style or comment). Run it at startup so a typo fails there.
 *
 * @example
 * checkTemplate(config.email.templates.resetPassword, 'config/email.yaml', 'templates.resetPassword');
 * // config/email.yaml: templates.resetPassword.text uses the unknown placeholder {{TOKN}}; did you mean "{{TOKEN}}"? …
 */
export function checkTemplate(template: EmailTemplate, file: string, key: string): void {
  for (const field of FIELDS) {
    for (const match of template[field].matchAll(PLACEHOLDER)) {
      const name = match[1]!.trim();
      if (!isKnown(name)) {
        const known = PLACEHOLDER_NAMES.map((n) => `{{${n}}}`);
        throw new ProjectFileError(
          file,
          `${key}.${field}`,
          `uses the unknown placeholder ${match[0]}${didYouMean(`{{${name}}}`, known)} (known: ${known.join(', ')})`,
        );
      }
    }
  }
  for (const placeholder of scanHtml(template.html)) {
    if (placeholder.context === 'unsafe') {
      throw new ProjectFileError(
        file,
        `${key}.html`,
        `places {{${placeholder.name}}} where escaping cannot make a value safe; put it in text or in a quoted attribute value`,
      );
    }
  }
}

/**
 * Fills a template's subject, text and html. Values go into `text` as they are, into `html`
 * escaped for where they sit (see {@link scanHtml}), and into `subject` with line breaks turned
 * into spaces so no value can add a header. Unknown placeholders are left as they are
 * ({@link checkTemplate} rejects them at startup).
 *
 * @example
 * const email = renderTemplate(config.email.templates.resetPassword, { URL: 'https://site/reset', TOKEN: code, USER: user });
 * await mailer.send({ to: user.email, ...email });
 */
export function renderTemplate(template: EmailTemplate, variables: TemplateVariables): RenderedEmail {
  const plain = (source: string) =>
    source.replace(PLACEHOLDER, (whole, inner: string) => {
      const name = inner.trim();
      return isKnown(name) ? valueOf(name, variables) : whole;
    });
  return {
    subject: oneLine(plain(template.subject)),
    text: plain(template.text),
    html: renderHtml(template.html, variables),
  };
}

/** CR, LF and the Unicode line separators become one space each run; the rest is kept. */
function oneLine(value: string): string {
  return value.replace(/[\r\n\u2028\u2029]+/g, ' ');
}

// ---------------------------------------------------------------------------------------------
// HTML: escaping that depends on where the placeholder sits
// ---------------------------------------------------------------------------------------------

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** encodeURIComponent throws on a lone surrogate; a user could pick such a username. */
function wellFormed(value: string): string {
  return value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

function renderHtml(html: string, variables: TemplateVariables): string {
  let out = '';
  let from = 0;
  for (const { index, length, name, context } of scanHtml(html)) {
    out += html.slice(from, index);
    from = index + length;
    if (!isKnown(name)) {
      out += html.slice(index, from);
      continue;
    }
    const value = valueOf(name, variables);
    switch (context) {
      case 'text':
        out += escapeHtml(value);
        break;
      case 'url':
        out += escapeHtml(TRUSTED.has(name) ? value : encodeURIComponent(wellFormed(value)));
        break;
      case 'unsafe':
        break;
      default:
        context satisfies never;
    }
  }
  return out + html.slice(from);
}
