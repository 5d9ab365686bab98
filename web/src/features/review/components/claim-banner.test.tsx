import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { reviewSafetyText } from '../../../config/review-safety-text';
import { renderWithProviders } from '../../../test/render';
import { ClaimBanner } from './claim-banner';

const claim = (minutesAgo: number) => ({
  answerId: 5,
  user: { id: 2, firstName: 'Maya', lastName: 'Manning' },
  claimedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  expiresAt: new Date(Date.now() + 600_000).toISOString(),
  mine: false,
});

describe('ClaimBanner', () => {
  it('names who is reviewing and since when, and takes over on request', async () => {
    const onTakeOver = vi.fn();
    renderWithProviders(<ClaimBanner claim={claim(3)} onTakeOver={onTakeOver} />);
    expect(
      screen.getByText('Maya Manning is reviewing this answer · claimed 3 minutes ago'),
    ).toBeInTheDocument();
    expect(onTakeOver).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: reviewSafetyText.takeOver }));
    expect(onTakeOver).toHaveBeenCalledOnce();
  });
});
