/**
 * The notification settings card (decisions.md#console-flows §16): one switch per kind the server lists, flipping
 * one sends only that kind to the card's path and shows the saved state and toast; a refused save
 * shows the server's message and leaves the switch as it was; a failed load offers a retry.
 */
import { messages, Role } from '@practica/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationsText } from '@shared/config/notifications-text';
import { makeUser, renderWithProviders, signInAsUser } from '../test/render';
import { NotificationSettingsCard } from '@shared/components/notification-settings-card';

function json(status: number, data: unknown, message: string = messages.ok) {
  return new Response(
    JSON.stringify(
      status < 400
        ? { success: true, message, data, error: null }
        : { success: false, message, data: null, error: { code: 'VALIDATION', message } },
    ),
    { status, headers: { 'Content-Type': 'application/json' } },
  );
}

const trainee = {
  settings: [
    { kind: 'assignment-added', enabled: true },
    { kind: 'due-reminder', enabled: true },
  ],
};
const label = notificationsText.kinds['due-reminder'].label;

afterEach(() => vi.unstubAllGlobals());

describe('NotificationSettingsCard', () => {
  it('saves one kind at a time at its path and shows the saved state', async () => {
    signInAsUser(makeUser(Role.Trainee, { id: 5 }));
    const calls: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        const body = init?.body ? JSON.parse(String(init.body)) : undefined;
        calls.push({ method, url: String(input), body });
        if (method === 'PUT')
          return json(
            200,
            { settings: [trainee.settings[0], { kind: 'due-reminder', enabled: false }] },
            messages.notificationSettingsSaved,
          );
        return json(200, trainee);
      }),
    );
    renderWithProviders(<NotificationSettingsCard path="/me/notifications" />);
    const toggle = await screen.findByRole('switch', { name: label });
    expect(toggle).toBeChecked();
    expect(
      screen.getByRole('switch', { name: notificationsText.kinds['assignment-added'].label }),
    ).toBeChecked();
    // Staff-only kinds are not offered when the server does not list them.
    expect(
      screen.queryByRole('switch', { name: notificationsText.kinds['review-digest'].label }),
    ).toBeNull();

    await userEvent.click(toggle);
    await waitFor(() => expect(screen.getByRole('switch', { name: label })).not.toBeChecked());
    expect(await screen.findByText(messages.notificationSettingsSaved)).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/me/notifications');
    expect(put?.body).toEqual({ settings: [{ kind: 'due-reminder', enabled: false }] });
  });

  it('shows the refusal and keeps the switch as it was', async () => {
    signInAsUser(makeUser(Role.Trainee, { id: 5 }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
        init?.method === 'PUT'
          ? json(400, null, messages.notificationKindInvalid)
          : json(200, trainee),
      ),
    );
    renderWithProviders(<NotificationSettingsCard path="/me/notifications" />);
    await userEvent.click(await screen.findByRole('switch', { name: label }));
    expect(await screen.findByText(messages.notificationKindInvalid)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: label })).toBeChecked();
  });

  it('offers a retry when the settings cannot be loaded', async () => {
    signInAsUser(makeUser(Role.Manager, { id: 8 }));
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        fail
          ? json(500, null, 'Internal error')
          : json(200, { settings: [{ kind: 'review-digest', enabled: false }] }),
      ),
    );
    renderWithProviders(<NotificationSettingsCard path="/users/me/notifications" />);
    expect(await screen.findByText(notificationsText.loadFailed)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: notificationsText.tryAgain }));
    const digest = await screen.findByRole('switch', {
      name: notificationsText.kinds['review-digest'].label,
    });
    expect(digest).not.toBeChecked();
  });
});
