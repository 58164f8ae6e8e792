/**
 * Real course PDFs without bookmarks (or with top-level bookmarks only), each with a heading list
 * that does not come from the product: the LaTeX source its author committed beside it, or, where
 * the repository has no source, the headings read off the pages by hand (`pdftotext -layout`) or
 * its own table of contents. The files are read from public repositories fetched beside the
 * project (../.mirror/<owner>+<name>/repo, bare git); none of them is in this repository.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { latexHeadings } from '../real/latex-headings';

export const mirrorDir = path.resolve(process.cwd(), '../.mirror');

interface Entry {
  name: string;
  repo: string;
  pdf: string;
  /** The LaTeX source the PDF was compiled from (headings read from it). */
  tex?: string;
  /** Or the headings in order, and where they were read. */
  headings?: string[];
  from?: string;
}

const econ = 'fditraglia+Econ103Public';
const msd = 'jhofman+msd2017-notes';

const entries: Entry[] = [
  { name: 'econ103 ConditionalExpectation', repo: econ, pdf: 'ConditionalExpectation.pdf', tex: 'ConditionalExpectation.tex' },
  { name: 'econ103 OptionalProofs', repo: econ, pdf: 'OptionalProofs.pdf', tex: 'OptionalProofs.tex' },
  { name: 'econ103 HowToDoWell', repo: econ, pdf: 'HowToDoWell.pdf', tex: 'HowToDoWell.tex' },
  { name: 'econ103 RegressionToTheMean', repo: econ, pdf: 'RegressionToTheMean.pdf', tex: 'RegressionToTheMean.tex' },
  { name: 'econ103 Recitation 3', repo: econ, pdf: 'Recitations/Recitation_3_refugees.pdf', tex: 'Recitations/Recitation_3_refugees.tex' },
  { name: 'econ103 extensions (exam class)', repo: econ, pdf: 'Extensions/extensions.pdf', tex: 'Extensions/extensions.tex' },
  {
    name: 'mml integration methods',
    repo: 'mml-book+mml-book.github.io',
    pdf: 'book/additional_chapters/integration-methods.pdf',
    from: 'its contents page',
    headings: [
      'Foreword',
      '1 Motivation',
      '2 Numerical integration (quadrature)',
      '2.1 Newton–Cotes',
      '2.2 Gaussian quadrature',
      '2.3 Bayesian quadrature',
      '2.4 Summary',
      '3 Monte Carlo integration',
      '4 Normalizing flows',
      '4.1 Example',
      '4.2 Computing expectations',
      '4.3 Computational aspects',
      '4.4 Applications',
      '4.5 Summary',
      '5 Inference in time series models',
      '5.1 Deterministic approximate inference',
      '5.2 Stochastic approximate inference',
      '5.3 Discussion',
      '5.4 Example: Time-series inference with Gaussian processes',
      'A Gaussian processes',
      'B Change of variables',
      'C Importance sampling',
      'References',
    ],
  },
  {
    name: 'sddp lecture notes',
    repo: 'odow+sddp-lecture-notes',
    pdf: 'lecture_notes.pdf',
    from: 'read off the pages',
    headings: [
      '1 Recap: Benders decomposition',
      '2 Recap: Two-stage stochastic program',
      '2.1 Algorithm',
      '3 Multistage stochastic program',
      '3.1 Example',
      '3.2 Algorithm',
      '3.3 Bounds',
      '3.4 Convergence',
      '4 Beyond the basic algorithm',
      'References',
    ],
  },
  { name: 'msd2017 lecture 6 (4 scribes)', repo: msd, pdf: 'lecture_6/lecture_6.pdf', tex: 'lecture_6/lecture_6.tex' },
  { name: 'msd2017 lecture 9 (4 scribes)', repo: msd, pdf: 'lecture_9/lecture_9.pdf', tex: 'lecture_9/lecture_9.tex' },
  { name: 'msd2017 lecture 12 meh2243', repo: msd, pdf: 'lecture_12/meh2243/template.pdf', tex: 'lecture_12/meh2243/template.tex' },
  { name: 'msd2017 lecture 7 aa3917', repo: msd, pdf: 'lecture_7/aa3917/aa3917.pdf', tex: 'lecture_7/aa3917/template.tex' },
  { name: 'msd2017 lecture 4 as5194', repo: msd, pdf: 'lecture_4/as5194/as5194.pdf', tex: 'lecture_4/as5194/as5194.tex' },
];

function gitShow(repo: string, file: string): Buffer | undefined {
  try {
    return execFileSync('git', ['--git-dir', path.join(mirrorDir, repo, 'repo'), 'show', `HEAD:${file}`], {
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return undefined;
  }
}

export interface UnbookmarkedFile {
  name: string;
  data: Uint8Array;
  headings: string[];
  title?: string;
  from: string;
}

/** The files whose repository has been fetched, with their own headings; undefined when no mirror is here. */
export function unbookmarkedFiles(): UnbookmarkedFile[] | undefined {
  if (!existsSync(mirrorDir)) return undefined;
  const out: UnbookmarkedFile[] = [];
  for (const e of entries) {
    const pdf = gitShow(e.repo, e.pdf);
    if (!pdf) continue;
    if (e.headings) {
      out.push({ name: e.name, data: new Uint8Array(pdf), headings: e.headings, from: e.from ?? 'by hand' });
      continue;
    }
    const own = latexHeadings(e.tex!, (p) => gitShow(e.repo, path.posix.normalize(p))?.toString('utf8'));
    out.push({
      name: e.name,
      data: new Uint8Array(pdf),
      headings: own.headings.map((h) => h.title),
      title: own.title,
      from: 'LaTeX source',
    });
  }
  return out;
}
