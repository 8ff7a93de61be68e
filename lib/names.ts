/** `leads/ai-filter` -> `LeadsAiFilter`: a stable construct id per handler, so logical ids survive reordering. */
export function constructIdFor(handler: string): string {
  return handler
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}
