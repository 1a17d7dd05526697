import { useMemo } from 'react';
import { useInboxApi } from '../session.js';
import { productionApi, type ProductionApi } from './production-api.js';

/** The production floor's calls, bound to the inbox's session. */
export function useProductionApi(): ProductionApi {
  const api = useInboxApi();
  return useMemo(() => productionApi(api), [api]);
}
