import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n, initI18n } from '../i18n';

// Screens render English unless a test switches the language.
initI18n('en');

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  if (i18n.language !== 'en') void i18n.changeLanguage('en');
});
