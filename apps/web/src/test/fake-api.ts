import { vi } from 'vitest';

type TAnswer = { status?: number; body: unknown };

/** One endpoint's answers, in turn; the last one repeats. */
export type TFakeRoute = { method?: string; path: string; answers: TAnswer[] };

export type TFakeRequest = { method: string; path: string; body: unknown; init?: RequestInit };

/**
 * Answers the app's API calls from a table, as the server would (JSON, a status), and keeps
 * what was sent. A call the table does not list is a 404, as the server's.
 */
export const fakeApi = (routes: TFakeRoute[]) => {
  const requests: TFakeRequest[] = [];
  const served = new Map<TFakeRoute, number>();
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    requests.push({ method, path, body, ...(init ? { init } : {}) });
    const route = routes.find(
      (candidate) => (candidate.method ?? 'GET') === method && candidate.path === path,
    );
    const count = route ? (served.get(route) ?? 0) : 0;
    const answer = route?.answers[Math.min(count, route.answers.length - 1)];
    if (route) {
      served.set(route, count + 1);
    }
    return answer
      ? new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 })
      : new Response(JSON.stringify({ success: false, error: 'Not found', code: 'not_found' }), {
          status: 404,
        });
  });
  return {
    spy,
    requests,
    /** What was sent to one endpoint, in order. */
    sent: (method: string, path: string) =>
      requests.filter((request) => request.method === method && request.path === path),
  };
};

export const ok = (body: unknown): TAnswer => ({ body });
export const refused = (status: number, error: string, code = 'bad_request'): TAnswer => ({
  status,
  body: { success: false, error, code },
});
