import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fixturePath } from '../fixture-path.support';

/**
 * QTI checked by xmllint (Debian libxml2-utils) against the IMS Common Cartridge profile of QTI 1.2.1
 * (test-fixtures/qti, see test-fixtures/README.md): the XSD for the structure, and the profile's own Schematron
 * rules (embedded in the XSD) for what an XSD cannot say, such as an essay being marked by a person.
 */
export const xmllint = ['/usr/bin/xmllint', '/usr/local/bin/xmllint'].find((p) => existsSync(p));

export const ccQtiXsd = fixturePath('qti/ccv1p1_qtiasiv1p2p1_v1p0.xsd');

let schematronFile: string | undefined;

/**
 * The profile's Schematron rules as a file xmllint runs. libxml2 compiles rule contexts as streaming patterns,
 * which take no predicates, so a context `path[cond]` becomes `path` with each assertion guarded by `cond`
 * (`not(cond) or (test)`): the same rule, checked on the same nodes. Titles, which libxml2 refuses inside
 * patterns, are left out.
 */
function ccSchematron(dir: string): string {
  if (schematronFile) return schematronFile;
  const xsd = readFileSync(ccQtiXsd, 'utf8');
  const start = xsd.indexOf('<xs:appinfo>') + '<xs:appinfo>'.length;
  let rules = xsd.slice(start, xsd.indexOf('</xs:appinfo>'));
  rules = rules.replace(/<sch:title>[\s\S]*?<\/sch:title>/g, '');
  rules = rules.replace(/<sch:rule abstract="false" context="([^"]*)">([\s\S]*?)<\/sch:rule>/g, (whole, context: string, body: string) => {
    const m = /^(.*)\[([^[\]]*)\]$/.exec(context);
    if (!m) return whole;
    const guarded = body.replace(/test="([^"]*)"/g, (_t, test: string) => `test="not(${m[2]}) or (${test})"`);
    return `<sch:rule abstract="false" context="${m[1]}">${guarded}</sch:rule>`;
  });
  schematronFile = path.join(dir, 'cc-qti-rules.sch');
  writeFileSync(
    schematronFile,
    `<?xml version="1.0" encoding="UTF-8"?>\n<sch:schema xmlns:sch="http://purl.oclc.org/dsdl/schematron">${rules}</sch:schema>\n`,
  );
  return schematronFile;
}

export interface QtiValidation {
  valid: boolean;
  /** xmllint's messages (empty when valid). */
  errors: string;
  items: number;
}

function run(args: string[]): { ok: boolean; out: string } {
  try {
    execFileSync(xmllint!, args, { encoding: 'utf8', stdio: 'pipe' });
    return { ok: true, out: '' };
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return { ok: false, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

/** Validates one QTI document against the CC QTI profile: XSD and Schematron rules. Requires `xmllint`. */
export function validateCcQti(xml: string): QtiValidation {
  if (!xmllint) throw new Error('xmllint is not installed (Debian package libxml2-utils)');
  const dir = mkdtempSync(path.join(tmpdir(), 'qti-'));
  const file = path.join(dir, 'assessment.xml');
  writeFileSync(file, xml);
  const schema = run(['--noout', '--schema', ccQtiXsd, file]);
  const rules = run(['--noout', '--schematron', ccSchematron(dir), file]);
  return {
    valid: schema.ok && rules.ok,
    errors: [schema.ok ? '' : schema.out, rules.ok ? '' : rules.out].filter(Boolean).join('\n'),
    items: (xml.match(/<item /g) ?? []).length,
  };
}

export const skipWithoutXmllint =
  'SKIPPED the xmllint half of this test: xmllint (Debian package libxml2-utils) is not installed; .ci/run installs it.';
