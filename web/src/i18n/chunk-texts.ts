// A namespace whose texts travel with the screen that reads them (a lazily loaded chunk)
// rather than with the first visit: added as the chunk loads, or, in a process whose
// catalogues are not set up yet (the tests), as soon as they are.
import { i18n } from '.';

type Tree = { [key: string]: string | Tree };

export function addChunkTexts(namespace: string, byLanguage: Record<string, Tree>) {
  const add = () => {
    for (const [language, texts] of Object.entries(byLanguage)) i18n.addResourceBundle(language, namespace, texts, true, true);
  };
  if (i18n.isInitialized) add();
  else i18n.on('initialized', add);
}
