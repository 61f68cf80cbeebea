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
export function report(el, result) {
  const detail = { id: el.id || null, ...result, at: new Date().toISOString() };
  el.dispatchEvent(new CustomEvent('flocklab:result', { detail, bubbles: true }));
  return detail;
}

