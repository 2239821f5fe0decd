// The admin panel's script (an ES module, no build step): copy buttons for one-time secrets and an
// in-page confirmation dialog before destructive forms are sent. Every page works without it.

/** A form with data-confirm asks first; confirming adds confirmed=yes and sends it. */
function confirmBeforeSubmit(form) {
  form.addEventListener('submit', (event) => {
    if (form.querySelector('input[name="confirmed"]')) return;
    event.preventDefault();
    const dialog = document.createElement('dialog');
    dialog.className = 'confirm-dialog';
    const box = document.createElement('form');
    box.method = 'dialog';
    const question = document.createElement('p');
    question.textContent = form.dataset.confirm;
    question.id = `confirm-${Date.now()}`;
    dialog.setAttribute('aria-labelledby', question.id);
    const actions = document.createElement('div');
    actions.className = 'actions';
    const cancel = document.createElement('button');
    cancel.value = 'cancel';
    cancel.textContent = form.dataset.cancelLabel;
    const ok = document.createElement('button');
    ok.value = 'confirm';
    ok.className = 'danger';
    ok.textContent = form.dataset.confirmLabel;
    actions.append(cancel, ok);
    box.append(question, actions);
    dialog.append(box);
    document.body.append(dialog);
    dialog.addEventListener('close', () => {
      const confirmed = dialog.returnValue === 'confirm';
      dialog.remove();
      if (!confirmed) return;
      const flag = document.createElement('input');
      flag.type = 'hidden';
      flag.name = 'confirmed';
      flag.value = 'yes';
      form.append(flag);
      form.submit();
    });
    dialog.showModal();
    cancel.focus();
  });
}

/** A copy button copies the field it names and says so in the status line beside it. */
function copyButton(button) {
  button.addEventListener('click', async () => {
    const field = document.getElementById(button.dataset.copy);
    const status = button.closest('section')?.querySelector('.copy-status');
    field.select();
    try {
      await navigator.clipboard.writeText(field.value);
    } catch {
      document.execCommand('copy');
    }
    if (status) status.textContent = button.dataset.copied;
  });
}

/**
 * A picture's field (photos.ts) is also a drop zone: a dropped file goes into its file input; the
 * chosen file is previewed, and one over the limit is named next to the field before it is sent.
 */
function dropZone(zone) {
  const input = zone.querySelector('input[type="file"]');
  const preview = zone.querySelector('.drop-preview');
  const message = () => {
    let p = zone.querySelector('.field-error');
    if (!p) {
      p = document.createElement('p');
      p.className = 'field-error';
      p.id = `${input.id}-error`;
      input.before(p);
      input.setAttribute('aria-describedby', `${input.id}-hint ${p.id}`);
    }
    return p;
  };
  const show = () => {
    const file = input.files?.[0];
    if (preview.src) URL.revokeObjectURL(preview.src);
    preview.hidden = true;
    if (!file) return;
    if (file.size > Number(input.dataset.maxBytes)) {
      message().textContent = input.dataset.tooLarge;
      input.setAttribute('aria-invalid', 'true');
      zone.classList.add('invalid');
      input.setCustomValidity(input.dataset.tooLarge);
      // A "saved" from before would read as if this file had been taken: it goes.
      for (const done of (zone.closest('section') ?? document).querySelectorAll('.notice-success')) done.remove();
      return;
    }
    input.setCustomValidity('');
    input.removeAttribute('aria-invalid');
    zone.classList.remove('invalid');
    zone.querySelector('.field-error')?.remove();
    preview.src = URL.createObjectURL(file);
    preview.hidden = false;
  };
  input.addEventListener('change', show);
  zone.addEventListener('dragover', (event) => {
    event.preventDefault();
    zone.classList.add('dragging');
  });
  zone.addEventListener('dragleave', () => zone.classList.remove('dragging'));
  zone.addEventListener('drop', (event) => {
    event.preventDefault();
    zone.classList.remove('dragging');
    if (!event.dataTransfer?.files.length) return;
    input.files = event.dataTransfer.files;
    show();
  });
  // A file over the limit is not sent (the server would refuse it too, with the same words).
  zone.closest('form')?.addEventListener('submit', (event) => {
    if (!input.checkValidity() && input.files?.length) {
      event.preventDefault();
      input.focus();
    }
  });
}

