import { listIndustries } from './industry-repository';
import { createIndustryService } from './industry-service';

/** The industries routes' wiring, built once per cold start: the bundled list, no table read of its own. */
export const industries = createIndustryService({ store: { listIndustries } });
