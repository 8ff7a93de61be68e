import { capitalise, type Facts } from './outreach-facts';
import { type Approach, agree, always, asRole, generic, t } from './outreach-phrases';

/**
 * The hooks of the connection notes, by connection approach (note-phrases.ts has the other sentences).
 * A note is a greeting, its hook (a sentence about the prospect; for a direct introduction, with the
 * offer's clause after it), the sentence that says the offer, a sentence the tone adds and a closing;
 * the writer drops the last three, in that order of need, to fit the note's limit.
 *
 * Why most hooks start with the prospect's company, or their role at it: a run writes to twenty people
 * with the same settings, and a note whose first words are the same for everyone reads as a form letter
 * (issue 36 point 4: at least 90% distinct openings). Two people rarely share a company, and hardly
 * ever a role at one; an industry or a topic is shared often, so few hooks start with either. `generic`
 * hooks, the same for everyone, stand in only for a prospect with no fact to use. The offer's clause is
 * the writer's own (outreach-offer.ts), never the description.
 */
type Hook = (f: Facts, clause: string | undefined) => string | undefined;
const is = (x: string | undefined) => agree(x, 'is', 'are');
const cap = (x: string | undefined) => x && capitalise(x);

export const NOTE_HOOKS: Record<Approach, readonly Hook[]> = {
  'value-first': [
    (f) =>
      t`${f.company} came to mind when I put together a few notes on ${f.offer.field}, and I am happy to share them.`,
    (f) =>
      t`${f.company} looks like a team that could use a few of the ${f.offer.field} ideas I keep, and you are welcome to them.`,
    (f) =>
      t`${f.company} and teams like it often ask me about ${f.offer.field}, so I am glad to pass on what has worked.`,
    (f) =>
      t`${f.company} caught my eye, and I have a short list of lessons on ${f.offer.field} that might save your team time.`,
    (f) =>
      t`${f.company} is the kind of team I like sharing notes on ${f.offer.field} with, no strings attached.`,
    (f) =>
      t`${f.role} at ${f.company} sounds like a full plate, so here is an offer: a few practical notes from my side, no strings attached.`,
    (f) =>
      t`${asRole(f.role)} at ${f.company}, you might find a few of my notes on ${f.offer.field} useful, and I am glad to share them.`,
    (f) => t`${f.topic} came up in your posts, and I have a few notes on it you might find useful.`,
    (f) =>
      t`${f.topic} ${is(f.topic)} something I have collected good material on, and I would gladly send some your way.`,
    (f) => t`${f.skill} on your profile made me think of a few resources I could share.`,
    generic(
      (f: Facts) => t`happy to pass on a few things that have worked in ${f.offer.field}, in case they help.`,
    ),
    always('I often come across ideas that help people in your role, and I would be glad to share them.'),
  ],
  'common-interest': [
    (f) => t`${f.company} caught my attention, since ${f.offer.field} is close to my own work.`,
    (f) => t`${f.company} works in a space I follow with interest, and your profile stood out.`,
    (f) => t`${f.company} is doing the kind of work I care about, so it seemed worth saying hello.`,
    (f) => t`${f.company} and what you do there ${asRole(f.role)} overlap with things I care about.`,
    (f) => t`${f.role} at ${f.company} is the kind of work I follow closely.`,
    (f) => t`${f.company} stood out to me, and so did your posts on ${f.topic}, a subject I follow too.`,
    (f) => t`${f.topic}: your posts on it caught my eye, as it is a subject I follow closely too.`,
    (f) =>
      t`${f.topic} ${agree(f.topic, 'keeps', 'keep')} coming up in my feed, and your take on it stood out.`,
    (f) => t`in ${f.industry}, your profile stood out among the people I follow.`,
    (f) => t`${f.skill} on your profile caught my eye, as it sits close to my own work.`,
    (f) => t`${f.sharedIndustry} work is something we share, and I like knowing more people in the field.`,
    (f) => t`${f.sharedCity} is home for both of us, which seemed a good reason to say hello.`,
    always('it looks like we care about a lot of the same things.'),
  ],
  'mutual-connection': [
    (f) =>
      t`${f.company} sits in a part of ${f.industry} my network knows well, so it felt natural to reach out.`,
    (f) =>
      t`${f.company} people and mine seem to move in similar circles, so I thought it was time we connected.`,
    (f) => t`${f.company} and ${f.topic} both come up a lot in my feed, so I thought I would say hello.`,
    (f) =>
      t`${f.company} is close to the circles I move in around ${f.industry}, so a connection made sense.`,
    (f) => t`${f.company} keeps turning up among the teams I follow, so connecting felt overdue.`,
    (f) =>
      t`${f.role} at ${f.company} is a role many people in my network hold, so your profile felt familiar.`,
    (f) =>
      t`${asRole(f.role)} at ${f.company}, you are only a step or two away in my network, so I wanted to connect directly.`,
    (f) => t`around ${f.industry}, our circles seem to overlap, so connecting felt natural.`,
    (f) =>
      t`${f.sharedIndustry} work is something we share, so our networks probably overlap more than we know.`,
    (f) => t`${f.sharedCity} is home for both of us, and our circles there probably overlap.`,
    always('our networks seem to overlap quite a bit, so I thought it made sense to connect.'),
  ],
  'industry-focus': [
    (f) =>
      t`${f.company} caught my eye while I was reading up on ${f.industry}, and I would value your view of the field.`,
    (f) =>
      t`${f.company} and its peers in ${f.industry} all think about ${f.offer.field}, and I would like to hear your view.`,
    (f) =>
      t`${f.company} gives you a close view of ${f.industry}, and I would like to hear how you see it changing.`,
    (f) =>
      t`${f.company} is a good vantage point on ${f.industry}, and I am always keen to learn from people there.`,
    (f) =>
      t`teams like ${f.company} are where things get interesting in ${f.industry}, and I would like to follow along.`,
    (f) => t`${f.role} in ${f.industry} is a role I rarely come across, and yours stood out.`,
    (f) =>
      t`${asRole(f.role)} at ${f.company}, you see your industry up close, and I would value your view of it.`,
    (f) =>
      t`${f.company} must be seeing a lot of change in ${f.industry}, and I would like to hear how you read it.`,
    (f) => t`in ${f.industry}, a lot is changing, and your work ${asRole(f.role)} puts you close to it.`,
    (f) => t`the world of ${f.industry} is one I follow closely, and I like to know the people shaping it.`,
    always('I make a point of connecting with people who know their industry well.'),
  ],
  'direct-introduction': [
    (f, c) => t`${f.company} looks close to the teams I work with, so I will be direct. ${cap(c)}.`,
    (f, c) => t`${f.company} came up as a good fit for what I do, so I will say it plainly. ${cap(c)}.`,
    (f, c) => t`${f.company} is exactly the kind of team I hoped to meet here. ${cap(c)}.`,
    (f, c) => t`${f.company} seems a natural fit, so a quick introduction. ${cap(c)}.`,
    (f, c) => t`${asRole(f.role)} at ${f.company}, you are exactly who I hoped to reach. ${cap(c)}.`,
    (f, c) => t`${f.company}, where you work ${asRole(f.role)}, looks like a fit for my work. ${cap(c)}.`,
    (f, c) => t`your posts on ${f.topic} are why I am reaching out. ${cap(c)}.`,
    (f, c) => t`people in ${f.industry} are who I am reaching out to this month. ${cap(c)}.`,
    generic((_f: Facts, c: string | undefined) => t`straight to the point: ${c}.`),
    always('I am reaching out directly because your profile matches the people I work with.'),
  ],
};
