// The Import tab's texts, in both languages, travel with the tab's own chunk: nobody else
// reads them, and the login page's first visit stays within its bytes.
import { addChunkTexts } from '../../../i18n/chunk-texts';
import en from '../../../i18n/locales/en/imports.json';
import hi from '../../../i18n/locales/hi/imports.json';

addChunkTexts('imports', { en, hi });
