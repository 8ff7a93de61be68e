/**
 * The backend's domains (functions/<domain>/) in layers, read by the import boundary check
 * (.dependency-cruiser.cjs) and by `npm run -s structure`: a domain imports only domains of a lower rank
 * (core is below all of them), so no two domains depend on each other and nothing reaches back up.
 */
const DOMAIN_RANKS = {
  core: 0,
  health: 1,
  safety: 1,
  catalog: 1,
  jobs: 1,
  ai: 1,
  platforms: 2,
  realtime: 2,
  auth: 3,
  billing: 4,
  connections: 4,
  team: 4,
  'api-keys': 4,
  automations: 5,
  engine: 5,
  leads: 6,
  account: 6,
  flows: 6,
  workers: 8,
};

/**
 * Content folders: templates written as code, which import only shared/ and their own folder (rule
 * content-only-shared), so any domain may read them whatever its rank. The catalogue (catalog) seeds
 * the flow templates as catalogue entries, while flows reads the catalogue's usage counts.
 */
const CONTENT = '^(functions/flows/templates)/';

module.exports = { DOMAIN_RANKS, CONTENT };
