import JSZip from 'jszip';
import { assessmentXml } from '@server/features/export/formats/imscc/qti';
import type { DownloadItem } from './download-items';

/**
 * A QTI 1.2 content package: imsmanifest.xml naming one assessment (resource type imsqti_xmlv1p2, what Canvas,
 * Blackboard, Brightspace and Sakai import) and the assessment itself, the same QTI the cartridge carries.
 */
export async function writeQtiPackage(title: string, items: readonly DownloadItem[]): Promise<Uint8Array> {
  const href = 'assessment/assessment.xml';
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="quiz_manifest" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 http://www.imsglobal.org/xsd/imscp_v1p1.xsd">
<metadata><schema>IMS Content</schema><schemaversion>1.1.3</schemaversion></metadata>
<organizations/>
<resources>
<resource identifier="res_assessment" type="imsqti_xmlv1p2" href="${href}"><file href="${href}"/></resource>
</resources>
</manifest>
`;
  const zip = new JSZip();
  zip.file('imsmanifest.xml', manifest);
  zip.file(href, assessmentXml('assessment', title, items));
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}
