/**
 * A workspace's jobs as other domains read them (the jobs list, an automation's history, a socket's
 * subscription): pages of job items, newest first, and whether an automation is the workspace's. Their
 * writes are the job state's (job-state.ts).
 */
export { type JobPageKey, ownsAutomation, pageJobs, type StoredJob } from './job-repository';
