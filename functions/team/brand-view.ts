import type { BrandView } from '../../shared/brand';
import { findBrand, type StoredBrand } from './brand-repository';

/**
 * A stored brand as the API answers it, apart from the brand service so the workspace list (which shows
 * the brand to everyone in the workspace) carries no logo checks or XML parser.
 */
export const viewOf = (brand: StoredBrand): NonNullable<BrandView> => ({
  name: brand.name,
  accentColor: brand.accentColor,
  logo: brand.logo && {
    type: brand.logo.type,
    dataUrl: `data:${brand.logo.type};base64,${Buffer.from(brand.logo.bytes).toString('base64')}`,
  },
  updatedAt: brand.updatedAt,
});

/**
 * The workspace's stored brand, or null when it has none. It does not look at the plan: a caller that
 * shows the brand to people (the workspace list, the shell) shows it while the owner's plan has
 * `whiteLabel` (shared/plan-policy.ts), as DECISIONS 32 keeps it a PLUS feature.
 */
export async function brandOf(workspaceId: string): Promise<BrandView> {
  const stored = await findBrand(workspaceId);
  return stored ? viewOf(stored) : null;
}
