/** A readable cookie's value (the CSRF cookies are readable by design), or undefined. */
export const readCookie = (name: string, cookieString = document.cookie): string | undefined => {
  for (const part of cookieString.split(';')) {
    const [rawName, ...rest] = part.trim().split('=');
    if (rawName === name) {
      return decodeURIComponent(rest.join('='));
    }
  }
  return undefined;
};
