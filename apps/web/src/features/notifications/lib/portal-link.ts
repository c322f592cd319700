/**
 * Whether a link from the server is a path of this portal ('/dashboard?…'), and so safe to
 * navigate to: never another site ('https://…', '//host/…') or a script.
 */
export const isPortalPath = (link: string) => link.startsWith('/') && !/^\/[/\\]/.test(link);
