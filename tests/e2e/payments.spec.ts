// From approval to a paid job, against the real server: the customer approves and gets the
// invoice PDF by email, sees the deposit due and how to pay it by e-Transfer; the clerk records
// the e-Transfer, the customer gets the receipt, the order shows Deposit paid, moves to In
// production without a question, and Ready, asked first, emails the balance the page asks too.
// In English, then in French.
import type { ParsedMail } from 'mailparser';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { hasPoppler, pdfText } from '../support/pdf.js';
import { emailed, expectNoViolations, png, quebecOrder, signInToInbox, submitOrderByApi } from './helpers.js';

const MOCKUP = [{ name: 'Layout_1_Mockup_1.png', type: 'image/png', data: png(200, 30, 30) }];

const linkIn = (mail: ParsedMail) => /https?:\/\/\S+\/o\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')![0];

/** The PDF attached to a mail: drawn by pdftoppm, its text read by pdftotext. */
function attachedPdfText(mail: ParsedMail, name: RegExp): string {
  const pdf = mail.attachments.find((a) => name.test(a.filename ?? ''));
  expect(pdf?.contentType).toBe('application/pdf');
  if (!hasPoppler) {
    console.log('payments.spec: poppler-utils not installed; the PDF text is not read');
    return '';
  }
  return pdfText(pdf!.content);
}

async function clerkSendsQuote(page: Page, orderId: string) {
  await signInToInbox(page);
  await page.goto(`/inbox/orders/${orderId}`);
  await page.getByRole('button', { name: 'Prepare quote' }).click();
  await page.getByRole('group', { name: 'Line 1' }).getByLabel('Unit price ($)').fill('12.00');
  await expect(page.getByRole('row', { name: /^Total/ }).first()).toContainText('$689.85');
  await page.getByRole('button', { name: 'Send quote' }).click();
  // No proof here: the clerk confirms, and the customer approves the quote alone.
  await page
    .getByRole('dialog', { name: 'Send without proofs?' })
    .getByRole('button', { name: 'Send without proofs' })
    .click();
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('quoted');
}

async function customerApproves(browser: Browser, link: string, approveLabel: RegExp) {
  const context = await browser.newContext();
  const c = await context.newPage();
  await c.goto(link);
  await c.getByLabel(/^(Full name|Nom complet)$/).fill('Marie Curie');
  await c.getByLabel(approveLabel).check();
  await c.getByRole('button', { name: /^(Approve|Approuver)$/ }).click();
  return { context, c };
}

const WORDS = {
  en: {
    quoteSubject: /^Your quote for order/,
    approveBox: /^I approve this quote$/,
    invoiceSubject: /^Invoice \d{4}-\d{4} for order .+: deposit due \$344\.93$/,
    depositDue: 'Deposit due: $344.93',
    etransfer: 'Send $344.93 by Interac e-Transfer to orders@example.com.',
    writeRef: (ref: string) => `In the e-Transfer's message, write: ${ref}`,
    pdfTotal: '$689.85',
    pdfDeposit: '$344.93',
    receiptSubject: /^Receipt R-\d{4}-\d{4}: payment of \$344\.93 received$/,
    depositPaid: 'Your deposit is in: your order is on its way to production.',
    readySubject: /is ready$/,
    balance: 'Balance due: $344.92.',
  },
  fr: {
    quoteSubject: /^Votre soumission pour la commande/,
    approveBox: /^J’approuve cette soumission$/,
    invoiceSubject: /^Facture \d{4}-\d{4} de la commande .+\u00a0: acompte dû 344,93\u00a0\$$/,
    depositDue: 'Acompte dû\u00a0: 344,93\u00a0$',
    etransfer: 'Envoyez 344,93\u00a0$ par virement Interac à orders@example.com.',
    writeRef: (ref: string) => `Dans le message du virement, écrivez\u00a0: ${ref}`,
    pdfTotal: '689,85',
    pdfDeposit: '344,93',
    receiptSubject: /^Reçu R-\d{4}-\d{4}\u00a0: paiement de 344,93\u00a0\$ reçu$/,
    depositPaid: 'Votre acompte est arrivé\u00a0: votre commande passe en production.',
    readySubject: /est prête$/,
    balance: 'Solde dû\u00a0: 344,92\u00a0$.',
  },
} as const;

