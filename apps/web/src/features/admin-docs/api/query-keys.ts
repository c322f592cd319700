/** Every admin documentation query sits under this root, so a save refreshes them all. */
export const ADMIN_DOCS_KEY = ['admin-docs'] as const;
