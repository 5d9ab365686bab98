/**
 * Schema edge cases: every limit at n-1, n, n+1 with the spec's exact messages (000 §5, §9).
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  addAdminBodySchema,
  answersPageQuerySchema,
  createGroupBodySchema,
  format,
  inviteBodySchema,
  isEraseConfirmed,
  isInviteExpired,
  loginBodySchema,
  messages,
  newPasswordFormSchema,
  organizationBodySchema,
  organizationSeatsBodySchema,
  pageQuerySchema,
  passwordSchema,
  profileFormSchema,
  resetRequestSchema,
  searchSchema,
  userListQuerySchema,
} from '../src';

/** The messages of a failed parse, or [] when it passes. */
function errors(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}
/** The messages at one path of a failed parse. */
function errorsAt(schema: z.ZodType, value: unknown, path: string): string[] {
  const result = schema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.filter((i) => i.path.join('.') === path).map((i) => i.message);
}
const chars = (n: number) => 'a'.repeat(n);

describe('password (4..14)', () => {
  it.each([
    [3, [messages.passwordMinLength]],
    [4, []],
    [5, []],
    [13, []],
    [14, []],
    [15, [messages.passwordMaxLength]],
  ])('%i characters → %j', (n, expected) => {
    expect(errors(passwordSchema, chars(n))).toEqual(expected);
  });

  it('exact spec texts', () => {
    expect(messages.passwordMinLength).toBe('Password must be at least 4 characters long!');
    expect(messages.passwordMaxLength).toBe('Password must be at most 14 characters long!');
  });

  it('repeat must match', () => {
    expect(
      errorsAt(
        newPasswordFormSchema,
        { password: 'abcd', repeatPassword: 'abce' },
        'repeatPassword',
      ),
    ).toEqual(["Repeat password doesn't matched with password!"]);
    expect(errors(newPasswordFormSchema, { password: 'abcd', repeatPassword: 'abcd' })).toEqual([]);
  });

  it('profile form: empty password means unchanged, a short one is refused', () => {
    const base = { firstName: 'Ann', lastName: 'Lee', phoneNumber: '' };
    expect(errors(profileFormSchema, { ...base, password: '', repeatPassword: '' })).toEqual([]);
    expect(
      errorsAt(profileFormSchema, { ...base, password: 'abc', repeatPassword: 'abc' }, 'password'),
    ).toEqual([messages.passwordMinLength]);
    expect(errorsAt(profileFormSchema, { ...base, phoneNumber: '123' }, 'phoneNumber')).toEqual([
      'Phone number is invalid!',
    ]);
    expect(profileFormSchema.parse({ ...base }).phoneNumber).toBeNull();
  });
});

describe('login and reset request', () => {
  it('requires email and password with the spec messages', () => {
    expect(errorsAt(loginBodySchema, { password: 'x' }, 'email')).toEqual([
      'Email address is required!',
    ]);
    expect(errorsAt(loginBodySchema, { email: '   ', password: 'x' }, 'email')).toEqual([
      'Email address is required!',
    ]);
    expect(errorsAt(loginBodySchema, { email: 'a@b.co' }, 'password')).toEqual([
      'Password is required!',
    ]);
    expect(errorsAt(loginBodySchema, { email: 'a@b.co', password: '' }, 'password')).toEqual([
      'Password is required!',
    ]);
    expect(errorsAt(resetRequestSchema, { email: '' }, 'email')).toEqual([
      'Email address is required!',
    ]);
  });

  it('trims and lower-cases the email', () => {
    expect(loginBodySchema.parse({ email: '  Ann@Example.COM ', password: ' p ' })).toEqual({
      email: 'ann@example.com',
      password: ' p ',
    });
  });
});

const contact = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phoneNumber: '0123456789',
};
const organization = { name: 'Acme', address: 'Main street 1', contact };

