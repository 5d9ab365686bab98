/**
 * The only path from organization rows to the wire (000 §3 'Organization', §2.5, §2.9).
 */
import type { Organization, OrganizationDetail, OrganizationListItem } from '@practica/contract';
import type { FileUrls } from '../files/index.js';
import type { OrganizationDetailRow, OrganizationListRow, OrganizationRow } from './repository.js';

function imageOf(urls: FileUrls, row: { imageId: number | null; imageKey: string | null }) {
  return row.imageId !== null && row.imageKey
    ? { id: row.imageId, url: urls.sign(row.imageKey) }
    : null;
}

/** Maps an organization row (with contact and image key) to the API's organization; image URL signed with `urls`. */
export function presentOrganization(urls: FileUrls, row: OrganizationRow): Organization {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    contact: {
      firstName: row.contactFirstName ?? '',
      lastName: row.contactLastName ?? '',
      email: row.contactEmail ?? '',
      phoneNumber: row.contactPhoneNumber ?? '',
    },
    contactId: row.contactId,
    imageId: row.imageId,
    image: imageOf(urls, row),
    userSeats: row.userSeats,
    creatorSeats: row.creatorSeats,
    active: row.active,
  };
}

/** Maps a detail row to the organization with its counts; `seatsUsed` = active trainees + pending trainee invites. */
export function presentOrganizationDetail(
  urls: FileUrls,
  row: OrganizationDetailRow,
): OrganizationDetail {
  return {
    ...presentOrganization(urls, row),
    groupsCount: row.groupsCount,
    traineesCount: row.traineesCount,
    instructorsCount: row.instructorsCount,
    managersCount: row.managersCount,
    creatorsCount: row.creatorsCount,
    interviewsCount: row.interviewsCount,
    pendingInvitesCount: row.pendingInvitesCount,
    pendingTraineeInvitesCount: row.pendingTraineeInvitesCount,
    seatsUsed: row.traineesCount + row.pendingTraineeInvitesCount,
  };
}

/** Maps a row of the organizations list (000 §2.5 system admin dashboard); image URL signed with `urls`. */
export function presentOrganizationListItem(
  urls: FileUrls,
  row: OrganizationListRow,
): OrganizationListItem {
  return {
    id: row.id,
    name: row.name,
    active: row.active,
    imageId: row.imageId,
    image: imageOf(urls, row),
    userSeats: row.userSeats,
    creatorSeats: row.creatorSeats,
    groupsCount: row.groupsCount,
    traineesCount: row.traineesCount,
    interviewsCount: row.interviewsCount,
  };
}
