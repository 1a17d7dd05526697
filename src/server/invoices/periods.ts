// Closing periods (docs/accounts.md, "Closing a period"): an owner closes a month or a fiscal
// year once it has ended; the books are then closed through its last day, and nothing dated on
// or before that day is recorded, voided or credited (a 409 that says what to do instead), so a
// closed period's reports never change. Reopening is an owner's act with a reason. Every act is
// a row of period_closes, never changed; the books' state is the last one.
import type { Kysely, Transaction } from 'kysely';
import { addDays, dateInWords } from '../../shared/dates.js';
import {
  monthBounds,
  monthName,
  type ClosePeriodBody,
  type PeriodAct,
  type PeriodAction,
  type PeriodsView,
  type ReopenPeriodBody,
} from '../../shared/invoices/periods.js';
import { DomainError } from '../errors.js';
import type { Database } from '../storage/schema.js';
import { todayOf, type Books } from './accounts.js';
import { refuse, visibleText } from './refusals.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The last day of the closed books, or null. */
export async function closedThrough(db: Db): Promise<string | null> {
  const last = await db
    .selectFrom('period_closes')
    .select('closed_through')
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last?.closed_through ? last.closed_through : null;
}

export async function periodsView(
  db: Db,
  books: Pick<Books, 'timeZone' | 'fiscalYearEnd'>,
  now = new Date(),
): Promise<PeriodsView> {
  const rows = await db.selectFrom('period_closes').selectAll().orderBy('seq', 'desc').execute();
  return {
    closedThrough: rows[0]?.closed_through || null,
    today: todayOf(books, now),
    fiscalYearEnd: books.fiscalYearEnd,
    history: rows.map((r): PeriodAct => ({
      action: r.action as PeriodAction,
      period: r.period,
      closedThrough: r.closed_through || null,
      reason: r.reason,
      by: r.acted_by,
      at: r.acted_at,
    })),
  };
}

/** What a refusal says was kept from happening to something dated in the closed books. */
export type ClosedAct = 'payment' | 'void' | 'credit' | 'issue';

const ACTS: Record<ClosedAct, { en: string; fr: string }> = {
  payment: {
    en: 'Record it on today’s date (TODAY) and put its own date in the note (“Cheque dated DATE”): the closed period’s reports stay as they were filed.',
    fr: 'Inscrivez-le à la date d’aujourd’hui (TODAY) et mettez sa propre date dans la note («\u00a0Chèque daté du DATE\u00a0»)\u00a0: les rapports de la période fermée restent tels qu’ils ont été produits.',
  },
  void: {
    en: 'Its period’s reports were filed with it: record the correction in an open period instead (a refund of money that moved, or a credit note), or ask an owner to reopen the month.',
    fr: 'Les rapports de sa période ont été produits avec lui\u00a0: inscrivez la correction dans une période ouverte (un remboursement de l’argent rendu, ou une note de crédit), ou demandez à un propriétaire de rouvrir le mois.',
  },
  credit: {
    en: 'A credit note is dated the day it is issued: an owner must reopen the month first.',
    fr: 'Une note de crédit est datée du jour de son émission\u00a0: un propriétaire doit d’abord rouvrir le mois.',
  },
  issue: {
    en: 'A document is dated the day it is issued: an owner must reopen the month first.',
    fr: 'Un document est daté du jour de son émission\u00a0: un propriétaire doit d’abord rouvrir le mois.',
  },
};

const VERBS: Record<ClosedAct, { en: string; fr: string }> = {
  payment: { en: 'recorded', fr: 'inscrit' },
  void: { en: 'voided', fr: 'annulé' },
  credit: { en: 'credited', fr: 'crédité' },
  issue: { en: 'issued', fr: 'émis' },
};

/**
 * Refuses (409 period_closed) an act on something dated `date` when the books are closed
 * through that day or later. `field` is the form field the refusal belongs beside.
 */
export async function refuseIfClosed(
  db: Db,
  date: string,
  act: ClosedAct,
  field: string,
  today: string,
): Promise<void> {
  const through = await closedThrough(db);
  if (through === null || date > through) return;
  const fill = (text: string) => text.replaceAll('TODAY', today).replaceAll('DATE', date);
  const monthEn = monthName(date.slice(0, 7), 'en');
  const monthFr = monthName(date.slice(0, 7), 'fr');
  throw refuse(
    'period_closed',
    field,
    `${monthEn} is closed: the books are closed through ${through}, so nothing dated ${date} can be ${VERBS[act].en}. ${fill(ACTS[act].en)}`,
    `${monthFr} est fermé\u00a0: les livres sont fermés jusqu’au ${through} inclusivement, donc rien de daté du ${date} ne peut être ${VERBS[act].fr}. ${fill(ACTS[act].fr)}`,
    'conflict',
  );
}

