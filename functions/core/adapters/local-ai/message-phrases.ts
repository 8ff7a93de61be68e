import {
  asRole,
  focusOf,
  introduced,
  need,
  type Pattern,
  type Register,
  type Tone,
  withClause,
  withFocus,
} from './outreach-phrases';

/** The local writer's follow-up message patterns (outreach-phrases.ts has the shared parts). */
// --- Follow-up messages --------------------------------------------------------------------------

export const MESSAGE_THANKS: Record<Tone, readonly string[]> = {
  professional: [
    'Thank you for connecting.',
    'Thanks for accepting my invitation.',
    'Glad we are connected.',
  ],
  casual: ['Thanks for connecting!', 'Cheers for accepting!', 'Great to be connected!'],
  friendly: [
    'Thanks so much for connecting!',
    'Really glad we are connected now!',
    'Thank you for accepting, it is great to be connected!',
  ],
  consultative: ['Thank you for connecting.', 'Thanks for accepting my invitation, I appreciate it.'],
  direct: ['Thanks for connecting.', 'Thanks for accepting.'],
  conversational: [
    'Thanks for connecting, nice to meet you here!',
    'Glad we are connected!',
    'Thanks for accepting, good to be in touch.',
  ],
};

export const MESSAGE_PERSONAL: readonly Pattern[] = [
  need(['topic'], (f) => `I enjoyed your recent posts about ${f.topic}.`),
  need(['topic'], (f) => `Your posts on ${f.topic} have been a good read.`),
  need(['role', 'company'], (f) => `Your work ${asRole(f.role)} at ${f.company} caught my eye.`),
  need(['company'], (f) => `I have been following what ${f.company} is up to.`),
  need(['role'], (f) => `Your experience ${asRole(f.role)} caught my eye.`),
  need(['industry'], (f) => `It is always good to meet someone who knows ${f.industry} well.`),
];

/** The user's offer, in the words of their company description. */
export const MESSAGE_PITCH: Record<Register, readonly Pattern[]> = {
  formal: [
    withClause((c) => `For context, ${c}.`),
    withClause((c) => `A little about me: ${c}.`),
    (f) => (f.pitch.full ? introduced('For context, here is what we do.', f) : undefined),
  ],
  relaxed: [
    withClause((c) => `Quick bit about me: ${c}.`),
    withClause((c) => `On my side, ${c}.`),
    (f) => (f.pitch.full ? introduced('Here is a bit about what I do.', f) : undefined),
  ],
};

export const MESSAGE_BRIDGE: Record<Tone, readonly Pattern[]> = {
  professional: [withFocus((x) => `I thought there might be some overlap with your work on ${x}.`)],
  casual: [withFocus((x) => `Figured there might be some overlap with what you're doing around ${x}.`)],
  friendly: [withFocus((x) => `It sounds like there might be some common ground with your work on ${x}.`)],
  consultative: [
    withFocus(
      (x, f) =>
        `I am curious how you are approaching ${x}${f.company ? ` at ${f.company}` : ''} today, and where it gets in the way.`,
    ),
    withFocus((x) => `I am curious how you are approaching ${x} today, and what is hardest about it.`),
  ],
  direct: [
    withFocus(
      (x, f) =>
        `If ${x} is a priority for ${f.company ?? 'you'} this quarter, a short conversation could be worth it.`,
    ),
    need(
      ['company'],
      (f) => `If ${f.company} is looking at this area this quarter, a short conversation could be worth it.`,
    ),
  ],
  conversational: [
    need(['company'], (f) => `How are things going on the ${focusOf(f) ?? 'growth'} side at ${f.company}?`),
    withFocus((x) => `How are things going with ${x} on your side?`),
  ],
};

export const MESSAGE_CTA: Record<Tone, readonly string[]> = {
  professional: [
    'Would you be open to a short call in the coming weeks?',
    'If it is relevant, I would be glad to set up a brief call.',
  ],
  casual: ['Up for a quick chat sometime?', 'Happy to chat if that sounds useful, no pressure.'],
  friendly: [
    'Would you be up for a quick chat sometime? Either way, glad to be connected!',
    'I would love to hear how things are going for you, up for a quick chat?',
  ],
  consultative: [
    'Happy to share what we have learned if that would be useful. Would a short call work?',
    'Would it be useful to compare notes on a short call?',
  ],
  direct: ['Do you have 15 minutes next week?', 'Open to a 15-minute call next week?'],
  conversational: [
    'Would love to hear how you see it. Fancy a quick chat?',
    'What do you think, worth a quick chat?',
  ],
};
