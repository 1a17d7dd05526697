// The provinces' and territories' names in Canadian French, for every select that lists them
// (the order form's, the shop settings'); the English names are the shared PROVINCES list's.
import type { ProvinceCode } from '../../shared/constants.js';

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
