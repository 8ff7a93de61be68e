import { BRAND_TEXTS, type BrandOutput, type BrandView } from '../../shared/brand';
import { hasFeature } from '../../shared/plan-policy';
import { workspaceOwner } from '../auth/user-service';
import type { AuthUser } from '../core/auth';
import { ForbiddenError, ValidationError } from '../core/errors';
import { deleteBrand, putBrand, type StoredBrand } from './brand-repository';
import { viewOf } from './brand-view';
import { checkLogo } from './logo-sanitiser';

/**
 * White label (DECISIONS 32, issue 22 point 3): the owner of a PLUS workspace sets its brand. The routes
 * are the owner's only (ownerOnly in the route table), so the workspace is the signed-in owner's.
 * A plan below PLUS refuses a new brand but keeps and answers the stored one: a downgrade deletes
 * nothing, and the brand shows again when the plan returns.
 */

/** PUT: the whole brand replaced; the logo's bytes are checked (and an SVG rewritten) before storing. */
export async function saveBrand(user: AuthUser, input: BrandOutput, now = new Date()): Promise<BrandView> {
  const owner = await workspaceOwner(user);
  if (!hasFeature(owner.plan, 'whiteLabel')) throw new ForbiddenError(BRAND_TEXTS.notInPlan);
  let logo: StoredBrand['logo'] = null;
  if (input.logo !== null) {
    const checked = checkLogo(input.logo);
    if (!checked.ok) throw new ValidationError(checked.message, [{ path: 'logo', message: checked.message }]);
    logo = checked.logo;
  }
  const brand: StoredBrand = {
    name: input.name,
    accentColor: input.accentColor,
    logo,
    updatedAt: now.toISOString(),
  };
  await putBrand(owner.id, brand);
  return viewOf(brand);
}

/** DELETE: back to the product's own name, logo and colours, on any plan (it only removes). */
export async function resetBrand(user: AuthUser): Promise<void> {
  await deleteBrand(user.workspaceId);
}
