// Texts the Amplify UI primitives draw themselves (English by default), in the
// current language: spread into the component's props.
import { i18n } from './index';

/** For <PasswordField>: the show/hide button and what it announces. */
export function passwordFieldLabels() {
  return {
    // (hidePasswordButtonLabel is no longer read by Amplify: the button keeps one name.)
    showPasswordButtonLabel: i18n.t('common:password.show'),
    passwordIsHiddenLabel: i18n.t('common:password.isHidden'),
    passwordIsShownLabel: i18n.t('common:password.isShown'),
  };
}

/** For <Alert isDismissible>: the close button's name. */
export function dismissLabel() {
  return { dismissButtonLabel: i18n.t('common:dismissAlert') };
}

/** For <SearchField>: the clear button's name. */
export function searchFieldLabels() {
  return { clearButtonLabel: i18n.t('common:clearInput') };
}
