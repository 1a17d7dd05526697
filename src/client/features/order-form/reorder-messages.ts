// The words of "Order again" on the order form (docs/portal.md): loaded with its own chunk, only
// when the form is opened to repeat a past order.
import { catalogues, textHook } from '../../shared/language.js';

const en = {
  loadingAny: 'Filling the form from your past order…',
  loaded: (reference: string) =>
    `This form repeats order ${reference}. Its files are already stored: nothing to upload again. Change anything you like before you submit.`,
  sizesKept: 'The sizes and quantities are as before.',
  sizesEmptied: 'Type the sizes and quantities of this order.',
  signIn: 'Sign in to My orders to order again.',
  signInLink: 'Go to My orders',
  notFound: 'That order was not found among your orders.',
  failed: 'The past order could not be read. Please try again in a moment.',
  notesCopied: (reference: string) =>
    `These notes were copied from order ${reference}. Check that they still hold for this order.`,
  clearNotes: 'Clear the copied notes',
};

const fr: typeof en = {
  loadingAny: 'Remplissage du formulaire à partir de votre commande passée…',
  loaded: (reference) =>
    `Ce formulaire reprend la commande ${reference}. Ses fichiers sont déjà enregistrés\u00a0: rien à téléverser de nouveau. Modifiez ce que vous voulez avant d’envoyer.`,
  sizesKept: 'Les tailles et quantités sont celles de la dernière fois.',
  sizesEmptied: 'Entrez les tailles et quantités de cette commande.',
  signIn: 'Connectez-vous à Mes commandes pour commander de nouveau.',
  signInLink: 'Aller à Mes commandes',
  notFound: 'Cette commande est introuvable parmi vos commandes.',
  failed: 'La commande passée n’a pas pu être lue. Veuillez réessayer dans un instant.',
  notesCopied: (reference) =>
    `Ces notes ont été copiées de la commande ${reference}. Vérifiez qu’elles valent encore pour cette commande.`,
  clearNotes: 'Effacer les notes copiées',
};

export const REORDER_MESSAGES = catalogues(en, fr);
export const useReorderText = textHook(REORDER_MESSAGES);
