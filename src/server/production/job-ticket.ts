// The job ticket (docs/production.md, "The job ticket"): the PDF the floor works from, in the
// language of the staff member who prints it, and without a price. A summary page (reference,
// customer, due date, garments by style, colour and size, imprints, the job notes), then a page
// per imprint (location, method, print size, ink colours, stitches or transfer size, pieces, the
// approved proof and the mockups printed large). Every page carries the QR code of the job's scan
// page, `${PUBLIC_URL}/inbox/jobs/<orderId>`, and the reference to type when a phone cannot scan.
import { METHODS } from '../../shared/decoration-methods.js';
import QRCode from 'qrcode';
import { dateIn } from '../../shared/dates.js';
import type { TeamName } from '../../shared/collections-api.js';
import type { Language } from '../../shared/order-presentation.js';
import type { OrderLayout } from '../../shared/order.js';
import type { ImprintCard, JobCard } from '../../shared/production/production-api.js';
import { readQuantity } from '../../shared/quantities.js';
import { printPicture } from '../artwork/index.js';
import type { FileStore } from '../files/file-store.js';
import { heightOf, write, write1 } from '../pdf/pdf-text.js';
import { renderPdf, type Doc } from '../pdf/render.js';
import { approvedVersions, orderToMake, proofsOfOrder } from '../quotes/index.js';
import { fromJson } from '../storage/json.js';
import { findOrder, listAttachments } from '../storage/orders.js';
import { jobCard, type ProductionDeps } from './production-service.js';
import { ticketLabels, type TicketLabels } from './ticket-labels.js';

export interface TicketDeps extends ProductionDeps {
  files: FileStore;
  /** The shop's address on the web: the QR code opens the job's scan page there. */
  publicUrl: string;
  /** Processor time a picture's thumbnail may take to make, when it has none yet (ARTWORK_RENDER_CPU_MS). */
  cpuBudgetMs: number;
}

/** The scan page of a job: what its ticket's QR code holds. */
export const jobUrl = (publicUrl: string, orderId: string) => `${publicUrl.replace(/\/$/, '')}/inbox/jobs/${orderId}`;

// ---------------------------------------------------------------------------------------------
// Garments by style, colour and size

export interface GarmentRow {
  style: string;
  colour: string;
  /** The customer supplies these garments (their own goods). */
  customerGoods: boolean;
  /** Pieces by size, sizes in the order the customer first wrote them. */
  sizes: { size: string; qty: number }[];
  /** Pieces given as a count without sizes ("35 pcs"). */
  unsized: number;
  /** Sizes and quantities that could not be read, as the customer wrote them. */
  unread: string[];
}

/**
 * The garments of these layouts, one row per style and colour (and whose goods they are), sizes
 * summed across variations with readQuantity; `inPo` when a layout's garments are in a PO.
 */
export function garmentsOf(layouts: readonly OrderLayout[]): { rows: GarmentRow[]; inPo: boolean } {
  const rows = new Map<string, GarmentRow>();
  let inPo = false;
  for (const layout of layouts) {
    if (layout.garmentOption === 'po') {
      inPo = true;
      continue;
    }
    for (const v of layout.variations) {
      const style = v.type.trim();
      const colour = v.color.trim();
      const customerGoods = v.supplyingGoods === 'yes';
      const key = JSON.stringify([style.toLowerCase(), colour.toLowerCase(), customerGoods]);
      let row = rows.get(key);
      if (!row) rows.set(key, (row = { style, colour, customerGoods, sizes: [], unsized: 0, unread: [] }));
      const reading = readQuantity(v.sizes);
      if (!reading) {
        row.unread.push(v.sizes.trim());
        continue;
      }
      if (reading.parts.length === 0) row.unsized += reading.total;
      for (const part of reading.parts) {
        const same = row.sizes.find((s) => s.size === part.size);
        if (same) same.qty += part.qty;
        else row.sizes.push({ ...part });
      }
    }
  }
  return { rows: [...rows.values()], inPo };
}

const totalOf = (row: GarmentRow): number | null =>
  row.unread.length > 0 ? null : row.sizes.reduce((sum, s) => sum + s.qty, row.unsized);

// ---------------------------------------------------------------------------------------------
// What the ticket shows, read before drawing

interface Picture {
  name: string;
  /** The file's thumbnail as a JPEG (artwork/print-picture.ts); null when it has none to print. */
  bytes: Buffer | null;
}

interface Figure {
  caption: string;
  picture: Picture;
}

