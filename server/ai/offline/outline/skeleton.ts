import type { TextbookContent } from '@common/textbook';
import { toTitleCase } from '@server/core/nlp';
import { paragraph } from '@common/textbook-ops/html';

export const topicOnlyNotice =
  'This outline was made from the topic alone, so each section holds guidance on what to write rather than finished text. ' +
  'Add your course material (files or typed text) or connect a language model (AI_PROVIDER) and generate again to get full text.';

interface SkeletonSection {
  title: string;
  guidance: string;
}

/**
 * A sensible chapter structure for a topic with no material: the
 * usual arc of an introductory textbook, with guidance on what each section
 * should hold. It says what to write; it does not pretend to know the subject.
 */
function plan(topic: string): Array<{ title: string; intro: string; sections: SkeletonSection[] }> {
  return [
    {
      title: `Introduction to ${topic}`,
      intro: `Guidance: open the book by saying what ${topic} is, who this book is for and what readers will be able to do after it.`,
      sections: [
        {
          title: `What ${topic} Is`,
          guidance: `Guidance: give a working definition of ${topic} in plain words, with one or two examples your students will recognise.`,
        },
        {
          title: 'Why It Matters',
          guidance: `Guidance: explain where ${topic} is used and why it is worth studying; a short real case works well here.`,
        },
        {
          title: 'How This Book Is Organized',
          guidance: 'Guidance: walk through the chapters in one or two sentences each, so readers see the path ahead.',
        },
      ],
    },
    {
      title: 'Foundations and Key Concepts',
      intro: `Guidance: introduce the ideas and vocabulary every later chapter of ${topic} relies on.`,
      sections: [
        {
          title: 'Core Terms',
          guidance: 'Guidance: define the essential terms, one short paragraph each, in the order readers will meet them.',
        },
        {
          title: 'Historical Development',
          guidance: `Guidance: summarise how ${topic} developed and which ideas shaped it, citing your sources.`,
        },
        { title: 'Fundamental Principles', guidance: 'Guidance: state the central principles and show each with a small worked example.' },
      ],
    },
    {
      title: 'Methods and Techniques',
      intro: `Guidance: present the main methods practitioners of ${topic} use, from the simplest to the more advanced.`,
      sections: [
        { title: 'Essential Methods', guidance: 'Guidance: describe each method step by step, with when to use it and what it needs.' },
        {
          title: 'Worked Examples',
          guidance: 'Guidance: work through two or three complete examples, showing each step and the reasoning behind it.',
        },
        { title: 'Common Mistakes', guidance: 'Guidance: list the errors students typically make and how to recognise and avoid them.' },
      ],
    },
    {
      title: `Applications of ${topic}`,
      intro: `Guidance: show ${topic} at work in realistic settings.`,
      sections: [
        {
          title: 'Real-World Applications',
          guidance: 'Guidance: describe several applications, each with the problem, the approach and the outcome.',
        },
        { title: 'Case Study', guidance: 'Guidance: develop one case in depth, ideally from your own course material or a cited source.' },
      ],
    },
    {
      title: 'Challenges and Current Directions',
      intro: `Guidance: discuss what is hard, debated or changing in ${topic}.`,
      sections: [
        {
          title: 'Open Problems and Limitations',
          guidance: 'Guidance: explain the known limitations and unsolved problems, with the evidence for each.',
        },
        {
          title: 'Emerging Trends',
          guidance: 'Guidance: point to recent developments and where the field seems to be heading, citing sources.',
        },
      ],
    },
    {
      title: 'Summary and Further Study',
      intro: 'Guidance: close the book by drawing the threads together.',
      sections: [
        { title: 'Key Takeaways', guidance: 'Guidance: restate the most important ideas of each chapter in a sentence or two.' },
        {
          title: 'Review Questions',
          guidance: 'Guidance: write questions that check understanding of each chapter, from recall to application.',
        },
        {
          title: 'Further Reading',
          guidance: 'Guidance: recommend the approved references and other sources for readers who want to go deeper.',
        },
      ],
    },
  ];
}

/** The honest skeleton for a topic with no material, with its notice. Any real sentences given open the first chapter. */
export function topicSkeleton(rawTopic: string, materialParagraphs: string[] = []): TextbookContent {
  const topic = toTitleCase(rawTopic.trim()) || 'Your Topic';
  return {
    title: rawTopic.trim() || topic,
    notice: topicOnlyNotice,
    references: [],
    chapters: plan(topic).map((c, i) => ({
      title: c.title,
      content: [...(i === 0 ? materialParagraphs.map(paragraph) : []), paragraph(c.intro)].join(''),
      sections: c.sections.map((s) => ({ title: s.title, content: paragraph(s.guidance) })),
    })),
  };
}
