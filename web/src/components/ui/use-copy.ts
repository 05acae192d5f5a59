import { useState, type RefObject } from 'react';

/**
 * Copies a value to the clipboard, and says how it went in a status line. When the browser refuses
 * (no permission, an older browser), the field is selected so the keyboard can copy it instead.
 */
export function useCopy(value: string, field: RefObject<HTMLInputElement | null>) {
  const [status, setStatus] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setStatus('Copied to the clipboard.');
    } catch {
      field.current?.select();
      setStatus('Copying was refused by the browser: it is selected, copy it with your keyboard.');
    }
  };
  return { status, copy };
}
