// GET /api/overview?from=&to= (JSON) and GET /api/overview/csv?panel=&from=&to= (one panel's
// numbers, numbers as numbers): the owner's Overview (docs/overview.md). Inside the inbox, so a
// staff session is needed; owners see every panel, other staff every panel but the margins
// (supplier costs are the owner's). The period defaults to the twelve months to today.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DECORATION_METHODS } from '../../shared/constants.js';
import { dateIn } from '../../shared/dates.js';
import { AGEING_BUCKETS, AGEING_LABELS } from '../../shared/invoices/ageing.js';
import {
  defaultPeriod,
  OVERVIEW_PANELS,
  OWNER_ONLY_PANELS,
  overviewCsvQuerySchema,
  overviewQuerySchema,
  SALES_GROUPS,
  type Overview,
  type OverviewPanel,
} from '../../shared/overview/overview.js';
import { AppError, periodEndsBeforeStart } from '../errors.js';
import { csvOf, csvReply, money, type Cell } from '../invoices/index.js';
import type { Dialect } from '../storage/db.js';
import type { Database } from '../storage/schema.js';
import type { Kysely } from 'kysely';
import { floorPanel, marginsPanel, owedPanel, quotesPanel, salesPanel } from './overview-panels.js';

export interface OverviewDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The shop's time zone, read on each use (the profile in force). */
  readonly timeZone: string;
}

const panelsFor = (request: FastifyRequest): OverviewPanel[] =>
  OVERVIEW_PANELS.filter((p) => request.staff?.role === 'owner' || !OWNER_ONLY_PANELS.includes(p));

export async function buildOverview(
  deps: OverviewDeps,
  panels: readonly OverviewPanel[],
  query: { from?: string | undefined; to?: string | undefined },
  now = new Date(),
): Promise<Overview> {
  const today = dateIn(deps.timeZone, now);
  const fallback = defaultPeriod(today);
  const from = query.from ?? fallback.from;
  const to = query.to ?? fallback.to;
  if (from > to) throw periodEndsBeforeStart();
  if (to.slice(0, 4) > String(Number(from.slice(0, 4)) + 4))
    throw new AppError(422, 'invalid_period', 'The period is five years at most.', ['to'], {
      messageFr: 'La période compte au plus cinq ans.',
    });
  const has = (p: OverviewPanel) => panels.includes(p);
  const asOf = to < today ? to : today;
  const [sales, owed, quotes, floor, margins] = await Promise.all([
    has('sales') ? salesPanel(deps.db, from, to) : undefined,
    has('owed') ? owedPanel(deps.db, asOf) : undefined,
    has('quotes') ? quotesPanel(deps.db, deps.dialect, deps.timeZone, from, to, today) : undefined,
    has('floor') ? floorPanel(deps.db, deps.dialect, deps.timeZone, from, to, today) : undefined,
    has('margins') ? marginsPanel(deps.db, from, to) : undefined,
  ]);
  return {
    from,
    to,
    today,
    panels: [...panels],
    ...(sales ? { sales } : {}),
    ...(owed ? { owed } : {}),
    ...(quotes ? { quotes } : {}),
    ...(floor ? { floor } : {}),
    ...(margins ? { margins } : {}),
  };
}

/** One panel's rows as a spreadsheet reads them (English heads, amounts in dollars as numbers). */
export function panelCsv(o: Overview, panel: OverviewPanel): Cell[][] {
  switch (panel) {
    case 'sales':
      return [
        [
          'Month',
          'Sales (CAD)',
          'Taxes (CAD)',
          'Documents',
          ...SALES_GROUPS.map((g) => `${g} (CAD)`),
          'New customers (CAD)',
          'Returning customers (CAD)',
        ],
        ...o.sales!.months.map((m) => [
          m.month,
          money(m.salesCents),
          money(m.taxesCents),
          m.documents,
          ...SALES_GROUPS.map((g) => money(m.byGroup[g])),
          money(m.newCents),
          money(m.returningCents),
        ]),
      ];
    case 'owed': {
      const w = o.owed!;
      return [
        ['As of', w.asOf],
        ['Due now (CAD)', money(w.dueNowCents)],
        ['Deposits waiting', w.depositsWaiting.orders],
        ['Deposits waiting (CAD)', money(w.depositsWaiting.cents)],
        ...AGEING_BUCKETS.map((b) => [`${AGEING_LABELS[b].en} (CAD)`, money(w.buckets[b])]),
        ['Total (CAD)', money(w.totalCents)],
        [],
        ['Order', 'Customer', 'Balance (CAD)'],
        ...w.largest.map((l) => [l.orderReference, l.customer, money(l.balanceCents)]),
      ];
    }
    case 'quotes':
      return [
        ['Month', 'Sent', 'Approved', 'Changes asked', 'Lapsed'],
        ...o.quotes!.months.map((m) => [m.month, m.sent, m.approved, m.changesAsked, m.lapsed]),
        [],
        ['Approved (%)', o.quotes!.approvedPercent ?? ''],
        ['Median days to approval', o.quotes!.medianDaysToApproval ?? ''],
      ];
    case 'floor': {
      const f = o.floor!;
      return [
        ['Week from', 'Week to', ...DECORATION_METHODS.flatMap((m) => [`${m} pieces`, `${m} capacity`])],
        ...f.weeks.map((w) => [w.from, w.to, ...DECORATION_METHODS.flatMap((m) => [w.pieces[m], w.capacity[m]])]),
        [],
        ['Month', 'Ready', 'On time'],
        ...f.onTime.map((m) => [m.month, m.ready, m.onTime]),
        [],
        ['Median days from approval to Ready', f.medianDaysApprovalToReady ?? ''],
        ['Late now', f.lateNow.length],
      ];
    }
    case 'margins':
      return [
        ['Order', 'Month', 'Sales (CAD)', 'Blanks (CAD)', 'Margin (CAD)'],
        ...o.margins!.jobs.map((j) => [
          j.reference,
          j.month,
          money(j.revenueCents),
          j.blanksCents === null ? 'costs unknown' : money(j.blanksCents),
          j.marginCents === null ? 'costs unknown' : money(j.marginCents),
        ]),
      ];
  }
}

export async function overviewRoutes(app: FastifyInstance, opts: { deps: OverviewDeps }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/overview', { schema: { querystring: overviewQuerySchema } }, async (request) =>
    buildOverview(opts.deps, panelsFor(request), request.query),
  );
  api.get('/api/overview/csv', { schema: { querystring: overviewCsvQuerySchema } }, async (request, reply) => {
    const { panel, ...period } = request.query;
    if (!panelsFor(request).includes(panel))
      throw new AppError(403, 'owner_only', 'Only an owner can see the margins.', undefined, {
        messageFr: 'Seul un propriétaire peut voir les marges.',
      });
    const o = await buildOverview(opts.deps, [panel], period);
    return csvReply(reply, `overview-${panel}-${o.from}-to-${o.to}.csv`, csvOf(panelCsv(o, panel)));
  });
}
