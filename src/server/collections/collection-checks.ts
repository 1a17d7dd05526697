// What a new collection must be, wherever it is made (the form's POST /api/collections, or My
// orders for an order already sent): a title, one of the shop's garments, a closing date in
// reach. Each refusal names its field, in English and French (docs/collections.md, Security).
import { COLLECTION_LIMITS } from '../../shared/collections-api.js';
import { addDays, isCalendarDate } from '../../shared/dates.js';
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

export function checkedTitle(raw: string): string {
  const title = raw.trim();
  if (!title || title.length > COLLECTION_LIMITS.title) {
    throw refused(
      'title_invalid',
      'title',
      `Enter a title of at most ${COLLECTION_LIMITS.title} characters, such as the team’s name.`,
      `Entrez un titre d’au plus ${COLLECTION_LIMITS.title} caractères, comme le nom de l’équipe.`,
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

/** A day of the shop's calendar from today to COLLECTION_LIMITS.daysAhead ahead. */
export function checkedClosingDate(raw: string, today: string): string {
  const closesOn = raw.trim();
  if (!isCalendarDate(closesOn) || closesOn < today || closesOn > addDays(today, COLLECTION_LIMITS.daysAhead)) {
    throw refused(
      'closing_date_invalid',
      'closesOn',
      `Choose a closing date from today to ${COLLECTION_LIMITS.daysAhead} days ahead.`,
      `Choisissez une date de clôture d’aujourd’hui à ${COLLECTION_LIMITS.daysAhead} jours d’ici.`,
    );
  }
  return closesOn;
}
