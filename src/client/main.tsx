import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.js';
import { readSettings } from './settings.js';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App path={window.location.pathname.replace(/\/+$/, '') || '/'} settings={readSettings()} />
  </StrictMode>,
);
