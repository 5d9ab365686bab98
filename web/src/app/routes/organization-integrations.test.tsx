/**
 * The "Sign-in and integrations" page's access (decisions.md#webhooks §1): a Manager opens their
 * own organization's page and finds its single sign-on, API tokens and webhooks; a Manager sent
 * another organization's page goes back with the access-denied toast, and nothing of that
 * organization is asked for; an Instructor is refused by the route. The pages load lazily, which
 * takes seconds on a busy machine: the waits allow 10 s.
 */
import { messages, Role, type OrganizationDetail } from '@practica/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiTokensText } from '../../config/api-tokens-text';
import { ssoText } from '../../config/sso-text';
import { webhooksText } from '../../config/webhooks-text';
import { makeUser, renderRoutes, signInAsUser } from '../../test/render';

const organization: OrganizationDetail = {
  id: 1,
  name: 'Demo Academy',
  address: '1 Practice Lane',
  contact: { firstName: 'Dana', lastName: 'Demo', email: 'd@demo.test', phoneNumber: '5550101000' },
  contactId: null,
  imageId: null,
  image: null,
  userSeats: 25,
  creatorSeats: 3,
  active: true,
  groupsCount: 0,
  traineesCount: 0,
  instructorsCount: 0,
  managersCount: 1,
  creatorsCount: 0,
  interviewsCount: 0,
  pendingInvitesCount: 0,
  pendingTraineeInvitesCount: 0,
  seatsUsed: 0,
};

function answer(data: unknown, status = 200) {
  return new Response(
    JSON.stringify({ success: status === 200, message: messages.ok, data, error: null }),
    { status, headers: { 'Content-Type': 'application/json' } },
  );
}

let urls: string[];

beforeEach(() => {
  urls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      urls.push(url);
      if (/\/organizations\/1$/.test(url)) return Promise.resolve(answer(organization));
      if (/\/(api-tokens|webhooks)$/.test(url))
        return Promise.resolve(answer({ list: [], count: 0 }));
      return Promise.resolve(answer(null, 404));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('organization integrations page', () => {
  it("shows a Manager their organization's sign-in, API tokens and webhooks", async () => {
    signInAsUser(makeUser(Role.Manager));
    renderRoutes(['/dbl/organizations/1/integrations']);
    expect(
      await screen.findByRole('heading', { name: webhooksText.title }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: apiTokensText.title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: ssoText.title })).toBeInTheDocument();
    expect(await screen.findByText(webhooksText.emptyTitle)).toBeInTheDocument();
    expect(screen.queryByText(messages.accessDenied)).not.toBeInTheDocument();
  }, 30_000);

  it("sends a Manager back from another organization's page, asking nothing of it", async () => {
    signInAsUser(makeUser(Role.Manager));
    const { router } = renderRoutes([
      '/dbl/org-manager/dashboard/org',
      '/dbl/organizations/2/integrations',
    ]);
    expect(
      await screen.findByText(messages.accessDenied, undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await waitFor(
      () => expect(router.state.location.pathname).toBe('/dbl/org-manager/dashboard/org'),
      { timeout: 10_000 },
    );
    expect(urls.filter((url) => url.includes('/organizations/2'))).toEqual([]);
  });

  it('refuses an Instructor the route', async () => {
    signInAsUser(makeUser(Role.Instructor));
    const { router } = renderRoutes(['/dbl/organizations/1/integrations']);
    expect(
      await screen.findByText(messages.accessDenied, undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dbl/dashboard'), {
      timeout: 10_000,
    });
    expect(screen.queryByRole('heading', { name: webhooksText.title })).not.toBeInTheDocument();
  });
});
