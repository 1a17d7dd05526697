// The organiser's panel of a team's size collection (docs/collections.md), in English and
// Canadian French. Its own module, loaded with the panel's chunk, never with the form.
import { dateInWords } from '../../../../shared/dates.js';
import { catalogues, textHook } from '../../../shared/language.js';
import { deName, frenchCount } from '../../../../shared/french.js';

const en = {
  heading: 'Sizes from a team',
  intro:
    'Each member opens the link on their phone, picks a size and, if you like, a name and number to print. Only you see the entries.',
  title: 'Team or group name',
  closesOn: 'Closing date (entries stop at the end of that day)',
  create: 'Create the link',
  creating: 'Creating the link…',
  linkLabel: 'Link for your team',
  copy: 'Copy the link',
  copied: 'Link copied.',
  openUntil: (date: string) =>
    `Entries are open until the end of ${dateInWords(date, 'en')}. Close them before you send the order, or send it now with the choice below.`,
  closed: 'Entries are closed: the sizes below are final.',
  closeNow: 'Close entries now',
  sendWhileOpen: 'Send the order before entries close',
  sendWhileOpenHint:
    'The order goes with the entries so far. When entries close, its sizes and names are updated from them, unless the shop has already sent its quote. Follow and close the entries in My orders.',
  entries: (count: number) => (count === 1 ? '1 entry' : `${count} entries`),
  noEntries: 'No entries yet. This list refreshes by itself.',
  filled: (count: number) => (count === 1 ? 'Sizes filled from 1 entry.' : `Sizes filled from ${count} entries.`),
  name: 'Name',
  size: 'Size',
  printName: 'Name to print',
  printNumber: 'Number',
  removeColumn: 'Remove',
  remove: 'Remove',
  removeLabel: (name: string) => `Remove the entry of ${name}`,
  removeConfirm: (name: string) => `Remove the entry of ${name}? They can enter again from the link.`,
  removed: (name: string) => `The entry of ${name} was removed.`,
  failed: 'The collection could not be reached. It will be tried again.',
  gone: 'This collection is no longer kept by the shop.',
  askPrint: 'Ask each member for a name and number to print',
  askPrintHint: 'Tick it when this layout prints names or numbers; otherwise members give only their name and size.',
  ownKept: (pieces: number) =>
    pieces === 1
      ? 'The 1 piece you typed stays as an extra piece you add, beside the entries.'
      : `The ${pieces} pieces you typed stay as extra pieces you add, beside the entries.`,
  share: 'Share',
  shareText: (title: string) => `Enter your size for ${title}`,
  closeConfirm:
    'Close the entries now? Members can no longer add or change theirs, and the entries cannot be opened again.',
  extras: 'Extra pieces the organiser adds',
  extrasHint: 'Pieces for people who will not use the link (a coach, spares): added to the entries’ sizes.',
  replaceOwn: 'Replace my own counts with the team’s entries',
  replaceOwnHint: 'The order then has the entries’ sizes only; your extra pieces are kept here if you untick it.',
  totals: (entries: number, extras: number, total: number) =>
    `The order sends ${total === 1 ? '1 piece' : `${total} pieces`}: ${entries} from the entries and ${extras} ${extras === 1 ? 'extra piece' : 'extra pieces'} you add.`,
};

const fr: typeof en = {
  heading: 'Tailles d’une équipe',
  intro:
    'Chaque membre ouvre le lien sur son téléphone, choisit une taille et, au besoin, un nom et un numéro à imprimer. Vous seul voyez les inscriptions.',
  title: 'Nom de l’équipe ou du groupe',
  closesOn: 'Date de clôture (les inscriptions s’arrêtent à la fin de ce jour)',
  create: 'Créer le lien',
  creating: 'Création du lien…',
  linkLabel: 'Lien pour votre équipe',
  copy: 'Copier le lien',
  copied: 'Lien copié.',
  openUntil: (date: string) =>
    `Les inscriptions sont ouvertes jusqu’à la fin du ${dateInWords(date, 'fr')}. Fermez-les avant d’envoyer la commande, ou envoyez-la maintenant avec le choix ci-dessous.`,
  closed: 'Les inscriptions sont closes\u00a0: les tailles ci-dessous sont définitives.',
  closeNow: 'Fermer les inscriptions',
  sendWhileOpen: 'Envoyer la commande avant la clôture des inscriptions',
  sendWhileOpenHint:
    'La commande part avec les inscriptions reçues. À la clôture, ses tailles et ses noms sont mis à jour à partir des inscriptions, sauf si la boutique a déjà envoyé sa soumission. Suivez et fermez les inscriptions dans Mes commandes.',
  entries: (count: number) => frenchCount(count, 'inscription', 'inscriptions'),
  noEntries: 'Aucune inscription pour l’instant. Cette liste se met à jour d’elle-même.',
  filled: (count: number) => `Tailles remplies à partir de ${frenchCount(count, 'inscription', 'inscriptions')}.`,
  name: 'Nom',
  size: 'Taille',
  printName: 'Nom à imprimer',
  printNumber: 'Numéro',
  removeColumn: 'Retirer',
  remove: 'Retirer',
  removeLabel: (name: string) => `Retirer l’inscription ${deName(name)}`,
  removeConfirm: (name: string) =>
    `Retirer l’inscription ${deName(name)}\u202f? La personne pourra s’inscrire de nouveau avec le lien.`,
  removed: (name: string) => `L’inscription ${deName(name)} a été retirée.`,
  failed: 'La collecte est injoignable. Nouvel essai sous peu.',
  gone: 'Cette collecte n’est plus conservée par la boutique.',
  askPrint: 'Demander à chaque membre un nom et un numéro à imprimer',
  askPrintHint:
    'Cochez si ce design porte des noms ou des numéros\u202f; sinon, les membres donnent seulement leur nom et leur taille.',
  ownKept: (pieces: number) =>
    pieces === 1
      ? 'La pièce que vous avez entrée reste une pièce ajoutée par vous, en plus des inscriptions.'
      : `Les ${pieces} pièces que vous avez entrées restent des pièces ajoutées par vous, en plus des inscriptions.`,
  share: 'Partager',
  shareText: (title: string) => `Entrez votre taille pour ${title}`,
  closeConfirm:
    'Fermer les inscriptions maintenant\u202f? Les membres ne pourront plus ajouter ni changer la leur, et les inscriptions ne pourront pas être rouvertes.',
  extras: 'Pièces ajoutées par l’organisateur',
  extrasHint:
    'Des pièces pour les personnes qui n’utiliseront pas le lien (entraîneur, rechanges)\u00a0: ajoutées aux tailles des inscriptions.',
  replaceOwn: 'Remplacer mes propres quantités par les inscriptions de l’équipe',
  replaceOwnHint:
    'La commande n’a alors que les tailles des inscriptions\u202f; vos pièces ajoutées restent ici si vous décochez la case.',
  totals: (entries: number, extras: number, total: number) =>
    `La commande envoie ${frenchCount(total, 'pièce', 'pièces')}\u00a0: ${entries} des inscriptions et ${extras} ${extras < 2 ? 'ajoutée' : 'ajoutées'} par vous.`,
};

export const TEAM_SIZES_MESSAGES = catalogues(en, fr);
export const useTeamSizesText = textHook(TEAM_SIZES_MESSAGES);
