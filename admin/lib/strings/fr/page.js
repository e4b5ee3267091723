/**
 * The words of the page as a whole: its frame, sign-in, what it needs to start, the words shared by every screen.
 * (in French)
 */
import { count, entries } from './grammar.js';

/** @type {typeof import('../en/page.js').pageWords} */
export const pageWords = {
  page: {
    brand: 'foliocms',
    loading: 'Chargement…',
    skip: 'Aller au contenu',
    signOut: 'Se déconnecter',
    dismiss: 'Fermer',
    tryAgain: 'Réessayer',
    notFound: 'Introuvable',
    noSuchPage: 'Cette page n’existe pas.',
    language: 'Langue de l’interface',
  },
  /** The sidebar's groups beside the content types', and the settings screens' names. */
  nav: {
    label: 'Rubriques',
    library: 'Médias',
    media: 'Médiathèque',
    settings: 'Paramètres',
    users: 'Utilisateurs',
    roles: 'Rôles',
    apiTokens: 'Jetons d’API',
    webhooks: 'Webhooks',
    locales: 'Langues',
    chooseSetting: 'Choisissez un paramètre dans le menu latéral.',
    noSettings: 'Votre compte ne peut modifier aucun paramètre. Demandez l’accès à un administrateur.',
    mayNot: (screen) => `Votre compte n’a pas accès à « ${screen} ». Demandez l’accès à un administrateur.`,
  },
  /** Words on buttons all over the page. */
  actions: {
    add: 'Ajouter',
    cancel: 'Annuler',
    close: 'Fermer',
    search: 'Rechercher',
    remove: 'Retirer',
    removeNamed: (name) => `Retirer « ${name} »`,
    moveUp: 'Monter',
    moveUpNamed: (name) => `Monter « ${name} »`,
    moveDown: 'Descendre',
    moveDownNamed: (name) => `Descendre « ${name} »`,
  },
  status: {
    draft: 'Brouillon',
    published: 'Publié',
    modified: 'Modifié',
  },
  api: {
    unreachable: 'Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.',
    httpStatus: (status) => `Erreur HTTP ${status}`,
    sessionEnded: 'Votre session a pris fin. Veuillez vous reconnecter.',
  },
  signIn: {
    title: 'Connexion',
    lead: 'Connectez-vous pour modifier le contenu.',
    identifier: 'E-mail ou nom d’utilisateur',
    password: 'Mot de passe',
    submit: 'Se connecter',
    busy: 'Connexion…',
    signedOut: 'Déconnexion effectuée.',
    forgot: 'Mot de passe oublié ?',
    forgotTitle: 'Un nouveau mot de passe',
    forgotLead: 'Indiquez l’adresse e-mail de votre compte : un lien pour choisir un nouveau mot de passe y est envoyé.',
    email: 'E-mail',
    forgotSubmit: 'Envoyer le lien',
    forgotBusy: 'Envoi…',
    forgotSent: (email) =>
      `Si ${email} est l’adresse d’un compte, un e-mail avec un lien pour choisir un nouveau mot de passe est en route. `
      + 'Le lien est valable une heure.',
    backToSignIn: 'Revenir à la connexion',
    sessionEndedKept: (reason) =>
      `${reason} Vos modifications non enregistrées sont conservées dans cet onglet, et vous seront proposées `
      + 'de nouveau après la connexion.',
  },
  workspace: {
    mayNotRead: (what) =>
      `Votre compte ne peut pas lire ${what}, dont cette page a besoin. Demandez l’accès à un administrateur.`,
    ownPermissions: 'ses propres autorisations',
    contentTypes: 'les types de contenu',
  },
  leave: {
    title: 'Quitter sans enregistrer ?',
    text: 'Vos modifications sur cette page n’ont pas été enregistrées. '
      + 'Si vous quittez maintenant, elles seront perdues.',
    leave: 'Quitter et perdre mes modifications',
    stay: 'Rester ici',
  },
  schema: {
    notShown: 'Non affiché pour votre compte',
    componentEntries: (component, number) => `${component} : ${entries(number)}`,
    componentEmpty: (component) => `${component} : vide`,
    blocks: (number) => count(number, 'bloc', 'blocs'),
    relationEntries: (number, names, more) => `${entries(number)} : ${names.join(', ')}${more ? ', …' : ''}`,
    none: 'Aucune',
    files: (number) => count(number, 'fichier', 'fichiers'),
    oneFile: '1 fichier',
    noFile: 'Aucun fichier',
    empty: 'Vide',
    set: 'Renseigné',
    lengthBetween: (min, max) => `De ${min} à ${count(max, 'caractère', 'caractères')}`,
    lengthAtLeast: (min) => `Au moins ${count(min, 'caractère', 'caractères')}`,
    lengthAtMost: (max) => `Au plus ${count(max, 'caractère', 'caractères')}`,
    between: (min, max) => `De ${min} à ${max}`,
    atLeast: (min) => `Au moins ${min}`,
    atMost: (max) => `Au plus ${max}`,
  },
  values: {
    notJson: (problem) => `Ce n’est pas du JSON valide : ${problem}`,
  },
};
