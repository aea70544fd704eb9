import { useState } from 'react';

/**
 * A choice among options that may arrive after the control is shown (the markets list): until the
 * user picks one, and whenever the pick is no longer offered, the value is the first option, so that
 * what the control shows is always what a submit sends.
 */
export function useChoice(options: readonly string[]): [string, (value: string) => void] {
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const value = picked !== undefined && options.includes(picked) ? picked : (options[0] ?? '');
  return [value, setPicked];
}
