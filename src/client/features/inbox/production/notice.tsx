import { useEffect, useRef } from 'react';

/**
 * What a move did, said politely and focused when it changes: after a move the clerk's card is in
 * another column (or someone else's move put it there), so the keyboard and screen reader land on
 * the outcome.
 */
export function Notice({ text }: { text: string }) {
  const p = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (text) p.current?.focus();
  }, [text]);
  return (
    <p ref={p} role="status" className="inbox-notice" tabIndex={-1} hidden={!text}>
      {text}
    </p>
  );
}
