import type { UserPlan } from '../../../../../shared/pricing-plans';
import { BrandSection } from './BrandSection';
import { DevelopersSection } from './DevelopersSection';
import { TeamSection } from './TeamSection';

/**
 * The owner's Team, Brand and Developers cards (DECISIONS 31, 32; issue 39), below the fold of /profile:
 * loaded as they near it.
 */
export default function WorkspaceSections({ plan }: { plan: UserPlan | null | undefined }) {
  return (
    <>
      <TeamSection plan={plan} />
      <BrandSection plan={plan} />
      <DevelopersSection plan={plan} />
    </>
  );
}
