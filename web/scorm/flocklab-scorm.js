// The SCORM 1.2 adapter of the lesson's package (make dist:
// flocklab-VERSION-scorm.zip). It reads the page's results stream
// (flocklab:result events, web/README.md "Results") and reports to the
// LMS's API as eXeLearning's packages do:
// - nothing before the student starts (a first key or pointer press in the
//   page, or a first result): then "incomplete" and a score of 0 of 100;
// - each prediction as it is committed (flocklab:prediction, a what-if's
//   Play): an interaction with what was predicted and the result
//   "neutral", written at once, so a student who leaves before the answer
//   leaves a record;
// - each result: an interaction (what was predicted in that try, what
//   happened, correct or wrong), and the score again: 100 x the questions
//   whose first committed prediction held (a what-if's result carries it,
//   with its tries; a later try never changes it) / the questions on the
//   page (each data-predict button, each experiment, each [data-check] form);
// - "completed" once every question has an answer (held or not);
// - in browse or review mode (cmi.core.lesson_mode), no writes at all.
// What was answered is kept in cmi.suspend_data (within SCORM 1.2's 4,096
// characters), so a student who comes back goes on with the same score; a
// saved state it cannot read is a fresh start, said once. A classic script: no module, no globals.
(function () {
  'use strict';
  var api = null;
  var started = false;
  var readOnly = false;
  var answers = {}; // question key -> 1 (held) or 0
  var interactions = 0;

  // The API object: on a parent, a parent's parent, ... or the opener's.
  function findIn(win) {
    for (var i = 0; win && i < 10; i++) {
      try {
        if (win.API) return win.API;
      } catch (e) { return null; } // another origin: no LMS of ours
      if (win.parent === win) break;
      win = win.parent;
    }
    return null;
  }
  function find() {
    return findIn(window.parent !== window ? window.parent : null) || findIn(window.opener) || null;
  }

  // The page's questions, by the same keys as the results: "id:item" for a
  // what-if button, the element's id for an experiment or a check.
  function questions() {
    var keys = [];
    document.querySelectorAll('[data-action="apply"][data-predict]').forEach(function (b) {
      var w = b.closest('.flocklab');
      keys.push((w && w.id) + ':' + b.textContent.trim());
    });
    document.querySelectorAll('.flocklab[data-experiment], [data-check]').forEach(function (e) { keys.push(e.id); });
    return keys;
  }
  function keyOf(r) { return r.kind === 'what-if' ? r.id + ':' + r.item : r.kind === 'fix' ? r.id + ':' + r.item + ':fix' : r.id; }

  function set(name, value) {
    if (readOnly) return;
    if (api.LMSSetValue(name, String(value)) !== 'true') {
      console.warn('flocklab: the LMS refused ' + name + '="' + value + '" (error ' + api.LMSGetLastError() + ': ' + api.LMSGetErrorString(api.LMSGetLastError()) + ')');
    }
  }
  function commit() { if (!readOnly) api.LMSCommit(''); }

  function score() {
    var all = questions();
    var held = 0;
    var answered = 0;
    all.forEach(function (k) {
      if (k in answers) { answered++; held += answers[k]; }
    });
    set('cmi.core.score.raw', all.length ? Math.round(100 * held / all.length) : 0);
    set('cmi.core.lesson_status', all.length && answered === all.length ? 'completed' : 'incomplete');
    set('cmi.suspend_data', saved(all));
  }

  // cmi.suspend_data holds at most 4,096 characters in SCORM 1.2: the
  // answers by question ({"key": 1 or 0}, only this page's questions), or,
  // for a page with too many to fit, one mark per question in the page's
  // order ("#" then 1, 0 or - for none), which always fits (up to 4,095).
  var MAX_SAVED = 4096;
  function saved(all) {
    var kept = {};
    all.forEach(function (k) { if (k in answers) kept[k] = answers[k]; });
    var text = JSON.stringify(kept);
    if (text.length <= MAX_SAVED) return text;
    return ('#' + all.map(function (k) { return k in answers ? String(answers[k]) : '-'; }).join('')).slice(0, MAX_SAVED);
  }
  // What the LMS handed back, read as saved() writes it; anything else (too
  // long to be ours, not JSON, not answers) is a fresh start, said once.
  function restore(text) {
    var all = questions();
    var fresh = function (why) { console.warn('flocklab: the saved state from the LMS ' + why + '; the lesson starts afresh'); return {}; };
    if (!text) return {};
    if (text.length > MAX_SAVED) return fresh('is ' + text.length + ' characters, more than the ' + MAX_SAVED + ' it writes');
    var out = {};
    if (text.charAt(0) === '#') {
      for (var i = 1; i < text.length && i <= all.length; i++) if (text[i] === '0' || text[i] === '1') out[all[i - 1]] = Number(text[i]);
      return out;
    }
    var kept;
    try { kept = JSON.parse(text); } catch (e) { return fresh('cannot be read (' + e.message + ')'); }
    if (!kept || typeof kept !== 'object' || Array.isArray(kept)) return fresh('is not a list of answers');
    all.forEach(function (k) { if (kept[k] === 0 || kept[k] === 1) out[k] = kept[k]; });
    return out;
  }

  function start() {
    if (started || !api) return;
    started = true;
    set('cmi.core.score.min', 0);
    set('cmi.core.score.max', 100);
    score();
    commit();
  }

  // SCORM 1.2's identifiers: letters, digits and a few marks, no spaces.
  function id(text) { return String(text).replace(/[^A-Za-z0-9_.:-]+/g, '_').slice(0, 250); }
  function time(at) { return new Date(at).toISOString().slice(11, 19); }
  function response(v) { return String(v).replace(/[\r\n]+/g, ' ').slice(0, 250); }

  // An interaction's first fields: its question, kind and time.
  function interaction(r) {
    var n = 'cmi.interactions.' + interactions++ + '.';
    set(n + 'id', id(keyOf(r)));
    set(n + 'type', r.kind === 'check' ? 'numeric' : 'fill-in');
    set(n + 'time', time(r.at));
    return n;
  }

  function onPrediction(e) {
    var r = e.detail;
    if (!api || !r) return;
    start();
    var n = interaction(r);
    set(n + 'student_response', response(r.answer));
    set(n + 'result', 'neutral');
    commit();
  }

  function onResult(e) {
    var r = e.detail;
    if (!api || !r) return;
    start();
    var n = interaction(r);
    var tried = r.retry || r; // this try's prediction (a what-if's later try is in r.retry)
    if (tried.answer !== null && tried.answer !== undefined) set(n + 'student_response', response(tried.answer));
    if (r.correct !== null && r.correct !== undefined) set(n + 'correct_responses.0.pattern', response(r.correct));
    set(n + 'result', tried.held === true ? 'correct' : tried.held === false ? 'wrong' : 'neutral');
    // A what-if's grade is its first committed prediction's, kept from its
    // first result (a page opened again cannot make another first).
    // A fix tried is an interaction, not a question of the score.
    if (r.kind !== 'fix' && !(r.kind === 'what-if' && keyOf(r) in answers)) answers[keyOf(r)] = r.held === true ? 1 : 0;
    score();
    commit();
  }

  // This session's length, as SCORM 1.2 writes a time span: HHHH:MM:SS.SS.
  var began = Date.now();
  function span(ms) {
    var s = Math.max(0, ms) / 1000;
    var two = function (n) { return (n < 10 ? '0' : '') + n; };
    return String(Math.min(9999, Math.floor(s / 3600))).padStart(4, '0') + ':' + two(Math.floor(s / 60) % 60) + ':' + two(Math.floor(s % 60)) + '.' + two(Math.floor((s % 1) * 100));
  }

  function finish() {
    if (!api) return;
    set('cmi.core.session_time', span(Date.now() - began)); // the LMS adds it to the student's total time
    if (started) set('cmi.core.exit', questions().every(function (k) { return k in answers; }) ? '' : 'suspend');
    commit();
    api.LMSFinish('');
    api = null;
  }

  api = find();
  if (!api) {
    console.warn('flocklab: no SCORM 1.2 API (window.API) in a parent frame or the opener: the results stay in the page');
    return;
  }
  if (api.LMSInitialize('') !== 'true') {
    console.warn('flocklab: the LMS did not initialize (error ' + api.LMSGetLastError() + ')');
    api = null;
    return;
  }
  var mode = api.LMSGetValue('cmi.core.lesson_mode');
  readOnly = mode === 'browse' || mode === 'review';
  answers = restore(String(api.LMSGetValue('cmi.suspend_data') || ''));
  interactions = Number(api.LMSGetValue('cmi.interactions._count')) || 0;
  document.addEventListener('flocklab:result', onResult);
  document.addEventListener('flocklab:prediction', onPrediction);
  document.addEventListener('keydown', start, { once: true });
  document.addEventListener('pointerdown', start, { once: true });
  window.addEventListener('pagehide', finish);
}());
