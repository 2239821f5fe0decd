// The public page's only script (served as /assets/menu.js): the instant allergen/dietary filter
// and the search box (the page works without them: the filter is also a GET form), anonymous
// analytics events in batches (kept while offline and sent later, each with an id the server
// deduplicates by), live updates (an event of /api/v1/events says the menu changed: the page reads
// itself again and swaps the changed parts in place, the scroll position and open dishes kept, and
// says what changed), and the service worker that keeps the menu readable offline (/sw.js,
// features/page/offline.ts). A random visit id lives in sessionStorage; no cookie, no token,
// nothing personal. A table number from the QR code (?table=12) rides along on every event.
import { createHash } from 'node:crypto';
export const MENU_SCRIPT = `(() => {
  'use strict';
  const locale = document.body.dataset.locale;
  document.documentElement.classList.add('js');
  // Work the first screen does not need waits for a task of its own after this one (afterwards): a
  // phone's first load then has no long task (Lighthouse counts any over 50 ms at 4x slowdown).
  const waiting = [];
  const afterwards = (fn) => waiting.push(fn);
  // "Open now · until 23:00": the hours are in the page; the time is the restaurant's, now. Worked
  // out when the hours come near the screen, not at load: the first Intl formatter of a page
  // costs 15-60 ms (the time zone data is read), a long task of its own on a phone's first load.
  const openNow = document.querySelector('.open-now');
  const showOpenNow = () => {
    try {
      const hours = JSON.parse(openNow.dataset.hours);
      const texts = JSON.parse(openNow.dataset.texts);
      const format = new Intl.DateTimeFormat('en-GB', { timeZone: openNow.dataset.tz, weekday: 'short', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
      const at = (date) => {
        const p = {};
        format.formatToParts(date).forEach((x) => { p[x.type] = x.value; });
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
  };
  if (openNow) afterwards(() => {
    if ('IntersectionObserver' in window) {
      const near = new IntersectionObserver((entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        near.disconnect();
        showOpenNow();
      }, { rootMargin: '0px 0px 50% 0px' });
      near.observe(openNow.closest('section') || openNow);
    } else showOpenNow();
  });
  // An image that cannot load (a moved logo) is hidden rather than shown broken.
  afterwards(() => document.querySelectorAll('img').forEach((img) => {
    const hide = () => { img.style.display = 'none'; };
    if (img.complete && img.naturalWidth === 0) hide();
    else img.addEventListener('error', hide);
  }));
  let printing = false;
  const queue = [];
  const newId = () => Math.random().toString(36).slice(2, 12) + Date.now().toString(36);
  // The visit, read from storage when the first event is made (a page's first storage access costs
  // a few ms): its random id and table, and the events not yet accepted (offline, a server away),
  // which waited in localStorage and go with the next batch.
  let session;
  let knownTable = null;
  const visit = () => {
    if (session) return;
    const tableParam = new URLSearchParams(location.search).get('table');
    knownTable = tableParam && /^[A-Za-z0-9_-]{1,16}$/.test(tableParam) ? tableParam : null;
    try {
      if (knownTable) sessionStorage.setItem('menu.table', knownTable);
      else knownTable = sessionStorage.getItem('menu.table');
    } catch (e) {}
    try {
      session = sessionStorage.getItem('menu.visit');
      if (!session) {
        session = Math.random().toString(36).slice(2) + Date.now().toString(36);
        sessionStorage.setItem('menu.visit', session);
      }
    } catch (e) {
      session = Math.random().toString(36).slice(2);
    }
    try {
      const kept = JSON.parse(localStorage.getItem('menu.events') || '[]');
      if (Array.isArray(kept)) kept.slice(-200).forEach((e) => queue.push(e));
      localStorage.removeItem('menu.events');
    } catch (e) {}
  };
  const keep = (events) => {
    try {
      const kept = JSON.parse(localStorage.getItem('menu.events') || '[]');
      localStorage.setItem('menu.events', JSON.stringify(kept.concat(events).slice(-200)));
    } catch (e) {}
  };
  const track = (type, extra) => {
    visit();
    const event = { type: type, event_id: newId(), session_id: session, locale: locale, occurred_at: new Date().toISOString() };
    if (knownTable) event.table = knownTable;
    queue.push(Object.assign(event, extra));
    if (queue.length >= 20) flush();
  };
  const flush = (leaving) => {
    if (queue.length === 0) return;
    const events = queue.splice(0, 100);
    const body = JSON.stringify({ events: events });
    if (!navigator.onLine) return keep(events);
    if (leaving && navigator.sendBeacon) {
      if (!navigator.sendBeacon('/api/v1/analytics/events', new Blob([body], { type: 'text/plain' }))) keep(events);
    } else {
      fetch('/api/v1/analytics/events', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: body, keepalive: true })
        .then((res) => { if (res.status >= 500 || res.status === 429) keep(events); })
        .catch(() => keep(events));
    }
  };
  addEventListener('online', () => {
    try {
      const kept = JSON.parse(localStorage.getItem('menu.events') || '[]');
      localStorage.removeItem('menu.events');
      if (Array.isArray(kept)) kept.forEach((e) => queue.push(e));
    } catch (e) {}
    flush(false);
  });
  afterwards(() => {
    track('menu_view');
    if (new URLSearchParams(location.search).has('lang')) track('locale_switch');
  });
  const seen = new Set();
  let observer = null;
  // What a section needs from the script; again for the sections a live update brings.
  const bind = (root) => {
    if (observer) root.querySelectorAll('section[data-section-id]').forEach((s) => observer.observe(s));
  };
  afterwards(() => {
    if (!('IntersectionObserver' in window)) return;
    observer = new IntersectionObserver((entries) => {
      entries.forEach((entry) => {
        const id = Number(entry.target.dataset.sectionId);
        if (entry.isIntersecting && !seen.has(id)) {
          seen.add(id);
          track('section_view', { category_id: id });
        }
      });
    }, { threshold: 0.3 });
    bind(document);
  });
  // A dish opened: one listener for all of them, those a live update brings included ('toggle'
  // does not bubble, so it is caught on its way down).
  document.addEventListener('toggle', (e) => {
    const details = e.target;
    if (details.open && !printing && details.matches && details.matches('li.dish > details')) {
      track('item_view', { item_id: Number(details.parentElement.dataset.itemId) });
    }
  }, true);
  // The filter, instantly: the same rules as the server's ?exclude= / ?diet= (dishes hidden, a
  // section left empty hidden with it), the address kept shareable, one allergen_filter event per change.
  const form = document.querySelector('form.filter');
  let dishes = Array.from(document.querySelectorAll('li.dish'));
  let sections = Array.from(document.querySelectorAll('main section[data-section-id]'));
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
      // An excluded allergen only in options the diner can leave out keeps the dish and names
      // them ("ask without burrata"); a group that cannot be filled without one hides it.
      const brings = (el) => {
        const a = (el.dataset.allergens || '').split(' ');
        const t = (el.dataset.traces || '').split(' ');
        return exclude.some((k) => a.includes(k) || (traces && t.includes(k)));
      };
      const without = [];
      let unavoidable = false;
      li.querySelectorAll('.opt-group').forEach((g) => {
        const opts = Array.from(g.querySelectorAll('.opt'));
        const bad = opts.filter(brings);
        if (opts.length - bad.length < Number(g.dataset.min || 0)) unavoidable = true;
        bad.forEach((o) => without.push(o.querySelector('.opt-name').textContent));
      });
      const filtered =
        unavoidable ||
        exclude.some((k) => allergens.includes(k) || (traces && mayContain.includes(k))) ||
        !diet.every((k) => labels.includes(k));
      const note = li.querySelector('.ask-without');
      if (note) {
        note.hidden = without.length === 0;
        note.textContent = without.length === 0 ? '' : (note.dataset.text || '').replace('{list}', without.join(', '));
      }
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
      words = fold(search.value).split(/\\s+/).filter(Boolean);
      apply();
      const status = document.getElementById('search-status');
      const shown = dishes.filter((li) => !li.hidden).length;
      if (status) status.textContent = words.length > 0 && shown === 0 ? search.dataset.noMatch || '' : '';
      clearTimeout(timer);
      if (search.value.trim().length >= 2) timer = setTimeout(() => track('search', { query: search.value.trim().slice(0, 200) }), 1000);
    });
  }
  const liveTexts = (() => {
    try { return JSON.parse(document.body.dataset.live || 'null'); } catch (e) { return null; }
  })();
  let note;
  const say = (lines) => {
    if (!note) {
      note = document.createElement('p');
      note.className = 'live-note';
      note.setAttribute('role', 'status');
      document.body.appendChild(note);
    }
    note.textContent = lines.join(' · ');
    note.hidden = false;
    clearTimeout(say.timer);
    say.timer = setTimeout(() => { note.hidden = true; }, 12000);
  };
  const dishInfo = (root) => {
    const out = new Map();
    root.querySelectorAll('li.dish').forEach((li) => {
      const name = li.querySelector('.name');
      const price = li.querySelector('summary .price');
      out.set(li.dataset.itemId, { name: name ? name.textContent.trim() : '', soldOut: li.classList.contains('sold-out'), price: price ? price.textContent.trim() : '' });
    });
    return out;
  };
  const keyOf = (el) => (el.dataset.itemId ? 'i' + el.dataset.itemId : 's' + el.dataset.sectionId);
  const byKey = (k) => document.querySelector(k[0] === 'i' ? 'li.dish[data-item-id="' + k.slice(1) + '"]' : 'section[data-section-id="' + k.slice(1) + '"]');
  // The first dish or section on screen, and where: it stays there after the swap.
  const anchorNow = () => {
    const all = document.querySelectorAll('li.dish, main section[data-section-id]');
    for (let i = 0; i < all.length; i++) {
      const box = all[i].getBoundingClientRect();
      if (box.bottom > 0 && box.height > 0) return { key: keyOf(all[i]), top: box.top };
    }
    return null;
  };
  let updating = false;
  let again = false;
  const update = async () => {
    if (updating) { again = true; return; }
    updating = true;
    try {
      const res = await fetch(location.href, { headers: { accept: 'text/html' }, cache: 'no-cache', credentials: 'same-origin' });
      // The worker's kept copy (no network after all) is never news.
      if (!res.ok || res.headers.has('x-menu-offline')) return;
      // The network answered: a page opened offline is current again.
      document.querySelectorAll('.offline-note, meta[name="offline-since"]').forEach((el) => el.remove());
      const next = new DOMParser().parseFromString(await res.text(), 'text/html');
      if (!next.body || next.body.dataset.state === document.body.dataset.state) return;
      const before = dishInfo(document);
      const after = dishInfo(next);
      const open = new Set(Array.from(document.querySelectorAll('li.dish > details[open]')).map((d) => d.parentElement.dataset.itemId));
      const anchor = anchorNow();
      ['header', 'nav.sections'].forEach((selector) => {
        const mine = document.querySelector(selector);
        const theirs = next.querySelector(selector);
        if (mine && theirs) mine.replaceWith(document.importNode(theirs, true));
      });
      const main = document.querySelector('main');
      const nextMain = next.querySelector('main');
      const tops = (m) => Array.from(m.children).filter((el) => el.matches('section[data-section-id], p.empty'));
      const old = tops(main);
      const marker = old.length > 0 ? old[old.length - 1].nextSibling : (main.querySelector('.tools') || {}).nextSibling || null;
      // A section off screen is not laid out (content-visibility in the page's style): its copy
      // keeps the height it had, so nothing above the diner moves until it is drawn again.
      const heights = new Map(old.map((el) => [el.dataset.sectionId, el.getBoundingClientRect().height]));
      old.forEach((el) => el.remove());
      tops(nextMain).forEach((el) => {
        const copy = document.importNode(el, true);
        const height = copy.dataset.sectionId && heights.get(copy.dataset.sectionId);
        if (height) copy.style.containIntrinsicBlockSize = 'auto ' + Math.round(height) + 'px';
        main.insertBefore(copy, marker);
        bind(copy);
      });
      open.forEach((id) => {
        const d = document.querySelector('li.dish[data-item-id="' + id + '"] > details');
        if (d) d.open = true;
      });
      dishes = Array.from(document.querySelectorAll('li.dish'));
      sections = Array.from(document.querySelectorAll('main section[data-section-id]'));
      apply();
      const moved = anchor && byKey(anchor.key);
      if (moved) window.scrollBy(0, moved.getBoundingClientRect().top - anchor.top);
      document.body.dataset.state = next.body.dataset.state;
      if (liveTexts) {
        const lines = [];
        before.forEach((was, id) => {
          const now = after.get(id);
          const put = (text) => lines.push(text.replace('{name}', was.name).replace('{price}', now ? now.price : ''));
          if (!now) put(liveTexts.gone);
          else if (now.soldOut !== was.soldOut) put(now.soldOut ? liveTexts.soldOut : liveTexts.back);
          else if (now.price !== was.price) put(liveTexts.price);
        });
        say(lines.length > 0 ? lines.slice(0, 3) : [liveTexts.updated]);
      }
    } catch (e) {
      // Offline or a broken answer: the next event or reconnection tries again.
    } finally {
      updating = false;
      if (again) { again = false; update(); }
    }
  };
  if (liveTexts && 'EventSource' in window && document.body.dataset.state) {
    // EventSource reconnects by itself after a drop; after an error the page waits longer each time.
    let delay = 3000;
    let source;
    const connect = () => {
      source = new EventSource('/api/v1/events');
      source.addEventListener('menu', (e) => {
        delay = 3000;
        if (e.lastEventId && e.lastEventId !== document.body.dataset.state) update();
      });
      source.onerror = () => {
        if (source.readyState === EventSource.CLOSED) {
          setTimeout(connect, delay);
          delay = Math.min(delay * 2, 60000);
        }
      };
    };
    // Opened once the page has loaded and settled: the first paint never waits for the stream.
    const start = () => setTimeout(connect, 1500);
    if (document.readyState === 'complete') start();
    else addEventListener('load', start);
    addEventListener('online', () => update());
  }
  // Offline: the page came from the service worker's copy (features/page/offline.ts marks it).
  const offline = document.querySelector('meta[name="offline-since"]');
  if (offline && liveTexts) {
    const minutes = Math.max(1, Math.round((Date.now() - Number(offline.content)) / 60000));
    const bar = document.createElement('p');
    bar.className = 'offline-note';
    bar.setAttribute('role', 'status');
    bar.textContent = liveTexts.offline.replace('{n}', String(minutes)) + ' ';
    const retry = document.createElement('button');
    retry.type = 'button';
    retry.textContent = liveTexts.retry;
    retry.addEventListener('click', () => location.reload());
    bar.appendChild(retry);
    document.body.insertBefore(bar, document.body.firstChild);
    // Back online: reload once the network answers (the worker's own copy says x-menu-offline). The
    // 'online' event may come before requests get through: then ask again, waiting longer each time.
    let wait = 2000;
    const reloadWhenOnline = () => {
      fetch(location.href, { cache: 'no-store', credentials: 'same-origin' })
        .then((res) => {
          if (!res.ok || res.headers.has('x-menu-offline')) throw new Error('offline');
          location.reload();
        })
        .catch(() => {
          if (!navigator.onLine) return;
          setTimeout(reloadWhenOnline, wait);
          wait = Math.min(wait * 2, 60000);
        });
    };
    addEventListener('online', reloadWhenOnline);
  }
  // (Even asking whether there are service workers costs a few ms: asked after the load too.)
  if (liveTexts) {
    addEventListener('load', () => {
      setTimeout(() => {
        if ('serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js').catch(() => {});
      }, 2000);
    });
  }
  // Paper shows every dish's description: open them all for printing.
  addEventListener('beforeprint', () => {
    printing = true;
    document.querySelectorAll('li.dish > details').forEach((d) => { d.open = true; });
  });
  addEventListener('afterprint', () => setTimeout(() => { printing = false; }, 1000));
  setInterval(() => flush(false), 5000);
  // The first batch (the view) goes once the page has loaded and settled, as the live stream
  // starts: sent at once, its request raced the first paint and Lighthouse counted it in the
  // largest contentful paint. A diner who leaves sooner sends it on the way out (pagehide).
  const firstFlush = () => setTimeout(() => flush(false), 1500);
  if (document.readyState === 'complete') firstFlush();
  else addEventListener('load', firstFlush);
  addEventListener('pagehide', () => flush(true));
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') flush(true); });
  // The work left for later, one task each.
  const next = () => {
    const fn = waiting.shift();
    if (!fn) return;
    try { fn(); } finally { setTimeout(next, 0); }
  };
  setTimeout(next, 0);
})();
`;

/**
 * The one line of script inside the page's head, run before anything is drawn: it marks the page
 * as scripted, so the search box (shown only with script) is in the first paint. Set only by the
 * deferred script, the box appeared after the first paint whenever the script came later and pushed
 * every dish down 52 px (a layout shift: Lighthouse's CLS 0.04-0.06, and the same jump on a phone
 * whose script arrives late). The page's CSP allows exactly this text, by its hash.
 */
export const HEAD_SCRIPT = "document.documentElement.classList.add('js')";
export const HEAD_SCRIPT_HASH = `'sha256-${createHash('sha256').update(HEAD_SCRIPT).digest('base64')}'`;

/**
 * The address pages load the script from: it names the script's version, so a page from a new
 * deploy never runs an old script a service worker kept (the worker keeps scripts by address).
 */
export const MENU_SCRIPT_VERSION = createHash('sha1').update(MENU_SCRIPT).digest('base64url').slice(0, 10);
export const MENU_SCRIPT_URL = `/assets/menu.js?v=${MENU_SCRIPT_VERSION}`;
