/** Initials of a person for an avatar without image ('Ada Admin' → 'AA'). */
export function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
}
