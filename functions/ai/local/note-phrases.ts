import { agree, focusOf, type Pattern, type Tone, t } from './outreach-phrases';

/**
 * The connection notes' sentences besides their hooks (note-hooks.ts): what a tone adds when there is
 * room, and the closings.
 */
const is = (x: string | undefined) => agree(x, 'is', 'are');

/** A sentence a tone adds when the note has room for it (dropped first when it does not). */
export const NOTE_EXTRAS: Record<Tone, readonly Pattern[]> = {
  professional: [],
  casual: [],
  friendly: [
    (f) => t`${f.company} looks like a great team.`,
    (f) => t`Your take on ${f.topic} is refreshing.`,
  ],
  consultative: [
    (f) => t`How are you approaching ${focusOf(f) ?? f.offer.field} this year?`,
    (f) => t`I am curious what is top of mind for you in ${f.industry} right now.`,
  ],
  direct: [],
  conversational: [
    (f) => t`How ${is(focusOf(f))} ${focusOf(f)} going on your side?`,
    (f) => t`How are things in ${f.industry} at the moment?`,
  ],
};

export const NOTE_CLOSINGS: Record<Tone, readonly string[]> = {
  professional: [
    'Would be glad to connect.',
    'I would welcome the chance to connect.',
    'Looking forward to connecting.',
    'Hope we can connect.',
  ],
  casual: ['Happy to connect!', "Let's connect!", 'Would be good to connect.', 'Keen to connect.'],
  friendly: ['Would love to connect!', 'It would be great to connect!', 'Hope to connect!'],
  consultative: [
    'Open to connecting and comparing notes?',
    'Would you be open to connecting?',
    'Glad to connect if that is useful.',
  ],
  direct: ["Let's connect.", 'Open to connecting?', 'Happy to connect.'],
  conversational: ['Fancy connecting?', 'Want to connect?', 'Shall we connect?'],
};
