// The texts of a status change that asks first (status-dialog.tsx): the gate before production,
// the emails the customer will get, and the credit of what a cancelled order left unpaid.
import { catalogues, textHook } from '../../shared/language.js';

const en = {
  heading: (status: string) => `Move the order to ${status}?`,
  gateReason: 'Why does the order go on without it?',
  gateNotAllowed: 'Only an owner, or someone an owner allows on the Accounts page, can do this.',
  mailsHeading: 'The customer will be emailed:',
  noMail: 'The customer will not be emailed.',
  subject: 'Subject',
  creditUnpaid: (amount: string) => `Credit what is unpaid (${amount}) with a credit note, emailed to the customer`,
  creditNotAllowed: 'Only an owner, or someone an owner allows, can issue credit notes.',
  unpaidKept: (amount: string) =>
    `${amount} stays invoiced and unpaid: the customer is not asked for it, and the Accounts page lists it.`,
  writeOffRest: (amount: string) =>
    `Write off the ${amount} the credit cannot reach (under the small-balance threshold): not emailed`,
  confirm: (status: string) => `Move to ${status}`,
  cancel: 'Cancel',
  loading: 'Checking what this move does…',
};

export const STATUS_MESSAGES = catalogues(en, {
  heading: (status) => `Passer la commande à «\u00a0${status}\u00a0»\u00a0?`,
  gateReason: 'Pourquoi la commande continue-t-elle sans cela\u00a0?',
  gateNotAllowed: 'Seul un propriétaire, ou une personne qu’il autorise à la page Comptes, peut le faire.',
  mailsHeading: 'Le client recevra ce courriel\u00a0:',
  noMail: 'Le client ne recevra pas de courriel.',
  subject: 'Objet',
  creditUnpaid: (amount) => `Créditer ce qui reste impayé (${amount}) par une note de crédit envoyée au client`,
  creditNotAllowed: 'Seul un propriétaire, ou une personne qu’il autorise, peut émettre des notes de crédit.',
  unpaidKept: (amount) =>
    `${amount} reste facturé et impayé\u00a0: rien n’est demandé au client, et la page Comptes l’indique.`,
  writeOffRest: (amount) =>
    `Radier les ${amount} que le crédit ne peut atteindre (sous le seuil des petits soldes)\u00a0: sans courriel`,
  confirm: (status) => `Passer à «\u00a0${status}\u00a0»`,
  cancel: 'Annuler',
  loading: 'Vérification de ce que fait ce changement…',
});

export const useStatusText = textHook(STATUS_MESSAGES);
