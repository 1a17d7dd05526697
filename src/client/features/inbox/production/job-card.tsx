// A job on the board: its reference (a link to the order), customer, due date, pieces, every
// imprint's method and stage, the three readiness flags, and a Move button per imprint in this
// column. Dragged, it carries this column's imprints to another stage of the same method.
import type { DragEvent } from 'react';
import type { Board, ImprintCard, JobCard } from '../../../../shared/production/production-api.js';
import { statusLabel } from '../../../../shared/order-presentation.js';
import { navigateOnClick } from '../navigation.js';
import { DueDate, Flags, useImprintWords } from './job-parts.js';
import { MoveMenu } from './move-menu.js';
import { useProductionText } from './production-messages.js';
import { offersReady, ReadyOffer } from './ready-offer.js';

export function JobCardView({
  job,
  here,
  stages,
  busy,
  onMove,
  onDragStart,
  onReady,
}: {
  job: JobCard;
  /** The job's imprints in the column this card is in. */
  here: ImprintCard[];
  stages: Board['stages'];
  busy: boolean;
  onMove: (imprint: ImprintCard, to: number) => void;
  onDragStart: (event: DragEvent<HTMLElement>) => void;
  onReady: (job: JobCard) => void;
}) {
  const { t, language } = useProductionText();
  const words = useImprintWords();
  const href = `/inbox/orders/${job.orderId}`;
  return (
    <article className={job.overdue ? 'job-card job-card-overdue' : 'job-card'} draggable onDragStart={onDragStart}>
      <h4 className="job-reference">
        <a href={href} onClick={navigateOnClick(href)}>
          {job.reference}
        </a>
      </h4>
      <p className="job-customer">{job.customer}</p>
      <p className="small">
        <DueDate job={job} />
        <span className="job-pieces"> · {t.pieces(job.pieces)}</span>
      </p>
      <ul className="job-imprints small" aria-label={t.imprintsOf(job.reference)}>
        {job.imprints.map((i) => (
          <li key={i.id}>{t.imprint(words.location(i), words.method(i), words.stage(i.stageName))}</li>
        ))}
      </ul>
      <Flags job={job} />
      {job.status !== 'approved' && job.status !== 'in_production' && (
        <p className="small">{t.statusIs(statusLabel(job.status, language))}</p>
      )}
      {here.map((i) => (
        <MoveMenu key={i.id} imprint={i} stages={stages} busy={busy} onMove={(to) => onMove(i, to)} />
      ))}
      {offersReady(job) && <ReadyOffer job={job} onReady={onReady} />}
    </article>
  );
}
