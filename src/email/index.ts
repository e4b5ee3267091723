/**
 * @module email — templates with a fixed set of `{{NAME}}` placeholders, and a mailer that writes
 * to `data/outbox/` or sends over SMTP.
 */
export { renderTemplate, checkTemplate, type TemplateVariables, type RenderedEmail } from './templates.js';
export { createMailer, EmailError, type Mailer, type MailMessage, type MailerOptions, type SentMail } from './mailer.js';
export { INVITATION_TEMPLATE } from './invitation.js';
