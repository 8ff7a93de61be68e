/**
 * What the other domains read of the automations (trobs): one of a workspace's, found by id, and all of
 * them (flows too when asked: an account's deletion names every partition an automation item owns).
 * Their status is written by functions/jobs/; only this domain's routes create or change one.
 */
export { findAutomation, listAutomations, type StoredAutomation } from './automation-repository';