describe('organization', () => {
  it.each([
    [2, [messages.organizationNameMinLength]],
    [3, []],
    [4, []],
    [49, []],
    [50, []],
    [51, [messages.organizationNameMaxLength]],
  ])('name of %i characters → %j', (n, expected) => {
    expect(errorsAt(organizationBodySchema, { ...organization, name: chars(n) }, 'name')).toEqual(
      expected,
    );
  });

  it('name required', () => {
    expect(errorsAt(organizationBodySchema, { ...organization, name: '' }, 'name')).toEqual([
      messages.organizationNameRequired,
    ]);
  });

  it.each([
    [2, [messages.addressMinLength]],
    [3, []],
    [99, []],
    [100, []],
    [101, [messages.addressMaxLength]],
  ])('address of %i characters → %j', (n, expected) => {
    expect(
      errorsAt(organizationBodySchema, { ...organization, address: chars(n) }, 'address'),
    ).toEqual(expected);
  });

  it.each([
    [2, [messages.contactFirstNameMinLength]],
    [3, []],
    [50, []],
    [51, [messages.contactFirstNameMaxLength]],
  ])('contact first name of %i characters → %j', (n, expected) => {
    expect(
      errorsAt(
        organizationBodySchema,
        { ...organization, contact: { ...contact, firstName: chars(n) } },
        'contact.firstName',
      ),
    ).toEqual(expected);
  });

  it.each([
    ['123456789', ['Phone number is invalid!']],
    ['0123456789', []],
    ['01234567890', ['Phone number is invalid!']],
  ])('phone %s → %j', (phoneNumber, expected) => {
    expect(
      errorsAt(
        organizationBodySchema,
        { ...organization, contact: { ...contact, phoneNumber } },
        'contact.phoneNumber',
      ),
    ).toEqual(expected);
  });

  it('contact email required', () => {
    expect(
      errorsAt(
        organizationBodySchema,
        { ...organization, contact: { ...contact, email: '' } },
        'contact.email',
      ),
    ).toEqual([messages.emailRequired]);
  });
});

describe('seats (0..10000)', () => {
  it.each([
    [-1, ['Trainees must be 0 or more.']],
    [0, []],
    [1, []],
    [9999, []],
    [10000, []],
    [10001, [messages.traineeSeatsMax]],
  ])('trainee seats %i → %j', (userSeats, expected) => {
    expect(
      errorsAt(organizationSeatsBodySchema, { userSeats, creatorSeats: 0 }, 'userSeats'),
    ).toEqual(expected);
  });

  it.each([
    [-1, [messages.creatorSeatsMin]],
    [0, []],
    [10000, []],
    [10001, [messages.creatorSeatsMax]],
  ])('creator seats %i → %j', (creatorSeats, expected) => {
    expect(
      errorsAt(organizationSeatsBodySchema, { userSeats: 0, creatorSeats }, 'creatorSeats'),
    ).toEqual(expected);
  });

  it('refuses fractions', () => {
    expect(
      errorsAt(organizationSeatsBodySchema, { userSeats: 1.5, creatorSeats: 0 }, 'userSeats'),
    ).toEqual([messages.seatsMustBeWholeNumber]);
  });
});

describe('paging', () => {
  it.each([25, 50, 100, '25', '50', '100'])('page size %s is accepted', (pageSize) => {
    expect(pageQuerySchema.parse({ pageSize }).pageSize).toBe(Number(pageSize));
  });

  it.each([10, '10', 0, 26, 'abc'])('page size %s is refused', (pageSize) => {
    expect(errorsAt(pageQuerySchema, { pageSize }, 'pageSize')).toEqual([messages.pageSizeInvalid]);
  });

  it('defaults to page 1 of 25, answers to 100', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, pageSize: 25 });
    expect(answersPageQuerySchema.parse({})).toEqual({ page: 1, pageSize: 100 });
  });

  it.each([0, -1, '1.5', 'x'])('page %s is refused', (page) => {
    expect(errorsAt(pageQuerySchema, { page }, 'page')).toEqual([messages.pageInvalid]);
  });

  it('page "2" is coerced', () => {
    expect(pageQuerySchema.parse({ page: '2' }).page).toBe(2);
  });
});

