import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './lib/i18n';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

void initI18n();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
