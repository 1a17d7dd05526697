import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.js';
import { hasInlineSettings, loadDevSettings, readSettings } from './settings.js';
import './styles.css';

// The server writes the settings into the page; only Vite's dev server (npm run dev, which
// proxies /app-config.json to the API) needs to fetch them.
const settings = hasInlineSettings() ? Promise.resolve(readSettings()) : loadDevSettings();

void settings.then((s) => {
  // The shop's brand colour colours every page's primary buttons (styles.css, --primary).
  if (s.brandColour) document.documentElement.style.setProperty('--primary', s.brandColour);
  // Tables that scroll join the tab order (components/scroll-boxes.ts): a chunk of its own, as
  // the order form's first screen has no table.
  void import('./components/scroll-boxes.js').then((boxes) => boxes.keepScrollBoxesFocusable());
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App path={window.location.pathname.replace(/\/+$/, '') || '/'} settings={s} />
    </StrictMode>,
  );
});
