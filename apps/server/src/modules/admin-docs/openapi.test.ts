import { describe, expect, it } from 'vitest';
import { useTestPortal } from '../../test/test-portal';

// The OpenAPI document does not depend on the database, so one dialect is enough.
describe('admin documentation in the OpenAPI document', () => {
  const portal = useTestPortal('sqlite', { API_DOCS: 'true' });

  it('lists every documentation call with its 409', async () => {
    const response = await portal().app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const { paths } = response.json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(Object.keys(paths['/api/admin/documentation'] ?? {}).sort()).toEqual(['get', 'post']);
    const one = paths['/api/admin/documentation/{doc_id}'] ?? {};
    expect(Object.keys(one).sort()).toEqual(['delete', 'put']);
    expect(Object.keys(one.put?.responses ?? {})).toContain('409');
  });
});
