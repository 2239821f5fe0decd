// The public page's only script (served as /assets/menu.js): the instant allergen/dietary filter
// and the search box (the page works without them: the filter is also a GET form), and anonymous
// analytics events in batches. A random visit id lives in sessionStorage; no cookie, no token,
// nothing personal. A table number from the QR code (?table=12) rides along on every event.
export const MENU_SCRIPT = `(() => {
  'use strict';
  const locale = document.body.dataset.locale;
  document.documentElement.classList.add('js');
  const params = new URLSearchParams(location.search);
  const tableParam = params.get('table');
  const table = tableParam && /^[A-Za-z0-9_-]{1,16}$/.test(tableParam) ? tableParam : null;
  if (table) {
    try { sessionStorage.setItem('menu.table', table); } catch (e) {}
  }
  let knownTable = table;
  try { knownTable = knownTable || sessionStorage.getItem('menu.table'); } catch (e) {}
  // "Open now · until 23:00": the hours are in the page; the time is the restaurant's, now.
  const openNow = document.querySelector('.open-now');
  if (openNow) {
    try {
      const hours = JSON.parse(openNow.dataset.hours);
      const texts = JSON.parse(openNow.dataset.texts);
      const at = (date) => {
        const p = {};
        new Intl.DateTimeFormat('en-GB', { timeZone: openNow.dataset.tz, weekday: 'short', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
          .formatToParts(date).forEach((x) => { p[x.type] = x.value; });
        return { date: p.year + '-' + p.month + '-' + p.day, time: p.hour + ':' + p.minute, weekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(p.weekday) + 1 };
      };
      const rangesOf = (day) => {
        const special = hours.exceptions.find((e) => e.date === day.date);
        if (special) return special.ranges;
        const weekly = hours.weekly.find((d) => d.weekday === day.weekday);
        return weekly ? weekly.ranges : [];
      };
      const now = at(new Date());
      const yesterday = at(new Date(Date.now() - 86400000));
      const crosses = (r) => r.closes < r.opens;
      const open = rangesOf(now).find((r) => now.time >= r.opens && (crosses(r) || now.time < r.closes))
        || rangesOf(yesterday).find((r) => crosses(r) && now.time < r.closes);
      const later = rangesOf(now).filter((r) => r.opens > now.time).sort((a, b) => (a.opens < b.opens ? -1 : 1))[0];
      openNow.textContent = open ? texts.openUntil.replace('{t}', open.closes)
        : later ? texts.opensAt.replace('{t}', later.opens) : texts.closedToday;
    } catch (e) {}
  }
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
  let printing = false;
  const queue = [];
  const track = (type, extra) => {
    const event = { type: type, session_id: session, locale: locale, occurred_at: new Date().toISOString() };
    if (knownTable) event.table = knownTable;
    queue.push(Object.assign(event, extra));
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
      if (details.open && !printing) track('item_view', { item_id: Number(details.parentElement.dataset.itemId) });
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
  // The filter, instantly: the same rules as the server's ?exclude= / ?diet= (dishes hidden, a
  // section left empty hidden with it), the address kept shareable, one allergen_filter event per change.
  const form = document.querySelector('form.filter');
  const dishes = Array.from(document.querySelectorAll('li.dish'));
  const sections = Array.from(document.querySelectorAll('main section[data-section-id]'));
  const status = document.querySelector('.filter-status');
  const count = document.querySelector('.filters .count');
  const filters = document.querySelector('details.filters');
  // Escape closes the filters and gives the keyboard back to their button.
  if (filters) {
    filters.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && filters.open) {
        filters.open = false;
        filters.querySelector('summary').focus();
      }
    });
  }
  let words = [];
  const fold = (text) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/ß/g, 'ss').toLowerCase();
  const apply = () => {
    if (!form) return;
    const checked = (name) => Array.from(form.querySelectorAll('input[name="' + name + '"]:checked')).map((i) => i.value);
    const exclude = checked('exclude');
    const diet = checked('diet');
    const traces = checked('traces').length > 0;
    let hidden = 0;
    dishes.forEach((li) => {
      const allergens = (li.dataset.allergens || '').split(' ');
      const labels = (li.dataset.dietary || '').split(' ');
      const mayContain = (li.dataset.traces || '').split(' ');
      const filtered =
        exclude.some((k) => allergens.includes(k) || (traces && mayContain.includes(k))) ||
        !diet.every((k) => labels.includes(k));
      if (words.length > 0 && !li.searchText) {
        const name = li.querySelector('.name');
        const description = li.querySelector('.description');
        li.searchText = fold((name ? name.textContent : '') + ' ' + (description ? description.textContent : ''));
      }
      const unmatched = words.length > 0 && !words.every((w) => li.searchText.includes(w));
      if (filtered) hidden++;
      li.hidden = filtered || unmatched;
    });
    sections.forEach((s) => {
      const own = Array.from(s.querySelectorAll('li.dish'));
      s.hidden = own.length > 0 && own.every((li) => li.hidden);
      s.querySelectorAll('ul').forEach((ul) => {
        const items = Array.from(ul.querySelectorAll('li.dish'));
        const heading = ul.previousElementSibling;
        if (items.length > 0 && heading && /^H[3-6]$/.test(heading.tagName)) heading.hidden = items.every((li) => li.hidden);
      });
    });
    if (status) status.textContent = hidden > 0 ? (form.dataset.hiddenText || '').replace('{n}', String(hidden)) : '';
    const active = exclude.length + diet.length;
    if (count) count.textContent = active > 0 ? (count.dataset.text || '').replace('{n}', String(active)) : '';
    const url = new URL(location.href);
    url.searchParams.delete('exclude');
    url.searchParams.delete('diet');
    if (exclude.length) url.searchParams.set('exclude', exclude.join(','));
    if (diet.length) url.searchParams.set('diet', diet.join(','));
    history.replaceState(null, '', url.pathname + url.search + url.hash);
    return exclude;
  };
  if (form) {
    form.addEventListener('change', () => {
      const exclude = apply();
      if (exclude.length > 0) track('allergen_filter', { allergens: exclude });
    });
    form.addEventListener('submit', (e) => { e.preventDefault(); apply(); });
  }
  const search = document.getElementById('menu-search');
  if (search) {
    let timer;
    search.addEventListener('input', () => {
      words = fold(search.value).split(/s+/).filter(Boolean);
      apply();
      const status = document.getElementById('search-status');
      const shown = dishes.filter((li) => !li.hidden).length;
      if (status) status.textContent = words.length > 0 && shown === 0 ? search.dataset.noMatch || '' : '';
      clearTimeout(timer);
      if (search.value.trim().length >= 2) timer = setTimeout(() => track('search', { query: search.value.trim().slice(0, 200) }), 1000);
    });
  }
  // Paper shows every dish's description: open them all for printing.
  addEventListener('beforeprint', () => {
    printing = true;
    document.querySelectorAll('li.dish > details').forEach((d) => { d.open = true; });
  });
  addEventListener('afterprint', () => setTimeout(() => { printing = false; }, 1000));
  setInterval(() => flush(false), 5000);
  flush(false);
  addEventListener('pagehide', () => flush(true));
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') flush(true); });
})();
`;
