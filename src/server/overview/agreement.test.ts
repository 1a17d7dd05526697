// The Overview agrees with the books (docs/overview.md): a year of orders made through the real
// routes, then every money figure of /api/overview compared with the sales journal, the tax
// report and the aged receivables of the same period, to the cent, on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backends, startShopApp, type TestApp } from '../../../tests/support/harness.js';
import { yearOfOrders, type YearOfOrders } from '../../../tests/support/year-of-orders.js';
import type { AgedReceivables } from '../../shared/invoices/ageing.js';
import type { SalesJournal, TaxReport } from '../../shared/invoices/invoice-api.js';
import { monthRange, SALES_GROUPS, type Overview } from '../../shared/overview/overview.js';

describe.each(backends())('the Overview and the books on %s', (backend) => {
  let t: TestApp;
  let staff: { owner: string; clerk: string };
  let year: YearOfOrders;

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-02T16:00:00Z'));
    ({ t, staff } = await startShopApp(backend, {
      env: {
        SHOP_PROVINCE: 'ON',
        SHOP_LEGAL_NAME: 'Maple Print Works Inc.',
        GST_HST_NUMBER: '123456782 RT0001',
        QST_NUMBER: '1234567890 TQ0001',
        ORDER_LINK_RATE_LIMIT: '100000',
        SUBMIT_RATE_LIMIT: '100000',
      },
      staff: { owner: { email: 'owner@shop.ca', role: 'owner' }, clerk: { email: 'clerk@shop.ca', role: 'staff' } },
    }));
    year = await yearOfOrders(t, 'owner@shop.ca');
    const { signIn, STAFF_PASSWORD } = await import('../../../tests/support/harness.js');
    staff = {
      owner: await signIn(t.app, 'owner@shop.ca', STAFF_PASSWORD),
      clerk: await signIn(t.app, 'clerk@shop.ca', STAFF_PASSWORD),
    };
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    vi.useRealTimers();
  });

  const get = async <T>(url: string, who = staff.owner): Promise<T> => {
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: who } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };

  it('agrees with the sales journal and the tax report month by month and over the year, to the cent', async () => {
    const o = await get<Overview>(`/api/overview?from=${year.from}&to=${year.to}`);
    expect(o.sales!.months).toHaveLength(12);
    let documents = 0;
    for (const m of o.sales!.months) {
      const { from, to } = monthRange(m.month);
      const journal = await get<SalesJournal>(`/api/reports/journal?from=${from}&to=${to}`);
      const taxes = await get<TaxReport>(`/api/reports/taxes?from=${from}&to=${to}`);
      expect(m.salesCents, m.month).toBe(journal.totals.subtotalCents);
      expect(m.taxesCents, m.month).toBe(Object.values(journal.totals.taxes).reduce((a, b) => a + b, 0));
      expect(m.taxesCents, m.month).toBe(taxes.rows.reduce((a, r) => a + r.amountCents, 0));
      expect(m.salesCents + m.taxesCents, m.month).toBe(journal.totals.totalCents);
      expect(m.documents).toBe(journal.rows.length);
      // The splits share out the month's sales, never more, never less.
      expect(SALES_GROUPS.reduce((a, g) => a + m.byGroup[g], 0)).toBe(m.salesCents);
      expect(m.newCents + m.returningCents).toBe(m.salesCents);
      documents += m.documents;
      expect(m.salesCents).toBeGreaterThan(0);
    }
    expect(documents).toBe(24 + 4); // Two invoices a month, a credit note every third month.
    const journal = await get<SalesJournal>(`/api/reports/journal?from=${year.from}&to=${year.to}`);
    expect(o.sales!.totals).toEqual({
      salesCents: journal.totals.subtotalCents,
      taxesCents: journal.totals.totalCents - journal.totals.subtotalCents,
      totalCents: journal.totals.totalCents,
    });
    // January: both customers new; from February, Ada returns every month.
    expect(o.sales!.months[0]!.returningCents).toBe(0);
    for (const m of o.sales!.months.slice(1)) expect(m.returningCents).not.toBe(0);
  });

  it('agrees with the aged receivables, bucket by bucket, and lists the largest balances as it does', async () => {
    for (const asOf of [year.today, '2026-06-30', '2026-09-15']) {
      const o = await get<Overview>(`/api/overview?from=2026-01-01&to=${asOf}`);
      const aged = await get<AgedReceivables>(`/api/reports/aged?asOf=${asOf}`);
      expect(o.owed!.asOf).toBe(asOf);
      expect(o.owed!.buckets).toEqual(aged.buckets);
      expect(o.owed!.totalCents).toBe(aged.totalCents);
      const largest = [...aged.orders].sort((a, b) => b.balanceCents - a.balanceCents).slice(0, 10);
      expect(o.owed!.largest.map((l) => l.balanceCents)).toEqual(largest.map((l) => l.balanceCents));
      expect(o.owed!.largest.length).toBe(Math.min(10, aged.orders.length));
    }
    const o = await get<Overview>(`/api/overview?from=${year.from}&to=${year.to}`);
    expect(o.owed!.totalCents).toBeGreaterThan(0);
    // Unpaid deposits wait; what is due now is at least those deposits.
    expect(o.owed!.depositsWaiting.orders).toBeGreaterThan(0);
    expect(o.owed!.dueNowCents).toBeGreaterThanOrEqual(o.owed!.depositsWaiting.cents);
  });

  it('counts the quotes sent and approved each month', async () => {
    const o = await get<Overview>(`/api/overview?from=${year.from}&to=${year.to}`);
    for (const m of o.quotes!.months) expect([m.month, m.sent, m.approved]).toEqual([m.month, 2, 2]);
    expect(o.quotes!.approvedPercent).toBe(100);
    expect(o.quotes!.medianDaysToApproval).toBe(0);
  });

  it('gives each panel as CSV with numbers as numbers, and keeps the margins for owners', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/overview/csv?panel=sales&from=${year.from}&to=${year.to}`,
      headers: { cookie: staff.owner },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const o = await get<Overview>(`/api/overview?from=${year.from}&to=${year.to}`);
    const jan = o.sales!.months[0]!;
    const row = res.body.split('\n')[1]!.split(',');
    expect(row[0]).toBe('"2026-01"');
    expect(row[1]).toBe((jan.salesCents / 100).toFixed(2));
    expect(row[2]).toBe((jan.taxesCents / 100).toFixed(2));

    const clerk = await get<Overview>(`/api/overview?from=${year.from}&to=${year.to}`, staff.clerk);
    expect(clerk.panels).toEqual(['sales', 'owed', 'quotes', 'floor']);
    expect(clerk.margins).toBeUndefined();
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/overview/csv?panel=margins`,
      headers: { cookie: staff.clerk },
    });
    expect(refused.statusCode).toBe(403);
  });
});
