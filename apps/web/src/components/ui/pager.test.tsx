import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from './pager';

describe('Pager', () => {
  it('is absent with one page or none', () => {
    const { container } = render(
      <Pager label="Patients" page={1} pages={1} onPageChange={vi.fn()} />,
    );
    expect(container.innerHTML).toBe('');
  });

  it("reads 'Page X of Y' and moves one page at a time within bounds", () => {
    const onPageChange = vi.fn();
    render(<Pager label="Orders" page={3} pages={3} onPageChange={onPageChange} />);
    expect(screen.getByRole('navigation', { name: 'Orders pages' })).toBeTruthy();
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });
});
