import type { TextbookContentInput } from '@common/textbook';
import type { Harness, TestUser } from '@server/test/harness.support';
import { ingestMaterial } from '@server/features/sources/sources.service';
import { createTextbook } from '@server/features/textbooks/textbooks.service';
import { contextFor } from '@server/test/context.support';

/**
 * Course material for the AI tools' route tests: four topics of a short
 * history of computing, with dates, definitions and examples. The test book
 * prints only some of its sentences, so expansion has material left to add.
 */
export const computingMaterial = [
  'Mechanical Calculation',
  'Charles Babbage designed the Difference Engine in 1822 to tabulate polynomial functions without human error. The Difference Engine is a mechanical calculator that works by the method of finite differences. Babbage later designed the Analytical Engine, which could be programmed with punched cards. For example, the punched cards of the Jacquard loom showed how a sequence of operations could be stored outside the machine. Ada Lovelace wrote notes in 1843 that describe an algorithm for computing Bernoulli numbers on the Analytical Engine. Her notes are often called the first published computer program.',
  'Electronic Computers',
  'The ENIAC was completed in 1945 and used about eighteen thousand vacuum tubes. A vacuum tube is an electronic switch that controls the flow of electrons in a sealed glass bulb. The ENIAC was programmed by setting switches and plugging cables, which could take days for a new problem. The stored-program concept, described by John von Neumann in 1945, placed instructions in the same memory as data. For instance, the Manchester Baby ran the first stored program in June 1948. Stored programs made it possible to change what a computer does without rewiring it.',
  'Transistors and Integrated Circuits',
  'The transistor was invented at Bell Labs in 1947 and slowly replaced vacuum tubes. A transistor is a semiconductor device that amplifies or switches electronic signals. Transistors are smaller, cooler and far more reliable than vacuum tubes. The integrated circuit, demonstrated by Jack Kilby in 1958, placed many transistors on a single chip. In practice, integrated circuits let engineers build guidance computers small enough for the Apollo spacecraft. Moore observed in 1965 that the number of transistors on a chip doubled about every year.',
  'Personal Computing',
  'The microprocessor placed a whole central processing unit on one chip in 1971. A microprocessor is an integrated circuit that contains the arithmetic, logic and control circuitry of a computer. Personal computers such as the Apple II brought computing into homes and schools in 1977. The graphical user interface made computers usable by people who had never written a program. For example, a spreadsheet program let accountants recalculate a whole budget by changing one number. Today, smartphones carry more computing power than the room-sized machines of the 1950s.',
].join('\n\n');

/** Sentences of the material the test book prints (the rest is left for expansion). */
export function testBookContent(): TextbookContentInput {
  return {
    title: 'A Short History of Computing',
    references: [],
    chapters: [
      {
        title: 'Mechanical Calculation',
        content: '<p>Charles Babbage designed the Difference Engine in 1822 to tabulate polynomial functions without human error.</p>',
        sections: [],
      },
      {
        title: 'Electronic Computers',
        content: '<p>The first electronic computers filled whole rooms.</p>',
        sections: [
          { title: 'The ENIAC', content: '<p>The ENIAC was completed in 1945 and used about eighteen thousand vacuum tubes.</p>' },
          {
            title: 'Stored Programs',
            content:
              '<p>The stored-program concept, described by John von Neumann in 1945, placed instructions in the same memory as data.</p>',
          },
        ],
      },
      {
        title: 'Transistors and Integrated Circuits',
        content: '<p>Transistors changed how computers were built.</p>',
        sections: [
          { title: 'The Transistor', content: '<p>The transistor was invented at Bell Labs in 1947 and slowly replaced vacuum tubes.</p>' },
          {
            title: 'Integrated Circuits',
            content: '<p>The integrated circuit, demonstrated by Jack Kilby in 1958, placed many transistors on a single chip.</p>',
          },
        ],
      },
      {
        title: 'Personal Computing',
        content: '<p>The microprocessor placed a whole central processing unit on one chip in 1971.</p>',
        sections: [
          {
            title: 'Home Computers',
            content: '<p>Personal computers such as the Apple II brought computing into homes and schools in 1977.</p>',
          },
        ],
      },
    ],
  };
}

/** A textbook linked to the computing material (ingested through the real pipeline), owned by `owner`. */
export async function createLinkedBook(h: Harness, owner: TestUser, content: TextbookContentInput = testBookContent()) {
  const user = { id: owner.id, username: owner.username };
  const ingested = await ingestMaterial(contextFor(h, user), {
    files: [],
    directContent: computingMaterial,
    chapterTitle: 'History of Computing',
  });
  return createTextbook(h.database.db, { owner: user, topic: 'History of Computing', content, sourceIds: ingested.sourceIds });
}
