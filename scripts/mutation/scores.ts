import { readFileSync } from 'node:fs';

/**
 * After `stryker run` (npm run mutation): the mutation score of each mutated module from Stryker's JSON
 * report, and a non-zero exit when any module is under the bar. Stryker's own `thresholds.break`
 * judges only the total, so one well-tested module could hide an untested one.
 */
const REPORT = 'reports/mutation/mutation.json';
const MINIMUM = 90;

interface Report {
  files: Record<string, { mutants: { status: string }[] }>;
}

const report = JSON.parse(readFileSync(REPORT, 'utf8')) as Report;

const rows = Object.entries(report.files)
  .map(([file, { mutants }]) => {
    const count = (status: string) => mutants.filter((mutant) => mutant.status === status).length;
    const killed = count('Killed');
    const timeout = count('Timeout');
    const survived = count('Survived');
    const noCoverage = count('NoCoverage');
    // Stryker's score: detected over valid; compile and runtime errors and ignored mutants count in neither.
    const valid = killed + timeout + survived + noCoverage;
    const score = valid === 0 ? undefined : ((killed + timeout) / valid) * 100;
    return { file, killed, timeout, survived, noCoverage, ignored: count('Ignored'), score };
  })
  .sort((a, b) => a.file.localeCompare(b.file));

const header = ['module', 'score', 'killed', 'timeout', 'survived', 'no cov', 'ignored'];
const table = [
  header,
  ...rows.map((row) => [
    row.file,
    row.score === undefined ? 'n/a' : `${row.score.toFixed(2)}%`,
    ...[row.killed, row.timeout, row.survived, row.noCoverage, row.ignored].map(String),
  ]),
];
const widths = header.map((_, i) => Math.max(...table.map((cells) => cells[i]!.length)));
const line = (cells: string[]) =>
  cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');

console.log(`\nMutation score per module (minimum ${MINIMUM}%):\n`);
console.log(line(table[0]!));
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
for (const cells of table.slice(1)) console.log(line(cells));

const under = rows.filter((row) => row.score !== undefined && row.score < MINIMUM);
if (under.length > 0) {
  console.error(`\nUnder ${MINIMUM}%: ${under.map((row) => row.file).join(', ')}`);
  process.exitCode = 1;
}
