// The Accounts page on a server of its own (its terms would change every other journey's
// invoices): an owner sets the payment terms, a refused value is named beside its field; the next
// invoice follows them (30 % deposit, the new e-Transfer address, autodeposit, no cheques); the
// owner allows a clerk to credit and holds the records (a hold without a reason is refused beside
// its field); a French staff member sees the terms, permissions and hold read-only and the
// accountant's reports in French; the owner credits the invoice from the sales journal.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoViolations, png, quebecOrder, signInAt, startOwnServer, submitOrderByApi } from './helpers.js';

let server: Awaited<ReturnType<typeof startOwnServer>>;
const DATA = 'e2e-accounts-data';

test.beforeAll(async () => {
  server = await startOwnServer(30, DATA);
});
test.afterAll(async () => server.stop());

/** The order's link from its newest email that carries one. */
async function linkOf(orderId: string): Promise<string> {
  const outbox = path.resolve(`test-results/${DATA}/outbox`);
  let token = '';
  await expect
    .poll(
      () => {
        const files = fs.existsSync(outbox)
          ? fs
              .readdirSync(outbox)
              .filter((f) => f.startsWith(orderId))
              .sort()
          : [];
        token =
          files
            .map((f) => /\/o\/([A-Za-z0-9_-]{43})/.exec(fs.readFileSync(path.join(outbox, f), 'utf8'))?.[1])
            .find(Boolean) ?? '';
        return token;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return `${server.base}/o/${token}`;
}

test('an owner sets the terms and the next invoice follows them; staff read them in French', async ({
  page,
  browser,
}) => {
  await signInAt(page, server.base, 'clerk@shop.example', 'Orders');
  await page.getByRole('link', { name: 'Accounts' }).click();
  await expect(page.getByRole('heading', { name: 'Payment terms' })).toBeVisible();
  await expect(page.getByLabel('Deposit (% of the invoice)')).toHaveValue('50');
  await expectNoViolations(page, 'Accounts page');

  await page.getByLabel('Deposit (% of the invoice)').fill('30');
  await page.getByLabel('e-Transfer address').fill('not an address');
  await page.getByRole('button', { name: 'Save terms' }).click();
  await expect(
    page.getByText('Give the email address e-Transfers are sent to, or stop offering e-Transfer.'),
  ).toBeVisible();
  await expect(page.getByLabel('e-Transfer address')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('e-Transfer address').fill('paiements@shop.example');
  await page.getByLabel('Autodeposit is on (no security question)').check();
  await page.getByLabel('Cheque').uncheck();
  await page.getByRole('button', { name: 'Save terms' }).click();
  await expect(page.getByRole('status')).toHaveText('Terms saved. They apply to invoices issued from now on.');

  // An order quoted $689.85 and approved: its invoice asks 30 %, and says how, by the new terms.
  const { orderId, reference } = await submitOrderByApi(server.base, quebecOrder('en', 'terms@example.com'), [
    { name: 'Layout_1_Mockup_1.png', type: 'image/png', data: png(20, 20, 20) },
  ]);
  const sent = await page.request.post(`${server.base}/api/orders/${orderId}/quote/send`, {
    headers: { origin: server.base },
    data: {
      lines: [{ description: 'Tees', quantity: 50, unitPriceCents: 1200, taxable: true }],
      confirmNoProofs: true,
    },
  });
  expect(sent.status()).toBe(201);
  const customer = await browser.newContext();
  const c = await customer.newPage();
  await c.goto(await linkOf(orderId));
  await c.getByLabel('Full name').fill('Marie Curie');
  await c.getByLabel('I approve this quote').check();
  await c.getByRole('button', { name: 'Approve' }).click();
  await expect(c.getByText('Deposit due: $206.96', { exact: true })).toBeVisible(); // 30 % of $689.85, half-up
  await expect(c.getByText('Send $206.96 by Interac e-Transfer to paiements@shop.example.')).toBeVisible();
  await expect(c.getByText(`In the e-Transfer's message, write: ${reference}`)).toBeVisible();
  await expect(c.getByText('Autodeposit is on: no security question is needed.')).toBeVisible();
  await expect(c.getByRole('heading', { name: 'Cheque' })).toHaveCount(0);
  await customer.close();

  // The report of this month has the invoice's taxes.
  await page.reload();
  await expect(page.getByRole('row', { name: /^GST QC 5%/ })).toContainText('$30.00');
  await expect(page.getByRole('row', { name: /^QST QC 9\.975%/ })).toContainText('$59.85');
  // The returns' lines: the GST/HST return's line 103, Quebec's line 203, each on its own.
  await expect(page.getByRole('row', { name: /^103 GST and HST collected/ })).toContainText('$30.00');
  await expect(page.getByRole('row', { name: /^203 QST collectible/ })).toContainText('$59.85');
  const journalRow = page.getByRole('row', { name: new RegExp(`Invoice ${reference}`) });
  await expect(journalRow).toContainText('$689.85');
  await expect(journalRow.getByRole('link', { name: /\(PDF\)$/ })).toHaveAttribute('href', /\/api\/invoices\/.+\/pdf$/);

  // Receivables at a date: nothing before the invoice; years on, its $689.85 is over 90 days past
  // due (due when ready: on its own day), in all, and the order is revenue not yet earned.
  const receivables = page.getByRole('region', { name: 'Aged receivables' });
  await expect(receivables.getByLabel('As of')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await receivables.getByLabel('As of').fill('2020-01-01');
  await receivables.getByRole('button', { name: 'Show' }).click();
  await expect(receivables.getByText('Nothing owed on that day.')).toBeVisible();
  await expect(receivables.getByText('No order invoiced and not Completed on that day.')).toBeVisible();
  await receivables.getByLabel('As of').fill('2099-12-31');
  await receivables.getByLabel('As of').press('Enter');
  const all = receivables.getByRole('row', { name: /^All customers/ });
  await expect(all).toHaveText(/^All customers\s*\$0\.00\s*\$0\.00\s*\$0\.00\s*\$0\.00\s*\$689\.85\s*\$689\.85$/);
  await expect(receivables.getByRole('link', { name: 'Aged receivables (CSV)' })).toHaveAttribute(
    'href',
    '/api/reports/aged?asOf=2099-12-31&format=csv',
  );
  await expect(receivables.getByRole('row', { name: new RegExp(`^${reference}`) })).toHaveText(
    /Approved.*\$600\.00\s*\$689\.85\s*\$0\.00$/,
  );
  await expect(receivables.getByRole('link', { name: 'Deferred revenue (CSV)' })).toHaveAttribute(
    'href',
    '/api/reports/deferred?asOf=2099-12-31&format=csv',
  );

  // Who may refund, credit and override: the owner allows the French clerk to credit.
  const permissions = page.getByRole('region', { name: 'Who may refund, credit and override' });
  const commis = permissions.getByRole('group', { name: 'commis@shop.example' });
  await expect(commis.getByLabel('Issue credit notes')).not.toBeChecked();
  await expect(permissions.getByRole('group', { name: 'clerc@shop.example' })).toHaveCount(0); // an owner
  await commis.getByLabel('Issue credit notes').check();
  await permissions.getByRole('button', { name: 'Save permissions' }).click();
  await expect(permissions.getByRole('status')).toHaveText('Permissions saved.');

  // The hold: without a reason it is refused beside the field; with one, the records are held.
  const hold = page.getByRole('region', { name: 'Hold the records' });
  await expect(hold.getByText('The records are not held', { exact: false })).toBeVisible();
  await hold.getByLabel('Hold every record').check();
  await hold.getByRole('button', { name: 'Save' }).click();
  await expect(hold.getByText('Say why the records are held.')).toBeVisible();
  await expect(hold.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
  await hold.getByLabel('Reason').fill('CRA audit of 2025');
  await hold.getByRole('button', { name: 'Save' }).click();
  await expect(hold.getByRole('status')).toHaveText('Saved.');
  await expect(hold.getByText('The records are held: nothing is destroyed.')).toBeVisible();
  await expectNoViolations(page, 'Accounts page with a journal, permissions and a hold');

  // A French staff member: the terms read-only, the reports in French, accessible.
  const staff = await browser.newContext();
  const s = await staff.newPage();
  await signInAt(s, server.base, 'commis@shop.example', 'Commandes');
  await s.getByRole('link', { name: 'Comptabilité' }).click();
  await expect(s.getByText('Seul un propriétaire peut modifier les conditions.')).toBeVisible();
  await expect(s.getByLabel('Acompte (% de la facture)')).toBeDisabled();
  await expect(s.getByRole('heading', { name: 'Taxes de vente perçues' })).toBeVisible();
  await expect(s.getByRole('row', { name: /^TPS QC 5/ })).toContainText('30,00');
  await expect(s.getByText('Seul un propriétaire décide qui peut rembourser, créditer et passer outre.')).toBeVisible();
  await expect(s.getByRole('listitem').filter({ hasText: 'Émettre des notes de crédit' })).toBeVisible();
  // Allowed to credit, the clerk is offered the journal's Credit action.
  await expect(s.getByRole('button', { name: /^Créditer \d{4}-\d{4}$/ })).toBeVisible();
  await expect(s.getByText('Les dossiers sont conservés\u00a0: rien n’est détruit.')).toBeVisible();
  await expect(s.getByText('Seul un propriétaire peut conserver les dossiers ou les libérer.')).toBeVisible();
  await expect(s.getByLabel('Conserver tous les dossiers')).toHaveCount(0);
  await expectNoViolations(s, 'Accounts page in French');
  await staff.close();

  // The owner credits what is left of the invoice from the journal, by keyboard: the form opens
  // with the keyboard on it, the credit note joins the journal, and the invoice has nothing left.
  const credit = journalRow.getByRole('button', { name: /^Credit / });
  await credit.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 4, name: /^Credit / })).toBeFocused();
  const form = page.getByRole('region', { name: /^Credit \d{4}-\d{4}$/ });
  await expect(form.getByLabel('Everything left')).toBeChecked();
  await form.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(form.getByText('Say why the invoice is credited.')).toBeVisible();
  await expect(form.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Reason').fill('Order cancelled by the customer');
  await form.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(page.getByText(/^Credit note CN-\d{4}-\d{4} issued\.$/)).toBeFocused();
  await expect(page.getByRole('row', { name: /Credit note/ })).toContainText('-$689.85');
  await expect(journalRow.getByRole('button', { name: /^Credit / })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /^203 QST collectible/ })).toContainText('$0.00');
});