interface Ticket {
  job: JobCard;
  layouts: Record<string, OrderLayout>;
  figures: Map<string, Figure[]>;
  qr: Buffer;
  printedOn: string;
}

/** Mockups a page prints at most; the others are named (the order's files have them all). */
const MOCKUPS_PER_IMPRINT = 4;

async function ticketOf(deps: TicketDeps, orderId: string, language: Language): Promise<Ticket | null> {
  const job = await jobCard(deps, orderId);
  const order = job && (await findOrder(deps.db, orderId));
  if (!job || !order) return null;
  const l = ticketLabels(language);
  const [approvals, proofs, attachments] = await Promise.all([
    approvedVersions(deps.db, [orderId]),
    proofsOfOrder(deps.db, orderId),
    listAttachments(deps.db, orderId),
  ]);
  const approved = new Set(approvals.get(orderId)?.proofIds ?? []);
  // Each file read once, however many imprints print it, and one at a time: what is held is its
  // thumbnail, a JPEG of at most 400 pixels a side (docs/production.md, "The job ticket").
  const pictures = new Map<string, Buffer | null>();
  const picture = async (storageKey: string, name: string): Promise<Picture> => {
    if (!pictures.has(storageKey)) {
      pictures.set(storageKey, await printPicture(deps.files, storageKey, { cpuBudgetMs: deps.cpuBudgetMs }));
    }
    return { name, bytes: pictures.get(storageKey) ?? null };
  };
  const figures = new Map<string, Figure[]>();
  for (const imprint of job.imprints) {
    const layout = Number(imprint.layout);
    const ofLayout = attachments.filter((a) => a.layout_number === layout);
    const view = ofLayout.filter(
      (a) =>
        a.role === 'view' && (a.view === imprint.location || (imprint.graphic !== '' && a.name === imprint.graphic)),
    );
    const mockups = ofLayout.filter((a) => a.role === 'mockup');
    const shown = async (caption: string, file: { storage_key: string; name: string }, print = true) => ({
      caption,
      picture: print ? await picture(file.storage_key, file.name) : { name: file.name, bytes: null },
    });
    const list: Figure[] = [];
    for (const p of proofs.filter((p) => p.layout_number === layout && approved.has(p.id)))
      list.push(await shown(l.words.proof, p));
    for (const a of view) list.push(await shown(l.words.artwork, a));
    for (const [i, a] of mockups.entries()) list.push(await shown(l.words.mockup, a, i < MOCKUPS_PER_IMPRINT));
    figures.set(imprint.id, list);
  }
  return {
    job,
    // The version the job makes (the approved one), never the order as first sent.
    layouts: ((await orderToMake(deps.db, orderId))?.document ?? fromJson(order.document)).layouts,
    figures,
    qr: await QRCode.toBuffer(jobUrl(deps.publicUrl, orderId), {
      type: 'png',
      errorCorrectionLevel: 'M',
      margin: 4,
      scale: 8,
    }),
    printedOn: dateIn(deps.timeZone),
  };
}

// ---------------------------------------------------------------------------------------------
// Drawing

const LEFT = 50;
const RIGHT = 562;
const WIDTH = RIGHT - LEFT;
const TOP = 40;
/** The QR code's side: about 4 px a module at 150 dpi, read by a phone from arm's length. */
const QR = 108;
const TEXT_WIDTH = WIDTH - QR - 16;

/** An image PDFKit opened once: drawn as often as needed, embedded once (openImage is in PDFKit's API, not its types). */
type Opened = { width: number; height: number };
const openImage = (doc: Doc, bytes: Buffer) => (doc as unknown as { openImage(src: Buffer): Opened }).openImage(bytes);
const drawImage = (doc: Doc, image: Opened, x: number, y: number, options: PDFKit.Mixins.ImageOption) =>
  doc.image(image as unknown as Buffer, x, y, options);

interface Drawing {
  doc: Doc;
  l: TicketLabels;
  ticket: Ticket;
  qr: Opened;
  /** Each picture opened once (null: PDFKit refused it after all). */
  images: Map<Buffer, Opened | null>;
}

