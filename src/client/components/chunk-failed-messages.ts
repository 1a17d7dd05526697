// What a page says when its code could not be downloaded (chunk-failed.tsx).
export const CHUNK_FAILED_MESSAGES = {
  en: {
    failed: 'This page could not be loaded: the connection dropped or the site was just updated.',
    reload: 'Reload the page',
    partFailed: 'This part of the form could not be loaded: the connection dropped or the site was just updated.',
    partLoading: 'Loading…',
  },
  fr: {
    failed: 'Cette page n’a pas pu être chargée\u00a0: la connexion a été coupée ou le site vient d’être mis à jour.',
    reload: 'Recharger la page',
    partFailed:
      'Cette partie du formulaire n’a pas pu être chargée\u00a0: la connexion a été coupée ou le site vient d’être mis à jour.',
    partLoading: 'Chargement…',
  },
} as const;
