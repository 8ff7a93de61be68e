import type { TemplateDefinition } from '../../shared/catalogue';
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
 * The catalogue, as code: `seedCatalogue()` writes exactly these into the table (npm start, and
 * `npm run seed` after a deploy). Adding a trob is adding a file here; removing one removes its item.
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
