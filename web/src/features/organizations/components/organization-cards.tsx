/**
 * The figures of an organization (000 §2.5 organization manager dashboard, §2.9 stat cards):
 * seat usage (active trainees + pending trainee invites over trainee seats, decisions.md),
 * pending trainee invites, creators over creator seats (`messages.inactive` when the organization
 * has no creator seats), and the member and content counts.
 */
import { SimpleGrid } from '@mantine/core';
import { format, messages, type OrganizationDetail } from '@practica/contract';
import {
  IconArmchair,
  IconMailForward,
  IconMicrophone,
  IconPalette,
  IconSchool,
  IconUserPlus,
  IconUsers,
  IconUsersGroup,
  IconUsersPlus,
} from '@tabler/icons-react';
import { DashboardCard } from '../../../components/dashboard-card';
import { organizationText } from '../../../config/organization-text';

type Counts = Pick<
  OrganizationDetail,
  | 'seatsUsed'
  | 'userSeats'
  | 'creatorsCount'
  | 'creatorSeats'
  | 'pendingTraineeInvitesCount'
  | 'traineesCount'
  | 'instructorsCount'
  | 'groupsCount'
  | 'interviewsCount'
>;

/** 000 §2.5: seat usage as shown on the Seats Usage card. */
export function seatsUsageFigure(o: Pick<Counts, 'seatsUsed' | 'userSeats'>): string {
  return format.countOf(o.seatsUsed, o.userSeats);
}

/** 000 §2.5: the Creators figure: inactive without creator seats, else creators over seats. */
export function creatorsFigure(o: Pick<Counts, 'creatorsCount' | 'creatorSeats'>): string {
  return o.creatorSeats === 0 ? messages.inactive : format.countOf(o.creatorsCount, o.creatorSeats);
}

/** The Seats Usage card (000 §2.5). */
export function SeatsUsageCard({ organization }: { organization: Counts | undefined }) {
  return (
    <DashboardCard
      title={messages.seatsUsage}
      icon={<IconArmchair size={20} />}
      count={organization ? seatsUsageFigure(organization) : null}
    />
  );
}

/** The Creators card (000 §2.5): `messages.inactive` when creator seats are 0. */
export function CreatorsCard({ organization }: { organization: Counts | undefined }) {
  return (
    <DashboardCard
      title={messages.creators}
      icon={<IconPalette size={20} />}
      count={organization ? creatorsFigure(organization) : null}
      hint={
        organization && organization.creatorSeats === 0
          ? organizationText.noCreatorSeats
          : undefined
      }
    />
  );
}

export interface ManagerCardsProps {
  organization: Counts | undefined;
  invitesHref: string;
  createGroupHref: string;
}

/**
 * The five cards of the organization manager dashboard (000 §2.5): New Invite, Create Group,
 * Seats Usage, Trainee Invites and Creators.
 */
export function ManagerCards({ organization, invitesHref, createGroupHref }: ManagerCardsProps) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} spacing="lg">
      <DashboardCard
        title={messages.newInvite}
        icon={<IconUserPlus size={20} />}
        hint={organizationText.inviteHint}
        action={{ label: messages.inviteMember, to: invitesHref }}
      />
      <DashboardCard
        title={messages.createGroup}
        icon={<IconUsersPlus size={20} />}
        hint={organizationText.groupHint}
        action={{ label: messages.createGroup, to: createGroupHref }}
      />
      <SeatsUsageCard organization={organization} />
      <DashboardCard
        title={messages.traineeInvites}
        icon={<IconMailForward size={20} />}
        count={organization ? organization.pendingTraineeInvitesCount : null}
        action={{ label: messages.invites, to: invitesHref }}
      />
      <CreatorsCard organization={organization} />
    </SimpleGrid>
  );
}

/** The stat cards of the organization detail page (000 §2.9). */
export function OrganizationStatCards({ organization }: { organization: Counts }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 6 }} spacing="lg">
      <SeatsUsageCard organization={organization} />
      <CreatorsCard organization={organization} />
      <DashboardCard
        title={messages.trainees}
        icon={<IconSchool size={20} />}
        count={organization.traineesCount}
        hint={organizationText.activeTrainees}
      />
      <DashboardCard
        title={messages.instructors}
        icon={<IconUsers size={20} />}
        count={organization.instructorsCount}
      />
      <DashboardCard
        title={messages.groups}
        icon={<IconUsersGroup size={20} />}
        count={organization.groupsCount}
      />
      <DashboardCard
        title={messages.interviews}
        icon={<IconMicrophone size={20} />}
        count={organization.interviewsCount}
      />
    </SimpleGrid>
  );
}
