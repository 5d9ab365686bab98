/**
 * The manager dashboard's figures (000 §2.5): Creators shows `messages.inactive` when the
 * organization has no creator seats, else creators over seats; Seats Usage is active trainees +
 * pending invites over trainee seats.
 */
import { format, messages } from '@practica/contract';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { CreatorsCard, creatorsFigure, ManagerCards, seatsUsageFigure } from './organization-cards';

const counts = {
  seatsUsed: 6,
  userSeats: 25,
  creatorsCount: 0,
  creatorSeats: 0,
  pendingTraineeInvitesCount: 2,
  traineesCount: 4,
  instructorsCount: 2,
  groupsCount: 2,
  interviewsCount: 0,
};

describe('organization cards', () => {
  it('shows Inactive on the Creators card without creator seats', () => {
    renderWithProviders(<CreatorsCard organization={counts} />);
    const card = screen.getByRole('region', { name: messages.creators });
    expect(within(card).getByText(messages.inactive)).toBeInTheDocument();
  });

  it('shows creators over seats otherwise', () => {
    renderWithProviders(
      <CreatorsCard organization={{ ...counts, creatorsCount: 1, creatorSeats: 3 }} />,
    );
    const card = screen.getByRole('region', { name: messages.creators });
    expect(within(card).getByText(format.countOf(1, 3))).toBeInTheDocument();
    expect(within(card).queryByText(messages.inactive)).not.toBeInTheDocument();
  });

  it('computes the figures', () => {
    expect(creatorsFigure({ creatorsCount: 0, creatorSeats: 0 })).toBe(messages.inactive);
    expect(creatorsFigure({ creatorsCount: 2, creatorSeats: 5 })).toBe(format.countOf(2, 5));
    expect(seatsUsageFigure({ seatsUsed: 6, userSeats: 25 })).toBe(format.countOf(6, 25));
  });

  it('lays out the five manager cards', () => {
    renderWithProviders(
      <MemoryRouter>
        <ManagerCards organization={counts} invitesHref="/dbl/invites" createGroupHref="/x" />
      </MemoryRouter>,
    );
    for (const title of [
      messages.newInvite,
      messages.createGroup,
      messages.seatsUsage,
      messages.traineeInvites,
      messages.creators,
    ]) {
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    }
    const seats = screen.getByRole('region', { name: messages.seatsUsage });
    expect(within(seats).getByText(format.countOf(6, 25))).toBeInTheDocument();
  });
});
