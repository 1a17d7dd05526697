// What a new collection must be, wherever it is made (the form's POST /api/collections, or My
// orders for an order already sent): a title, one of the shop's garments, a closing date in
// reach. Each refusal names its field, in English and French (docs/collections.md, Security).
import { COLLECTION_LIMITS } from '../../shared/collections-api.js';
import { addDays, isCalendarDate } from '../../shared/dates.js';
import { readsAsContact } from '../../shared/order-record.js';
import { plainText } from '../../shared/plain-text.js';
import { AppError } from '../errors.js';
import type { PublishedPriceList } from '../prices/index.js';

/** A refusal of one field, in both languages, shown beside it. */
export const refused = (code: string, field: string, en: string, fr: string) =>
  new AppError(400, code, en, [field], { messageFr: fr });

export const collectionNotFound = () =>
  new AppError(404, 'not_found', 'No such collection.', undefined, { messageFr: 'Aucune collecte de ce nom.' });

export const collectionClosed = () =>
  new AppError(409, 'collection_closed', 'This collection is closed: entries can no longer change.', undefined, {
    messageFr: 'Cette collecte est close\u00a0: les inscriptions ne peuvent plus changer.',
  });

/**
 * The title members read on a page of the shop's domain: plain text on one line (no control or
 * bidi characters), at most COLLECTION_LIMITS.title characters, and, as the confirmation guards
 * what a submitter typed, without a link, a web or email address or a phone number.
 */
export function checkedTitle(raw: string): string {
  const title = plainText(raw).trim();
  if (!title || title.length > COLLECTION_LIMITS.title) {
    throw refused(
      'title_invalid',
      'title',
      `Enter a title of at most ${COLLECTION_LIMITS.title} characters, such as the team’s name.`,
      `Entrez un titre d’au plus ${COLLECTION_LIMITS.title} caractères, comme le nom de l’équipe.`,
    );
  }
  if (readsAsContact(title)) {
    throw refused(
      'title_contact',
      'title',
      'A title names the team: leave out web and email addresses and phone numbers.',
      'Un titre nomme l’équipe\u00a0: n’y mettez ni adresse web ou courriel ni numéro de téléphone.',
    );
  }
  return title;
}

/** The price list's garment named by its id or name (either case), if it has sizes. */
export async function garmentNamed(currentPriceList: () => Promise<PublishedPriceList | null>, name: string) {
  const wanted = name.trim().toLowerCase();
  const garment = (await currentPriceList())?.priceList.garments.find(
    (g) => g.id.toLowerCase() === wanted || g.name.toLowerCase() === wanted,
  );
  return garment && garment.sizes.length > 0 ? garment : undefined;
}

/** The shop's garment whose sizes members choose from, or a refusal beside `field`. */
export async function shopGarment(
  currentPriceList: () => Promise<PublishedPriceList | null>,
  name: string,
  field: string,
) {
  const garment = await garmentNamed(currentPriceList, name);
  if (!garment) {
    throw refused(
      'garment_unknown',
      field,
      'Choose one of the shop’s garments first: its sizes are the ones members choose from.',
      'Choisissez d’abord un des vêtements de la boutique\u00a0: ses tailles sont celles que les membres choisissent.',
    );
  }
  return garment;
}

/**
 * A day of the shop's calendar from today to `daysAhead` ahead (COLLECTION_LIMITS.daysAhead for an
 * order's collection, daysAheadWithoutOrder for one the form makes before its order exists).
 */
export function checkedClosingDate(raw: string, today: string, daysAhead: number): string {
  const closesOn = raw.trim();
  if (!isCalendarDate(closesOn) || closesOn < today || closesOn > addDays(today, daysAhead)) {
    throw refused(
      'closing_date_invalid',
      'closesOn',
      `Choose a closing date from today to ${daysAhead} days ahead.`,
      `Choisissez une date de clôture d’aujourd’hui à ${daysAhead} jours d’ici.`,
    );
  }
  return closesOn;
}
