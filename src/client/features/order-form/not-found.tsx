import { useEffect } from 'react';
import { useOrderFormText } from './messages.js';

export function NotFound({ path }: { path: string }) {
  const { t } = useOrderFormText();
  useEffect(() => {
    console.log(`404: no page at ${path}`);
  }, [path]);
  return (
    <main className="page not-found">
      <h1>{t.notFound.heading}</h1>
      <p>{t.notFound.text}</p>
      <a className="button button-primary" href="/">
        {t.notFound.home}
      </a>
    </main>
  );
}
