// The provinces' and territories' names in Canadian French, for every select that lists them
// (the order form's, the shop settings'); the English names are the shared PROVINCES list's.
import { PROVINCES, type ProvinceCode } from '../../shared/constants.js';

export const PROVINCE_NAMES_FR: Readonly<Record<ProvinceCode, string>> = {
  AB: 'Alberta',
  BC: 'Colombie-Britannique',
  MB: 'Manitoba',
  NB: 'Nouveau-Brunswick',
  NL: 'Terre-Neuve-et-Labrador',
  NS: 'Nouvelle-Écosse',
  NT: 'Territoires du Nord-Ouest',
  NU: 'Nunavut',
  ON: 'Ontario',
  PE: 'Île-du-Prince-Édouard',
  QC: 'Québec',
  SK: 'Saskatchewan',
  YT: 'Yukon',
};

/** The provinces and territories as a select lists them: by their name in the reader's language, in its alphabetical order. */
export function provinceOptions(language: 'en' | 'fr'): { value: ProvinceCode; label: string }[] {
  const locale = language === 'fr' ? 'fr-CA' : 'en-CA';
  return PROVINCES.map((p) => ({ value: p.code, label: language === 'fr' ? PROVINCE_NAMES_FR[p.code] : p.name })).sort(
    (a, b) => a.label.localeCompare(b.label, locale),
  );
}
