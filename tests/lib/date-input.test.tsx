// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../src/lib/i18n/i18n';
import { DateInput } from '../../src/lib/ui/date-input';
import { renderWithApp } from '../app/helpers/render-with-app';

afterEach(cleanup);

describe('DateInput', () => {
  it('takes dd/mm/yyyy in Spanish and English and hands out the ISO day', () => {
    for (const [locale, placeholder] of [['es-ES', 'dd/mm/aaaa'], ['en-US', 'dd/mm/yyyy']] as const) {
      act(() => setLocale(locale));
      const onChange = vi.fn();
      renderWithApp(<DateInput value="" onChange={onChange} />);
      const input = screen.getByPlaceholderText(placeholder);
      fireEvent.change(input, { target: { value: '05/11/2026' } });
      expect(onChange).toHaveBeenLastCalledWith('2026-11-05');
      cleanup();
    }
  });

  it('reports a day that does not exist and keeps it out of the value', () => {
    act(() => setLocale('es-ES'));
    const onChange = vi.fn();
    const onValidity = vi.fn();
    renderWithApp(<DateInput value="" onChange={onChange} onValidity={onValidity} />);
    fireEvent.change(screen.getByPlaceholderText('dd/mm/aaaa'), { target: { value: '31/02/2026' } });
    expect(onValidity).toHaveBeenLastCalledWith(false);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows a value given from outside as dd/mm/yyyy and clears to an empty value', () => {
    act(() => setLocale('es-ES'));
    const onChange = vi.fn();
    renderWithApp(<DateInput value="2026-01-31" onChange={onChange} />);
    const input = screen.getByPlaceholderText('dd/mm/aaaa') as HTMLInputElement;
    expect(input.value).toBe('31/01/2026');
    fireEvent.change(input, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith('');
  });
});
