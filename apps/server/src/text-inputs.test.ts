import { describe, expect, it } from 'vitest';
import type { TPreferences } from '@portal/domain/patients-api';
import { TEXT_MESSAGES } from '@portal/domain/text';
import { useScenario, type TScenarioUser } from './modules/patients/test-scenario';
import { testDialects } from './test/databases';
import { TEST_PASSWORD } from './test/sessions';

/**
 * Every text input of the API refuses NUL, control characters and lone surrogates at
 * its schema: a 400 in words, never the database's 500 (PostgreSQL cannot store NUL).
 */

type TCase = {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  payload?: object;
  /** Signed-in routes are called as this user; public ones without a session. */
  as?: TScenarioUser;
};

const NUL = '\u0000';
const email = 'cm-a@example.com';
const patients = '/api/patients/payor/PAY-A/patients';

const CASES: TCase[] = [
  {
    name: 'login email',
    method: 'POST',
    url: '/api/login',
    payload: { email: `cm-a${NUL}@example.com`, password: 'x' },
  },
  {
    name: 'login password',
    method: 'POST',
    url: '/api/login',
    payload: { email, password: `pass${NUL}word` },
  },
  {
    name: 'login email, control character',
    method: 'POST',
    url: '/api/login',
    payload: { email: `cm-a\u0001@example.com`, password: 'x' },
  },
  {
    name: 'login email, lone surrogate',
    method: 'POST',
    url: '/api/login',
    payload: { email: 'cm-a\ud800@example.com', password: 'x' },
  },
  {
    name: 'forgot-password email',
    method: 'POST',
    url: '/api/forgot-password',
    payload: { email: NUL },
  },
  {
    name: 'verify-reset-token token',
    method: 'POST',
    url: '/api/verify-reset-token',
    payload: { token: `abc${NUL}` },
  },
  {
    name: 'reset-password-with-token token',
    method: 'POST',
    url: '/api/reset-password-with-token',
    payload: { token: `abc${NUL}`, new_password: 'Long-Enough-Pass1!' },
  },
  {
    name: 'reset-password-with-token password',
    method: 'POST',
    url: '/api/reset-password-with-token',
    payload: { token: 'abc', new_password: `Long-Enough${NUL}Pass1!` },
  },
  {
    name: 'change-password current',
    method: 'PUT',
    url: '/api/reset-password',
    as: 'caseManagerA',
    payload: { current_password: `${TEST_PASSWORD}${NUL}`, new_password: 'Long-Enough-Pass1!' },
  },
  {
    name: 'change-password new',
    method: 'POST',
    url: '/api/reset-password',
    as: 'caseManagerA',
    payload: { current_password: TEST_PASSWORD, new_password: `Long-Enough${NUL}Pass1!` },
  },
  { name: 'patient search', method: 'GET', url: `${patients}?search=Sm%00ith`, as: 'caseManagerA' },
  {
    name: 'patient search, control character',
    method: 'GET',
    url: `${patients}?search=Sm%1Bith`,
    as: 'caseManagerA',
  },
  {
    name: 'patient list payor key',
    method: 'GET',
    url: '/api/patients/payor/PAY%00A/patients',
    as: 'caseManagerA',
  },
  {
    name: 'intake search',
    method: 'GET',
    url: '/api/patients/payor/PAY-A/intake-patients?search=Sm%00',
    as: 'caseManagerA',
  },
  {
    name: 'patient key',
    method: 'GET',
    url: '/api/patients/payor/PAY-A/patient/PA-1%00',
    as: 'caseManagerA',
  },
  {
    name: 'company patient key',
    method: 'GET',
    url: '/api/patients/patient/PA%001/company',
    as: 'caseManagerA',
  },
  {
    name: 'order sub_status',
    method: 'GET',
    url: '/api/patients/payor/PAY-A/patient/PA-1/orders?view=all&sub_status=Ship%00ped',
    as: 'caseManagerA',
  },
  {
    name: 'order items so_number',
    method: 'GET',
    url: '/api/patients/orders/SO%00-1/items',
    as: 'caseManagerA',
  },
  {
    name: 'favourite patient_key',
    method: 'POST',
    url: '/api/patients/favorites',
    as: 'caseManagerA',
    payload: { patient_key: `PA-1${NUL}` },
  },
  {
    name: 'preferences order_categories',
    method: 'PUT',
    url: '/api/preferences',
    as: 'caseManagerA',
    payload: { order_categories: ['cpap', `CP${NUL}AP`] },
  },
  {
    name: 'preferences order_categories, lone surrogate',
    method: 'PUT',
    url: '/api/preferences',
    as: 'caseManagerA',
    payload: { order_categories: ['\udc00cpap'] },
  },
  {
    name: 'preferences so_classifications',
    method: 'PUT',
    url: '/api/preferences',
    as: 'caseManagerA',
    payload: { so_classifications: [`CL-RESP${NUL}`] },
  },
  {
    name: 'classification toggle key',
    method: 'POST',
    url: '/api/preferences/so-classifications/CL%00RESP/toggle',
    as: 'caseManagerA',
  },
  {
    name: 'contact message name',
    method: 'POST',
    url: '/api/contact/message',
    as: 'caseManagerA',
    payload: { name: `Ann${NUL}`, email, subject: 'Help', message: 'Hello' },
  },
  {
    name: 'contact message text',
    method: 'POST',
    url: '/api/contact/message',
    as: 'caseManagerA',
    payload: { name: 'Ann', email, subject: 'Help', message: `Hel${NUL}lo` },
  },
  {
    name: 'profile name',
    method: 'PUT',
    url: '/api/profile',
    as: 'caseManagerA',
    payload: { username: `Ann${NUL}`, email },
  },
  {
    name: 'audit trail user filter',
    method: 'GET',
    url: '/api/admin/audit?user=cm-a%00',
    as: 'admin',
  },
  {
    name: 'audit export patient_id filter',
    method: 'GET',
    url: '/api/admin/audit/export?patient_id=P1%0001',
    as: 'admin',
  },
];

describe.each(testDialects())(
  'text inputs with NUL and other invalid characters [%s]',
  (dialect) => {
    const { portal, request } = useScenario(dialect);

    const send = (testCase: TCase) =>
      testCase.as
        ? request(testCase.as, testCase.url, {
            method: testCase.method,
            ...(testCase.payload ? { payload: testCase.payload } : {}),
          })
        : portal().app.inject({
            method: testCase.method,
            url: testCase.url,
            ...(testCase.payload ? { payload: testCase.payload } : {}),
          });

    it.each(CASES)('$name: 400 with the message', async (testCase) => {
      const response = await send(testCase);
      expect(response.statusCode).toBe(400);
      const body = response.json<{ success: boolean; error: string; code: string }>();
      expect(body).toMatchObject({ success: false, code: 'bad_request' });
      // A key path refused by its pattern says so; every other field names the characters.
      expect(body.error).toMatch(new RegExp(`${TEXT_MESSAGES.invalidCharacters}|Invalid key`));
    });

    it('changes nothing: preferences stay, the password still works, searches still answer', async () => {
      const preferences = await request('caseManagerA', '/api/preferences');
      expect(preferences.json<{ preferences: TPreferences }>().preferences).toEqual({
        so_classifications: [],
        order_categories: [],
      });
      const login = await portal().app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password: TEST_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const search = await request('caseManagerA', `${patients}?search=Smith`);
      expect(search.statusCode).toBe(200);
      expect(search.json<{ total: number }>().total).toBeGreaterThan(0);
    });
  },
);
