// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormField } from './FormField';

afterEach(cleanup);

function Probe({ error, hint }: { error?: string; hint?: string }) {
  return (
    <FormField label="Limit price" name="limit" error={error} hint={hint}>
      {({ id, invalid, describedBy }) => (
        <input id={id} aria-invalid={invalid} aria-describedby={describedBy} />
      )}
    </FormField>
  );
}

const described = (el: HTMLElement) =>
  document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent;

describe('FormField', () => {
  it('names its control with the label and describes it with the hint while valid', () => {
    render(<Probe hint="per share" />);
    const input = screen.getByRole('textbox', { name: 'Limit price' });
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(described(input)).toBe('per share');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows an error in place of the hint: announced, and tied to the control', () => {
    render(<Probe hint="per share" error="Enter a price above 0." />);
    const input = screen.getByRole('textbox', { name: 'Limit price' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Enter a price above 0.');
    expect(described(input)).toBe('Enter a price above 0.');
    expect(screen.queryByText('per share')).toBeNull();
  });

  it('keeps two fields of one name apart', () => {
    render(
      <>
        <Probe />
        <Probe error="Required." />
      </>,
    );
    const [first, second] = screen.getAllByRole('textbox', { name: 'Limit price' });
    expect(first?.id).not.toBe(second?.id);
    expect(first?.getAttribute('aria-invalid')).toBe('false');
    expect(second?.getAttribute('aria-invalid')).toBe('true');
  });
});
