/**
 * The email an invited person gets (`POST /api/users/invite`): a link to set the password of the
 * account made for them, with a reset code that works once and expires like any reset code. Its
 * placeholders are the reset email's (templates.ts).
 */
import type { EmailTemplate } from '../config/index.js';

export const INVITATION_TEMPLATE: EmailTemplate = Object.freeze({
  subject: 'Your account: choose a password',
  text:
    'An account was made for you at {{SERVER_URL}}: username {{USER.username}}, email {{USER.email}}.\n\n' +
    'Choose its password with the following link (it works once, within an hour):\n{{URL}}?code={{TOKEN}}\n\n' +
    'Once it has expired, ask for a new link with "Forgot password" and this email address.\n\nThanks.',
  html:
    '<p>An account was made for you at {{SERVER_URL}}: username {{USER.username}}, email {{USER.email}}.</p>' +
    '<p>Choose its password with the following link (it works once, within an hour):</p>' +
    '<p><a href="{{URL}}?code={{TOKEN}}">{{URL}}?code={{TOKEN}}</a></p>' +
    '<p>Once it has expired, ask for a new link with “Forgot password” and this email address.</p><p>Thanks.</p>',
});
