import { createCanvas } from '@napi-rs/canvas';
import JSZip from 'jszip';

/**
 * A small lecture deck written for the tests (PresentationML by hand, packed with JSZip): a title
 * slide, an agenda, a topic over two slides (nested bullets, a link, speaker notes, a "(cont.)"
 * slide that repeats a bullet), a table, a picture with alt text, an equation (a14:m), a slide
 * whose heading is a large text box, and a "Questions?" slide. The slide files are named out of
 * order on purpose: the deck's order is presentation.xml's.
 */
const ns =
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
const rel = (type: string) => `http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}`;

const xfrm = (x: number, y: number, w: number, h: number) => `<a:xfrm><a:off x="${x}" y="${y}"/><a:ext cx="${w}" cy="${h}"/></a:xfrm>`;
const run = (text: string, extra = '') => `<a:r><a:rPr lang="en-US"${extra}/><a:t>${text}</a:t></a:r>`;
const para = (text: string, lvl = 0) => `<a:p><a:pPr lvl="${lvl}"/>${run(text)}</a:p>`;

function shape(id: number, ph: string | undefined, body: string, box?: [number, number, number, number]): string {
  const nvPr = ph ? `<p:nvPr><p:ph ${ph}/></p:nvPr>` : '<p:nvPr/>';
  const txBox = ph ? '' : ' txBox="1"';
  return `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="Shape ${id}"/><p:cNvSpPr${txBox}/>${nvPr}</p:nvSpPr><p:spPr>${box ? xfrm(...box) : ''}</p:spPr><p:txBody><a:bodyPr/><a:lstStyle/>${body}</p:txBody></p:sp>`;
}

