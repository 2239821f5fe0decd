// The menu editor's script (an ES module, no build step): drag and drop to reorder a list (the
// arrow buttons do the same by keyboard and without script), and the time window's note that
// follows the two times as they are typed.

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

/** After a move, the keyboard stays on the row that moved (the page came back with its #row-… anchor). */
function focusMovedRow() {
  if (!location.hash.startsWith('#row-')) return;
  document.getElementById(location.hash.slice(1))?.focus();
}

for (const list of document.querySelectorAll('[data-reorder]')) draggable(list);
focusMovedRow();
windowNote();
subCategoriesFollowSection();
