import type { ReactNode } from 'react';

/** A key as it is printed on the keyboard. */
export function Kbd({ children }: { children: ReactNode }) {
  return <kbd className="moderation-kbd">{children}</kbd>;
}
