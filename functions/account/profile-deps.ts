import { createProfileService } from './profile-service';

/** The profile route's wiring, built once per cold start: no password hashing, no push port. */
export const profile = createProfileService();
