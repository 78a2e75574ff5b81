import { ProtectedFormFields } from '@waymark/shield/react';
import { usePageContext } from './page-context.js';

/**
 * What every protected form renders inside itself for the spam shield: the honeypot with this
 * page's signed value and, for administrators, the honeypot test block.
 */
export function ShieldFields() {
  const { shield, user } = usePageContext();
  return (
    <ProtectedFormFields
      name={shield.honeypot.name}
      value={shield.honeypot.value}
      admin={user?.role === 'administrator'}
    />
  );
}
