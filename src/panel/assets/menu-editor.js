// The menu editor's script (an ES module, no build step): drag and drop to reorder a list, the
// arrow buttons moving a row in place (one place per press, the keyboard staying on the row; they
// are plain forms without script), the time window's note that follows the two times as they are
// typed, the dish form's sub-categories following its section, and a dish row's one-tap forms (sold
// out, visible, price) answered in place.

/** Rows of a [data-reorder] list can be dragged by their handle; the drop sends the new order. */
function draggable(list) {
  const form =
    list.parentElement.querySelector(
      `form.drag-order[data-kind="${list.dataset.reorder}"][data-scope="${list.dataset.scope}"]`,
    ) ??
    document.querySelector(`form.drag-order[data-kind="${list.dataset.reorder}"][data-scope="${list.dataset.scope}"]`);
  if (!form) return;
  const rows = () => [...list.children].filter((el) => el.dataset.id);
  let dragged = null;
  for (const row of rows()) {
    const handle = row.querySelector('.handle');
    if (!handle) continue;
    handle.classList.add('active');
    handle.addEventListener('mousedown', () => row.setAttribute('draggable', 'true'));
    row.addEventListener('dragstart', (event) => {
      dragged = row;
      row.classList.add('dragging');
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', row.dataset.id);
    });
    row.addEventListener('dragend', () => {
      row.classList.remove('dragging');
      row.removeAttribute('draggable');
    });
    row.addEventListener('dragover', (event) => {
      if (!dragged || dragged === row || dragged.parentElement !== list) return;
      event.preventDefault();
      const box = row.getBoundingClientRect();
      const after = event.clientY > box.top + box.height / 2;
      list.insertBefore(dragged, after ? row.nextSibling : row);
    });
    row.addEventListener('drop', (event) => {
      if (!dragged) return;
      event.preventDefault();
      dragged = null;
      form.querySelector('input[name="ids"]').value = rows()
        .map((r) => r.dataset.id)
        .join(',');
      form.submit();
    });
  }
}

/** Says when the window crosses midnight, as the server does when it draws the page. */
function windowNote() {
  const start = document.getElementById('f-time_start');
  const end = document.getElementById('f-time_end');
  const note = document.querySelector('.window-note');
  if (!start || !end || !note) return;
  const texts = { cross: note.dataset.cross, same: note.dataset.same };
  const update = () => {
    const a = start.value.slice(0, 5);
    const b = end.value.slice(0, 5);
    if (!a || !b) note.textContent = '';
    else if (a === b) note.textContent = texts.same;
    else note.textContent = a > b ? texts.cross.replace('{start}', a).replace('{end}', b) : '';
  };
  start.addEventListener('input', update);
  end.addEventListener('input', update);
}

/**
 * The dish form's sub-category select offers only the chosen section's sub-categories: redrawn
 * when the section changes, its hint saying so when that section has none (the server checks too).
 */
function subCategoriesFollowSection() {
  const section = document.getElementById('f-category_id');
  const type = document.getElementById('f-type_id');
  if (!section || !type?.dataset.types) return;
  const all = JSON.parse(type.dataset.types);
  const hint = document.getElementById('f-type_id-hint');
  const blank = type.options[0];
  const redraw = () => {
    const own = all[section.value] ?? [];
    const keep = type.value;
    type.replaceChildren(blank);
    for (const o of own) type.add(new Option(o.label, o.value, false, o.value === keep));
    if (!own.some((o) => o.value === keep)) type.value = '';
    if (hint) {
      const name = section.options[section.selectedIndex]?.textContent ?? '';
      hint.textContent = own.length === 0 ? type.dataset.none.replace('{section}', name) : type.dataset.hint;
    }
  };
  section.addEventListener('change', redraw);
}

/** A status line read out by screen readers ("The new order is saved."). */
function statusLine() {
  let line = document.getElementById('order-status');
  if (!line) {
    line = document.createElement('p');
    line.id = 'order-status';
    line.className = 'visually-hidden';
    line.setAttribute('role', 'status');
    document.querySelector('main')?.prepend(line);
  }
  return line;
}

