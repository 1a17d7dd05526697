// A customer's statement as a PDF (docs/accounts.md, "Statements"), drawn with PDFKit like the
// invoices (invoice-pdf.ts): the shop and the customer, the period, the balance brought forward,
// each entry with the balance after it (a voided payment marked VOID, counted nowhere), the
// closing balance, and the closing balance by age. In the customer's language, or French first
// with English beside it (pdf-labels.ts). Drawn when asked; never stored.
import { AGEING_BUCKETS, AGEING_LABELS } from '../../shared/invoices/ageing.js';
import { STATEMENT_KINDS } from '../../shared/invoices/statement.js';
import { heightOf, write, write1 } from '../pdf/pdf-text.js';
import { renderPdf, type Doc } from '../pdf/render.js';
import { labelsFor, WORDS, type Labels } from './pdf-labels.js';
import type { CustomerStatement } from './statement-service.js';
import { STATEMENT_WORDS as S, periodOf, voidedNote } from './statement-labels.js';

const LEFT = 50;
const RIGHT = 562;
const WIDTH = RIGHT - LEFT;
const COLUMNS = {
  date: { x: LEFT, width: 62 },
  document: { x: 116, width: 200 },
  order: { x: 320, width: 70 },
  amount: { x: 394, width: 80 },
  balance: { x: 480, width: 82 },
};
type Cells = Record<keyof typeof COLUMNS, string>;

function row(doc: Doc, cells: Cells, bold = false) {
  const weight = bold ? 'bold' : 'regular';
  const size = bold ? 8 : 9;
  const height = Math.max(
    ...(['document', 'order'] as const).map((k) => heightOf(doc, cells[k], { size, weight, ...COLUMNS[k] })),
  );
  if (doc.y + height > doc.page.maxY()) {
    doc.addPage();
    doc.y = doc.page.margins.top;
  }
  const y = doc.y;
  const bottoms = [
    write(doc, cells.date, COLUMNS.date.x, y, { size, weight, width: COLUMNS.date.width }),
    write(doc, cells.document, COLUMNS.document.x, y, { size, weight, width: COLUMNS.document.width }),
    write(doc, cells.order, COLUMNS.order.x, y, { size, weight, width: COLUMNS.order.width }),
  ];
  for (const key of ['amount', 'balance'] as const) {
    const draw = bold ? write : write1;
    bottoms.push(draw(doc, cells[key], COLUMNS[key].x, y, { size, weight, width: COLUMNS[key].width, align: 'right' }));
  }
  doc.y = Math.max(...bottoms) + 3;
}

function rule(doc: Doc) {
  doc.moveTo(LEFT, doc.y).lineTo(RIGHT, doc.y).lineWidth(0.5).strokeColor('#888888').stroke();
  doc.y += 4;
}

function header(doc: Doc, s: CustomerStatement, l: Labels) {
  const half = (WIDTH - 12) / 2;
  const right = LEFT + half + 12;
  write(doc, s.seller.legalName, LEFT, 50, { size: 16, weight: 'bold', width: half });
  for (const line of [s.seller.address, s.seller.email].filter(Boolean))
    write(doc, line, LEFT, doc.y, { size: 9, width: half });
  const leftBottom = doc.y;
  write1(doc, l.say(S.title), right, 50, { size: 16, weight: 'bold', width: half, align: 'right' });
  for (const line of [
    l.field(S.date, s.date),
    ...l.lines(periodOf(s.statement.from, s.statement.to)).map((p, i) => (i === 0 ? l.field(S.period, p) : p)),
  ])
    write(doc, line, right, doc.y, { size: 9, width: half, align: 'right' });
  doc.y = Math.max(leftBottom, doc.y) + 18;
  const c = s.customer;
  write(doc, l.say(S.customer), LEFT, doc.y, { size: 10, weight: 'bold', width: WIDTH });
  for (const line of [c.name, c.company, ...c.address, c.email].filter(Boolean))
    write(doc, line, LEFT, doc.y, { size: 9, width: WIDTH });
  doc.y += 12;
}

export function renderStatementPdf(s: CustomerStatement, logo: Buffer | null = null): Promise<Buffer> {
  const l = labelsFor(s.language, s.bilingual === true);
  const st = s.statement;
  // The statement's own date as its creation date: the same statement, the same bytes.
  return renderPdf(
    `${l.say(S.title)} ${st.from} – ${st.to}`,
    new Date(`${s.date}T12:00:00Z`),
    (doc) => {
      header(doc, s, l);
      row(
        doc,
        {
          date: l.say(S.date),
          document: l.say(S.document),
          order: l.say(S.order),
          amount: l.say(S.amount),
          balance: l.say(S.balance),
        },
        true,
      );
      rule(doc);
      row(doc, { date: st.from, document: l.say(S.opening), order: '', amount: '', balance: l.money(st.openingCents) });
      for (const line of st.lines) {
        const name = `${l.say(STATEMENT_KINDS[line.kind].label)} ${line.number}`;
        const document = line.voided
          ? [`${name} — ${l.say(S.void)}`, ...l.lines(voidedNote(line.voided.on, line.voided.reason))].join('\n')
          : name;
        row(doc, {
          date: line.date,
          document,
          order: line.orderReference,
          amount: line.voided ? l.money(0) : l.money(line.effectCents),
          balance: l.money(line.balanceCents),
        });
      }
      if (st.lines.length === 0) row(doc, { date: '', document: l.say(S.nothing), order: '', amount: '', balance: '' });
      rule(doc);
      row(
        doc,
        { date: st.to, document: l.say(S.closing), order: '', amount: '', balance: l.money(st.closingCents) },
        true,
      );
      doc.y += 14;
      write(doc, l.say(S.aged), LEFT, doc.y, { size: 10, weight: 'bold', width: WIDTH });
      doc.y += 4;
      const width = WIDTH / (AGEING_BUCKETS.length + 1);
      const y = doc.y;
      const heads = [...AGEING_BUCKETS.map((b) => l.say(AGEING_LABELS[b])), l.say(S.total)];
      const bottoms = heads.map((h, i) =>
        write(doc, h, LEFT + i * width, y, { size: 8, weight: 'bold', width: width - 4, align: 'right' }),
      );
      doc.y = Math.max(...bottoms) + 2;
      const y2 = doc.y;
      const values = [...AGEING_BUCKETS.map((b) => st.aged.buckets[b]), st.aged.totalCents];
      values.forEach((v, i) =>
        write1(doc, l.money(v), LEFT + i * width, y2, { size: 9, width: width - 4, align: 'right' }),
      );
      doc.y = y2 + 18;
      for (const line of [...l.lines(S.credit), ...l.lines(WORDS.keep)])
        write(doc, line, LEFT, doc.y, { size: 8, width: WIDTH });
    },
    logo,
  );
}
