// The citizen's status page (status.html, served at /status): a page of its own, without the
// staff app, so that a phone on a slow line loads only this.
import { createApp } from './app';

const root = document.getElementById('app');
if (root) {
  createApp(root, {
    search: location.search,
    browserLanguage: navigator.language,
    // A reload, or the address shared, keeps the language chosen.
    onLanguage: (lang) => {
      const url = new URL(location.href);
      url.searchParams.set('lang', lang);
      history.replaceState(history.state, '', url);
    },
  });
}
