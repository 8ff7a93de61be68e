import { seedCatalogue } from '../functions/catalog/seed';

/**
 * `npm run seed`: writes the trob catalogue (functions/catalog/catalogue.ts) into a deployed stage's
 * table with the credentials of the shell. TABLE_NAME (`<stage>-trobly`) and AWS_REGION come from the
 * environment. `npm start` seeds the local table itself.
 */
if (!process.env.TABLE_NAME) {
  console.error('Set TABLE_NAME (for example alice-trobly) and AWS_REGION, then run npm run seed again.');
  process.exit(1);
}
const { written, removed } = await seedCatalogue();
console.log(
  `Seeded ${written} templates into ${process.env.TABLE_NAME}` +
    (removed.length ? `; removed ${removed.join(', ')}` : ''),
);
