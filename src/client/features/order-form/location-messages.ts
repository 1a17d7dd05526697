// The words of named locations on the order form (docs/product.md, Locations), apart from the
// form's contract texts: where a decoration goes, its usual size, adding and removing one.
import { LOCATION_LABELS, suggestedSizeText } from '../../../shared/order-presentation.js';
import type { Location } from '../../../shared/locations.js';
import { catalogues, textHook } from '../../shared/language.js';

const en = {
  location: 'Location',
  locations: LOCATION_LABELS.en,
  usualSize: (location: Location) => `Usually ${suggestedSizeText(location, 'en')}`,
  addDecoration: (view: string) => `Add another decoration on the ${view}`,
  extraLegend: (view: string, location: string) => `${view}: ${location}`,
  removeDecoration: (view: string, location: string) => `Remove the decoration at ${view}: ${location}`,
};

const fr: typeof en = {
  location: 'Emplacement',
  locations: LOCATION_LABELS.fr,
  usualSize: (location) => `Habituellement ${suggestedSizeText(location, 'fr')}`,
  addDecoration: (view) => `Ajouter une autre décoration – ${view}`,
  extraLegend: (view, location) => `${view}\u00a0: ${location}`,
  removeDecoration: (view, location) => `Retirer la décoration – ${view}\u00a0: ${location}`,
};

export const LOCATION_MESSAGES = catalogues(en, fr);
export const useLocationText = textHook(LOCATION_MESSAGES);
