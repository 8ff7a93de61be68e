import { AUTH_TEXTS } from '../../shared/auth';
import { PLATFORMS } from '../../shared/platforms';
import { verifyPassword } from '../auth/password';
import { guardPasswordAttempt } from '../auth/password-attempts';
import { deleteUserEverywhere, signedInUser } from '../auth/user-service';
import { listAutomations } from '../automations/automation-lookup-service';
import { listConnections } from '../connections/connection-lookup-service';
import type { AuthUser } from '../core/auth';
import { ValidationError } from '../core/errors';
import type { Logger } from '../core/logger';
import type { MailPort } from '../core/ports/mail';
import type { QueuePort } from '../core/ports/queue';
import { forgetSessionSockets } from '../realtime/session-sockets-service';
import { leaveTeamsOnDeletion } from '../team/team-account-deletion';
import { ownedPartitions, queueDisconnects, queuePurges } from './partition-purge';

/**
 * The account-deletion route. The profile (profile-service.ts) and a password change
 * (password-change-service.ts) are services of their own, so each route's bundle carries only what it
 * uses: password hashing and the purge queue here, the common-password list with the password change.
 */
export interface AccountDeps {
  log: Logger;
  /**
   * Its lead, budget and usage partitions are emptied by the purge queue (partition-purge.ts), whose
   * worker also disconnects its sockets.
   */
  queue: Pick<QueuePort, 'send'>;
  /** Tells an owner's members that the workspace went with the account (DECISIONS 31). */
  mail: MailPort;
}

export function createAccountService({ log, queue, mail }: AccountDeps) {
  return { deleteAccount };

  /**
   * DECISIONS 10: removes the user's data (connections, automations, leads, flows: all under USER#id).
   * An owner's workspace goes with it (its members are told); a member leaves their teams intact.
   */
  async function deleteAccount(
    user: AuthUser,
    password: string,
    clientIp: string,
  ): Promise<{ message: string }> {
    const stored = await signedInUser(user);
    const ok = await guardPasswordAttempt({ email: stored.email, clientIp }, () =>
      verifyPassword(password, stored.passwordHash),
    );
    if (!ok) {
      throw new ValidationError(AUTH_TEXTS.passwordWrong, [
        { path: 'password', message: AUTH_TEXTS.passwordWrong },
      ]);
    }
    // Sockets first: their pointers live in the partition that is about to go. Their records go now; the
    // purge worker closes the connections a moment later.
    await queueDisconnects(queue, await forgetSessionSockets(stored.id, {}));
    await queueDisconnects(queue, await leaveTeamsOnDeletion(stored, { mail }));
    // The other partitions are named by what the main one holds: queue their purge before it goes.
    const [automations, connections] = await Promise.all([
      listAutomations(stored.id, { includeFlows: true }),
      listConnections(stored.id),
    ]);
    await queuePurges(
      queue,
      ownedPartitions(stored.id, {
        automationIds: automations.filter((a) => a.kind !== 'flow').map((a) => a.id),
        flowIds: automations.filter((a) => a.kind === 'flow').map((a) => a.id),
        connectionIds: connections.map((c) => c.id),
        platforms: PLATFORMS,
      }),
    );
    const removed = await deleteUserEverywhere(stored);
    log.info('account deleted', { userId: stored.id, itemsRemoved: removed });
    return { message: AUTH_TEXTS.accountDeleted };
  }
}
