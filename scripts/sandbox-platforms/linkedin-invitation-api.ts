import type { SandboxAccount } from './accounts';
import { json, type Reply, type RequestContext, safeDecode } from './kit';
import { bad, profileEntity, profileIdOfUrn, profileUrn } from './linkedin-api';
import { LINKEDIN } from './linkedin-config';
import { notFound, parseBody, record, refused } from './linkedin-flow-api';
import type { LinkedInState } from './linkedin-state';

/**
 * The sandbox LinkedIn's invitation calls: send one, withdraw a pending one, and the Sent list that
 * shows them (with each one's `sentTime`, what a runner reads to withdraw those pending too long).
 * Refusals answer LinkedIn's codes (linkedin-outreach.ts) in the shape of every refused write.
 */

const T = LINKEDIN.types;
const INVITATION_URN = /^urn:li:fsd_invitation:(\d+)$/;

/**
 * POST /voyager/api/voyagerRelationshipsDashMemberRelationships?action=verifyQuotaAndCreateV2
 * `{invitee:{inviteeUnion:{memberProfile:"urn:li:fsd_profile:..."}},customMessage?}`. Refusals answer
 * LinkedIn's codes (linkedin-outreach.ts): CANT_RESEND_YET, ALREADY_CONNECTED, CUSTOM_MESSAGE_TOO_LONG
 * (400), FUSE_LIMIT_EXCEEDED (the weekly limit) and CUSTOM_INVITE_LIMIT_REACHED (429).
 */
export function createInvitation(ctx: RequestContext, state: LinkedInState, account: SandboxAccount): Reply {
  if (ctx.url.searchParams.get('action') !== LINKEDIN.actions.invite)
    return bad(`action must be ${LINKEDIN.actions.invite}`);
  const body = parseBody(ctx);
  const member = String(record(record(body?.invitee).inviteeUnion).memberProfile ?? '');
  const id = profileIdOfUrn(member);
  const person = id ? ctx.index.person(id) : undefined;
  if (!body || !id) return bad('invitee.inviteeUnion.memberProfile is required');
  if (!person) return notFound();
  if (person.id === ctx.me.id) return bad('You cannot invite yourself');
  const note = body.customMessage === undefined ? undefined : String(body.customMessage);
  const result = state.invite(account, person.id, note);
  if (!result.ok) return refused(result);
  return json({
    value: {
      $type: T.createInvitation,
      invitationUrn: `urn:li:fsd_invitation:${result.invitation!.id}`,
      inviteeUrn: profileUrn(person),
    },
  });
}

/**
 * POST /voyager/api/voyagerRelationshipsDashInvitations/<urn:li:fsd_invitation:ID>?action=withdraw
 * `{"invitationType":"CONNECTION"}`, the URN percent-encoded (as LinkedIn's web app sends it) or not:
 * withdraws one of the account's pending invitations, 200 `{value:{invitationUrn, invitationState:
 * "WITHDRAWN"}}`. One no longer pending (accepted, declined, withdrawn already) answers 400
 * INVITATION_NOT_PENDING; an id the account never sent, 404, as an unknown entity does.
 */
export function withdrawInvitation(ctx: RequestContext, state: LinkedInState): Reply {
  if (ctx.url.searchParams.get('action') !== LINKEDIN.actions.withdraw)
    return bad(`action must be ${LINKEDIN.actions.withdraw}`);
  const urn = safeDecode(ctx.url.pathname.slice(LINKEDIN.paths.invitationsApi.length + 1));
  const id = INVITATION_URN.exec(urn)?.[1];
  if (!id) return bad('The path must end with an invitation URN, urn:li:fsd_invitation:<id>');
  if (parseBody(ctx)?.invitationType !== 'CONNECTION') return bad('invitationType CONNECTION is required');
  const result = state.withdraw(ctx.me.id, id);
  if (!result) return notFound();
  if (!result.ok) return refused(result);
  return json({
    value: {
      $type: T.invitation,
      invitationUrn: `urn:li:fsd_invitation:${id}`,
      invitationState: 'WITHDRAWN',
    },
  });
}

/**
 * GET /voyager/api/relationships/sentInvitationViewsV2?q=invitationType&invitationType=CONNECTION&start&count:
 * the account's pending invitations, newest first (accepted, declined and withdrawn ones leave the
 * list), with a total. Included: Invitation (`*toMember`, `toMemberId`, `sentTime` in ms, `message`)
 * and Profile.
 */
export function sentInvitations(ctx: RequestContext, state: LinkedInState): Reply {
  const { searchParams } = ctx.url;
  if (searchParams.get('q') !== 'invitationType') return bad('q must be invitationType');
  const type = searchParams.get('invitationType') ?? 'CONNECTION';
  if (type !== 'CONNECTION') return bad(`Unsupported invitationType ${type}`);
  const sizes = LINKEDIN.pageSizes;
  const start = Math.max(0, Number.parseInt(searchParams.get('start') ?? '0', 10) || 0);
  const count = Math.max(
    1,
    Math.min(
      Number.parseInt(searchParams.get('count') ?? '', 10) || sizes.sentInvitationsCount,
      sizes.sentInvitationsCountMax,
    ),
  );
  const all = state.pendingInvitations(ctx.me.id);
  const slice = all.slice(start, start + count);
  return json({
    data: {
      $type: T.collection,
      paging: { start, count, total: all.length },
      '*elements': slice.map((i) => `urn:li:fsd_invitation:${i.id}`),
    },
    included: slice.flatMap((i) => {
      const p = ctx.index.person(i.personId)!;
      return [
        {
          $type: T.invitation,
          entityUrn: `urn:li:fsd_invitation:${i.id}`,
          invitationType: 'CONNECTION',
          invitationState: 'PENDING',
          sentTime: i.sentAt,
          ...(i.note ? { message: i.note } : {}),
          toMemberId: p.id,
          '*toMember': profileUrn(p),
        },
        profileEntity(p),
      ];
    }),
  });
}
