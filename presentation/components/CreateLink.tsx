import type { ReactNode } from 'react';
import { Link } from 'wouter';

/** The "New …" button above a list, shown only when the use-case offers creating one (`offered`). */
export function CreateLink({ offered, href, children }: { readonly offered: boolean; readonly href: string; readonly children: ReactNode }) {
  if (!offered) return null;
  return (
    <p>
      <Link href={href} className="button button-primary">
        {children}
      </Link>
    </p>
  );
}