describe('search (at least 3 characters)', () => {
  it.each([
    ['ab', [messages.searchTooShort]],
    ['abc', []],
    [' ab ', [messages.searchTooShort]],
  ])('%j → %j', (search, expected) => {
    expect(errors(searchSchema, search)).toEqual(expected);
  });

  it('absent or blank is no search', () => {
    expect(searchSchema.parse(undefined)).toBeUndefined();
    expect(searchSchema.parse('   ')).toBeUndefined();
    expect(searchSchema.parse(' abc ')).toBe('abc');
  });

  it('applies to the users list, with roles and deleted filters', () => {
    expect(errorsAt(userListQuerySchema, { search: 'ab' }, 'search')).toEqual([
      messages.searchTooShort,
    ]);
    expect(userListQuerySchema.parse({ roles: '1,3', deleted: '1' })).toMatchObject({
      roles: [1, 3],
      deleted: 1,
    });
    expect(userListQuerySchema.safeParse({ roles: '1,9' }).success).toBe(false);
    expect(userListQuerySchema.safeParse({ deleted: '5' }).success).toBe(false);
  });
});

describe('invite, group, add admin', () => {
  const invite = {
    organizationId: 10,
    roleId: 1,
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@example.com',
  };

  it('requires names and email with the spec messages', () => {
    const result = errors(inviteBodySchema, { organizationId: 10, roleId: 1 });
    expect(result).toEqual(
      expect.arrayContaining([
        'First name is required!',
        'Last name is required!',
        'Email is required!',
      ]),
    );
    expect(errors(inviteBodySchema, invite)).toEqual([]);
  });

  it('never invites an admin', () => {
    expect(errorsAt(inviteBodySchema, { ...invite, roleId: 4 }, 'roleId')).toEqual([
      messages.adminNotInvitable,
    ]);
  });

  it('offers a group only to trainees and instructors', () => {
    expect(errors(inviteBodySchema, { ...invite, roleId: 2, groupId: 5 })).toEqual([]);
    expect(errorsAt(inviteBodySchema, { ...invite, roleId: 3, groupId: 5 }, 'groupId')).toEqual([
      messages.groupNotOfferedForRole,
    ]);
  });

  it('group name and description required', () => {
    expect(
      errors(createGroupBodySchema, { organizationId: 1, name: ' ', description: '' }),
    ).toEqual(['Group name is required!', 'Group description is required!']);
  });

  it('add admin requires first name, last name, email', () => {
    expect(errors(addAdminBodySchema, {})).toEqual([
      'First name is required!',
      'Last name is required!',
      'Email is required!',
    ]);
  });
});

describe('helpers', () => {
  it('invite expired before the start of today', () => {
    const now = new Date(2025, 4, 10, 15, 0);
    expect(isInviteExpired(new Date(2025, 4, 9, 23, 59), now)).toBe(true);
    expect(isInviteExpired(new Date(2025, 4, 10, 0, 0), now)).toBe(false);
  });

  it('erase confirmation ignores case, falls back to "permanently delete"', () => {
    expect(isEraseConfirmed('Lee', 'lee')).toBe(true);
    expect(isEraseConfirmed('Lee', 'Le')).toBe(false);
    expect(isEraseConfirmed(null, 'Permanently Delete')).toBe(true);
    expect(isEraseConfirmed('', 'permanently delete')).toBe(true);
  });

  it('format keeps the spec templates', () => {
    expect(format.removedUserFromGroup('Blue')).toBe("Removed user from 'Blue' group!");
    expect(format.questionInvalidRoleId(7)).toBe('Question 7 has an invalid roleID');
    expect(format.selectAtLeastUsers(1)).toBe('Select at least 1 user(s)');
    expect(format.statusUpdatedTo('Active')).toBe("Updated status to 'Active'");
    expect(format.assetAddedToOrganization('Avatar')).toBe('Avatar added organization!');
    expect(format.assetRemovedFromOrganization('Avatar')).toBe('Avatar removed organization!');
    expect(format.userStatusChanged(false)).toBe('User status changed to Inactive!');
    expect(format.creatorStatusChanged(true)).toBe('Creator status changed to Enabled!');
    expect(format.newQuestionTitle('Interview')).toBe('Interview: New question');
    expect(format.roleLabel('Manager', true)).toBe('Creator & Manager');
  });
});
