// Client-side navigation inside /inbox: a module of its own, so pages can move between each
// other without importing the app shell that renders them.
import { useEffect, useState, type MouseEvent } from 'react';

/** A page's question before it is left with edits not saved (useLeaveWarning); empty when none. */
let leaveWarning = '';

export function navigate(path: string) {
  if (leaveWarning && !window.confirm(leaveWarning)) return;
  leaveWarning = '';
  window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/** A link's click handler that stays in the page (the href still works for a new tab). */
export function navigateOnClick(path: string) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    navigate(path);
  };
}

/** The current path and query, following navigate() and the browser's back and forward. */
export function usePath(): string {
  const [path, setPath] = useState(window.location.pathname + window.location.search);
  useEffect(() => {
    const update = () => setPath(window.location.pathname + window.location.search);
    window.addEventListener('popstate', update);
    return () => window.removeEventListener('popstate', update);
  }, []);
  return path;
}

/**
 * While `unsaved`, leaving the page asks first: the browser's own question when the tab is
 * closed or reloaded, `question` when another inbox page is chosen (docs/settings.md).
 */
export function useLeaveWarning(unsaved: boolean, question: string) {
  useEffect(() => {
    if (!unsaved) return;
    leaveWarning = question;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      leaveWarning = '';
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [unsaved, question]);
}
