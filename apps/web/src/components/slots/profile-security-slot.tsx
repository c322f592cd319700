import { createContext, type ReactNode } from 'react';

/**
 * What My Profile shows under 'Security': the security feature's sign-in methods
 * (authenticator apps, recovery codes). Features do not import each other, so app/ hands in
 * a function that draws them. Nothing provided, no Security section.
 */
export const ProfileSecuritySlot = createContext<(() => ReactNode) | null>(null);