/** Every page's head: the title and what this page is, the reference large, customer, due date; the QR code at the right. */
function pageHead(d: Drawing, subtitle: string): void {
  const { doc, l, ticket } = d;
  const w = l.words;
  drawImage(doc, d.qr, RIGHT - QR, TOP, { width: QR, height: QR });
  write(doc, w.scan, RIGHT - QR - 8, TOP + QR + 1, { size: 7, width: QR + 16, align: 'center' });
  write(doc, `${w.title} · ${subtitle}`, LEFT, TOP + 4, { size: 10, weight: 'bold', width: TEXT_WIDTH });
  write1(doc, ticket.job.reference, LEFT, doc.y + 2, { size: 26, weight: 'bold', width: TEXT_WIDTH });
  write(doc, l.field(w.customer, ticket.job.customer), LEFT, doc.y + 2, { size: 11, width: TEXT_WIDTH });
  const due = l.field(w.due, l.day(ticket.job.dueOn)) + (ticket.job.overdue ? ` · ${w.overdue}` : '');
  write(doc, due, LEFT, doc.y + 2, { size: 12, weight: 'bold', width: TEXT_WIDTH });
  doc.y = Math.max(doc.y, TOP + QR + 12) + 10;
}

function newPage(d: Drawing, subtitle: string): void {
  d.doc.addPage();
  pageHead(d, subtitle);
}

/** A new page (with its head) when the next `height` points would pass the bottom margin. */
function room(d: Drawing, height: number, subtitle: string): void {
  if (d.doc.y + height > d.doc.page.maxY()) newPage(d, subtitle);
}

function heading(d: Drawing, text: string, subtitle: string): void {
  room(d, 40, subtitle);
  write(d.doc, text, LEFT, d.doc.y + 6, { size: 13, weight: 'bold', width: WIDTH });
  d.doc.y += 3;
}

const CELL = 44;
const GRID_LEFT = 270;
const CELLS_A_LINE = Math.floor((RIGHT - GRID_LEFT) / CELL);

/** One garment row: style and colour on the left, a grid of sizes over quantities, the total last. */
function garmentRow(d: Drawing, row: GarmentRow, subtitle: string): void {
  const { doc, l } = d;
  const w = l.words;
  const cells: [string, string][] = row.sizes.map((s) => [s.size, l.number(s.qty)]);
  if (row.unsized > 0) cells.push([w.pieces, l.number(row.unsized)]);
  const total = totalOf(row);
  cells.push([w.total, total === null ? '?' : l.number(total)]);
  const left = [row.style || '—', row.colour || '—', ...(row.customerGoods ? [`(${w.customerGoods})`] : [])];
  const unread = row.unread.map((text) => l.field(w.asWritten, text || w.notGiven));
  const lines = Math.ceil(cells.length / CELLS_A_LINE);
  const leftWidth = GRID_LEFT - LEFT - 10;
  const height = Math.max(
    left.reduce((h, t, i) => h + heightOf(doc, t, { size: i === 0 ? 11 : 10, width: leftWidth }), 0),
    lines * 30,
  );
  room(d, height + 8, subtitle);
  const top = doc.y;
  left.forEach((text, i) =>
    write(doc, text, LEFT, i === 0 ? top : doc.y, {
      size: i === 0 ? 11 : 10,
      weight: i === 0 ? 'bold' : 'regular',
      width: leftWidth,
    }),
  );
  const leftBottom = doc.y;
  cells.forEach(([size, qty], i) => {
    const x = GRID_LEFT + (i % CELLS_A_LINE) * CELL;
    const y = top + Math.floor(i / CELLS_A_LINE) * 30;
    write1(doc, size, x, y, { size: 8, width: CELL - 4, align: 'center' });
    write1(doc, qty, x, y + 11, { size: 12, weight: 'bold', width: CELL - 4, align: 'center' });
  });
  doc.y = Math.max(leftBottom, top + lines * 30);
  for (const text of unread) write(doc, text, GRID_LEFT, doc.y, { size: 9, width: RIGHT - GRID_LEFT });
  doc
    .moveTo(LEFT, doc.y + 4)
    .lineTo(RIGHT, doc.y + 4)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
  doc.y += 8;
}

function garments(d: Drawing, layouts: readonly OrderLayout[], subtitle: string): void {
  const { rows, inPo } = garmentsOf(layouts);
  for (const row of rows) garmentRow(d, row, subtitle);
  const w = d.l.words;
  if (inPo) write(d.doc, w.garmentsInPo, LEFT, d.doc.y, { size: 10, width: WIDTH });
  if (rows.length === 0 && !inPo) write(d.doc, w.noGarments, LEFT, d.doc.y, { size: 10, width: WIDTH });
}