/**
 * Opening hours in a few taps (settings page): "Apply" puts the hours typed once on the chosen
 * days and closes the others; "Copy to every day" copies a day's hours to all seven; the closed
 * switch greys out its day's times. Without script the quick week is applied on save.
 */
function openingHours(quick) {
  for (const el of document.querySelectorAll('fieldset.hours .script-only')) el.hidden = false;
  const days = [...document.querySelectorAll('fieldset.hours-day[data-day]')];
  const input = (prefix, j, end) => document.querySelector(`input[name="${prefix}_${j}_${end}"]`);
  const setClosed = (day, closed) => {
    day.classList.toggle('closed', closed);
    const box = day.querySelector('input[name$="_closed"]');
    if (box) box.checked = closed;
    for (const el of day.querySelectorAll('.hours-ranges input')) el.disabled = closed;
  };
  const ranges = (prefix) =>
    [0, 1].map((j) => ({
      opens: input(prefix, j, 'opens')?.value ?? '',
      closes: input(prefix, j, 'closes')?.value ?? '',
    }));
  const put = (day, values) => {
    const d = day.dataset.day;
    values.forEach((r, j) => {
      input(`hours_${d}`, j, 'opens').value = r.opens;
      input(`hours_${d}`, j, 'closes').value = r.closes;
    });
  };
  const empty = (values) => values.every((r) => r.opens === '' && r.closes === '');
  for (const day of days) {
    const box = day.querySelector('input[name$="_closed"]');
    setClosed(day, box?.checked ?? false);
    box?.addEventListener('change', () => setClosed(day, box.checked));
    day.querySelector('button.hours-copy')?.addEventListener('click', () => {
      const values = ranges(`hours_${day.dataset.day}`);
      for (const other of days) {
        put(other, values);
        setClosed(other, empty(values));
      }
    });
  }
  const select = quick.querySelector('select[name="hours_preset"]');
  const presets = JSON.parse(select.dataset.presets);
  quick.querySelector('button.hours-apply')?.addEventListener('click', () => {
    const chosen = presets[select.value];
    const values = ranges('hours_quick');
    if (!chosen || empty(values)) {
      (chosen ? input('hours_quick', 0, 'opens') : select).focus();
      return;
    }
    for (const day of days) {
      const on = chosen.includes(Number(day.dataset.day));
      put(day, on ? values : values.map(() => ({ opens: '', closes: '' })));
      setClosed(day, !on);
    }
    // Applied: the quick week is emptied, so saving sends the days as they now stand.
    select.value = '';
    for (const el of quick.querySelectorAll('input')) el.value = '';
    days[0].focus();
  });
}

/** The sticky save bar never covers the field with the keyboard: a field focused under it scrolls up. */
function keepFocusAboveBar(form) {
  const bar = form.querySelector(':scope > .actions:last-child');
  if (!bar) return;
  form.addEventListener('focusin', (event) => {
    const field = event.target;
    if (!(field instanceof HTMLElement) || bar.contains(field)) return;
    const below = field.getBoundingClientRect().bottom - bar.getBoundingClientRect().top;
    if (below > -8) window.scrollBy(0, below + 8);
  });
}

for (const form of document.querySelectorAll('form[data-confirm]')) confirmBeforeSubmit(form);
for (const form of document.querySelectorAll('form.stack')) keepFocusAboveBar(form);
for (const quick of document.querySelectorAll('fieldset.hours-quick')) openingHours(quick);
for (const zone of document.querySelectorAll('[data-drop]')) dropZone(zone);
for (const button of document.querySelectorAll('button[data-copy]')) copyButton(button);
// After a refused form, take the keyboard and the screen reader to the list of problems.
document.querySelector('.error-summary')?.focus();
