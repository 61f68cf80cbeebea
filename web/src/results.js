// The results stream: what a student committed to and how it came out, one
// `flocklab:result` event per outcome on the element it belongs to (it
// bubbles to the document), and with post=results in a framed page's
// address a message to the parent (index.js). The SCORM package's adapter
// (web/scorm/) reads the same events, and flocklab-xapi.js (web/) makes
// each an xAPI statement. detail:
//   {kind: 'what-if' | 'experiment' | 'check', id, question, answer,
//    correct, held, text, at}
// `answer` is what the student predicted, `correct` what happened, `held`
// whether they agree (null where the student predicted nothing).
// A what-if's prediction is also told as it is committed (its Play), as
// `flocklab:prediction` {kind, id, item, question, answer, tries, at},
// before its run: an LMS keeps it even if the student leaves before the
// answer (`type`).
export function report(el, result, type = 'flocklab:result') {
  const detail = { id: el.id || null, ...result, at: new Date().toISOString() };
  el.dispatchEvent(new CustomEvent(type, { detail, bubbles: true }));
  return detail;
}