/** What an imprint's method needs, as label and value (its location and method head its page and line). */
function imprintFacts(l: TicketLabels, imprint: ImprintCard, layouts: number): [string, string][] {
  const w = l.words;
  const facts: [string, string][] = [[w.printSize, imprint.printSize.trim() || w.notGiven]];
  const measure = METHODS[imprint.method].measure;
  if (measure === 'colours')
    facts.push([w.inkColours, imprint.inkColours === null ? w.notGiven : l.number(imprint.inkColours)]);
  if (measure === 'stitches')
    facts.push([w.stitches, imprint.stitches === null ? w.notGiven : l.number(imprint.stitches)]);
  if (measure === 'inches')
    facts.push([w.transfer, imprint.transferInches === null ? w.notGiven : w.inches(l.number(imprint.transferInches))]);
  facts.push([w.pieces, imprint.pieces === null ? w.notGiven : l.number(imprint.pieces)]);
  if (layouts > 1) facts.unshift([w.layoutWord, imprint.layout]);
  return facts;
}

/** A picture with its caption above, fitted and centred in its box. */
function figure(d: Drawing, f: Figure, image: Opened, x: number, y: number, width: number, height: number): void {
  write1(d.doc, d.l.field(f.caption, f.picture.name), x, y, { size: 9, weight: 'bold', width });
  drawImage(d.doc, image, x, y + 14, { fit: [width, Math.max(20, height - 16)], align: 'center', valign: 'center' });
}

/** The first picture (the approved proof when there is one) as large as the page allows, the others two a row. */
function pictures(d: Drawing, list: readonly { f: Figure; image: Opened }[], subtitle: string): void {
  const { doc } = d;
  const half = (WIDTH - 12) / 2;
  let i = 0;
  while (i < list.length) {
    const top = doc.y + 4;
    const space = doc.page.maxY() - top;
    if (space < 150) {
      newPage(d, subtitle);
      continue;
    }
    if (i === 0) {
      const height = list.length === 1 ? space : Math.max(150, space - 176);
      figure(d, list[0]!.f, list[0]!.image, LEFT, top, WIDTH, height);
      doc.y = top + height + 6;
      i = 1;
      continue;
    }
    const left = list.length - i;
    const height = left <= 2 ? space : Math.min(space, 260);
    for (const [k, item] of list.slice(i, i + 2).entries())
      figure(d, item.f, item.image, LEFT + k * (half + 12), top, left === 1 ? WIDTH : half, height);
    doc.y = top + height + 6;
    i += 2;
  }
}

function opened(d: Drawing, bytes: Buffer): Opened | null {
  if (!d.images.has(bytes)) {
    let image: Opened | null = null;
    try {
      image = openImage(d.doc, bytes);
    } catch {
      // A picture PDFKit cannot read after all: named under the others instead.
    }
    d.images.set(bytes, image);
  }
  return d.images.get(bytes) ?? null;
}

function imprintPage(d: Drawing, imprint: ImprintCard, n: number): void {
  const { doc, l, ticket } = d;
  const w = l.words;
  const subtitle = w.imprintOf(n, ticket.job.imprints.length);
  newPage(d, subtitle);
  const layouts = Object.keys(ticket.layouts).length;
  write(doc, `${l.location(imprint.location)} · ${l.method(imprint.method)}`, LEFT, doc.y, {
    size: 18,
    weight: 'bold',
    width: WIDTH,
  });
  doc.y += 4;
  for (const [label, value] of imprintFacts(l, imprint, layouts)) {
    const top = doc.y;
    write(doc, label, LEFT, top, { size: 11, width: 150 });
    const bottom = write(doc, value, LEFT + 156, top, { size: 12, weight: 'bold', width: WIDTH - 156 });
    doc.y = Math.max(doc.y, bottom) + 2;
  }
  const layout = ticket.layouts[imprint.layout];
  if (layout) {
    doc.y += 10;
    garments(d, [layout], subtitle);
  }
  const figures = ticket.figures.get(imprint.id) ?? [];
  const drawn = figures.flatMap((f) => {
    const image = f.picture.bytes && opened(d, f.picture.bytes);
    return image ? [{ f, image }] : [];
  });
  const elsewhere = figures.filter((f) => !drawn.some((x) => x.f === f)).map((f) => f.picture.name);
  if (!figures.some((f) => f.caption === w.proof && drawn.some((x) => x.f === f))) {
    room(d, 20, subtitle);
    write(doc, w.noProof, LEFT, doc.y + 4, { size: 10, weight: 'bold', width: WIDTH });
  }
  if (elsewhere.length > 0) {
    const text = `${w.elsewhere} ${elsewhere.join(', ')}`;
    room(d, heightOf(doc, text, { size: 9, width: WIDTH }) + 6, subtitle);
    write(doc, text, LEFT, doc.y + 4, { size: 9, width: WIDTH });
  }
  pictures(d, drawn, `${subtitle} (${w.continued})`);
}