for (const language of ['en', 'fr'] as const) {
  test(`deposit to balance in ${language === 'en' ? 'English' : 'French'}: invoice PDF, e-Transfer recorded, receipt, Ready asks the balance`, async ({
    page,
    browser,
  }) => {
    const w = WORDS[language];
    const email = `marie.paie.${language}@example.com`;
    const { orderId, reference } = await submitOrderByApi(
      test.info().project.use.baseURL!,
      quebecOrder(language, email),
      MOCKUP,
    );
    await clerkSendsQuote(page, orderId);
    const quoteMail = await emailed(orderId, w.quoteSubject);

    // The customer approves: the invoice comes by email, as a PDF that opens.
    const { context, c } = await customerApproves(browser, linkIn(quoteMail), w.approveBox);
    const invoiceMail = await emailed(orderId, w.invoiceSubject);
    const number = /\d{4}-\d{4}/.exec(invoiceMail.subject!)![0];
    const text = attachedPdfText(invoiceMail, new RegExp(`^${number}\\.pdf$`));
    if (hasPoppler) {
      for (const expected of [number, '123456782 RT0001', w.pdfTotal, w.pdfDeposit, 'Maple Print Works Inc.']) {
        expect(text).toContain(expected);
      }
    }
    // Their page: the deposit due, and how to pay it by e-Transfer with the reference to write.
    await c.goto(linkIn(invoiceMail));
    await expect(c.getByText(w.depositDue, { exact: true })).toBeVisible();
    await expect(c.getByText(w.etransfer)).toBeVisible();
    await expect(c.getByText(w.writeRef(reference))).toBeVisible();
    await expect(c.getByRole('link', { name: new RegExp(`${number} \\(PDF\\)`) })).toBeVisible();
    await expectNoViolations(c, `customer page with the invoice (${language})`);

    // The clerk records the e-Transfer.
    await page.reload();
    const panel = page.getByRole('region', { name: 'Invoices and payments' });
    // The panel says what the customer's page says: one account, one sentence (in the clerk's language).
    await expect(panel.getByText('Deposit due: $344.93', { exact: true })).toBeVisible();
    await panel.getByLabel('Amount ($)').fill('344.93');
    await panel.getByLabel('Reference (e-Transfer reference or cheque number)').fill(`CA7xQ2${language.toUpperCase()}`);
    await panel.getByRole('button', { name: 'Record payment' }).click();
    await expect(panel.getByRole('status')).toContainText(/Recorded: receipt R-\d{4}-\d{4} was emailed/);
    await expect(panel.getByText('Deposit paid; balance of $344.92 to come', { exact: true })).toBeVisible();
    await expect(page.getByText(/Payment of \$344\.93 recorded \(Interac e-Transfer CA7xQ2/)).toBeVisible();
    // The panel's list dates it in words, as every sentence does (it printed 2026-11-29: $344.93).
    await expect(panel.getByText(/^[A-Z][a-z]+ \d{1,2}, \d{4}: \$344\.93 · Interac e-Transfer/)).toBeVisible();
    await expectNoViolations(page, `order with its payments (${language})`);

    // The receipt reaches the customer.
    const receiptMail = await emailed(orderId, w.receiptSubject);
    const receiptText = attachedPdfText(receiptMail, /^R-\d{4}-\d{4}\.pdf$/);
    if (hasPoppler) expect(receiptText).toContain(w.pdfDeposit);
    await c.reload();
    await expect(c.getByText(w.depositPaid)).toBeVisible();

    if (language === 'en') {
      // A payment typed in error, then voided by keyboard with a reason: the dialog says what it
      // does, and the account is as it was.
      await panel.getByLabel('Amount ($)').fill('10.00');
      await panel.getByLabel('Reference (e-Transfer reference or cheque number)').fill('TYPO-1');
      await panel.getByRole('button', { name: 'Record payment' }).click();
      await expect(panel.getByText('Deposit paid; balance of $334.92 to come', { exact: true })).toBeVisible();
      const voidButton = panel.getByRole('button', { name: /^Void R-\d{4}-\d{4}$/ }).last();
      const receipt = (await voidButton.textContent())!.replace('Void ', '');
      await voidButton.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: `Void receipt ${receipt}?` });
      await expect(dialog).toContainText('For a payment recorded in error ($10.00)');
      await expectNoViolations(page, 'the void dialog');
      // No reason: the server's refusal shows beside the field, and the dialog stays.
      await dialog.getByRole('button', { name: 'Void payment' }).click();
      await expect(dialog.getByLabel('Why is it voided?')).toHaveAccessibleDescription(/.+/);
      await expect(dialog).toBeVisible();
      await dialog.getByLabel('Why is it voided?').fill('Typed twice');
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      await expect(panel.getByText(/^VOID \(.+: Typed twice\)$/)).toBeVisible();
      await expect(panel.getByText('Deposit paid; balance of $344.92 to come', { exact: true })).toBeVisible();
    }

    // In production without a question (the deposit is in), then Ready emails the balance.
    await page.getByLabel('Status', { exact: true }).selectOption('in_production');
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('in_production');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Ready emails the customer: the inbox asks first, showing the email as it will be sent.
    await page.getByLabel('Status', { exact: true }).selectOption('ready');
    const ask = page.getByRole('dialog', { name: 'Move the order to Ready?' });
    await expect(ask.getByText('The customer will be emailed:')).toBeVisible();
    await expect(ask.getByText(w.balance.replace(/\.$/, ''), { exact: false })).toBeVisible();
    await expectNoViolations(page, `Ready's confirmation (${language})`);
    await ask.getByRole('button', { name: 'Move to Ready' }).click();
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('ready');
    const readyMail = await emailed(orderId, w.readySubject);
    expect(readyMail.text).toContain(w.balance);
    await expect(panel.getByText('Balance due: $344.92', { exact: true })).toBeVisible();
    // The customer's page asks the same.
    await c.reload();
    await expect(c.getByText(w.balance.replace(/\.$/, ''), { exact: true })).toBeVisible();
    await context.close();
  });
}

