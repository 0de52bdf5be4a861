import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { askEarly } from './lib/early-requests';
import { initI18n } from './lib/i18n';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

askEarly();
void initI18n();
// As a transition the first render yields to the browser every few milliseconds instead of
// holding the page in one long task while a phone's slow processor builds the screen.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
