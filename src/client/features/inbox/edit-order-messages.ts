// The "Edit order" view's texts (docs/product.md, "Changing an order"), in English and Canadian
// French, read with useEditOrderText() in the staff member's language.
import { dateInWords } from '../../../shared/dates.js';
import { catalogues, textHook } from '../../shared/language.js';

const en = {
  heading: 'Edit order',
  intro: (version: number) =>
    `Your change is saved as version ${version + 1} of the order, with your reason, in its history. A quote sent or approved before is withdrawn: the customer approves a new one.`,
  tooLarge: 'This order is too large to edit here: some of its layouts are read one at a time.',
  layout: (n: number) => `Layout ${n}`,
  garment: (n: number) => `Garment ${n}`,
  type: 'Garment type',
  colour: 'Colour',
  sizes: 'Sizes and Quantities',
  sizesHint: 'As on the form: S:3, M:7, L:6, XL:4',
  decoration: 'Decoration',
  noDecoration: 'None',
  printSize: 'Print size',
  inkColours: 'Ink colours',
  namesList: 'Names list',
  namesHint: 'One a line: name, size, name to print, number',
  jobNotes: 'Job notes',
  reason: 'Why the order changes',
  reasonHint: 'Shown in the order’s history, with your name and the time.',
  save: 'Save the new version',
  saving: 'Saving…',
  cancel: 'Cancel',
  refused: 'The change was not saved:',
  versions: 'Versions',
  versionLine: (n: number, who: string, when: string) => `Version ${n}, ${who}, ${dateInWords(when, 'en')}`,
  byCustomer: 'as the customer sent it',
  byCustomerLater: 'by the customer',
  byTeam: 'from the team’s entries',
  byStaff: (email: string) => `by ${email}`,
  toMake: 'what the floor makes and the shop buys',
  location: 'Location',
};

export const EDIT_ORDER_MESSAGES = catalogues(en, {
  heading: 'Modifier la commande',
  intro: (version) =>
    `Votre modification est enregistrée comme version ${version + 1} de la commande, avec votre raison, dans son historique. Une soumission envoyée ou approuvée avant est retirée\u00a0: le client en approuve une nouvelle.`,
  tooLarge: 'Cette commande est trop grande pour être modifiée ici\u00a0: certains designs se lisent un à la fois.',
  layout: (n) => `Design ${n}`,
  garment: (n) => `Vêtement ${n}`,
  type: 'Type de vêtement',
  colour: 'Couleur',
  sizes: 'Tailles et quantités',
  sizesHint: 'Comme sur le formulaire\u00a0: S:3, M:7, L:6, XL:4',
  decoration: 'Décoration',
  noDecoration: 'Aucune',
  printSize: 'Taille d’impression',
  inkColours: 'Couleurs d’encre',
  namesList: 'Liste de noms',
  namesHint: 'Un par ligne\u00a0: nom, taille, nom à imprimer, numéro',
  jobNotes: 'Notes de travail',
  reason: 'Pourquoi la commande change',
  reasonHint: 'Affiché dans l’historique de la commande, avec votre nom et l’heure.',
  save: 'Enregistrer la nouvelle version',
  saving: 'Enregistrement…',
  cancel: 'Annuler',
  refused: 'La modification n’a pas été enregistrée\u00a0:',
  versions: 'Versions',
  versionLine: (n, who, when) => `Version ${n}, ${who}, ${dateInWords(when, 'fr')}`,
  byCustomer: 'telle que le client l’a envoyée',
  byCustomerLater: 'par le client',
  byTeam: 'à partir des inscriptions de l’équipe',
  byStaff: (email) => `par ${email}`,
  toMake: 'ce que l’atelier fabrique et que la boutique achète',
  location: 'Emplacement',
});

export const useEditOrderText = textHook(EDIT_ORDER_MESSAGES);
