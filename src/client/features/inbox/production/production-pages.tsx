// The production floor's pages in the inbox: the board (/inbox/production), the calendar
// (/inbox/production/calendar) and the scan page (/inbox/jobs/<orderId>, where the job ticket's
// QR code leads; /inbox/jobs alone opens a job by its reference). Signing in keeps the address,
// so a scanned code opens its job once the clerk is in.
import { useEffect } from 'react';
import { navigateOnClick } from '../navigation.js';
import { BoardPage } from './board-page.js';
import { CalendarPage } from './calendar-page.js';
import { useProductionText } from './production-messages.js';
import { ScanPage } from './scan-page.js';
import { SettingsPage } from './settings-page.js';
import './production.css';

/** Whether this inbox address is one of the production floor's pages. */
export const isProductionPath = (path: string) => /^\/inbox\/(production|jobs)(\/|\?|$)/.test(path);

function pageOf(pathname: string, job: boolean): 'scan' | 'calendar' | 'settings' | 'board' {
  if (job || /^\/inbox\/jobs\/?$/.test(pathname)) return 'scan';
  if (/\/calendar\/?$/.test(pathname)) return 'calendar';
  if (/\/settings\/?$/.test(pathname)) return 'settings';
  return 'board';
}

export function ProductionPages({ path }: { path: string }) {
  const { t } = useProductionText();
  const [pathname = '', search = ''] = path.split('?');
  const job = /^\/inbox\/jobs\/([0-9a-f-]{36})\/?$/.exec(pathname);
  const page = pageOf(pathname, job !== null);
  const title = { calendar: t.calendarHeading, scan: t.scanTab, settings: t.settingsHeading, board: t.heading }[page];
  useEffect(() => {
    document.title = title;
  }, [title]);

  const tabs = [
    { href: '/inbox/production', label: t.boardTab, current: page === 'board' },
    { href: '/inbox/production/calendar', label: t.calendarTab, current: page === 'calendar' },
    { href: '/inbox/jobs', label: t.scanTab, current: page === 'scan' && !job },
    { href: '/inbox/production/settings', label: t.settingsTab, current: page === 'settings' },
  ];
  return (
    <>
      {page !== 'scan' && <h1>{title}</h1>}
      {/* A scanned job on a phone at the press: its own links lead back, so the tabs give way. */}
      {job === null && (
        <nav aria-label={t.nav} className="production-tabs no-print">
          {tabs.map((tab) => (
            <a
              key={tab.href}
              href={tab.href}
              aria-current={tab.current ? 'page' : undefined}
              onClick={navigateOnClick(tab.href)}
            >
              {tab.label}
            </a>
          ))}
        </nav>
      )}
      {page === 'scan' ? (
        <ScanPage orderId={job?.[1] ?? null} />
      ) : page === 'settings' ? (
        <SettingsPage />
      ) : page === 'calendar' ? (
        <CalendarPage search={search} />
      ) : (
        <BoardPage search={search} />
      )}
    </>
  );
}
