/**
 * A workspace's monthly profile usage (DECISIONS 22) against its plan's limit, for the other domains: the
 * account's usage route reads it, a trob's lead sink reserves profiles before storing them and gives
 * back what it did not store.
 */
export { monthlyUsage, releaseProfiles, reserveProfiles, usageMonth } from './usage-repository';
