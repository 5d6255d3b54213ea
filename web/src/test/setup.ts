import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n, initI18n, loadLanguage } from '../i18n';
// The texts of screens loaded in chunks of their own, as those chunks add them.
import '../features/admin/texts';
import '../features/admin/imports/texts';

// `make test` runs these beside the Rust suites on two shared cores, where a screen can take
// longer than Testing Library's 1 s default to appear without anything being wrong: the waits
// (findBy*, waitFor) allow 10 s, as a user under load would wait.
configure({ asyncUtilTimeout: 10_000 });

// Screens render English unless a test switches the language; Hindi is loaded up front, as
// tests switch to it directly.
initI18n('en');
await loadLanguage('hi');

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  if (i18n.language !== 'en') void i18n.changeLanguage('en');
});
