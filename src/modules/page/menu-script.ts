// The public page's only script (served as /assets/menu.js): reports anonymous analytics events
// in batches. A random visit id lives in sessionStorage; no cookie, no token, nothing personal.
export const MENU_SCRIPT = `(() => {
  'use strict';
  const locale = document.body.dataset.locale;
  // An image that cannot load (a moved logo) is hidden rather than shown broken.
  document.querySelectorAll('img').forEach((img) => {
    const hide = () => { img.style.display = 'none'; };
    if (img.complete && img.naturalWidth === 0) hide();
    else img.addEventListener('error', hide);
  });
  let session;
  try {
    session = sessionStorage.getItem('menu.visit');
    if (!session) {
      session = Math.random().toString(36).slice(2) + Date.now().toString(36);
      sessionStorage.setItem('menu.visit', session);
    }
  } catch (e) {
    session = Math.random().toString(36).slice(2);
  }
  const queue = [];
  const track = (type, extra) => {
    queue.push(Object.assign({ type: type, session_id: session, locale: locale, occurred_at: new Date().toISOString() }, extra));
    if (queue.length >= 20) flush();
  };
  const flush = (leaving) => {
    if (queue.length === 0) return;
    const body = JSON.stringify({ events: queue.splice(0, 100) });
    if (leaving && navigator.sendBeacon) {
      navigator.sendBeacon('/api/v1/analytics/events', new Blob([body], { type: 'text/plain' }));
    } else {
      fetch('/api/v1/analytics/events', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: body, keepalive: true }).catch(() => {});
    }
  };
  track('menu_view');
  if (new URLSearchParams(location.search).has('lang')) track('locale_switch');
  document.querySelectorAll('li.dish > details').forEach((details) => {
    details.addEventListener('toggle', () => {
      if (details.open) track('item_view', { item_id: Number(details.parentElement.dataset.itemId) });
    });
  });
  if ('IntersectionObserver' in window) {
    const seen = new Set();
    const observer = new IntersectionObserver((entries) => {
      entries.forEach((entry) => {
        const id = Number(entry.target.dataset.sectionId);
        if (entry.isIntersecting && !seen.has(id)) {
          seen.add(id);
          track('section_view', { category_id: id });
        }
      });
    }, { threshold: 0.3 });
    document.querySelectorAll('section[data-section-id]').forEach((s) => observer.observe(s));
  }
  setInterval(() => flush(false), 5000);
  flush(false);
  addEventListener('pagehide', () => flush(true));
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') flush(true); });
})();
`;
