import { describe, expect, it } from 'vitest';
import { JOURNEY, journeyReport } from '../../../scripts/flow-run-journey';

/** `npm run -s journey` follows one flow run through the code; it must stay true as the code moves. */
describe('the journey of a flow run', () => {
  it('matches the code hop by hop', () => {
    expect(journeyReport().problems).toEqual([]);
  });

  it("changes folder at most 30 times (issue 37's done-when), however the code moves", () => {
    const { folderChanges, domainChanges } = journeyReport();
    expect(folderChanges).toBeLessThanOrEqual(30);
    expect(domainChanges).toBeLessThanOrEqual(folderChanges);
  });

  it('names a hop whose function the file lacks, or whose caller does not call it', () => {
    const broken = JOURNEY.map((hop, i) => (i === 2 ? { ...hop, name: 'noSuchFunction' } : hop));
    expect(journeyReport(broken).problems).toEqual([
      'functions/flows/run/flow-kind.ts: no noSuchFunction',
      'functions/engine/run-service.ts -> functions/flows/run/flow-kind.ts: neither it nor what it imports names noSuchFunction',
    ]);
  });
});
