// The one date box of every screen. A native <input type="date"> is drawn in the browser's
// locale (mm/dd/yyyy on an en-US Chromium) whatever language the portal is in; this box
// shows and reads dd/mm/yyyy in both languages, and keeps the native calendar behind a
// button for those who would rather pick a day than type it.
//
// The value stays what the native input gave: yyyy-mm-dd, or '' for none. Typed text is
// sent up as soon as it reads as a date, and as '' while it does not, so that a form never
// sends a date the box no longer shows. Text that is no date is said so on leaving the box,
// and a form holding such text is not sent (the box takes the focus instead): an optional
// date typed wrong would otherwise be saved as no date at all.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { dateOutOfRange, formatDateText, parseDateText } from '../lib/date-text';
import { Icon } from './icons';

export interface DateFieldProps {
  label: string;
  /** yyyy-mm-dd, or '' for no date. */
  value: string;
  /** Called with yyyy-mm-dd, or '' when the box is cleared or holds no date. */
  onChange: (value: string) => void;
  name?: string;
  id?: string;
  /** The earliest and latest days allowed, yyyy-mm-dd. */
  min?: string;
  max?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  size?: 'small' | 'large';
  descriptiveText?: ReactNode;
  /** The caller's own message (its validation, the server's): shown as given. */
  hasError?: boolean;
  errorMessage?: string;
}

export function DateField(props: DateFieldProps) {
  const { label, value, onChange, name, id, min, max, isRequired, isDisabled, size, descriptiveText, hasError, errorMessage } = props;
  const { t } = useTranslation('common');
  const [text, setText] = useState(() => formatDateText(value));
  const [lastValue, setLastValue] = useState(value);
  /** The box was left (or its form sent) since the last keystroke: its own message may show. */
  const [checked, setChecked] = useState(false);
  const textRef = useRef<HTMLInputElement>(null);
  const pickerRef = useRef<HTMLInputElement>(null);

  // A value set from outside (a record loaded, a filter cleared) replaces the text; the value
  // this box sent up itself leaves the text as it was typed.
  if (value !== lastValue) {
    setLastValue(value);
    if (value !== (parseDateText(text) ?? '')) {
      setText(formatDateText(value));
      setChecked(false);
    }
  }

  const parsed = parseDateText(text);
  const unreadable = parsed === null;
  const outside = parsed ? dateOutOfRange(parsed, min, max) : null;
  const own = unreadable
    ? t('dateField.invalid')
    : outside === 'min'
      ? t('dateField.beforeMin', { date: formatDateText(min ?? '') })
      : outside === 'max'
        ? t('dateField.afterMax', { date: formatDateText(max ?? '') })
        : null;
  // Text that is no date is said so before any message of the caller's, which can only be
  // about the blank such text stands for ('FIR Date is required'). A real date gives way
  // to the caller's message, which is shown exactly as given.
  const shownOwn = checked && own !== null;
  const message = unreadable && shownOwn ? own : hasError && errorMessage ? errorMessage : shownOwn ? own : undefined;
  const invalid = Boolean(message) || Boolean(hasError);

  function send(next: string) {
    if (next !== value) onChange(next);
  }

  function type(next: string) {
    setText(next);
    setChecked(false);
    send(parseDateText(next) ?? '');
  }

  function leave() {
    setChecked(true);
    // '5.1.2026' and '2026-01-05' read back as 05/01/2026.
    if (parsed) setText(formatDateText(parsed));
  }

  function pick(next: string) {
    setText(formatDateText(next));
    setChecked(true);
    send(next);
  }

  function openCalendar() {
    const picker = pickerRef.current;
    if (picker && typeof picker.showPicker === 'function') {
      try {
        picker.showPicker();
        return;
      } catch {
        // Refused (a cross-origin frame, an older browser): typing still works.
      }
    }
    textRef.current?.focus();
  }

  // A form holding text that is no date is stopped before its own submit handler runs.
  const unreadableNow = useRef(unreadable);
  unreadableNow.current = unreadable;
  useEffect(() => {
    const form = textRef.current?.form;
    if (!form) return undefined;
    const stop = (event: Event) => {
      if (!unreadableNow.current) return;
      setChecked(true);
      // The first such box in the form takes the focus.
      if (!event.defaultPrevented) textRef.current?.focus();
      event.preventDefault();
      event.stopPropagation();
    };
    form.addEventListener('submit', stop);
    return () => form.removeEventListener('submit', stop);
  }, []);

  return (
    <TextField
      ref={textRef}
      id={id}
      label={label}
      name={name}
      size={size}
      value={text}
      placeholder={t('dateField.placeholder')}
      autoComplete="off"
      spellCheck={false}
      isRequired={isRequired}
      isDisabled={isDisabled}
      descriptiveText={descriptiveText}
      hasError={invalid}
      errorMessage={message}
      className="date-field"
      onChange={(event) => type(event.target.value)}
      onBlur={leave}
      outerEndComponent={
        <span className="date-field-calendar">
          <Button type="button" size={size} className="date-field-button" ariaLabel={t('dateField.openCalendar')} isDisabled={isDisabled} onClick={openCalendar}>
            <Icon name="calendar" size={18} />
          </Button>
          {/* The browser's own calendar, opened by the button above it and anchored under it. */}
          <input
            ref={pickerRef}
            type="date"
            className="date-field-picker"
            tabIndex={-1}
            aria-hidden="true"
            value={parsed ?? ''}
            min={min}
            max={max}
            disabled={isDisabled}
            onChange={(event) => pick(event.target.value)}
          />
        </span>
      }
    />
  );
}