test('moving to In production before the deposit asks why, and the history keeps the answer', async ({
  page,
  browser,
}) => {
  const { orderId } = await submitOrderByApi(
    test.info().project.use.baseURL!,
    quebecOrder('en', 'gate@example.com'),
    MOCKUP,
  );
  await clerkSendsQuote(page, orderId);
  const { context } = await customerApproves(
    browser,
    linkIn(await emailed(orderId, WORDS.en.quoteSubject)),
    WORDS.en.approveBox,
  );
  await emailed(orderId, WORDS.en.invoiceSubject);
  await context.close();
  await page.reload();
  await page.getByLabel('Status', { exact: true }).selectOption('in_production');
  const dialog = page.getByRole('dialog', { name: 'Move the order to In production?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/\$344\.93 still due/)).toBeVisible();
  // A reason nobody can see is refused beside the field.
  await dialog.getByLabel('Why does the order go on without it?').fill('\u200b');
  await dialog.getByRole('button', { name: 'Move to In production' }).click();
  await expect(dialog.getByText(/Say why the order goes on without it/).last()).toBeVisible();
  await dialog.getByLabel('Why does the order go on without it?').fill('School board: pays on delivery by cheque');
  await expectNoViolations(page, 'deposit gate');
  await dialog.getByRole('button', { name: 'Move to In production' }).click();
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('in_production');
  await expect(
    page.getByText('Moved on without the deposit ($344.93 due): School board: pays on delivery by cheque'),
  ).toBeVisible();
});
