// One number for stitches and prices, in the four places that show one (docs/prices.md, "One
// number"), on SQLite and PostgreSQL: the form's live estimate (priceFormState, over the order the
// form would send, its graphics measured as the browser measures them), the estimate the server
// stored after a real submit, the quote's suggested lines ("Prepare quote") and the job ticket
// (which carries stitches and transfer sizes but, by design, no price). Thirteen decorations, each
// its own design layout of 24 shirts: square and wide logos, each location, each method, a price
// list of 1,200 stitches a square inch. Before, a square 3.5" left-chest logo was 7,000 stitches
// on the form and ticket and 12,250 on the quote; a 7 to 3 picture was a stitch apart.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DecorationMethod, ViewName } from './shared/constants.js';
import { aspectOf } from './shared/aspect.js';
import type { Location } from './shared/locations.js';
import type { PublicPriceList, SeenEstimate } from './shared/price-list-api.js';
import type { PriceLine } from './shared/prices/price-types.js';
import example from './shared/prices/example-price-list.json' with { type: 'json' };
import type { StaffQuoteState } from './shared/quote-api.js';
import { buildSubmission } from './client/features/order-form/build-submission.js';
import { priceFormState } from './client/features/order-form/form-pricing.js';
import {
  initialOrderState,
  orderReducer,
  type FileEntry,
  type OrderAction,
  type OrderState,
} from './client/features/order-form/order-state.js';
import {
  approvedOrder,
  backends,
  pageToken,
  startShopApp,
  submitMultipart,
  type TestApp,
} from '../tests/support/harness.js';
import { hasPoppler, pdfText } from '../tests/support/pdf.js';

const DENSITY = 1200;
const priceList = structuredClone(example);
priceList.methods.embroidery.stitchesPerSquareInch = DENSITY;

interface Case {
  name: string;
  view: ViewName;
  location?: Location;
  method: DecorationMethod;
  dimensions: string;
  colours?: number;
  /** The graphic's pixels (absent: no picture sent). */
  pixels?: { width: number; height: number };
  /** What the table expects, worked out by hand: size × 1,200 a square inch, rounded up. */
  stitches: number | null;
  inches: number | null;
}

const CASES: Case[] = [
  // 3.5 × 3.5 × 1,200
  {
    name: 'square logo, left chest',
    view: 'Front',
    location: 'left-chest',
    method: 'embroidery',
    dimensions: '3.5" wide',
    pixels: { width: 600, height: 600 },
    stitches: 14_700,
    inches: null,
  },
  // 3.5 × 1.75 × 1,200
  {
    name: 'wide logo, left chest',
    view: 'Front',
    location: 'left-chest',
    method: 'embroidery',
    dimensions: '3.5" wide',
    pixels: { width: 800, height: 400 },
    stitches: 7_350,
    inches: null,
  },
  // The left chest's usual 3.5 × 2
  {
    name: 'no picture, left chest',
    view: 'Front',
    location: 'left-chest',
    method: 'embroidery',
    dimensions: '3.5" wide',
    stitches: 8_400,
    inches: null,
  },
  {
    name: 'both sides given, full front',
    view: 'Front',
    location: 'full-front',
    method: 'embroidery',
    dimensions: '3.5 x 2 in',
    pixels: { width: 500, height: 500 },
    stitches: 8_400,
    inches: null,
  },
  {
    name: 'square logo, right chest, height only',
    view: 'Front',
    location: 'right-chest',
    method: 'embroidery',
    dimensions: '3" tall',
    pixels: { width: 400, height: 400 },
    stitches: 10_800,
    inches: null,
  },
  // 6 × 2 × 1,200
  {
    name: 'wide logo, full back',
    view: 'Back',
    location: 'full-back',
    method: 'embroidery',
    dimensions: '6" wide',
    pixels: { width: 900, height: 300 },
    stitches: 14_400,
    inches: null,
  },
  // 7 to 3 is 2.333 as the order carries it: 3 × 3 ÷ 2.333 × 1,200 = 4,629.2 (4,628.6 unrounded)
  {
    name: 'wide logo of 7 to 3, upper back',
    view: 'Back',
    location: 'upper-back',
    method: 'embroidery',
    dimensions: '3" wide',
    pixels: { width: 700, height: 300 },
    stitches: 4_630,
    inches: null,
  },
  {
    name: 'square logo, left sleeve',
    view: 'Left Sleeve',
    location: 'sleeve',
    method: 'embroidery',
    dimensions: '2" wide',
    pixels: { width: 300, height: 300 },
    stitches: 4_800,
    inches: null,
  },
  {
    name: 'tall transfer, full front',
    view: 'Front',
    location: 'full-front',
    method: 'dtf',
    dimensions: '4" wide',
    pixels: { width: 300, height: 600 },
    stitches: null,
    inches: 8,
  },
  {
    name: 'wide transfer, full back',
    view: 'Back',
    location: 'full-back',
    method: 'dtf',
    dimensions: '10" wide',
    pixels: { width: 800, height: 400 },
    stitches: null,
    inches: 10,
  },
  {
    name: 'transfer, right sleeve, no picture',
    view: 'Right Sleeve',
    method: 'dtf',
    dimensions: '3 x 2 in',
    stitches: null,
    inches: 3,
  },
  {
    name: 'screen print, pocket, 2 colours',
    view: 'Front',
    location: 'pocket',
    method: 'screen-printing',
    dimensions: '3" wide',
    colours: 2,
    pixels: { width: 400, height: 400 },
    stitches: null,
    inches: null,
  },
  {
    name: 'sewing, nape',
    view: 'Back',
    location: 'nape',
    method: 'sewing',
    dimensions: '5" wide',
    stitches: null,
    inches: null,
  },
];

