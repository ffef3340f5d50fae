/**
 * Who is using the app, decided once by the root when the session is known and given as `input`
 * to every actor spawned for that session: an applicant (logged in), a visitor (not logged in,
 * with or without a prefill link) or staff (a staff link: they read someone else's answers).
 * A change of session stops those actors and spawns new ones; none of them changes role.
 */
export type Role = 'applicant' | 'visitor' | 'staff';

export interface RoleInput {
  role: Role;
}
