// Parts the board's cards and the scan page share: the three readiness flags as words with an
// icon (never colour alone), the due date with "Overdue" as a word, an imprint's details.
import type { ImprintCard, JobCard } from '../../../../shared/production/production-api.js';
import { decorationLabel, imprintPlaceName } from '../../../../shared/order-presentation.js';
import { formatNumber } from '../../../shared/format.js';
import { formatDay } from './board-view.js';
import { useProductionText } from './production-messages.js';

export function useImprintWords() {
  const { t, language } = useProductionText();
  return {
    location: (i: ImprintCard) => imprintPlaceName(i.location, language),
    method: (i: Pick<ImprintCard, 'method'>) => decorationLabel(i.method, language),
    stage: (name: { en: string; fr: string }) => name[language],
    details: (i: ImprintCard) =>
      [
        i.printSize ? t.printSize(i.printSize) : '',
        i.inkColours !== null ? t.inks(i.inkColours) : '',
        i.stitches !== null ? t.stitches(formatNumber(i.stitches, language)) : '',
        i.transferInches !== null ? t.transfer(i.transferInches) : '',
        t.pieces(i.pieces),
      ]
        .filter(Boolean)
        .join(' · '),
  };
}

export function Flags({ job }: { job: JobCard }) {
  const { t } = useProductionText();
  const { proof, deposit, blanks } = job.readiness;
  const flags = [
    { key: 'proof', ok: proof === 'approved', text: t.flags.proof[proof] },
    { key: 'deposit', ok: deposit !== 'due', text: t.flags.deposit[deposit] },
    {
      key: 'blanks',
      ok: blanks === 'in' || blanks === 'customer',
      text: job.blanksShort?.length
        ? `${t.flags.blanks[blanks]}, ${t.stillShort(
            job.blanksShort
              .map((s) => `${s.qty} × ${[s.style, s.colour, s.size].filter(Boolean).join(' ')}`)
              .join(', '),
          )}`
        : t.flags.blanks[blanks],
    },
  ];
  return (
    <ul className="job-flags" aria-label={t.readiness}>
      {flags.map((f) => (
        <li key={f.key} className={f.ok ? 'flag flag-ok' : 'flag flag-no'}>
          <span aria-hidden="true">{f.ok ? '✓' : '✗'}</span> {f.text}
        </li>
      ))}
    </ul>
  );
}

export function DueDate({ job }: { job: JobCard }) {
  const { t, language } = useProductionText();
  return (
    <span className={job.overdue ? 'job-due job-overdue' : 'job-due'}>
      {t.due(formatDay(job.dueOn, language))}
      {job.overdue && <strong className="badge badge-rush">{t.overdue}</strong>}
    </span>
  );
}
