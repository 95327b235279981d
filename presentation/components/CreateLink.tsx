import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { hasPermission, type Permission } from '../../domain/auth/permissions';
import { useAppState } from '../hooks/useAppState';

/** The "New …" button above a list, shown only to a user who may create one. */
export function CreateLink({ permission, href, children }: { readonly permission: Permission; readonly href: string; readonly children: ReactNode }) {
  const user = useAppState('user');
  if (!hasPermission(user, permission)) return null;
  return (
    <p>
      <Link href={href} className="button button-primary">
        {children}
      </Link>
    </p>
  );
}
