/**
 * Organizations and their contact person (000 §3 'Organization', §2.9).
 * Seats (000 §2.5, decisions.md): `userSeats` bounds active trainees + pending trainee invites,
 * `creatorSeats` bounds users with the creator flag.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const contacts = pgTable('contacts', {
  id: serial('id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  phoneNumber: text('phone_number').notNull(),
});

export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    contactId: integer('contact_id').references(() => contacts.id),
    imageId: integer('image_id'),
    userSeats: integer('user_seats').notNull().default(0),
    creatorSeats: integer('creator_seats').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('organizations_name_idx').on(sql`lower(${t.name})`)],
);

/**
 * Each organization's number of active trainees (role Trainee, active, not soft-deleted), kept by
 * triggers on `users` (migration 0007): the organizations list shows it for a page of 25
 * organizations, and counting it there read every trainee of each (decisions.md#performance, 'counts that do not
 * scan'). No foreign key: the triggers may run while an organization's users are deleted with it.
 * An organization without a row has none.
 */
export const organizationTraineeCounts = pgTable('organization_trainee_counts', {
  organizationId: integer('organization_id').primaryKey(),
  activeTrainees: integer('active_trainees').notNull().default(0),
});
