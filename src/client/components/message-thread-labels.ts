// Every text of the thread of messages on an order (message-thread.tsx), in English and Canadian
// French: the same thread on the order's page, in My orders and in the inbox.
import { catalogues, textHook } from '../shared/language.js';

const en = {
  loading: 'Loading the messages…',
  noMessages: 'No messages yet.',
  fromYou: 'You',
  fromCustomer: 'The customer',
  yourMessage: 'Your message',
  attach: 'Attach a picture or a PDF (optional)',
  attachHint: (max: string) => `PNG, JPEG, WebP or PDF, at most ${max}.`,
  send: 'Send the message',
  sending: 'Sending…',
  sent: 'Message sent.',
  required: 'Write your message or attach a file.',
  tooLong: (max: number) => `A message holds at most ${max.toLocaleString('en-CA')} characters: shorten it.`,
  fileTooLarge: (max: string) => `This file is larger than ${max}: send a smaller one.`,
  failed: 'That did not work. Please try again in a moment.',
  download: (name: string, size: string) => `Download ${name} (${size})`,
  previewOf: (name: string) => `Picture sent: ${name}`,
  list: 'Messages, oldest first',
};

type ThreadLabels = typeof en;

const fr: ThreadLabels = {
  loading: 'Chargement des messages…',
  noMessages: 'Aucun message pour l’instant.',
  fromYou: 'Vous',
  fromCustomer: 'Le client',
  yourMessage: 'Votre message',
  attach: 'Joindre une image ou un PDF (facultatif)',
  attachHint: (max) => `PNG, JPEG, WebP ou PDF, au plus ${max}.`,
  send: 'Envoyer le message',
  sending: 'Envoi…',
  sent: 'Message envoyé.',
  required: 'Écrivez votre message ou joignez un fichier.',
  tooLong: (max) => `Un message compte au plus ${max.toLocaleString('fr-CA')}\u00a0caractères\u00a0: raccourcissez-le.`,
  fileTooLarge: (max) => `Ce fichier dépasse ${max}\u00a0: envoyez-en un plus petit.`,
  failed: 'Cela n’a pas fonctionné. Veuillez réessayer dans un moment.',
  download: (name, size) => `Télécharger ${name} (${size})`,
  previewOf: (name) => `Image envoyée\u00a0: ${name}`,
  list: 'Messages, du plus ancien au plus récent',
};

export const MESSAGE_THREAD_LABELS = catalogues(en, fr);
export const useThreadText = textHook(MESSAGE_THREAD_LABELS);