/** Sets the arrows of every row of a list: no "up" on the first, no "down" on the last. */
function refreshArrows(list) {
  const rows = [...list.children].filter((el) => el.dataset.id);
  rows.forEach((row, i) => {
    const form = row.querySelector('form.move');
    if (!form) return;
    form.querySelector('button[value="up"]').disabled = i === 0;
    form.querySelector('button[value="down"]').disabled = i === rows.length - 1;
  });
}

/**
 * The arrow buttons without leaving the page: each press sends the same form (the server renumbers
 * the list through the services), then moves the row one place and keeps the keyboard on it. If
 * the server refuses (the list changed meanwhile), the form is sent the ordinary way and the page
 * explains.
 */
function movesInPlace(form) {
  form.addEventListener('submit', (event) => {
    const button = event.submitter;
    const row = form.closest('[data-id]');
    if (!button || !row) return;
    event.preventDefault();
    // Presses made while one is on its way wait their turn: each press is one place.
    const list = row.parentElement;
    const next = (chains.get(list) ?? Promise.resolve()).then(() => moveOnce(form, row, button.value));
    chains.set(list, next);
  });
}

const chains = new WeakMap();

async function moveOnce(form, row, move) {
  const list = row.parentElement;
  const siblings = [...list.children].filter((el) => el.dataset.id);
  const at = siblings.indexOf(row);
  if ((move === 'up' && at <= 0) || (move === 'down' && at >= siblings.length - 1)) return;
  const body = new URLSearchParams(new FormData(form));
  body.set('move', move);
  let saved;
  try {
    const res = await fetch(form.action, {
      method: 'POST',
      body,
      headers: { 'x-panel-fetch': 'order' },
      credentials: 'same-origin',
    });
    saved = res.ok ? await res.json() : undefined;
  } catch {
    saved = undefined;
  }
  if (!saved?.ok) {
    // The list changed meanwhile (or the session ended): the ordinary form, and the page explains.
    const field = document.createElement('input');
    field.type = 'hidden';
    field.name = 'move';
    field.value = move;
    form.append(field);
    form.submit();
    return;
  }
  if (move === 'up') list.insertBefore(row, siblings[at - 1]);
  else list.insertBefore(row, siblings[at + 1].nextSibling);
  refreshArrows(list);
  // The keyboard stays on the moved row: the same arrow, or the other one when this end is reached.
  const same = form.querySelector(`button[value="${move}"]`);
  const other = form.querySelector(`button[value="${move === 'up' ? 'down' : 'up'}"]`);
  (same.disabled ? other : same).focus();
  statusLine().textContent = saved.message;
}

/**
 * The section form says its rule in words as days are ticked and times typed ("Monday to Friday,
 * 12:00–15:00"), with the words the server uses (schedule.ts `scheduleTemplates`).
 */
