// Every text of a team member's page (/c/<link>, docs/collections.md), in English and Canadian
// French. Its own module, loaded with the page's chunk, never with the order form.
import { dateInWords } from '../../../shared/dates.js';
import { catalogues, textHook, type Language } from '../../shared/language.js';

const en = {
  switchTo: 'Français',
  switchToLang: 'fr' as Language,
  switchLabel: 'Language',
  loading: 'Loading…',
  heading: (title: string) => `Sizes for ${title}`,
  intro: (garment: string) =>
    `Enter your size for the ${garment}. Only the organiser sees the entries; you can change yours from this phone or computer.`,
  openUntil: (date: string) => `Entries are open until the end of ${dateInWords(date, 'en')}.`,
  closed: 'Entries are closed: the organiser has the sizes.',
  yourEntry: 'Your entry',
  name: 'Your name',
  size: 'Size',
  chooseSize: 'Choose a size',
  printName: 'Name to print (optional)',
  printNumber: 'Number to print (optional, up to 3 digits)',
  save: 'Save my size',
  saveChanges: 'Save my changes',
  saving: 'Saving…',
  saved: 'Your entry is saved. You can change it here until entries close.',
  entrySummary: (name: string, size: string) => `${name}, size ${size}`,
  printed: (text: string) => `Printed: ${text}`,
  notFoundHeading: 'Size collection not found',
  notFound: 'This link does not open a size collection. Ask the organiser for the link again.',
  failed: 'The page could not reach the shop. Check the connection and try again.',
};

export type CollectionMessages = typeof en;

const fr: CollectionMessages = {
  switchTo: 'English',
  switchToLang: 'en',
  switchLabel: 'Langue',
  loading: 'Chargement…',
  heading: (title: string) => `Tailles pour ${title}`,
  intro: (garment: string) =>
    `Entrez votre taille pour le vêtement ${garment}. Seul l’organisateur voit les inscriptions\u202f; vous pouvez changer la vôtre depuis ce téléphone ou cet ordinateur.`,
  openUntil: (date: string) => `Les inscriptions sont ouvertes jusqu’à la fin du ${dateInWords(date, 'fr')}.`,
  closed: 'Les inscriptions sont closes\u00a0: l’organisateur a les tailles.',
  yourEntry: 'Votre inscription',
  name: 'Votre nom',
  size: 'Taille',
  chooseSize: 'Choisissez une taille',
  printName: 'Nom à imprimer (facultatif)',
  printNumber: 'Numéro à imprimer (facultatif, au plus 3 chiffres)',
  save: 'Enregistrer ma taille',
  saveChanges: 'Enregistrer mes changements',
  saving: 'Enregistrement…',
  saved: 'Votre inscription est enregistrée. Vous pouvez la changer ici jusqu’à la clôture.',
  entrySummary: (name: string, size: string) => `${name}, taille ${size}`,
  printed: (text: string) => `Imprimé\u00a0: ${text}`,
  notFoundHeading: 'Collecte de tailles introuvable',
  notFound: 'Ce lien n’ouvre aucune collecte de tailles. Redemandez le lien à l’organisateur.',
  failed: 'La page n’a pas pu joindre la boutique. Vérifiez la connexion et réessayez.',
};

export const COLLECTION_MESSAGES = catalogues(en, fr);
export const useCollectionText = textHook(COLLECTION_MESSAGES);
