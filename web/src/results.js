// The results stream: what a student committed to and how it came out, one
// `flocklab:result` event per outcome on the element it belongs to (it
// bubbles to the document), and with post=results in a framed page's
// address a message to the parent (index.js). The SCORM package's adapter
// (web/scorm/) reads the same events, and xapiStatement() makes each an
// xAPI statement. detail:
//   {kind: 'what-if' | 'experiment' | 'check', id, question, answer,
//    correct, held, text, at}
// `answer` is what the student predicted, `correct` what happened, `held`
// whether they agree (null where the student predicted nothing).
export function report(el, result) {
  const detail = { id: el.id || null, ...result, at: new Date().toISOString() };
  el.dispatchEvent(new CustomEvent('flocklab:result', { detail, bubbles: true }));
  return detail;
}

// A result as an xAPI statement, for a host that keeps its learners' records
// in a Learning Record Store (cmi5, an LMS's LRS): `actor` is the host's
// (who the student is, which only the host knows: {mbox} or {account}),
// `activity` the IRI of the page or course. The student "answered" the
// question, an activity below `activity` (one per widget and button, or per
// experiment or check); `result.response` is their answer, `success`
// whether it held (none where they predicted nothing), and the question's
// correct response is what happened.
const ANSWERED = { id: 'http://adlnet.gov/expapi/verbs/answered', display: { 'en-US': 'answered' } };
const INTERACTION = 'http://adlnet.gov/expapi/activities/cmi.interaction';
export function xapiStatement(result, { actor, activity, lang = 'en' } = {}) {
  if (!result || typeof result !== 'object' || typeof result.kind !== 'string') throw new TypeError('flocklab: xapiStatement(result, ...): result is a flocklab:result event\'s detail');
  if (!actor || typeof actor !== 'object' || Array.isArray(actor)) throw new TypeError('flocklab: xapiStatement: actor is the host\'s xAPI Agent, such as {mbox: "mailto:student@example.org"}');
  if (typeof activity !== 'string' || !/^[a-z][a-z0-9+.-]*:\S+$/i.test(activity)) throw new TypeError('flocklab: xapiStatement: activity is the page\'s IRI, such as "https://example.org/lesson-5"');
  const part = (v) => encodeURIComponent(String(v));
  const id = [activity.replace(/\/+$/, ''), part(result.kind), part(result.id ?? 'page'), ...(result.item ? [part(result.item)] : [])].join('/');
  const statement = {
    actor,
    verb: ANSWERED,
    object: {
      objectType: 'Activity',
      id,
      definition: {
        type: INTERACTION,
        name: { [lang]: String(result.question || result.item || result.kind) },
        interactionType: result.kind === 'check' ? 'numeric' : 'other',
        ...(result.correct === null || result.correct === undefined ? {} : { correctResponsesPattern: [String(result.correct)] }),
      },
    },
    result: {
      response: result.answer === null || result.answer === undefined ? '' : String(result.answer),
      completion: true,
      ...(typeof result.held === 'boolean' ? { success: result.held } : {}),
    },
    context: { contextActivities: { parent: [{ objectType: 'Activity', id: activity }] }, language: lang },
  };
  if (typeof result.at === 'string') statement.timestamp = result.at;
  return statement;
}
