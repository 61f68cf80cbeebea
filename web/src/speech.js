// What a screen reader hears: the canvas's short name, a hidden paragraph
// with the current summary (its aria-describedby), and one polite live
// region per widget that says one sentence after each action (the module
// decides when and what: fl_respond), never while nothing happens.

let nextId = 0;

function hidden(el, tag, cls) {
  const n = document.createElement(tag);
  n.className = `fl-sr ${cls}`;
  el.append(n);
  return n;
}

export function makeSpeech(el, signal) {
  const id = `fl-summary-${++nextId}`;
  const summary = hidden(el, 'p', 'fl-summary');
  summary.id = id;
  const live = hidden(el, 'p', 'fl-live');
  live.setAttribute('aria-live', 'polite');
  live.setAttribute('aria-atomic', 'true');
  const said = [];
  let lastSummaryAt = -Infinity;
  signal.addEventListener('abort', () => { summary.remove(); live.remove(); });
  return {
    // One sentence through the live region (kept for announcements()).
    say(text) {
      if (!text) return;
      said.push(text);
      if (said.length > 20) said.shift();
      // A fresh text node each time, so the same sentence twice is read twice.
      live.replaceChildren(document.createTextNode(text));
    },
    announcements: () => [...said],
    // The canvas's name (unless the page named it) and its description,
    // refreshed at most once a second: summaryOf() is asked only then.
    label(canvas, name, summaryOf, force = false) {
      if (!canvas.hasAttribute('aria-label') || canvas.dataset.flocklabLabel === '1') {
        if (canvas.getAttribute('aria-label') !== name) canvas.setAttribute('aria-label', name);
        canvas.dataset.flocklabLabel = '1';
      }
      if (canvas.getAttribute('aria-describedby') !== id) canvas.setAttribute('aria-describedby', id);
      const now = performance.now();
      if (!force && now - lastSummaryAt < 1000) return;
      lastSummaryAt = now;
      const text = summaryOf();
      if (summary.textContent !== text) summary.textContent = text;
    },
  };
}
