// make dist's SCORM 1.2 package of the lesson page: build/dist/scorm/ and
// flocklab-VERSION-scorm.zip, which an LMS (Moodle, Canvas, Blackboard,
// Brightspace, Open edX) imports as one SCO. It holds the lesson as served
// (index.html and everything it loads) with web/scorm/flocklab-scorm.js,
// the adapter that reports the page's results stream to the LMS, and
// imsmanifest.xml (IMS Content Packaging 1.1.2 with ADL's SCORM 1.2
// extension: metadata, one organization of one item, one resource listing
// every file).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const walk = (dir) => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
const xml = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// The lesson's files: the page, its own script and style, and what the shim loads.
const LESSON = ['index.html', 'lesson.js', 'lesson.css'];

export function manifest(version, files) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="flocklab-lesson-5-${xml(version)}" version="${xml(version)}"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="flocklab-org">
    <organization identifier="flocklab-org">
      <title>Lesson 5: Steering and Flocking</title>
      <item identifier="flocklab-item" identifierref="flocklab-lesson" isvisible="true">
        <title>Steering and flocking: predict, watch, explain</title>
        <adlcp:masteryscore>50</adlcp:masteryscore>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="flocklab-lesson" type="webcontent" adlcp:scormtype="sco" href="index.html">
${files.map((f) => `      <file href="${xml(f)}"/>`).join('\n')}
    </resource>
  </resources>
</manifest>
`;
}

// `shipped`: the shim's files (dist.mjs's SHIPPED); `languages`: the tables' modules (lang/es.js).
export function scormPackage({ root, web, out, version, shipped, languages }) {
  const dir = join(out, 'scorm');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'lang'), { recursive: true });
  for (const f of [...LESSON.slice(1), ...shipped.filter((x) => !x.endsWith('.map'))]) copyFileSync(join(web, f), join(dir, f));
  for (const f of languages) copyFileSync(join(web, 'lang', f), join(dir, 'lang', f));
  copyFileSync(join(root, 'web', 'scorm', 'flocklab-scorm.js'), join(dir, 'flocklab-scorm.js'));
  // The page with the adapter: a classic script, run once the page is parsed.
  const page = readFileSync(join(web, 'index.html'), 'utf8');
  if (!page.includes('</head>')) throw new Error('scorm: index.html has no </head>');
  writeFileSync(join(dir, 'index.html'), page.replace('</head>', '<script src="flocklab-scorm.js" defer></script>\n</head>'));
  copyFileSync(join(root, 'LICENSE'), join(dir, 'LICENSE'));
  const files = walk(dir).map((f) => relative(dir, f)).sort();
  writeFileSync(join(dir, 'imsmanifest.xml'), manifest(version, files));
  // Fixed times, no extra attributes: the same files give the same zip; the manifest at its root.
  for (const f of walk(dir)) execFileSync('touch', ['-d', '2026-01-01T00:00:00Z', f]);
  const zip = join(out, `flocklab-${version}-scorm.zip`);
  rmSync(zip, { force: true });
  execFileSync('zip', ['-qrXD', zip, '.'], { cwd: dir }); // -D: no folder entries (their times)
  return { dir, zip, files };
}
