// The statement's PDF in each language: a Quebec shop's for an English-speaking customer in French
// with English beside it (as its invoices), a French customer's in French alone.
import { describe, expect, it } from 'vitest';
import { statementOf } from '../../shared/invoices/statement.js';
import { hasPoppler, pdfText } from '../../../tests/support/pdf.js';
import { renderStatementPdf } from './statement-pdf.js';
import type { CustomerStatement } from './statement-service.js';

const statement = statementOf(
  [
    {
      orderReference: 'QC12-3456',
      customer: 'Marie',
      documents: [{ kind: 'invoice', totalCents: 68985, depositCents: 34493, issueDate: '2026-12-10' }],
      entries: [
        {
          kind: 'invoice',
          date: '2026-12-10',
          at: '2026-12-10T15:00:00Z',
          number: '2026-0007',
          orderReference: 'QC12-3456',
          amountCents: 68985,
        },
        {
          kind: 'payment',
          date: '2026-12-11',
          at: '2026-12-11T15:00:00Z',
          number: 'R-2026-0003',
          orderReference: 'QC12-3456',
          amountCents: 34493,
        },
      ],
    },
  ],
  '2026-12-01',
  '2026-12-31',
);
const base: CustomerStatement = {
  statement,
  date: '2027-01-02',
  seller: { legalName: 'Atelier Fleurdelisé inc.', address: 'Montréal QC', gstHst: '', qst: '', email: '' },
  customer: { name: 'Marie Curie', company: '', email: 'marie@example.com', address: ['1 rue Principale'] },
  language: 'fr',
};
const text = async (s: CustomerStatement) => pdfText(await renderStatementPdf(s)).replace(/\s+/g, ' ');

describe.runIf(hasPoppler)('the statement PDF', () => {
  it('is French first with English beside it for an English-speaking customer of a Quebec shop', async () => {
    const bilingual = await text({ ...base, bilingual: true });
    expect(bilingual).toContain('RELEVÉ DE COMPTE / STATEMENT');
    expect(bilingual).toContain('Solde reporté / Balance brought forward 0,00 $');
    expect(bilingual).toContain('Facture / Invoice 2026-0007 QC12-3456 689,85 $ 689,85 $');
    expect(bilingual).toContain('Paiement / Payment R-2026-0003 QC12-3456 -344,93 $ 344,92 $');
    expect(bilingual).toContain('Solde de clôture / Closing balance 344,92 $');
  });
  it('is in French alone for a French-speaking customer', async () => {
    const french = await text(base);
    expect(french).toContain('RELEVÉ DE COMPTE');
    expect(french).not.toContain('STATEMENT');
    expect(french).toContain('Période : du 1er décembre 2026 au 31 décembre 2026');
  });
});
