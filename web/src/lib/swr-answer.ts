/**
 * An SWR answer with fields of its own added (`automations`, `flow`, …). Not a spread: SWR re-renders a
 * component only for the parts of the answer it read, and a spread reads them all, `isValidating`
 * included, so each revalidation drew the whole page twice more, each time in one synchronous render
 * (issue 38 point 2: the leads screen's and the dashboard's longest tasks).
 */
export function withFields<Answer extends object, Fields extends object>(
  answer: Answer,
  fields: Fields,
): Answer & Fields {
  return Object.assign(answer, fields);
}