function summaryPage(d: Drawing): void {
  const { doc, l, ticket } = d;
  const w = l.words;
  const job = ticket.job;
  const subtitle = job.pieces === null ? w.garments : l.field(w.pieces, l.number(job.pieces));
  pageHead(d, subtitle);
  const layouts = Object.keys(ticket.layouts)
    .sort((a, b) => Number(a) - Number(b))
    .map((k) => ticket.layouts[k]!);
  heading(d, w.garments, subtitle);
  garments(d, layouts, subtitle);
  heading(d, w.imprints, subtitle);
  if (job.imprints.length === 0) write(doc, w.noImprints, LEFT, doc.y, { size: 10, width: WIDTH });
  job.imprints.forEach((imprint, i) => {
    const facts = imprintFacts(l, imprint, layouts.length);
    const text = `${i + 1}. ${l.location(imprint.location)} · ${l.method(imprint.method)} · ${facts
      .map(([label, value]) => l.field(label, value))
      .join(' · ')}`;
    room(d, heightOf(doc, text, { size: 10, width: WIDTH }) + 2, subtitle);
    write(doc, text, LEFT, doc.y, { size: 10, width: WIDTH });
    doc.y += 2;
  });
  const notes = [...new Set(layouts.map((x) => x.jobNotes?.trim() ?? '').filter(Boolean))];
  if (notes.length > 0) {
    heading(d, w.jobNotes, subtitle);
    for (const note of notes) {
      room(d, Math.min(200, heightOf(doc, note, { size: 11, width: WIDTH })), subtitle);
      write(doc, note, LEFT, doc.y, { size: 11, width: WIDTH });
      doc.y += 4;
    }
  }
  room(d, 20, subtitle);
  write(doc, w.printed(ticket.printedOn), LEFT, doc.y + 10, { size: 8, width: WIDTH });
}

const NAME_COLUMNS = [LEFT, LEFT + 200, LEFT + 260, LEFT + 440] as const;

/** A layout's names and numbers collected from a team (docs/collections.md): pages of their own. */
function teamNamesPage(d: Drawing, layout: string, names: readonly TeamName[]): void {
  const { doc, l } = d;
  const w = l.words;
  const subtitle = w.teamNames(Number(layout));
  newPage(d, subtitle);
  const row = (cells: readonly string[], weight: 'bold' | 'regular') => {
    room(d, 18, subtitle);
    const top = doc.y;
    cells.forEach((text, i) =>
      write1(doc, text, NAME_COLUMNS[i]!, top, {
        size: 11,
        weight,
        width: (NAME_COLUMNS[i + 1] ?? RIGHT) - NAME_COLUMNS[i]! - 8,
      }),
    );
    doc.y = top + 18;
  };
  row([w.memberName, w.size, w.printName, w.printNumber], 'bold');
  for (const n of names) row([n.name, n.size, n.printName, n.printNumber], 'regular');
}

/**
 * The job ticket of an order, in this language: its file name and bytes, or null when the order
 * is not a job.
 */
export async function jobTicket(
  deps: TicketDeps,
  orderId: string,
  language: Language,
): Promise<{ name: string; pdf: Buffer } | null> {
  const ticket = await ticketOf(deps, orderId, language);
  if (!ticket) return null;
  const l = ticketLabels(language);
  const title = `${l.words.title} ${ticket.job.reference}`;
  const logo = (await deps.logo?.(deps.db)) ?? null;
  const pdf = await renderPdf(
    title,
    new Date(),
    (doc) => {
      const d: Drawing = { doc, l, ticket, qr: openImage(doc, ticket.qr), images: new Map() };
      summaryPage(d);
      ticket.job.imprints.forEach((imprint, i) => imprintPage(d, imprint, i + 1));
      for (const [layout, body] of Object.entries(ticket.layouts)) {
        if (body.teamNames?.length) teamNamesPage(d, layout, body.teamNames);
      }
    },
    logo,
  );
  return { name: `${language === 'fr' ? 'fiche' : 'ticket'}-${ticket.job.reference}.pdf`, pdf };
}
