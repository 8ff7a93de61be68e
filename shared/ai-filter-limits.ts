// The AI filter's limits, apart from its request schema (ai-filter.ts): the leads screen needs the
// numbers, and importing the schema would bring the validation library to it (issue 38 point 2).

/** The longest AI request (part 2: the panel's counter shows 500). */
export const AI_QUERY_MAX = 500;

/** Most lead ids one AI request may name. */
export const AI_FILTER_MAX_IDS = 20_000;
