import type { TemplateDefinition } from '../../shared/catalogue';
import { flowCatalogue } from '../flows/templates/catalogue-entries';
import { instagramFollowersExtractor } from './templates/instagram-followers-extractor';
import { instagramPostEngagers } from './templates/instagram-post-engagers';
import { linkedinConnectionsExport } from './templates/linkedin-connections-export';
import { linkedinFollowerExtractor } from './templates/linkedin-follower-extractor';
import { linkedinPostLeadsScraper } from './templates/linkedin-post-leads-scraper';
import { linkedinProfileCollector } from './templates/linkedin-profile-collector';
import { linkedinSearchExport } from './templates/linkedin-search-export';
import { twitterFollowersExtractor } from './templates/twitter-followers-extractor';
import { twitterPostEngagers } from './templates/twitter-post-engagers';

/**
 * The trobs of the catalogue, as code. Adding a trob is adding a file here; removing one removes its
 * item at the next seed.
 */
export const catalogue: readonly TemplateDefinition[] = [
  linkedinFollowerExtractor,
  linkedinPostLeadsScraper,
  linkedinConnectionsExport,
  linkedinProfileCollector,
  linkedinSearchExport,
  twitterFollowersExtractor,
  twitterPostEngagers,
  instagramFollowersExtractor,
  instagramPostEngagers,
];

/**
 * Everything `seedCatalogue()` writes into the table (npm start, and `npm run seed` after a deploy): the
 * trobs, then one entry per flow template (DECISIONS 3: the catalogue lists flows with the Flow badge).
 * The flow templates are content of functions/flows/templates/, which imports only shared/.
 */
export const seededCatalogue: readonly TemplateDefinition[] = [...catalogue, ...flowCatalogue];
