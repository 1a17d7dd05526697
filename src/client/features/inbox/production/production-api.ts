// The production floor's calls (docs/production.md, Routes), through the inbox's session-bound
// call: a 401 sends the clerk to sign-in, and the page they were on stays in the address bar.
// Answers are typed by the shared wire format and checked with a cheap test, as api.ts does.
import type { Board, Calendar, JobCard } from '../../../../shared/production/production-api.js';
import type { ProductionSettings } from '../../../../shared/production/stages.js';
import { isRecord } from '../../../shared/api-error.js';
import { expectAnswer } from '../../../shared/call-api.js';
import type { InboxApi } from '../api.js';

const isJob = (b: unknown): b is JobCard =>
  isRecord(b) && typeof b.orderId === 'string' && Array.isArray(b.imprints) && isRecord(b.readiness);
const isBoard = (b: unknown): b is Board => isRecord(b) && Array.isArray(b.jobs) && isRecord(b.stages);
const isSettings = (b: unknown): b is ProductionSettings =>
  isRecord(b) && isRecord(b.stages) && isRecord(b.capacity) && typeof b.turnaroundDays === 'number';
const isCalendar = (b: unknown): b is Calendar => isRecord(b) && Array.isArray(b.loads) && Array.isArray(b.jobs);

export function productionApi(api: InboxApi) {
  const job = (orderId: string) => `/api/production/jobs/${encodeURIComponent(orderId)}`;
  return {
    board: (query: string): Promise<Board> =>
      api.call(`/api/production/board${query ? `?${query}` : ''}`).then((b) => expectAnswer(b, isBoard, 'board')),
    job: (orderId: string): Promise<JobCard> => api.call(job(orderId)).then((b) => expectAnswer(b, isJob, 'job')),
    /** The job a reference typed from its ticket names (a 404 `no_job` when none). */
    jobByReference: (reference: string): Promise<JobCard> =>
      api.call(`/api/production/jobs?${new URLSearchParams({ reference })}`).then((b) => expectAnswer(b, isJob, 'job')),
    /** Moves an imprint from where the clerk saw it; a 409 `moved_meanwhile` when someone moved it first. */
    move: (imprintId: string, from: number, to: number, override?: { reason: string }): Promise<JobCard> =>
      api
        .call(`/api/production/imprints/${encodeURIComponent(imprintId)}/move`, {
          method: 'POST',
          body: JSON.stringify({ from, to, ...(override ? { override } : {}) }),
        })
        .then((b) => expectAnswer(b, isJob, 'job')),
    calendar: (from: string, to: string): Promise<Calendar> =>
      api
        .call(`/api/production/calendar?${new URLSearchParams({ from, to })}`)
        .then((b) => expectAnswer(b, isCalendar, 'calendar')),
    settings: (): Promise<ProductionSettings> =>
      api.call('/api/production/settings').then((b) => expectAnswer(b, isSettings, 'production settings')),
    /** Owners only (a 403 for others); answers the settings as saved. */
    saveSettings: (settings: ProductionSettings): Promise<ProductionSettings> =>
      api
        .call('/api/production/settings', { method: 'PUT', body: JSON.stringify(settings) })
        .then((b) => expectAnswer(b, isSettings, 'production settings')),
  };
}

export type ProductionApi = ReturnType<typeof productionApi>;
