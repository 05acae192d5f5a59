import type { ReactNode } from 'react';

/** A calm, polite message at the top of a page, such as why the reader was signed out. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p className="notice" role="status">
      {children}
    </p>
  );
}
