/**
 * The words of the page as a whole: its frame, sign-in, what it needs to start, the words shared by every screen.
 */
import { count, entries } from './grammar.js';

export const pageWords = {
  page: {
    brand: 'foliocms',
    loading: 'Loading…',
    skip: 'Skip to content',
    signOut: 'Sign out',
    dismiss: 'Dismiss',
    tryAgain: 'Try again',
    notFound: 'Not found',
    noSuchPage: 'There is no such page here.',
    language: 'Language',
  },
  /** The sidebar's groups beside the content types', and the settings screens' names. */
  nav: {
    label: 'Sections',
    library: 'Library',
    media: 'Media library',
    settings: 'Settings',
    users: 'Users',
    roles: 'Roles',
    apiTokens: 'API tokens',
    webhooks: 'Webhooks',
    locales: 'Locales',
    chooseSetting: 'Choose a setting in the sidebar.',
    noSettings: 'Your account may not change any setting. Ask an administrator for access.',
    mayNot: (screen) => `Your account may not use the ${screen} settings. Ask an administrator for access.`,
  },
  /** Words on buttons all over the page. */
  actions: {
    add: 'Add',
    cancel: 'Cancel',
    close: 'Close',
    search: 'Search',
    remove: 'Remove',
    removeNamed: (name) => `Remove ${name}`,
    moveUp: 'Move up',
    moveUpNamed: (name) => `Move up, ${name}`,
    moveDown: 'Move down',
    moveDownNamed: (name) => `Move down, ${name}`,
  },
  status: {
    draft: 'Draft',
    published: 'Published',
    modified: 'Modified',
  },
  api: {
    unreachable: 'The server could not be reached. Check your connection and try again.',
    httpStatus: (status) => `HTTP ${status}`,
    sessionEnded: 'Your session has ended. Please sign in again.',
  },
  signIn: {
    title: 'Sign in',
    lead: 'Sign in to edit content.',
    identifier: 'Email or username',
    password: 'Password',
    submit: 'Sign in',
    busy: 'Signing in…',
    signedOut: 'You are signed out.',
    forgot: 'Forgot your password?',
    forgotTitle: 'A new password',
    forgotLead: 'Give the email address of your account: a link to choose a new password is sent there.',
    email: 'Email',
    forgotSubmit: 'Send the link',
    forgotBusy: 'Sending…',
    forgotSent: (email) =>
      `If ${email} is the address of an account, an email with a link to choose a new password is on its way. `
      + 'The link works for an hour.',
    backToSignIn: 'Back to signing in',
    sessionEndedKept: (reason) =>
      `${reason} Your unsaved changes are kept in this tab, and offered back once you have signed in.`,
  },
  workspace: {
    mayNotRead: (what) => `Your account may not read ${what}, which this page needs. Ask an administrator for access.`,
    ownPermissions: 'its own permissions',
    contentTypes: 'the content types',
  },
  leave: {
    title: 'Leave without saving?',
    text: 'Your changes on this page have not been saved. If you leave now, they are lost.',
    leave: 'Leave and lose my changes',
    stay: 'Stay here',
  },
  schema: {
    notShown: 'Not shown to your account',
    componentEntries: (component, number) => `${component}: ${entries(number)}`,
    componentEmpty: (component) => `${component}: empty`,
    blocks: (number) => count(number, 'block', 'blocks'),
    relationEntries: (number, names, more) => `${entries(number)}: ${names.join(', ')}${more ? ', …' : ''}`,
    none: 'None',
    files: (number) => count(number, 'file', 'files'),
    oneFile: '1 file',
    noFile: 'No file',
    empty: 'Empty',
    set: 'Set',
    lengthBetween: (min, max) => `${min} to ${count(max, 'character', 'characters')}`,
    lengthAtLeast: (min) => `At least ${count(min, 'character', 'characters')}`,
    lengthAtMost: (max) => `At most ${count(max, 'character', 'characters')}`,
    between: (min, max) => `From ${min} to ${max}`,
    atLeast: (min) => `At least ${min}`,
    atMost: (max) => `At most ${max}`,
  },
  values: {
    notJson: (problem) => `This is not valid JSON: ${problem}`,
  },
};
