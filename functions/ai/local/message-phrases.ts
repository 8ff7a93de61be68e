import type { Facts } from './outreach-facts';
import { agree, always, asRole, focusOf, generic, type Pattern, type Tone, t } from './outreach-phrases';

/**
 * The follow-up messages' sentences (outreach-phrases.ts has the shared parts). A message is a
 * greeting, an opening that thanks the prospect for accepting around something of theirs, the user's
 * offer in a clause of the writer's own (outreach-offer.ts) with a bridge to the prospect's work, and a
 * low-pressure question in the tone. As in the notes, the openings start from the prospect's parts, so
 * twenty messages of a run open twenty ways (issue 36 point 4).
 */
export const MESSAGE_OPENINGS: readonly Pattern[] = [
  (f) => t`${f.company} has been on my list of teams to get to know, so thank you for connecting.`,
  (f) =>
    t`${f.company} and your work there ${asRole(f.role)} are why I reached out, so thanks for accepting.`,
  (f) => t`${f.company} is a team I have wanted to know better, so it is good to be connected.`,
  (f) => t`${f.company} sounds like an interesting place to work, and I am glad we are now connected.`,
  (f) => t`what ${f.company} does caught my eye, so I was glad to see you accepted.`,
  (f) =>
    t`${asRole(f.role)} at ${f.company}, you must get plenty of invitations, so thank you for accepting mine.`,
  (f) => t`${f.role} at ${f.company} is not a seat with much spare time, so thank you for accepting.`,
  (f) => t`${f.role} at ${f.company} is a role I enjoy learning from, so I am glad we are now connected.`,
  (f) => t`your posts on ${f.topic} are a big part of why I reached out, so thanks for accepting.`,
  (f) =>
    t`${f.topic} ${agree(f.topic, 'seems', 'seem')} close to your heart, judging by your posts, and I am glad we are connected.`,
  (f) => t`in ${f.industry}, I always want to know more people, so thank you for connecting.`,
  (f) => t`${f.sharedCity} connections are always welcome, so thanks for accepting.`,
  (f) => t`${f.sharedIndustry} work is something we share, so thank you for connecting.`,
  always('Thank you for connecting, I am glad to be in touch.'),
  always('Glad we are connected now, and thanks for accepting.'),
  always('Many thanks for accepting my invitation.'),
];

/** A second sentence of the opening, when the message has room for it. */
export const MESSAGE_PERSONAL: readonly Pattern[] = [
  (f) => t`I enjoyed reading your thoughts on ${f.topic}.`,
  (f) => t`It is always good to meet someone who knows ${f.industry} well.`,
  (f) => t`Your work ${asRole(f.role)} caught my eye.`,
];

/** Ties the offer to the prospect's work; a question or a thought, by tone. */
export const MESSAGE_BRIDGES: Record<Tone, readonly Pattern[]> = {
  professional: [
    (f) => t`I thought it might be relevant to your work at ${f.company}.`,
    (f) => t`There may be some overlap with what you do in ${f.industry}.`,
    always('I thought it might be relevant to what you do.'),
  ],
  casual: [
    (f) => t`Figured it might overlap with what you do at ${f.company}.`,
    (f) => t`Could be some overlap with your ${focusOf(f)} work.`,
    always('Figured it might be useful on your side.'),
  ],
  friendly: [
    (f) => t`It sounds like there might be some common ground with your work at ${f.company}.`,
    (f) => t`I have a feeling there is some common ground with what you do in ${f.industry}.`,
    always('It feels like there might be some common ground.'),
  ],
  consultative: [
    (f) => t`I am curious how ${f.company} approaches ${f.offer.field} today, and where it gets in the way.`,
    (f) =>
      t`I am curious how people in ${f.industry} approach ${f.offer.field}, and what is hardest about it.`,
    generic(
      (f: Facts) => t`I am curious how you approach ${f.offer.field} today, and what is hardest about it.`,
    ),
  ],
  direct: [
    (f) =>
      t`If ${f.offer.field} is a priority for ${f.company} this quarter, a short conversation could be worth it.`,
    (f) => t`If ${f.company} is looking at this area, a short conversation could be worth it.`,
    always('If this is on your list this quarter, a short conversation could be worth it.'),
  ],
  conversational: [
    (f) => t`How are things going on the ${f.offer.field} side at ${f.company}?`,
    (f) => t`How are things going with ${focusOf(f)} on your side?`,
    generic((f: Facts) => t`How are things going on the ${f.offer.field} side for you?`),
  ],
};

export const MESSAGE_CTA: Record<Tone, readonly string[]> = {
  professional: [
    'Would you be open to a short call in the coming weeks?',
    'If it is relevant, I would be glad to set up a brief call.',
    'Would a short call sometime this month be useful?',
  ],
  casual: ['Up for a quick chat sometime?', 'Happy to chat if that sounds useful, no pressure.'],
  friendly: [
    'Would you be up for a quick chat sometime? Either way, glad to be connected!',
    'I would love to hear how things are going for you. Up for a quick chat?',
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
