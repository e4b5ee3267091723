/**
 * The API tokens, webhooks and locales settings. (in French)
 */
import { count, entries } from './grammar.js';

const decimals = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** `120 ms`, `2,5 s`, `3 min`. */
const duration = (ms) => {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${decimals.format(ms / 1000)} s`;
  return `${Math.round(ms / 60_000)} min`;
};

/** @type {typeof import('../en/settings.js').settingsWords} */
export const settingsWords = {
  tokens: {
    lead: 'Un jeton d’API permet à un site, à une compilation ou à un script d’utiliser l’API de contenu sans le '
      + 'compte d’une personne : il est envoyé dans l’en-tête Authorization, sous la forme Bearer <jeton>. '
      + 'Aucun jeton ne peut modifier les paramètres.',
    createButton: 'Créer un jeton d’API',
    none: 'Aucun jeton d’API pour l’instant.',
    name: 'Nom',
    description: 'Description',
    nameAndDescription: 'Nom et description',
    type: 'Type',
    lastUsed: 'Dernière utilisation',
    expires: 'Expiration',
    actionsColumn: 'Actions',
    never: 'Jamais',
    expired: 'Expiré',
    types: {
      'read-only': 'Lecture seule',
      'full-access': 'Accès complet',
      custom: 'Personnalisé',
    },
    typeHints: {
      'read-only': 'Lit tous les types de contenu (find et findOne), rien d’autre.',
      'full-access': 'Toutes les actions de l’API de contenu : contenus, utilisateurs, rôles.',
      custom: 'Seulement les actions des types de contenu cochées ci-dessous.',
    },
    customCount: (number) => `Personnalisé (${count(number, 'action', 'actions')})`,
    edit: 'Modifier',
    editNamed: (name) => `Modifier ${name}`,
    regenerate: 'Régénérer',
    regenerateNamed: (name) => `Régénérer ${name}`,
    revoke: 'Révoquer',
    revokeNamed: (name) => `Révoquer ${name}`,
    saved: (name) => `Le jeton ${name} est enregistré.`,
    revoked: (name) => `Le jeton ${name} est révoqué : les requêtes qui l’utilisent sont refusées.`,
    regenerateTitle: (name) => `Régénérer le jeton ${name} ?`,
    regenerateText: 'Une nouvelle valeur remplace l’actuelle, qui cesse aussitôt de fonctionner : ce qui l’utilise '
      + 'doit recevoir la nouvelle. Sa durée de validité repart de zéro.',
    revokeTitle: (name) => `Révoquer le jeton ${name} ?`,
    revokeText: 'Le jeton est supprimé et les requêtes qui l’utilisent sont refusées immédiatement. Cette action '
      + 'est définitive.',
    createTitle: 'Créer un jeton d’API',
    editTitle: (name) => `Modifier le jeton ${name}`,
    actions: 'Actions',
    actionsHint: 'Un jeton personnalisé ne peut utiliser que les actions des types de contenu.',
    allActions: (type) => `Toutes les actions (${type})`,
    actionsUnreadable: (message) => `Impossible de lister les actions : ${message}`,
    lifespan: 'Durée de validité',
    lifespanHint: 'Le jeton cesse de fonctionner passé ce délai ; le régénérer fait repartir le délai.',
    lifespanFixed: 'La durée de validité ne peut pas être modifiée : régénérez le jeton pour la faire repartir, '
      + 'ou créez-en un autre.',
    unlimited: 'Illimitée',
    days: (number) => `${number} jours`,
    create: 'Créer',
    save: 'Enregistrer',
    createdTitle: (name) => `Le jeton ${name} est créé`,
    regeneratedTitle: (name) => `Le jeton ${name} a une nouvelle valeur`,
    onlyOnce: 'Copiez-le maintenant et gardez-le en lieu sûr : vous ne le reverrez plus. Le serveur n’en garde '
      + 'qu’une empreinte ; s’il est perdu, régénérez le jeton.',
    value: 'Jeton',
    copy: 'Copier',
    copied: 'Copié.',
    copyByHand: 'Ce navigateur ne peut pas le copier pour vous : il est sélectionné, copiez-le au clavier.',
    done: 'Je l’ai copié',
  },
  webhooks: {
    lead: 'Un webhook prévient un autre site quand le contenu change : le serveur lui envoie chaque événement '
      + 'qu’il écoute par une requête POST, et réessaie quand le destinataire échoue.',
    createButton: 'Créer un webhook',
    none: 'Aucun webhook pour l’instant.',
    name: 'Nom',
    nameHint: 'Lettres, chiffres, _ . et -, 64 au plus.',
    url: 'URL',
    urlHint: 'L’adresse où chaque événement est envoyé : http:// ou https://.',
    eventsLabel: 'Événements',
    events: {
      'entry.create': 'Entrée créée',
      'entry.update': 'Entrée modifiée',
      'entry.delete': 'Entrée supprimée',
      'entry.publish': 'Entrée publiée',
      'entry.unpublish': 'Entrée dépubliée',
      'media.create': 'Fichier déposé',
      'media.update': 'Fichier modifié',
      'media.delete': 'Fichier supprimé',
    },
    headers: 'En-têtes',
    headersHint: 'Envoyés avec chaque livraison, un en-tête Authorization par exemple. Leurs valeurs ne sont plus '
      + 'jamais affichées : laissez-en une vide pour la garder.',
    headerName: (number) => `Nom de l’en-tête ${number}`,
    headerValue: (number) => `Valeur de l’en-tête ${number}`,
    valueKept: 'Inchangée (masquée)',
    removeHeader: (number) => `Retirer l’en-tête ${number}`,
    addHeader: 'Ajouter un en-tête',
    noHeaders: 'Aucun',
    headerNames: (names) => `${names.join(', ')} (valeurs masquées)`,
    secret: 'Secret',
    secretSet: 'Défini',
    secretNotSet: 'Non défini',
    secretHint: 'Facultatif, 8 caractères au moins : chaque livraison est alors signée avec lui '
      + '(X-Folio-Signature), pour que le destinataire vérifie qu’elle vient d’ici. Il n’est plus jamais affiché.',
    secretKeep: 'Un secret est défini ; il n’est jamais affiché. Laissez ce champ vide pour le garder, ou tapez-en '
      + 'un nouveau.',
    unsign: 'Retirer le secret : les livraisons ne sont plus signées',
    signed: 'Défini : les livraisons sont signées',
    unsigned: 'Non défini : les livraisons ne sont pas signées',
    createTitle: 'Créer un webhook',
    editTitle: (name) => `Modifier le webhook ${name}`,
    create: 'Créer',
    save: 'Enregistrer',
    created: (name) => `Le webhook ${name} est créé. Envoyez-lui un événement de test pour l’essayer.`,
    saved: (name) => `Le webhook ${name} est enregistré.`,
    deleted: (name) => `Le webhook ${name} est supprimé.`,
    back: '← Webhooks',
    edit: 'Modifier',
    delete: 'Supprimer',
    deleteTitle: (name) => `Supprimer le webhook ${name} ?`,
    deleteText: 'Il s’arrête aussitôt, et les événements qu’il n’a pas encore livrés sont abandonnés. Cette action '
      + 'est définitive.',
    trigger: 'Envoyer un événement de test',
    sending: 'Envoi…',
    triggerHint: 'Un événement de test est envoyé une fois, maintenant, et n’apparaît pas dans les livraisons.',
    answered: (status, took) => `L’événement de test est livré : le destinataire a répondu HTTP ${status} en `
      + `${duration(took)}.`,
    refused: (status, took) => `Le destinataire a répondu HTTP ${status} en ${duration(took)} : il n’a pas accepté `
      + 'l’événement de test.',
    noAnswer: (why, took) => `L’événement de test n’a pas pu être livré (après ${duration(took)}) : ${why}.`,
    errorMeaning: (error, meaning) => `${error} : ${meaning}`,
    networkErrors: {
      ECONNREFUSED: 'rien ne répond à cette adresse et sur ce port',
      ENOTFOUND: 'ce nom d’hôte n’existe pas',
      ECONNRESET: 'le destinataire a coupé la connexion',
      EHOSTUNREACH: 'l’hôte est injoignable',
      ETIMEDOUT: 'la connexion a expiré',
    },
    deliveries: 'Livraisons',
    deliveriesHint: 'Les derniers événements envoyés à ce webhook, du plus récent au plus ancien. Celui qui échoue '
      + 'est réessayé plus tard.',
    noDeliveries: 'Aucune livraison pour l’instant : aucun de ses événements ne s’est produit depuis sa création.',
    refresh: 'Actualiser',
    when: 'Date',
    event: 'Événement',
    status: 'État',
    statusCode: 'Code HTTP',
    attempts: 'Tentatives',
    took: 'Durée',
    whyFailed: 'Cause de l’échec',
    deliveryStatus: {
      pending: 'Nouvel essai prévu',
      delivered: 'Livré',
      failed: 'Échoué',
    },
    duration,
  },
  localeSettings: {
    lead: 'Les langues dans lesquelles le contenu est écrit. La langue par défaut est celle d’une requête qui n’en '
      + 'nomme aucune, et celle dans laquelle une nouvelle entrée est d’abord écrite.',
    none: 'Aucune langue.',
    name: 'Nom',
    code: 'Code',
    defaultColumn: 'Par défaut',
    actionsColumn: 'Actions',
    isDefault: 'Par défaut',
    makeDefault: 'Choisir par défaut',
    makeDefaultNamed: (name) => `Faire de ${name} la langue par défaut`,
    removeNamed: (name) => `Retirer ${name}`,
    addTitle: 'Ajouter une langue',
    codeHint: 'Un code de langue, avec une région si besoin : fr, pt-BR. Il ne pourra plus être modifié.',
    namePlaceholder: (example) => `Laissé vide : ${example}`,
    add: 'Ajouter la langue',
    added: (name) => `La langue ${name} est ajoutée.`,
    madeDefault: (name) => `${name} est désormais la langue par défaut.`,
    notReread: (done, message) => `${done} La page n’a pas pu relire les langues (${message}) : rechargez-la.`,
    removeTitle: (name) => `Retirer la langue ${name} ?`,
    removeText: (code) => `Ce qui est écrit en ${code} reste enregistré sur le disque, mais n’est plus servi : ni `
      + `l’API ni cette page ne l’affichent. Ajouter de nouveau ${code} le sert de nouveau.`,
    removeCode: (code) => `Retirer ${code}`,
    counting: (code) => `Décompte des entrées en ${code}…`,
    notCountable: (message) => `Les entrées n’ont pas pu être comptées : ${message}`,
    noLocalizedTypes: 'Aucun type de contenu n’est traduit : rien n’est écrit par langue.',
    entriesIn: (code) => `Entrées qui ont une version en ${code} :`,
    typeCount: (type, number) => `${type} : ${entries(number)}`,
    notCounted: (type) => `${type} : non compté, votre compte ne peut pas le lire`,
    hiddenTotal: (number) => (number === 0
      ? 'Rien ne sera masqué.'
      : `${entries(number)} ne ${number < 2 ? 'sera' : 'seront'} plus ${number < 2 ? 'servie' : 'servies'}.`),
    hiddenAtLeast: (number) => `Au moins ${entries(number)} ne ${number < 2 ? 'sera' : 'seront'} plus `
      + `${number < 2 ? 'servie' : 'servies'}.`,
    removed: (name, code, number, byType) => (number === 0
      ? `La langue ${name} est retirée.`
      : `La langue ${name} est retirée. Enregistrées mais plus servies : ${entries(number)} (${byType.join(', ')}) ; `
        + `ajoutez de nouveau ${code} pour les servir.`),
  },
};
