/**
 * A browser's cookies, as far as the deployment test needs them: one signed-in user,
 * sending its cookies and the CSRF header to whichever address it is pointed at (the
 * proxy, or one process directly, since all of them are 127.0.0.1).
 */
export type TSession = {
  email: string;
  request: (base: string, path: string, init?: RequestInit) => Promise<Response>;
  json: <T>(base: string, path: string, init?: RequestInit) => Promise<T>;
};

export const signInAt = async (
  base: string,
  email: string,
  password: string,
): Promise<TSession> => {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) {
        jar.delete(name);
      } else {
        jar.set(name, value);
      }
    }
    return response;
  };
  const request = async (target: string, path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const csrf = jar.get('csrf_access_token');
    if (csrf) {
      headers.set('x-csrf-token', decodeURIComponent(csrf));
    }
    return keep(await fetch(`${target}${path}`, { ...init, headers }));
  };
  const json = async <T>(target: string, path: string, init?: RequestInit) => {
    const response = await request(target, path, init);
    const body = (await response.json()) as T;
    if (!response.ok) {
      throw new Error(
        `${init?.method ?? 'GET'} ${path}: ${response.status} ${JSON.stringify(body)}`,
      );
    }
    return body;
  };
  const login = await request(base, '/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) {
    throw new Error(`sign-in of ${email} answered ${login.status}: ${await login.text()}`);
  }
  return { email, request, json };
};

/** A JSON body for request(). */
export const jsonBody = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