async function append(
  trx: Transaction<Database>,
  act: { action: PeriodAction; period: string; closedThrough: string; reason: string; by: string },
  now: Date,
) {
  const last = await trx.selectFrom('period_closes').select('seq').orderBy('seq', 'desc').limit(1).executeTakeFirst();
  await trx
    .insertInto('period_closes')
    .values({
      seq: (last?.seq ?? 0) + 1,
      action: act.action,
      period: act.period,
      closed_through: act.closedThrough,
      reason: act.reason,
      acted_by: act.by,
      acted_at: now.toISOString(),
    })
    .execute();
}

/**
 * An owner closes a month, or the fiscal year ending in a given calendar year, once it has ended
 * in the shop's calendar. The books close through its last day (every earlier day with it).
 */
export async function closePeriod(
  db: Kysely<Database>,
  books: Pick<Books, 'timeZone' | 'fiscalYearEnd'>,
  body: ClosePeriodBody,
  by: string,
  now = new Date(),
): Promise<PeriodsView> {
  const today = todayOf(books, now);
  const reason = visibleText(body.reason ?? '');
  const year = 'fiscalYear' in body;
  // The fiscal year "2026" is the one that ends in 2026 (on FISCAL_YEAR_END).
  const last = year ? `${body.fiscalYear}-${books.fiscalYearEnd}` : monthBounds(body.month).last;
  const label = year
    ? {
        en: `The fiscal year ending ${dateInWords(last, 'en')}`,
        fr: `L’exercice se terminant le ${dateInWords(last, 'fr')}`,
      }
    : { en: monthName(body.month, 'en'), fr: monthName(body.month, 'fr') };
  if (last >= today)
    throw refuse(
      'period_not_ended',
      year ? 'fiscalYear' : 'month',
      `${label.en} has not ended yet (today is ${dateInWords(today, 'en')}): a period closes once its last day is over.`,
      `${label.fr} n’est pas terminé (nous sommes le ${dateInWords(today, 'fr')})\u00a0: une période se ferme une fois son dernier jour passé.`,
      'conflict',
    );
  await db.transaction().execute(async (trx) => {
    const through = await closedThrough(trx);
    if (through !== null && through >= last && !year)
      throw refuse(
        'already_closed',
        'month',
        `${label.en} is already closed: the books are closed through ${dateInWords(through, 'en')}.`,
        `${label.fr} est déjà fermé\u00a0: les livres sont fermés jusqu’au ${dateInWords(through, 'fr')} inclusivement.`,
        'conflict',
      );
    if (year) {
      const closedYear = await trx
        .selectFrom('period_closes')
        .select('seq')
        .where('action', '=', 'close_year')
        .where('period', '=', last)
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst();
      const reopenedSince = closedYear
        ? await trx
            .selectFrom('period_closes')
            .select('seq')
            .where('action', '=', 'reopen')
            .where('seq', '>', closedYear.seq)
            .where('closed_through', '<', last)
            .limit(1)
            .executeTakeFirst()
        : undefined;
      if (closedYear && !reopenedSince)
        throw refuse(
          'already_closed',
          'fiscalYear',
          `${label.en} is already closed.`,
          `${label.fr} est déjà fermé.`,
          'conflict',
        );
    }
    // Closing a year already closed through by month keeps the later months closed too.
    const closed = through !== null && through > last ? through : last;
    await append(
      trx,
      {
        action: year ? 'close_year' : 'close_month',
        period: year ? last : body.month,
        closedThrough: closed,
        reason,
        by,
      },
      now,
    );
  });
  return periodsView(db, books, now);
}

/**
 * An owner reopens a closed month, with a reason: the books are then closed through the day
 * before it (a later month closed is reopened with it, and said so in the history).
 */
export async function reopenPeriod(
  db: Kysely<Database>,
  books: Pick<Books, 'timeZone' | 'fiscalYearEnd'>,
  body: ReopenPeriodBody,
  by: string,
  now = new Date(),
): Promise<PeriodsView> {
  const reason = visibleText(body.reason);
  const en = monthName(body.month, 'en');
  const fr = monthName(body.month, 'fr');
  if (reason === '')
    throw refuse(
      'reason_required',
      'reason',
      `Say why ${en} is reopened: the reason stays in the history, and the reports already filed for it may change.`,
      `Dites pourquoi ${fr} est rouvert\u00a0: le motif reste dans l’historique, et les rapports déjà produits pour ce mois peuvent changer.`,
    );
  const { first } = monthBounds(body.month);
  await db.transaction().execute(async (trx) => {
    const through = await closedThrough(trx);
    if (through === null || through < first)
      throw new DomainError('conflict', 'not_closed', `${en} is not closed.`, ['month'], {
        messageFr: `${fr} n’est pas fermé.`,
      });
    await append(trx, { action: 'reopen', period: body.month, closedThrough: addDays(first, -1), reason, by }, now);
  });
  return periodsView(db, books, now);
}
