import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/amplify-styles.css';
import './app/styles.css';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { startI18n } from './i18n';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The first screen is drawn in the reader's language: Hindi's catalogues are fetched first.
void startI18n().then(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  ),
);