function scheduleWords() {
  const note = document.querySelector('.schedule-words[data-words]');
  const form = note?.closest('form');
  if (!note || !form) return;
  const w = JSON.parse(note.dataset.words);
  const fill = (text, values) => Object.entries(values).reduce((t, [k, v]) => t.replace(`{${k}}`, v), text);
  const cap = (text) => text.charAt(0).toUpperCase() + text.slice(1);
  const dateWords = (day) => {
    const at = new Date(`${day}T12:00:00Z`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(at.getTime())) return '';
    return new Intl.DateTimeFormat(w.dateLocale, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(at);
  };
  const daysWords = (days) => {
    if (days.length === 0 || days.length === 7) return w.everyDay;
    const runs = [];
    for (const d of days) {
      const run = runs.at(-1);
      if (run && run.at(-1) === d - 1) run.push(d);
      else runs.push([d]);
    }
    const parts = runs.flatMap((run) =>
      run.length >= 3
        ? [fill(w.to, { a: w.days[run[0] - 1], b: w.days[run.at(-1) - 1] })]
        : run.map((d) => w.days[d - 1]),
    );
    const said = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')}${w.and}${parts.at(-1)}`;
    return w.capitalizeDays ? cap(said) : said;
  };
  const value = (name) => form.elements.namedItem(name)?.value?.trim() ?? '';
  const update = () => {
    const days = [...form.querySelectorAll('input[name="weekdays"]:checked')]
      .map((b) => Number(b.value))
      .sort((a, b) => a - b);
    const windowOn = form.elements.namedItem('time_visibility_enabled')?.checked;
    const start = value('time_start');
    const end = value('time_end');
    const hasWindow = windowOn && /^\d{1,2}[:.]\d{2}$/.test(start) && /^\d{1,2}[:.]\d{2}$/.test(end);
    const pad = (t) => t.replace('.', ':').padStart(5, '0');
    const parts = [];
    if ((days.length > 0 && days.length < 7) || hasWindow) parts.push(daysWords(days));
    if (hasWindow) {
      const [a, b] = [pad(start), pad(end)];
      parts.push(a === b ? w.allDay : a > b ? fill(w.nextDay, { start: a, end: b }) : `${a}–${b}`);
    }
    const from = dateWords(value('date_from'));
    const to = dateWords(value('date_to'));
    if (from && to) parts.push(fill(w.between, { a: from, b: to }));
    else if (from) parts.push(fill(w.from, { d: from }));
    else if (to) parts.push(fill(w.until, { d: to }));
    note.querySelector('span').textContent = parts.length === 0 ? w.always : cap(parts.join(', '));
  };
  form.addEventListener('input', update);
  form.addEventListener('change', update);
}

/**
 * A dish row's one-tap forms (sold out, visible, the price typed in place) without leaving the page:
 * the form is sent as it is, the page it comes back to is read, and this row's forms (and its name
 * cell's badges) are replaced by the new ones, the keyboard staying on the same control. A refused
 * value (a price that is not one) is said under the form, keeping what was typed. Anything else
 * (the session ended, the dish is gone) sends the form the ordinary way and the page explains.
 */
function quickInPlace(form) {
  form.addEventListener('submit', async (event) => {
    const row = form.closest('[id^="row-dishes-"]');
    if (!row) return;
    event.preventDefault();
    if (form.dataset.busy) return;
    const submitter = event.submitter;
    const body = new URLSearchParams(new FormData(form, submitter));
    form.dataset.busy = '1';
    let res;
    let page;
    try {
      res = await fetch(form.action, { method: 'POST', body, credentials: 'same-origin' });
      page = new DOMParser().parseFromString(await res.text(), 'text/html');
    } catch {
      res = undefined;
    }
    delete form.dataset.busy;
    if (res?.ok && res.redirected) {
      const fresh = page.getElementById(row.id);
      if (!fresh) {
        location.assign(res.url);
        return;
      }
      refreshRow(row, fresh, form, submitter);
      return;
    }
    if (res?.status === 422) {
      const said = page.querySelector('.notice-error')?.textContent ?? '';
      let line = form.nextElementSibling?.classList.contains('quick-error') ? form.nextElementSibling : null;
      if (!line) {
        line = document.createElement('p');
        line.className = 'field-error quick-error';
        line.setAttribute('role', 'alert');
        form.after(line);
      }
      line.textContent = said;
      form.querySelector('input:not([type=hidden])')?.focus();
      return;
    }
    // The ordinary way: the pressed button's value goes with it, and the page explains.
    if (submitter?.name) {
      const field = document.createElement('input');
      field.type = 'hidden';
      field.name = submitter.name;
      field.value = submitter.value;
      form.append(field);
    }
    form.submit();
  });
}

/** Puts the row's new forms and badges in place of the old ones; the keyboard stays on the pressed control. */
function refreshRow(row, fresh, sent, submitter) {
  let focus;
  for (const old of row.querySelectorAll('form.quick')) {
    const next = fresh.querySelector(`form.quick[action="${old.getAttribute('action')}"]`);
    if (!next) continue;
    const adopted = document.importNode(next, true);
    if (old.nextElementSibling?.classList.contains('quick-error')) old.nextElementSibling.remove();
    old.replaceWith(adopted);
    quickInPlace(adopted);
    if (old === sent) {
      focus =
        (submitter?.name && adopted.querySelector(`button[name="${submitter.name}"][value="${submitter.value}"]`)) ||
        adopted.querySelector('button');
      statusLine().textContent = adopted.querySelector('.badge')?.textContent ?? '';
    }
  }
  // The name cell of a section's table carries the badges (hidden, sold out) that may have changed.
  const cell = row.querySelector('td');
  const freshCell = fresh.querySelector('td');
  if (row.tagName === 'TR' && cell && freshCell)
    cell.replaceChildren(...document.importNode(freshCell, true).childNodes);
  focus?.focus();
}

/** "Add another price" on the dish form shows the next hidden price row and puts the keyboard in it. */
function variantRows() {
  const button = document.querySelector('details.variants button.add-variant');
  if (!button) return;
  const spare = () => button.parentElement.querySelector('fieldset.variant[data-spare][hidden]');
  button.hidden = !spare();
  button.addEventListener('click', () => {
    const row = spare();
    if (!row) return;
    row.hidden = false;
    row.querySelector('input')?.focus();
    button.hidden = !spare();
  });
}

/** After a move, the keyboard stays on the row that moved (the page came back with its #row-… anchor). */
function focusMovedRow() {
  if (!location.hash.startsWith('#row-')) return;
  document.getElementById(location.hash.slice(1))?.focus();
}

/** Lower case without accents, as the server folds names (panel/menu/search.ts). */
function fold(text) {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The dish search filters the rows as one types (the form still works as a GET without script):
 * a row stays when its names hold what was typed and it passes the "show" filter; a section of the
 * menu page stays when it still holds a row.
 */
function dishSearch(form) {
  const finder = form.closest('.dish-finder');
  const box = form.querySelector('input[name="q"]');
  const show = form.querySelector('select[name="show"]');
  const status = form.querySelector('.search-status');
  const words = JSON.parse(form.dataset.found);
  if (!finder || !box || !show) return;
  const update = () => {
    const q = fold(box.value);
    const filter = show.value;
    const filtering = q !== '' || filter !== 'all';
    let found = 0;
    for (const row of finder.querySelectorAll('[data-search]')) {
      const keep =
        row.dataset.search.includes(q) &&
        (filter === 'all' ||
          (filter === 'sold_out' && row.dataset.sold === '1') ||
          (filter === 'hidden' && row.dataset.hidden === '1') ||
          (filter === 'on_sale' && row.dataset.sold === '0' && row.dataset.hidden === '0'));
      row.hidden = !keep;
      if (keep) found++;
    }
    // Deepest sections first, so a section holding only a hidden sub-section is hidden too.
    const sections = [...finder.querySelectorAll('.tree li[data-id]')].reverse();
    for (const section of sections) {
      const rows = section.querySelectorAll('[data-search]');
      section.hidden = filtering && ![...rows].some((r) => !r.hidden);
    }
    finder.classList.toggle('searching', filtering);
    if (status)
      status.textContent = filtering
        ? found === 0
          ? words.zero
          : found === 1
            ? words.one
            : words.other.replace('{n}', String(found))
        : '';
  };
  box.addEventListener('input', update);
  show.addEventListener('change', update);
}

for (const list of document.querySelectorAll('[data-reorder]')) draggable(list);
for (const form of document.querySelectorAll('form.dish-search')) dishSearch(form);
for (const form of document.querySelectorAll('form.move')) movesInPlace(form);
for (const form of document.querySelectorAll('form.quick')) quickInPlace(form);
focusMovedRow();
windowNote();
subCategoriesFollowSection();
scheduleWords();
variantRows();
