import { mailPort } from '../core/ports/mail';
import { createTeamService } from './team-service';

/** The team routes' wiring, built once per cold start: the invitation e-mail goes through the mail port. */
export const team = createTeamService({ mail: mailPort(), now: () => new Date() });
