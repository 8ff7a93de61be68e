import { migrateLiveJobState } from '../functions/jobs/job-state';

/**
 * `npm run migrate:job-state`: moves the running job's state of automations written before issue 37 from
 * their items onto their current job's item (functions/jobs/job-state/migrate-repository.ts), in a
 * deployed stage's table with the credentials of the shell. TABLE_NAME (`<stage>-trobly`) and AWS_REGION
 * come from the environment. Run it once after deploying; it may run again, and moves only what is left.
 */
if (!process.env.TABLE_NAME) {
  console.error(
    'Set TABLE_NAME (for example alice-trobly) and AWS_REGION, then run npm run migrate:job-state again.',
  );
  process.exit(1);
}
const { moved, raced } = await migrateLiveJobState();
console.log(`Moved the job state of ${moved} automations in ${process.env.TABLE_NAME}`);
if (raced > 0) {
  console.log(`${raced} changed while being read (a worker of the earlier code): run it again to move them.`);
  process.exitCode = 2;
}
