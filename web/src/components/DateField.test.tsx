import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { i18n } from '../i18n';
import { DateField, type DateFieldProps } from './DateField';

type Props = Partial<DateFieldProps> & { initial?: string; onValue?: (value: string) => void };

/** A DateField whose value is kept, as a screen keeps it; every value sent up is recorded. */
function Held({ initial = '', onValue, ...rest }: Props) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        label="FIR Date"
        {...rest}
        value={value}
        onChange={(next) => {
          onValue?.(next);
          setValue(next);
        }}
      />
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue('')}>
        Clear all
      </button>
    </>
  );
}

const box = () => screen.getByLabelText('FIR Date');
const held = () => screen.getByTestId('value');

describe('DateField', () => {
  it('shows a date as dd/mm/yyyy and sends typed dd/mm/yyyy up as yyyy-mm-dd', async () => {
    const user = userEvent.setup();
    const sent = vi.fn();
    render(<Held initial="2025-01-10" onValue={sent} />);
    expect(box()).toHaveValue('10/01/2025');
    expect(box()).toHaveAttribute('placeholder', 'dd/mm/yyyy');

    await user.clear(box());
    expect(held()).toHaveTextContent('');
    await user.type(box(), '15/01/2026');
    expect(held()).toHaveTextContent('2026-01-15');
    // Half-typed text was never taken for another date.
    expect(sent.mock.calls.map(([value]) => value).filter(Boolean)).toEqual(['2026-01-15']);
  });

  it('reads d/m/yyyy, dots, dashes and ISO, and writes them back as dd/mm/yyyy on leaving', async () => {
    const user = userEvent.setup();
    render(<Held />);
    for (const [typed, iso] of [
      ['5.1.2026', '2026-01-05'],
      ['6-2-2026', '2026-02-06'],
      ['2026-03-07', '2026-03-07'],
    ]) {
      await user.clear(box());
      await user.type(box(), typed);
      expect(held()).toHaveTextContent(iso);
      await user.tab();
      expect(box()).toHaveValue(iso.split('-').reverse().join('/'));
    }
  });

  it('reads Devanagari digits', async () => {
    const user = userEvent.setup();
    render(<Held />);
    await user.type(box(), '१५/०१/२०२६');
    expect(held()).toHaveTextContent('2026-01-15');
    await user.tab();
    expect(box()).toHaveValue('15/01/2026');
  });

  it('says a day that does not exist is no date on leaving the box, and holds no value meanwhile', async () => {
    const user = userEvent.setup();
    render(<Held initial="2026-02-10" />);
    await user.clear(box());
    await user.type(box(), '31/02/2026');
    expect(held()).toHaveTextContent('');
    // Not while typing.
    expect(screen.queryByText('Enter the date as dd/mm/yyyy')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText('Enter the date as dd/mm/yyyy')).toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-invalid', 'true');
    expect(box()).toHaveValue('31/02/2026');

    await user.clear(box());
    await user.type(box(), '28/02/2026');
    expect(screen.queryByText('Enter the date as dd/mm/yyyy')).not.toBeInTheDocument();
    expect(held()).toHaveTextContent('2026-02-28');
  });

  it('names the bound, as dd/mm/yyyy, of a date before min or after max', async () => {
    const user = userEvent.setup();
    render(<Held min="2026-01-01" max="2026-01-31" />);
    await user.type(box(), '01/02/2026');
    await user.tab();
    expect(screen.getByText('Enter a date on or before 31/01/2026')).toBeInTheDocument();
    // The date is still sent up: the screen's own check may have a better word for it.
    expect(held()).toHaveTextContent('2026-02-01');

    await user.clear(box());
    await user.type(box(), '31/12/2025');
    await user.tab();
    expect(screen.getByText('Enter a date on or after 01/01/2026')).toBeInTheDocument();
  });

  it("shows the caller's message as given, over its own for a date out of range", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Held max="2026-01-31" hasError errorMessage="FIR Date cannot be in the future" />);
    await user.type(box(), '01/02/2026');
    await user.tab();
    expect(screen.getByText('FIR Date cannot be in the future')).toBeInTheDocument();
    expect(screen.queryByText(/on or before/)).not.toBeInTheDocument();

    // Text that is no date is said so, whatever the caller says about the blank it stands for.
    rerender(<Held hasError errorMessage="FIR Date is required" />);
    await user.clear(box());
    await user.type(box(), '45/01/2026');
    await user.tab();
    expect(screen.getByText('Enter the date as dd/mm/yyyy')).toBeInTheDocument();
    expect(screen.queryByText('FIR Date is required')).not.toBeInTheDocument();
  });

  it('follows a value set from outside', async () => {
    const user = userEvent.setup();
    render(<Held initial="2026-01-15" />);
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(box()).toHaveValue('');
  });

  it('keeps the native calendar behind a button, and shows the day picked there as dd/mm/yyyy', async () => {
    const user = userEvent.setup();
    const showPicker = vi.fn();
    const original = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'showPicker');
    Object.defineProperty(HTMLInputElement.prototype, 'showPicker', { configurable: true, value: showPicker });
    try {
      const { container } = render(<Held max="2026-12-31" />);
      await user.click(screen.getByRole('button', { name: 'Open calendar' }));
      expect(showPicker).toHaveBeenCalledTimes(1);
      const picker = container.querySelector<HTMLInputElement>('input[type="date"]')!;
      expect(picker).toHaveAttribute('max', '2026-12-31');
      expect(picker).toHaveAttribute('tabindex', '-1');
      fireEvent.change(picker, { target: { value: '2026-01-15' } });
      expect(box()).toHaveValue('15/01/2026');
      expect(held()).toHaveTextContent('2026-01-15');
    } finally {
      if (original) Object.defineProperty(HTMLInputElement.prototype, 'showPicker', original);
      else delete (HTMLInputElement.prototype as { showPicker?: unknown }).showPicker;
    }
  });

  it('puts the typing cursor in the box where the browser has no calendar to open', async () => {
    const user = userEvent.setup();
    render(<Held />);
    await user.click(screen.getByRole('button', { name: 'Open calendar' }));
    expect(box()).toHaveFocus();
  });

  it('stops a form holding text that is no date, and takes the focus', async () => {
    const user = userEvent.setup();
    const submitted = vi.fn((event: React.FormEvent) => event.preventDefault());
    render(
      <form onSubmit={submitted} noValidate>
        <Held />
        <button type="submit">Save</button>
      </form>,
    );
    await user.type(box(), '12/2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).not.toHaveBeenCalled();
    expect(box()).toHaveFocus();
    expect(screen.getByText('Enter the date as dd/mm/yyyy')).toBeInTheDocument();

    await user.clear(box());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('speaks Hindi: placeholder, calendar button and messages', async () => {
    const user = userEvent.setup();
    await act(() => i18n.changeLanguage('hi'));
    render(<Held max="2026-01-31" />);
    expect(box()).toHaveAttribute('placeholder', 'दिन/माह/वर्ष');
    expect(screen.getByRole('button', { name: 'कैलेंडर खोलें' })).toBeInTheDocument();
    await user.type(box(), '३१/०२/२०२६');
    await user.tab();
    expect(screen.getByText('तिथि दिन/माह/वर्ष के रूप में लिखें')).toBeInTheDocument();
    await user.clear(box());
    await user.type(box(), '०१/०२/२०२६');
    await user.tab();
    expect(box()).toHaveValue('01/02/2026');
    expect(screen.getByText('31/01/2026 या उससे पहले की तिथि लिखें')).toBeInTheDocument();
  });
});
