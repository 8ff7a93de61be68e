/** The fields of a job-state write as an update expression, with placeholders of its own (`prefix`). */
type Values = Record<string, unknown>;

/** An update's SET and REMOVE clauses from fields, with `field = field + n` for `add`. */
export function updateOf(
  set: Values,
  remove: readonly string[] = [],
  add: Record<string, number> = {},
  prefix = 'f',
): { expression: string; sets: string[]; removes: string[]; names: Record<string, string>; values: Values } {
  const names: Record<string, string> = {};
  const values: Values = {};
  const parts: string[] = [];
  let i = 0;
  for (const [field, value] of Object.entries(set)) {
    if (value === undefined) continue;
    names[`#${prefix}${i}`] = field;
    values[`:${prefix}${i}`] = value;
    parts.push(`#${prefix}${i} = :${prefix}${i}`);
    i++;
  }
  for (const [field, value] of Object.entries(add)) {
    names[`#${prefix}${i}`] = field;
    values[`:${prefix}${i}`] = value;
    values[`:${prefix}zero`] = 0;
    parts.push(`#${prefix}${i} = if_not_exists(#${prefix}${i}, :${prefix}zero) + :${prefix}${i}`);
    i++;
  }
  const removed = remove.map((field, j) => {
    names[`#${prefix}r${j}`] = field;
    return `#${prefix}r${j}`;
  });
  return {
    expression: [
      ...(parts.length ? [`SET ${parts.join(', ')}`] : []),
      ...(removed.length ? [`REMOVE ${removed.join(', ')}`] : []),
    ].join(' '),
    sets: parts,
    removes: removed,
    names,
    values,
  };
}
