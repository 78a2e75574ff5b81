import type { Access } from '@waymark/protocol';

/**
 * Whether the signed-in user (or nobody) may make a call of this access: `staff` is the back
 * office's item work, which editors share with administrators; `admin` is administrators only.
 */
export function mayCall(access: Access, user: { role: string } | null | undefined): boolean {
  if (access === 'public') return true;
  if (!user) return false;
  if (access === 'user') return true;
  if (access === 'staff') return user.role === 'administrator' || user.role === 'editor';
  return user.role === 'administrator';
}
