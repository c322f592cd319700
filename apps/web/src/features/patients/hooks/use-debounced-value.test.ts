import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value';
import { ORDER_FETCH_DEBOUNCE_MS } from './use-patient-orders';

describe('useDebouncedValue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('follows the value only once it has held still for the delay', () => {
    expect(ORDER_FETCH_DEBOUNCE_MS).toBe(300);
    const { result, rerender } = renderHook(
      ({ value }) => useDebouncedValue(value, ORDER_FETCH_DEBOUNCE_MS),
      { initialProps: { value: 'patient-1' } },
    );
    rerender({ value: 'patient-2' });
    act(() => {
      vi.advanceTimersByTime(200);
    });
    rerender({ value: 'patient-3' });
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(result.current).toBe('patient-1');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe('patient-3');
  });
});
