import { createContext, type ReactNode } from 'react';

/**
 * What My Profile shows under 'Notifications'. The profile feature draws the screen and the
 * notifications feature owns the settings form; features do not import each other, so app/
 * hands in a function that draws the form. Nothing provided, no Notifications section.
 */
export const ProfileNotificationsSlot = createContext<(() => ReactNode) | null>(null);
