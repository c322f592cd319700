import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EMAIL_FREQUENCY_LABELS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_SCOPE_LABELS,
  type TNotificationSettingsResponse,
} from '@portal/domain/notifications-api';
import { fakeApi, ok, refused } from '../../../test/fake-api';
import { settingsAnswer } from '../testing/fixtures';
import { NotificationSettings } from './notification-settings';
import type { TCategoryList } from './scope-fields';

const SETTINGS = '/api/notification-settings';

const classifications: TCategoryList = {
  status: 'ready',
  classifications: [
    { id: '1', key: 'CPAP', name: 'CPAP Supplies', description: null },
    { id: '2', key: 'DIAB', name: 'Diabetic', description: null },
  ],
};

const renderSettings = (
  answer: TNotificationSettingsResponse,
  put: Parameters<typeof fakeApi>[0][number]['answers'] = [ok(answer)],
  categories: TCategoryList = classifications,
) => {
  const api = fakeApi([
    { path: SETTINGS, answers: [ok(answer)] },
    { method: 'PUT', path: SETTINGS, answers: put },
  ]);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <NotificationSettings categories={categories} />
    </QueryClientProvider>,
  );
  return api;
};

/** A kind's fieldset, found by its legend. */
const kind = (label: string) => screen.getByText(label, { selector: 'legend' }).parentElement!;
/** The form is drawn once its last field is. */
const loaded = () => screen.findByLabelText('Daily digest time');
const save = () =>
  fireEvent.click(screen.getByRole('button', { name: 'Save notification settings' }));

describe('notification settings on My Profile', () => {
  beforeAll(() => {
    // jsdom has no ResizeObserver; the checkboxes' Radix code asks for one in a form.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });
  beforeEach(() => {
    // A few of the browser's ~400 zones: enough to choose from, and quick to query.
    vi.spyOn(Intl, 'supportedValuesOf').mockReturnValue([
      'America/Chicago',
      'America/New_York',
      'Europe/Berlin',
    ]);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('saves every choice of a staff user as one body', async () => {
    const answer = settingsAnswer();
    const api = renderSettings(answer, [ok({ ...answer, saved: true })]);
    // Label queries: the role queries of a form this size cost seconds on a busy machine.
    await loaded();
    const shipped = kind(NOTIFICATION_KIND_LABELS.shipped);
    fireEvent.click(within(shipped).getByLabelText('In the portal'));
    fireEvent.change(within(shipped).getByLabelText('Email'), { target: { value: 'instant' } });
    const waiting = kind(NOTIFICATION_KIND_LABELS.waiting);
    fireEvent.change(within(waiting).getByLabelText('Email'), { target: { value: 'off' } });
    fireEvent.change(within(waiting).getByLabelText('Days in one status'), {
      target: { value: '21' },
    });
    fireEvent.click(screen.getByLabelText(NOTIFICATION_SCOPE_LABELS.payor));
    fireEvent.click(screen.getByLabelText('Diabetic'));
    fireEvent.change(screen.getByLabelText('Daily digest time'), { target: { value: '17:30' } });
    fireEvent.change(screen.getByLabelText('Time zone'), { target: { value: 'Europe/Berlin' } });
    save();

    expect(await screen.findByText(NOTIFICATION_MESSAGES.settingsSaved)).toBeTruthy();
    const [sent] = api.sent('PUT', SETTINGS);
    expect(sent?.body).toEqual({
      scope: 'payor',
      categories: ['DIAB'],
      waiting_days: 21,
      digest_time: '17:30',
      time_zone: 'Europe/Berlin',
      kinds: {
        action_needed: { in_app: true, email: 'digest' },
        shipped: { in_app: false, email: 'instant' },
        delivered: { in_app: true, email: 'digest' },
        waiting: { in_app: true, email: 'off' },
      },
    });
  });

  it('offers each kind’s email choices in the contract’s words, the saved one chosen', async () => {
    renderSettings(settingsAnswer());
    await loaded();
    const email = within(
      screen.getByRole('group', { name: NOTIFICATION_KIND_LABELS.delivered }),
    ).getByLabelText<HTMLSelectElement>('Email');
    expect([...email.options].map((option) => option.text)).toEqual(
      Object.values(EMAIL_FREQUENCY_LABELS),
    );
    expect(email.value).toBe('digest');
    const zone = screen.getByLabelText<HTMLSelectElement>('Time zone');
    expect(zone.value).toBe('America/Chicago');
    expect([...zone.options].map((option) => option.text)).toEqual([
      'America/Chicago',
      'America/New York',
      'Europe/Berlin',
    ]);
  });

  it('keeps a saved time zone the browser does not list', async () => {
    renderSettings(
      settingsAnswer({ settings: { ...settingsAnswer().settings, time_zone: 'UTC' } }),
    );
    const zone = await screen.findByLabelText<HTMLSelectElement>('Time zone');
    expect(zone.value).toBe('UTC');
  });

  it('asks for a category with the payor scope before sending anything', async () => {
    const api = renderSettings(settingsAnswer());
    await loaded();
    fireEvent.click(screen.getByRole('radio', { name: NOTIFICATION_SCOPE_LABELS.payor }));
    save();
    expect(await screen.findByText(NOTIFICATION_MESSAGES.categoriesRequired)).toBeTruthy();
    expect(api.sent('PUT', SETTINGS)).toHaveLength(0);
  });

  it('closes the payor scope to an account without a payor, saying why', async () => {
    renderSettings(settingsAnswer({ payor_scope_available: false }));
    await loaded();
    const payor = screen.getByRole('radio', { name: NOTIFICATION_SCOPE_LABELS.payor });
    expect((payor as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(NOTIFICATION_MESSAGES.payorScopeNeedsPayor)).toBeTruthy();
  });

  it('shows a patient their own kinds only, with no scope or threshold', async () => {
    const api = renderSettings(
      settingsAnswer({
        available_kinds: ['action_needed', 'shipped', 'delivered'],
        payor_scope_available: false,
      }),
    );
    await loaded();
    expect(screen.queryByRole('group', { name: NOTIFICATION_KIND_LABELS.waiting })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByLabelText('Days in one status')).toBeNull();
    save();
    await screen.findByText(NOTIFICATION_MESSAGES.settingsSaved);
    expect(api.sent('PUT', SETTINGS)[0]?.body).toMatchObject({
      scope: 'favorites',
      waiting_days: 14,
    });
  });

  it('gives the server’s reason for a refused save, and the contract’s words otherwise', async () => {
    renderSettings(settingsAnswer(), [
      refused(400, NOTIFICATION_MESSAGES.timeZoneInvalid),
      refused(500, 'Internal Server Error', 'internal'),
    ]);
    await loaded();
    save();
    expect((await screen.findByRole('alert')).textContent).toBe(
      NOTIFICATION_MESSAGES.timeZoneInvalid,
    );
    save();
    expect(await screen.findByText(NOTIFICATION_MESSAGES.settingsFailed)).toBeTruthy();
  });

  it('refuses a threshold out of range and puts the focus on it', async () => {
    renderSettings(settingsAnswer());
    const days = await screen.findByLabelText('Days in one status');
    fireEvent.change(days, { target: { value: '0' } });
    save();
    expect(await screen.findByText(/Enter a whole number of days from 1 to 365/)).toBeTruthy();
    expect(document.activeElement).toBe(days);
    expect(days.getAttribute('aria-invalid')).toBe('true');
  });
});
