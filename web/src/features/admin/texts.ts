// The Admin Panel's English texts travel with the panel's own chunk: no other screen reads
// them, and the first visit to the login page stays within its bytes. (The Hindi ones come
// with the Hindi catalogues.)
import { addChunkTexts } from '../../i18n/chunk-texts';
import en from '../../i18n/locales/en/admin.json';

addChunkTexts('admin', { en });