const picture = (p: { width: number; height: number }) =>
  sharp({ create: { width: p.width, height: p.height, channels: 3, background: '#1e40af' } })
    .png()
    .toBuffer();

let seq = 0;
/** The whole order as the customer types it: one layout per case, each graphic measured as the browser does. */
async function formState(): Promise<OrderState> {
  const actions: OrderAction[] = [];
  for (const [index, c] of CASES.entries()) {
    const n = index + 1;
    if (n > 1) actions.push({ type: 'additionalLayoutsAnswered', answer: 'yes', variationId: `v${n}` });
    actions.push({ type: 'mockupOptionChanged', layout: n, option: 'upload' });
    if (c.pixels) {
      const data = await picture(c.pixels);
      const file: FileEntry = {
        id: `f${++seq}`,
        file: new File([new Uint8Array(data)], `logo-${n}.png`, { type: 'image/png' }),
        previewUrl: null,
      };
      actions.push(
        { type: 'viewGraphicChosen', layout: n, view: c.view, file },
        { type: 'viewGraphicMeasured', layout: n, view: c.view, fileId: file.id, aspect: aspectOf(c.pixels) },
      );
    }
    if (c.location) actions.push({ type: 'viewLocationChanged', layout: n, view: c.view, value: c.location });
    actions.push(
      { type: 'viewDimensionsChanged', layout: n, view: c.view, value: c.dimensions },
      { type: 'viewDecorationChanged', layout: n, view: c.view, value: c.method },
    );
    if (c.colours) actions.push({ type: 'viewColoursChanged', layout: n, view: c.view, value: String(c.colours) });
    actions.push(
      { type: 'garmentOptionChanged', layout: n, option: 'pick' },
      { type: 'variationChanged', layout: n, variationId: `v${n}`, field: 'type', value: 'Gildan 5000 T-shirt' },
      { type: 'variationChanged', layout: n, variationId: `v${n}`, field: 'color', value: 'Black' },
      { type: 'variationChanged', layout: n, variationId: `v${n}`, field: 'sizes', value: 'M:12, L:12' },
    );
  }
  actions.push({ type: 'additionalLayoutsAnswered', answer: 'no', variationId: 'x' });
  const billing = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    companyName: 'Analytical Tees',
    address: '1 Engine Rd',
    city: 'Toronto',
    province: 'ON',
    postalCode: 'M5V 1A1',
    phone: '416-555-0100',
    email: 'ada@example.com',
  } as const;
  for (const [field, value] of Object.entries(billing))
    actions.push({ type: 'billingChanged', field: field as keyof typeof billing, value });
  return actions.reduce(orderReducer, initialOrderState('v1'));
}

/** One decoration as a place shows it: its line's description, cents, and the stitches or inches it names. */
interface Shown {
  description: string;
  cents: number;
  stitches: number | null;
  inches: number | null;
}
const readNumbers = (text: string) => ({
  stitches: /about ([\d,]+) stitches/.exec(text)?.[1]?.replaceAll(',', '') ?? null,
  inches: /([\d.]+)" longest side/.exec(text)?.[1] ?? null,
});
function shown(description: string, cents: number): Shown {
  const n = readNumbers(description);
  return {
    description,
    cents,
    stitches: n.stitches === null ? null : Number(n.stitches),
    inches: n.inches === null ? null : Number(n.inches),
  };
}
const decorationOfLayout = <T extends { description: string }>(lines: T[], layout: number) =>
  lines.filter(
    (l) => l.description.startsWith(`Design Layout ${layout} ·`) || l.description.startsWith(`Layout ${layout} ·`),
  );

