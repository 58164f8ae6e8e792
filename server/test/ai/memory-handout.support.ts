import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import type { TextbookContentInput } from '@common/textbook';
import type { Harness, TestUser } from '@server/test/harness.support';
import { ingestMaterial } from '@server/features/sources/sources.service';
import { createTextbook } from '@server/features/textbooks/textbooks.service';
import { contextFor } from '@server/test/context.support';

/**
 * A psychology handout (a Word file with a title, chapters as
 * Heading 1 and an APA reference list at the end), to check that expansion
 * keeps the user's edits, never prints a reference entry, and titles its
 * sections with what they are about.
 */
const H = (text: string) => new Paragraph({ text, heading: HeadingLevel.HEADING_1 });
const P = (text: string) => new Paragraph({ children: [new TextRun(text)] });

export const memoryChapters: Array<{ title: string; paragraphs: string[] }> = [
  {
    title: 'Why study memory?',
    paragraphs: [
      'Memory is not a single faculty but a family of systems that let us keep information over time. Without it we could not learn a language, recognise a friend, or follow the plot of a film. Cognitive psychologists study memory by asking how information is encoded, how it is stored, and how it is later retrieved. Each stage can fail, and the ways it fails tell us a great deal about how the system works.',
      'The scientific study of memory began with Hermann Ebbinghaus, who in 1885 published Über das Gedächtnis. Ebbinghaus memorised lists of nonsense syllables such as DAX and BUP and measured how many repetitions he needed to relearn them after delays from twenty minutes to thirty-one days. He found that forgetting is rapid at first and then slows, a pattern now called the forgetting curve.',
    ],
  },
  {
    title: 'The multi-store model',
    paragraphs: [
      'In 1968 Richard Atkinson and Richard Shiffrin proposed the multi-store model. Information from the senses first enters sensory memory, which holds a large amount of information for a fraction of a second. Attended information passes into short-term memory, which holds a small amount for about twenty seconds unless it is rehearsed. Rehearsal transfers information into long-term memory, whose capacity appears to be practically unlimited.',
      'George Miller argued in 1956 that short-term memory holds about seven items, plus or minus two. Later research by Nelson Cowan suggested that the true capacity is closer to four chunks when rehearsal and grouping are prevented. A chunk is a meaningful unit: the letters F, B, I form one chunk for someone who knows the acronym.',
    ],
  },
  {
    title: 'Working memory',
    paragraphs: [
      'Alan Baddeley and Graham Hitch replaced the idea of a single short-term store with a model of working memory in 1974. Working memory is a system for holding and manipulating information while performing tasks such as reasoning and comprehension. It has a central executive that controls attention, a phonological loop that holds speech-based information, and a visuospatial sketchpad that holds visual and spatial information. In 2000 Baddeley added an episodic buffer that binds information from the other components and from long-term memory into coherent episodes.',
      'Evidence for separate components comes from dual-task studies. People can hold a string of digits while tracking a moving dot nearly as well as they can do either task alone, but two verbal tasks interfere with each other strongly. The word-length effect, in which lists of short words are recalled better than lists of long words, shows that the phonological loop is limited by the time needed to rehearse its contents, about two seconds of speech.',
    ],
  },
  {
    title: 'Levels of processing',
    paragraphs: [
      'Fergus Craik and Robert Lockhart proposed in 1972 that how well something is remembered depends on how deeply it is processed. Shallow processing attends to surface features such as the typeface of a word. Deep processing attends to meaning. In a classic experiment by Craik and Tulving in 1975, participants answered questions about words: whether the word was in capital letters, whether it rhymed with another word, or whether it fitted into a sentence. On a surprise recall test, words processed for meaning were remembered far better than words processed for appearance.',
    ],
  },
  {
    title: 'Retrieval and forgetting',
    paragraphs: [
      'Retrieval depends on cues. The encoding specificity principle, stated by Tulving and Thomson in 1973, holds that a cue helps retrieval to the extent that it was present at encoding. Godden and Baddeley showed in 1975 that divers who learned word lists underwater recalled them better underwater than on land, and vice versa.',
      'Forgetting has several causes. Memories may decay with time, but interference is usually a more important factor. In proactive interference, old learning disrupts new learning; in retroactive interference, new learning disrupts the recall of old learning. Retrieval failure occurs when a memory is available but not accessible, as in the tip-of-the-tongue state.',
    ],
  },
];

export const memoryReferences = [
  'Atkinson, R. C., & Shiffrin, R. M. (1968). Human memory: A proposed system and its control processes. Psychology of Learning and Motivation, 2, 89-195. https://doi.org/10.1016/S0079-7421(08)60422-3',
  'Craik, F. I. M., & Lockhart, R. S. (1972). Levels of processing: A framework for memory research. Journal of Verbal Learning and Verbal Behavior, 11(6), 671-684.',
  'Loftus, E. F., & Palmer, J. C. (1974). Reconstruction of automobile destruction. Journal of Verbal Learning and Verbal Behavior, 13(5), 585-589.',
];

export async function memoryHandoutDocx(): Promise<Buffer> {
  const children = [
    new Paragraph({ text: 'Human Memory: Encoding, Storage and Retrieval', heading: HeadingLevel.TITLE }),
    ...memoryChapters.flatMap((c) => [H(c.title), ...c.paragraphs.map(P)]),
    H('References'),
    ...memoryReferences.map(P),
  ];
  return Packer.toBuffer(new Document({ sections: [{ children }] }));
}

/**
 * The book the create flow makes from the handout, with the first chapter as
 * the user edited it. `printed`: how many paragraphs of each other chapter the
 * book prints (all of them, as QA's book did, leaves the sources nothing more).
 */
export function memoryBookContent(firstChapterHtml: string, printed = Infinity): TextbookContentInput {
  return {
    title: 'Human Memory: Encoding, Storage and Retrieval',
    references: [],
    chapters: memoryChapters.map((c, i) => ({
      title: c.title,
      content:
        i === 0
          ? firstChapterHtml
          : c.paragraphs
              .slice(0, printed)
              .map((p) => `<p>${p}</p>`)
              .join(''),
      sections: [],
    })),
  };
}

/** A textbook linked to the handout (ingested through the real DOCX pipeline), owned by `owner`. */
export async function createMemoryBook(h: Harness, owner: TestUser, firstChapterHtml: string, printed = Infinity) {
  const user = { id: owner.id, username: owner.username };
  const file = {
    filename: 'memory.docx',
    mimetype: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    data: await memoryHandoutDocx(),
  };
  const ingested = await ingestMaterial(contextFor(h, user), { files: [file] });
  return createTextbook(h.database.db, {
    owner: user,
    topic: 'Human Memory',
    content: memoryBookContent(firstChapterHtml, printed),
    sourceIds: ingested.sourceIds,
  });
}
