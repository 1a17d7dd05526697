// Every text of My orders (/my-orders), in English and Canadian French, read with
// usePortalText(). Its own module, loaded with the portal's chunk, never with the form.
import { catalogues, textHook, type Language } from '../../shared/language.js';

const en = {
  switchTo: 'Français',
  switchToLang: 'fr' as Language,
  switchLabel: 'Language',
  title: 'My orders',
  loading: 'Loading your orders…',
  signInIntro:
    'Type the email you used on your orders. We will send you a link that opens them here, with no password.',
  email: 'Email',
  sendLink: 'Email me a link',
  sent: (email: string) =>
    `If ${email} is on orders with us, a link is on its way. It works once, for 15 minutes. Check your spam folder if it does not arrive.`,
  signingIn: 'Signing you in…',
  signedInAs: (email: string) => `Signed in as ${email}`,
  signOut: 'Sign out',
  noOrders: 'There are no orders with this email any more.',
  orderHeading: (reference: string) => `Order ${reference}`,
  received: (date: string) => `Received ${date}`,
  status: (label: string) => `Status: ${label}`,
  quote: (version: number, total: string) => `Quote v${version}: ${total}`,
  estimate: (total: string) => `Estimate on the form: ${total} (the shop's quote will follow)`,
  noQuote: 'The shop is preparing your quote.',
  proofs: (count: number) =>
    count === 1 ? '1 proof to see on the order’s page' : `${count} proofs to see on the order’s page`,
  invoiceLink: (number: string) => `Invoice ${number} (PDF)`,
  creditNoteLink: (number: string) => `Credit note ${number} (PDF)`,
  receiptLink: (number: string) => `Receipt ${number} (PDF)`,
  howToPay: 'How to pay',
  openOrder: (reference: string) => `Open the page of order ${reference}`,
  orderAgain: 'Order again',
  orderAgainLabel: (reference: string) => `Order again: ${reference}`,
  orderAgainHint: 'Opens the order form filled from this order, with its files already stored.',
  keepSizes: 'Keep the sizes and quantities as before',
  failed: 'That did not work. Please try again in a moment.',
  messagesTitle: 'Messages with the shop',
  messageHint: (max: number) =>
    `The shop is told by email and answers here. At most ${max.toLocaleString('en-CA')} characters.`,
};

export const PORTAL_MESSAGES = catalogues<typeof en>(en, {
  switchTo: 'English',
  switchToLang: 'en',
  switchLabel: 'Langue',
  title: 'Mes commandes',
  loading: 'Chargement de vos commandes…',
  signInIntro:
    'Tapez l’adresse courriel utilisée sur vos commandes. Nous vous enverrons un lien qui les ouvre ici, sans mot de passe.',
  email: 'Courriel',
  sendLink: 'M’envoyer un lien',
  sent: (email) =>
    `Si ${email} figure sur des commandes chez nous, un lien est en route. Il fonctionne une seule fois, pendant 15\u00a0minutes. Vérifiez vos courriels indésirables s’il n’arrive pas.`,
  signingIn: 'Connexion en cours…',
  signedInAs: (email) => `Connecté avec ${email}`,
  signOut: 'Se déconnecter',
  noOrders: 'Il n’y a plus de commande avec cette adresse.',
  orderHeading: (reference) => `Commande ${reference}`,
  received: (date) => `Reçue le ${date}`,
  status: (label) => `État\u00a0: ${label}`,
  quote: (version, total) => `Soumission v${version}\u00a0: ${total}`,
  estimate: (total) => `Estimation du formulaire\u00a0: ${total} (la soumission de la boutique suivra)`,
  noQuote: 'La boutique prépare votre soumission.',
  proofs: (count) =>
    count === 1
      ? '1\u00a0épreuve à voir sur la page de la commande'
      : `${count}\u00a0épreuves à voir sur la page de la commande`,
  invoiceLink: (number) => `Facture ${number} (PDF)`,
  creditNoteLink: (number) => `Note de crédit ${number} (PDF)`,
  receiptLink: (number) => `Reçu ${number} (PDF)`,
  howToPay: 'Comment payer',
  openOrder: (reference) => `Ouvrir la page de la commande ${reference}`,
  orderAgain: 'Commander de nouveau',
  orderAgainLabel: (reference) => `Commander de nouveau\u00a0: ${reference}`,
  orderAgainHint:
    'Ouvre le formulaire de commande rempli à partir de cette commande, avec ses fichiers déjà enregistrés.',
  keepSizes: 'Garder les tailles et quantités de la dernière fois',
  failed: 'Cela n’a pas fonctionné. Veuillez réessayer dans un moment.',
  messagesTitle: 'Messages avec la boutique',
  messageHint: (max) =>
    `La boutique est avisée par courriel et répond ici. Au plus ${max.toLocaleString('fr-CA')}\u00a0caractères.`,
});

export const usePortalText = textHook(PORTAL_MESSAGES);