describe.each(backends())(
  'one number for each decoration in the form, the stored estimate, the quote and the ticket, on %s',
  (backend) => {
    let t: TestApp;
    let clerk = '';
    let form: PriceLine[] = [];
    let formTotals: number[] = [];
    let stored: SeenEstimate;
    let quote: StaffQuoteState;
    let ticketText = '';

    beforeAll(async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-28T17:00:00Z'));
      const started = await startShopApp(backend, {
        // The upload rate and the route time limit have tests of their own: a loaded machine must not cut these requests.
        env: {
          GST_HST_NUMBER: '123456782 RT0001',
          ARTWORK_CHECKS: 'false',
          MIN_UPLOAD_BYTES_PER_SECOND: '0',
          ROUTE_TIMEOUT_MS: '300000',
        },
        priceList,
        staff: { clerk: { email: 'clerk@shop.ca', role: 'staff' } },
      });
      t = started.t;
      clerk = started.staff.clerk;

      // The form: the list as the browser fetches it, the state priced as the estimate prices it.
      const published = (await t.app.inject({ method: 'GET', url: '/api/price-list' })).json<PublicPriceList>();
      const state = await formState();
      const priced = priceFormState(state, published, '2026-11-28');
      expect(priced, 'the form prices the order').not.toBeNull();
      form = [...priced!.lines];
      formTotals = [priced!.subtotalCents, priced!.totalCents];

      // A real submit of what the form sends, its pictures with it.
      const { order, attachments } = buildSubmission(state);
      const files = await Promise.all(
        attachments.map(async (a) => ({ name: a.name, type: a.type, data: Buffer.from(await a.file.arrayBuffer()) })),
      );
      const { orderId } = await submitMultipart(t.app, order, files, { 'x-form-token': pageToken(t) });
      const row = await t.app.db
        .selectFrom('orders')
        .select('estimate')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      stored = (typeof row.estimate === 'string' ? JSON.parse(row.estimate) : row.estimate) as SeenEstimate;

      const staff = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: clerk } });
      quote = (await staff(`/api/orders/${orderId}/quote`)).json<StaffQuoteState>();
      expect(quote.priced, 'the quote is priced from the list').not.toBeNull();

      await approvedOrder(t, clerk, orderId, [
        { description: 'Tees', quantity: 312, unitPriceCents: 1500, taxable: true },
      ]);
      const ticket = await staff(`/api/production/jobs/${orderId}/ticket.pdf`);
      expect(ticket.statusCode, ticket.body).toBe(200);
      if (hasPoppler) ticketText = pdfText(ticket.rawPayload);
    }, 240_000);
    afterAll(async () => {
      vi.useRealTimers();
      await t?.close();
    });

    it.each(CASES.map((c, i) => ({ ...c, layout: i + 1 })))('$name', (c) => {
      const fromForm = decorationOfLayout(
        form.filter((l) => l.kind === 'decoration').map((l) => ({ ...l, description: l.description.en })),
        c.layout,
      ).map((l) => shown(l.description, l.totalCents));
      const fromStored = decorationOfLayout(
        stored.lines.map((l) => ({ ...l, description: l.description.en })),
        c.layout,
      )
        .filter((l) => fromForm.some((f) => f.description === l.description))
        .map((l) => shown(l.description, l.totalCents));
      const fromQuote = decorationOfLayout(
        quote.priced!.lines.filter((l) => l.kind === 'decoration'),
        c.layout,
      ).map((l) => shown(l.description, l.quantity * l.unitPriceCents));

      expect(fromForm).toHaveLength(1);
      const [one] = fromForm as [Shown];
      // The table's own numbers, then the same line, cents and numbers everywhere.
      expect([one.stitches, one.inches]).toEqual([c.stitches, c.inches]);
      expect(one.cents).toBeGreaterThan(0);
      expect(fromStored).toEqual(fromForm);
      expect(fromQuote).toEqual(fromForm);
      // The whole estimate is the form's, to the cent.
      expect([stored.subtotalCents, stored.totalCents]).toEqual(formTotals);

      // The ticket: this layout's imprint page names the same stitches or transfer size.
      if (!hasPoppler) return;
      const page = imprintPage(ticketText, c.layout);
      if (c.stitches !== null)
        expect(page).toMatch(new RegExp(`Estimated stitches\\s+${c.stitches.toLocaleString('en-CA')}\\b`));
      else expect(page).not.toMatch(/Estimated stitches/);
      if (c.inches !== null) expect(page).toMatch(new RegExp(`Transfer size\\s+${c.inches} in\\b`));
      else expect(page).not.toMatch(/Transfer size/);
    });
  },
);

/** The ticket's page for the imprint of `layout` (one decoration a layout): from its "Imprint n of m" on. */
function imprintPage(text: string, layout: number): string {
  const pages = text.split(/(?=Imprint \d+ of \d+)/);
  const page = pages.find((p) => /^Imprint \d+ of/.test(p) && new RegExp(`Layout\\s+${layout}\\b`).test(p));
  if (!page) throw new Error(`no imprint page for layout ${layout}`);
  return page;
}
