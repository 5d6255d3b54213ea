// What the page holds between its screens: where the citizen is, what they typed, and what
// went wrong, kept apart from the DOM so that a change of language draws it all again.
import type { CitizenView, Rating } from './api';
import type { Lang } from './i18n';

export type Screen =
  | { name: 'lookup' }
  | { name: 'code'; challenge: string; expiresAt: number }
  | { name: 'case'; view: CitizenView; thanked: boolean }
  /**
   * The closure SMS's feedback link: the rating form, straight away; `days` the reopen window,
   * once the portal has said it.
   */
  | { name: 'link'; token: string; thanked: boolean; days: number | null };

/** What the citizen typed, by the controls' names. */
export interface Fields {
  number: string;
  mobile: string;
  code: string;
  rating: Rating | '';
  comment: string;
}

export type FieldName = keyof Fields;

/** A message for the citizen, worded in whichever language the page is in when shown. */
export interface Problem {
  text: (lang: Lang) => string;
  /** The control it is about, marked invalid and given focus. */
  field?: FieldName;
}

export interface State {
  lang: Lang;
  screen: Screen;
  fields: Fields;
  /** The server's neutral words after a code was asked for. */
  notice: ((lang: Lang) => string) | null;
  problem: Problem | null;
  busy: boolean;
}

export function emptyFields(): Fields {
  return { number: '', mobile: '', code: '', rating: '', comment: '' };
}
