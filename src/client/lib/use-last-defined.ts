import { useRef } from 'react';

/**
 * The value, or while it is null the last value it had. A dialog keyed on "which row" keeps showing that
 * row's text during its closing transition instead of going blank.
 */
export function useLastDefined<T>(value: T | null): T | null {
  const last = useRef(value);
  if (value !== null) last.current = value;
  return value ?? last.current;
}
