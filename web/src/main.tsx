import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/amplify-styles.css';
import './app/styles.css';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { initI18n } from './i18n';

initI18n();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