const title = (text: string) => shape(2, 'type="title"', `<a:p>${run(text)}</a:p>`, [457200, 274638, 8229600, 1143000]);
const bodyShape = (paragraphs: string) => shape(3, 'type="body" idx="1"', paragraphs, [457200, 1600200, 8229600, 4525963]);
const slideXml = (shapes: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:sld ${ns}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${shapes}</p:spTree></p:cSld></p:sld>`;

const equation = `<a:p><mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><mc:Choice xmlns:a14="http://schemas.microsoft.com/office/drawing/2010/main" Requires="a14"><a14:m><m:oMathPara xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"><m:oMath><m:r><m:t>η</m:t></m:r><m:r><m:t>=</m:t></m:r><m:f><m:num><m:r><m:t>E</m:t></m:r></m:num><m:den><m:r><m:t>Q</m:t></m:r></m:den></m:f></m:oMath></m:oMathPara></a14:m></mc:Choice><mc:Fallback><a:r><a:t>η = E/Q</a:t></a:r></mc:Fallback></mc:AlternateContent></a:p>`;

const table = `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="4" name="Table 3"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm><a:off x="457200" y="1600200"/><a:ext cx="8229600" cy="1483360"/></p:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table"><a:tbl><a:tblGrid><a:gridCol w="4114800"/><a:gridCol w="4114800"/></a:tblGrid>${[
  ['Stage', 'ATP made'],
  ['Glycolysis', '2'],
  ['Electron transport', '34'],
]
  .map(
    (r) =>
      `<a:tr h="370840">${r.map((c) => `<a:tc><a:txBody><a:bodyPr/><a:lstStyle/><a:p>${run(c)}</a:p></a:txBody></a:tc>`).join('')}</a:tr>`,
  )
  .join('')}</a:tbl></a:graphicData></a:graphic></p:graphicFrame>`;

const picture = `<p:pic><p:nvPicPr><p:cNvPr id="5" name="Picture 4" descr="Cross-section of a mitochondrion"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr><p:blipFill><a:blip r:embed="rIdImg"/></p:blipFill><p:spPr>${xfrm(1000000, 1600000, 4000000, 3000000)}</p:spPr></p:pic>`;

/** The slides in the deck's order: [file name, XML, notes or undefined, extra relationships]. */
function slides(): Array<{ file: string; xml: string; notes?: string | string[]; rels?: string }> {
  return [
    {
      file: 'slide4.xml',
      xml: slideXml(
        shape(2, 'type="ctrTitle"', `<a:p>${run('Energy in Cells')}</a:p>`) +
          shape(3, 'type="subTitle" idx="1"', para('Biology 101, Week 3')),
      ),
    },
    { file: 'slide1.xml', xml: slideXml(title('Agenda') + bodyShape(para('Respiration') + para('Measuring yield'))) },
    {
      file: 'slide9.xml',
      xml: slideXml(
        title('Respiration') +
          bodyShape(
            para('Cells release energy in controlled steps') +
              para('Glycolysis happens in the cytoplasm', 1) +
              `<a:p><a:pPr lvl="1"/>${run('ATP ')}<a:r><a:rPr lang="en-US"><a:hlinkClick r:id="rIdLink"/></a:rPr><a:t>carries the energy</a:t></a:r></a:p>`,
          ),
      ),
      notes: 'Start from what students know about breathing: oxygen in, carbon dioxide out.',
      rels: `<Relationship Id="rIdLink" Type="${rel('hyperlink')}" Target="https://example.org/atp" TargetMode="External"/>`,
    },
    {
      file: 'slide2.xml',
      xml: slideXml(
        title('Respiration (cont.)') +
          bodyShape(para('Cells release energy in controlled steps') + para('Oxygen is the final electron acceptor')),
      ),
      notes: 'Without oxygen the chain stops, and the cell falls back on fermentation.',
    },
    { file: 'slide3.xml', xml: slideXml(title('Yield by stage') + table) },
    {
      file: 'slide5.xml',
      xml: slideXml(title('The mitochondrion') + picture),
      rels: `<Relationship Id="rIdImg" Type="${rel('image')}" Target="../media/image1.png"/>`,
    },
    { file: 'slide6.xml', xml: slideXml(title('Efficiency') + bodyShape(para('The share of energy that is stored:') + equation)) },
    {
      file: 'slide7.xml',
      xml: slideXml(
        shape(
          6,
          undefined,
          `<a:p>${run('Glucose splits into two pyruvate molecules.', ' sz="1800"')}</a:p>`,
          [457200, 1600200, 8229600, 800000],
        ) + shape(7, undefined, `<a:p>${run('Glycolysis in detail', ' sz="4000"')}</a:p>`, [457200, 300000, 8229600, 900000]),
      ),
    },
    { file: 'slide8.xml', xml: slideXml(title('Questions?')) },
  ];
}

function notesXml(text: string | string[]): string {
  const paragraphs = (Array.isArray(text) ? text : [text]).map((t) => `<a:p>${run(t)}</a:p>`).join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:notes ${ns}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${shape(2, 'type="sldImg"', '<a:p/>')}${shape(3, 'type="body" idx="1"', paragraphs)}${shape(4, 'type="sldNum" idx="5"', `<a:p>${run('3')}</a:p>`)}</p:spTree></p:cSld></p:notes>`;
}

function pictureBytes(): Buffer {
  const canvas = createCanvas(240, 160);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#cde';
  ctx.fillRect(0, 0, 240, 160);
  ctx.fillStyle = '#a33';
  ctx.beginPath();
  ctx.ellipse(120, 80, 100, 50, 0, 0, Math.PI * 2);
  ctx.fill();
  return canvas.toBuffer('image/png');
}

/** A slide whose points are a SmartArt diagram (their text in ppt/diagrams/data1.xml). */
const smartArtSlide = {
  file: 'slide10.xml',
  xml: slideXml(
    title('Stages of respiration') +
      `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="4" name="Diagram 3"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm><a:off x="457200" y="1600200"/><a:ext cx="8229600" cy="4000000"/></p:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/diagram"><dgm:relIds xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram" r:dm="rIdDm" r:lo="rIdLo" r:qs="rIdQs" r:cs="rIdCs"/></a:graphicData></a:graphic></p:graphicFrame>`,
  ),
  rels: `<Relationship Id="rIdDm" Type="${rel('diagramData')}" Target="../diagrams/data1.xml"/>`,
};
const smartArtData = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><dgm:dataModel xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><dgm:ptLst><dgm:pt modelId="0" type="doc"><dgm:t><a:bodyPr/><a:p><a:endParaRPr/></a:p></dgm:t></dgm:pt>${[
  'Glycolysis',
  'Citric acid cycle',
  'Electron transport',
]
  .map((t, i) => `<dgm:pt modelId="${i + 1}"><dgm:t><a:bodyPr/><a:p><a:r><a:t>${t}</a:t></a:r></a:p></dgm:t></dgm:pt>`)
  .join('')}<dgm:pt modelId="9" type="parTrans"><dgm:t><a:bodyPr/><a:p><a:endParaRPr/></a:p></dgm:t></dgm:pt></dgm:ptLst></dgm:dataModel>`;

export interface DeckOptions {
  /** A SmartArt slide (with a chart beside it) and a hidden slide before "Questions?". */
  smartArtAndHidden?: boolean;
  /** p14 sections: name -> how many slides (in order) it holds. */
  sections?: Array<[string, number]>;
  /** A slide whose picture has no description and whose title is set again in a text box over it, before "Questions?". */
  untitledPicture?: boolean;
  /** A "This week…" slide before "Questions?" whose content is a picture (a week's objectives as a screenshot). */
  agendaPicture?: boolean;
  /** Extra slides with numbered titles appended ("Topic 1", "Topic 2", ...), for size tests. */
  extraSlides?: number;
  /** A slide with a program typed in Courier New, one paragraph a line, indented with spaces, before "Questions?". */
  codeSlide?: boolean;
  /** Three slides before "Questions?": a flowchart beside its program and output, callouts on a listing, a note in a title. */
  loopSlides?: boolean;
  /** Two slides before "Questions?" whose titles end on a colon: one naming the operator ("Slicing Using :"), one a lead-in ("Examples:"). */
  colonTitles?: boolean;
  /**
   * Three slides before "Questions?" on two topics, whose notes repeat a note to other teachers on both topics and a
   * reminder on both slides of one topic (a build-up slide copied with its notes).
   */
  repeatedNotes?: boolean;
  /**
   * Three slides before "Questions?" with a drawing's labels in text boxes of their own: a list drawn as boxes over their
   * indices beside a listing, and things labelled on a picture, with "Key" and "Value" and a third label elsewhere; then
   * a build-up slide of the second that adds a label.
   */
  drawingLabels?: boolean;
}

/** The note a course's author leaves to other teachers in the notes of several slides. */
export const teachersNote =
  'Note from the author. If you use these slides, you may replace the logo with your own, but keep the licence page.';

/** A text box of one short label (a drawing's), at a place on the slide. */
const labelBox = (id: number, text: string, box: [number, number, number, number]) =>
  shape(id, undefined, `<a:p>${run(text, ' sz="2800"')}</a:p>`, box);

const repeatedNotesSlides = [
  {
    file: 'slide30.xml',
    xml: slideXml(title('What a list is') + bodyShape(para('A list keeps many values in one variable'))),
    notes: [teachersNote, 'Ask who has kept a shopping list.'],
  },
  {
    file: 'slide31.xml',
    xml: slideXml(title('What a dictionary is') + bodyShape(para('A dictionary finds a value by its key'))),
    notes: [teachersNote, 'Draw the bag of labelled things on the board.'],
  },
  {
    file: 'slide32.xml',
    xml: slideXml(title('What a dictionary is (cont.)') + bodyShape(para('Keys are unique within one dictionary'))),
    notes: ['Draw the bag of labelled things on the board.'],
  },
];

const drawingLabelSlides = () => [
  {
    file: 'slide33.xml',
    xml: slideXml(
      title('Looking inside lists') +
        shape(6, undefined, para('We get at an element of a list by its index in square brackets.'), [457200, 1300000, 8229600, 600000]) +
        // Three names in boxes side by side, their indices in smaller boxes centred under them.
        labelBox(7, 'Joseph', [457200, 4000000, 1200000, 500000]) +
        labelBox(8, 'Glenn', [1657200, 4000000, 1200000, 500000]) +
        labelBox(9, 'Sally', [2857200, 4000000, 1200000, 500000]) +
        labelBox(10, '0', [857200, 4550000, 400000, 500000]) +
        labelBox(11, '1', [2057200, 4550000, 400000, 500000]) +
        labelBox(12, '2', [3257200, 4550000, 400000, 500000]) +
        shape(13, undefined, `<a:p>${monoRun('print(friends[1])')}</a:p>`, [5000000, 4000000, 3500000, 500000]),
    ),
  },
  {
    file: 'slide34.xml',
    xml: slideXml(
      title('Dictionaries are bags') +
        picture.replace(' descr="Cross-section of a mitochondrion"', '') +
        // Labels set on the picture (1000000..5000000 x 1600000..4600000), and a drawing of three labels beside it.
        labelBox(7, 'money', [1500000, 2000000, 1000000, 400000]) +
        labelBox(8, 'candy', [3000000, 3500000, 1000000, 400000]) +
        labelBox(9, 'tissue', [4200000, 2500000, 1000000, 400000]) +
        labelBox(10, 'Key', [6000000, 1800000, 900000, 400000]) +
        labelBox(11, 'Value', [7200000, 1800000, 900000, 400000]) +
        labelBox(12, 'purse', [6500000, 4000000, 900000, 400000]),
    ),
    rels: `<Relationship Id="rIdImg" Type="${rel('image')}" Target="../media/image1.png"/>`,
  },
  // A build-up slide: the same drawing with one more label.
  {
    file: 'slide35.xml',
    xml: slideXml(
      title('Dictionaries are bags (cont.)') +
        labelBox(10, 'Key', [6000000, 1800000, 900000, 400000]) +
        labelBox(11, 'Value', [7200000, 1800000, 900000, 400000]) +
        labelBox(12, 'purse', [6500000, 4000000, 900000, 400000]) +
        labelBox(13, 'wallet', [7600000, 4000000, 900000, 400000]),
    ),
  },
];

const monoRun = (text: string, face = 'Courier New') =>
  `<a:r><a:rPr lang="en-US"><a:latin typeface="${face}"/></a:rPr><a:t>${text}</a:t></a:r>`;
/**
 * A while loop as a lecture deck types it: each line its own paragraph, one closing parenthesis left in the deck's font;
 * beside it, the terminal session running it, in the deck's own font.
 */
const codeSlide = {
  file: 'slide14.xml',
  xml: slideXml(
    title('Breaking Out of a Loop') +
      shape(
        6,
        undefined,
        [
          [monoRun('while True:')],
          [monoRun("    line = input('&gt; ')")],
          [monoRun("    if line == 'done' :")],
          [monoRun('        break')],
          [monoRun('    print(line'), monoRun(')', 'Arial')],
          [monoRun("print('Done!')")],
        ]
          .map((runs) => `<a:p>${runs.join('')}</a:p>`)
          .join(''),
        [457200, 1600200, 4000000, 3000000],
      ) +
      shape(
        8,
        undefined,
        ['$ python loop.py', '&gt; hello', 'hello', '&gt; done', 'Done!'].map((line) => `<a:p>${run(line)}</a:p>`).join(''),
        [4800000, 1600200, 3000000, 3000000],
      ) +
      shape(7, undefined, `<a:p>${run('The break statement ends the loop it is in.')}</a:p>`, [457200, 5000000, 8229600, 600000]),
  ),
};

const cxn = (id: number, x: number, y: number, w: number, h: number) =>
  `<p:cxnSp><p:nvCxnSpPr><p:cNvPr id="${id}" name="Connector ${id}"/><p:cNvCxnSpPr/><p:nvPr/></p:nvCxnSpPr><p:spPr>${xfrm(x, y, w, h)}<a:prstGeom prst="straightConnector1"><a:avLst/></a:prstGeom></p:spPr></p:cxnSp>`;
const flowBox = (id: number, text: string, box: [number, number, number, number], prst = 'rect') =>
  shape(id, undefined, `<a:p>${run(text)}</a:p>`, box).replace('</p:spPr>', `<a:prstGeom prst="${prst}"><a:avLst/></a:prstGeom></p:spPr>`);
const lines = (id: number, text: string[], box: [number, number, number, number], mono = false) =>
  shape(id, undefined, text.map((l) => `<a:p>${mono ? monoRun(l) : run(l)}</a:p>`).join(''), box);

/**
 * A countdown loop as an introductory programming deck draws it: the flowchart in shapes joined by connectors (a diamond
 * with "Yes" and "No" beside its arrows), the program in Courier New, and what it prints typed in the deck's own font;
 * then two callouts pointing into a listing, a string drawn a letter a box over its indices (and a loop printing its
 * letters, one a line, and len() drawn as three boxes joined by arrows), and a section slide whose title placeholder carries a note in smaller type.
 */
const loopSlides = [
  {
    file: 'slide15.xml',
    xml: slideXml(
      title('Repeated Steps') +
        flowBox(20, 'n = 5', [500000, 1400000, 1500000, 400000]) +
        cxn(21, 1250000, 1800000, 0, 300000) +
        flowBox(22, 'n &gt; 0 ?', [500000, 2100000, 1500000, 700000], 'diamond') +
        cxn(23, 1250000, 2800000, 0, 400000) +
        flowBox(24, 'Yes', [1300000, 2850000, 500000, 300000]) +
        flowBox(25, 'print(n)', [500000, 3200000, 1500000, 400000]) +
        cxn(26, 2000000, 2450000, 600000, 0) +
        flowBox(27, 'No', [2100000, 2100000, 400000, 300000]) +
        cxn(28, 2600000, 2450000, 0, 1750000) +
        flowBox(29, "print('Blastoff!')", [2000000, 4200000, 1500000, 400000]) +
        lines(
          30,
          ['n = 5', 'while n &gt; 0 :', '    print(n)', '    n = n - 1', "print('Blastoff!')"],
          [4000000, 1400000, 2500000, 1500000],
          true,
        ) +
        lines(31, ['Output:', '5', '4', '3', '2', '1', 'Blastoff!'], [7000000, 1400000, 1500000, 2000000]) +
        shape(
          32,
          undefined,
          `<a:p>${run('Loops have iteration variables that change each time through a loop.')}</a:p>`,
          [457200, 5400000, 8229600, 600000],
        ),
    ),
  },
  {
    file: 'slide16.xml',
    xml: slideXml(
      title('Looking at in') +
        lines(40, ['for i in [5, 4, 3, 2, 1] :', '    print(i)'], [4000000, 2000000, 3000000, 800000], true) +
        flowBox(41, 'Iteration variable', [1000000, 1200000, 1800000, 400000]) +
        cxn(42, 2800000, 1400000, 1500000, 700000) +
        flowBox(43, 'Five-element sequence', [5000000, 3500000, 2000000, 400000]) +
        cxn(44, 5500000, 2800000, 0, 700000),
    ),
  },
  {
    file: 'slide18.xml',
    xml: slideXml(
      title('Looking Inside Strings') +
        [...'banana']
          .map((c, i) =>
            [
              flowBox(50 + i, c, [4000000 + i * 500000, 1600000, 500000, 500000]),
              flowBox(60 + i, String(i), [4000000 + i * 500000, 2100000, 500000, 500000]),
            ].join(''),
          )
          .join('') +
        lines(70, ["fruit = 'banana'", 'for letter in fruit :', '    print(letter)'], [457200, 3000000, 4000000, 1200000], true) +
        lines(71, [...'banana'], [5000000, 3000000, 1000000, 1800000]) +
        // The len() picture: a string, the function, the number, joined by two arrows.
        lines(72, ["'banana'", '(a string)'], [457200, 5200000, 1500000, 700000]) +
        cxn(73, 1957200, 5550000, 1000000, 0) +
        lines(74, ['len()', 'function'], [3057200, 5200000, 1500000, 700000]) +
        cxn(75, 4557200, 5550000, 1000000, 0) +
        lines(76, ['6', '(a number)'], [5657200, 5200000, 1500000, 700000]),
    ),
  },
  {
    file: 'slide17.xml',
    xml: slideXml(
      shape(
        2,
        'type="title"',
        `<a:p>${run('Loop Idioms', ' sz="4400"')}</a:p><a:p>${run('Note: the patterns apply to all kinds of loops', ' sz="2400"')}</a:p>`,
        [457200, 274638, 8229600, 3000000],
      ),
    ),
  },
];

export async function buildDeck(options: DeckOptions = {}): Promise<Uint8Array> {
  const zip = new JSZip();
  const list = slides();
  if (options.smartArtAndHidden) {
    const withChart = {
      ...smartArtSlide,
      xml: smartArtSlide.xml.replace(
        '</p:spTree>',
        '<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="9" name="Chart 8"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm><a:off x="0" y="5000000"/><a:ext cx="100" cy="100"/></p:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart"><c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" r:id="rIdChart"/></a:graphicData></a:graphic></p:graphicFrame></p:spTree>',
      ),
    };
    list.splice(list.length - 1, 0, withChart, {
      file: 'slide11.xml',
      xml: slideXml(title('Old version of this slide') + bodyShape(para('Outdated numbers'))).replace('<p:sld ', '<p:sld show="0" '),
    });
    zip.file('ppt/diagrams/data1.xml', smartArtData);
  }
  if (options.untitledPicture)
    list.splice(list.length - 1, 0, {
      file: 'slide12.xml',
      xml: slideXml(
        title('Cholera in London') +
          picture.replace(' descr="Cross-section of a mitochondrion"', '') +
          shape(8, undefined, `<a:p>${run('Cholera in London')}</a:p>`, [457200, 5000000, 8229600, 600000]) +
          shape(9, undefined, `<a:p>${run('https://')}${run('example.org/cholera-map')}</a:p>`, [457200, 6000000, 8229600, 400000]),
      ),
      rels: `<Relationship Id="rIdImg" Type="${rel('image')}" Target="../media/image1.png"/>`,
    });
  if (options.agendaPicture)
    list.splice(list.length - 1, 0, {
      file: 'slide14.xml',
      xml: slideXml(title('This week…') + picture.replace('Cross-section of a mitochondrion', 'Objectives of week 3')),
      rels: `<Relationship Id="rIdImg" Type="${rel('image')}" Target="../media/image1.png"/>`,
    });
  // A title-only slide after it, before "Questions?": its title is a line of the unit before it.
  if (options.untitledPicture) list.splice(list.length - 1, 0, { file: 'slide13.xml', xml: slideXml(title('Coffee break')) });
  if (options.codeSlide) list.splice(list.length - 1, 0, codeSlide);
  if (options.loopSlides) list.splice(list.length - 1, 0, ...loopSlides);
  if (options.repeatedNotes) list.splice(list.length - 1, 0, ...repeatedNotesSlides);
  if (options.drawingLabels) list.splice(list.length - 1, 0, ...drawingLabelSlides());
  if (options.colonTitles)
    list.splice(
      list.length - 1,
      0,
      {
        file: 'slide20.xml',
        xml: slideXml(title('Lists Can Be Sliced Using :') + bodyShape(para('t[1:3] is the items from index 1 up to 3.'))),
      },
      { file: 'slide21.xml', xml: slideXml(title('Slicing examples:') + bodyShape(para('t[:4] is the first four items.'))) },
    );
  for (let i = 0; i < (options.extraSlides ?? 0); i++) {
    list.push({
      file: `extra${i + 1}.xml`,
      xml: slideXml(
        title(`Topic ${Math.floor(i / 3) + 1}${i % 3 ? ` (${(i % 3) + 1}/3)` : ''}`) +
          bodyShape(
            Array.from({ length: 6 }, (_, k) => para(`Point ${k + 1} of slide ${i + 1} about enzymes and membranes`, k % 2)).join(''),
          ),
      ),
      notes: `Notes for slide ${i + 1}: explain the enzymes at work here in two or three sentences.`,
    });
  }
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/></Types>',
  );
  const ids = list.map((_, i) => 256 + i);
  const sectionXml = options.sections
    ? (() => {
        let at = 0;
        const sections = options.sections
          .map(([name, count]) => {
            const members = ids.slice(at, at + count);
            at += count;
            return `<p14:section name="${name}" id="{0000000${at}-0000-0000-0000-000000000000}"><p14:sldIdLst>${members.map((id) => `<p14:sldId id="${id}"/>`).join('')}</p14:sldIdLst></p14:section>`;
          })
          .join('');
        return `<p:extLst><p:ext uri="{521415D9-36F7-43E2-AB2F-B90AF26B5E84}"><p14:sectionLst xmlns:p14="http://schemas.microsoft.com/office/powerpoint/2010/main">${sections}</p14:sectionLst></p:ext></p:extLst>`;
      })()
    : '';
  zip.file(
    'ppt/presentation.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:presentation ${ns}><p:sldIdLst>${list.map((_, i) => `<p:sldId id="${ids[i]}" r:id="rId${i + 1}"/>`).join('')}</p:sldIdLst><p:sldSz cx="9144000" cy="6858000"/>${sectionXml}</p:presentation>`,
  );
  zip.file(
    'ppt/_rels/presentation.xml.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${list.map((s, i) => `<Relationship Id="rId${i + 1}" Type="${rel('slide')}" Target="slides/${s.file}"/>`).join('')}</Relationships>`,
  );
  list.forEach((s, i) => {
    zip.file(`ppt/slides/${s.file}`, s.xml);
    const notes = s.notes ? `<Relationship Id="rIdNotes" Type="${rel('notesSlide')}" Target="../notesSlides/notesSlide${i + 1}.xml"/>` : '';
    zip.file(
      `ppt/slides/_rels/${s.file}.rels`,
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${notes}${s.rels ?? ''}</Relationships>`,
    );
    if (s.notes) zip.file(`ppt/notesSlides/notesSlide${i + 1}.xml`, notesXml(s.notes));
  });
  zip.file('ppt/media/image1.png', pictureBytes());
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}
