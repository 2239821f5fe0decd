// The html template: every interpolation escaped unless it is Html, raw() the one trusted door,
// attributes, and (checked by the compiler, since `npm test` type-checks this file) that a string
// is refused wherever Html is expected.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyReply } from 'fastify';
import { attrs, type Html, html, isHtml, join, raw, sendHtml } from '../../src/http/html.js';

const HOSTILE = `<script>alert("x")</script>&'`;

test('html escapes every interpolated string, in text and in attributes', () => {
  const out = html`<p title="${HOSTILE}">${HOSTILE}</p>`.toString();
  assert.equal(
    out,
    '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;</p>',
  );
  assert.ok(!out.includes('<script>'));
});

test('html drops the bidirectional controls, so a name cannot reverse what is drawn around it', () => {
  const controls = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C';
  const name = `Tiramis\u202Eu ${controls}€ 5`;
  assert.equal(html`<p>${name}</p>`.toString(), '<p>Tiramisu € 5</p>');
  assert.equal(attrs({ title: name }).toString(), ' title="Tiramisu € 5"');
  // Right-to-left letters themselves stay: only the invisible controls go.
  assert.equal(html`${'مطعم \u200Fשלום'}`.toString(), 'مطعم שלום');
});

test('html keeps nested Html and arrays of it, numbers as digits, and drops false/null/undefined', () => {
  const items = ['a<b', 'c'].map((t) => html`<li>${t}</li>`);
  const out = html`<ul>${items}</ul>${0}${false}${null}${undefined}${[html`<hr>`, 'x&y']}`;
  assert.equal(out.toString(), '<ul><li>a&lt;b</li><li>c</li></ul>0<hr>x&amp;y');
  assert.ok(isHtml(out));
  assert.ok(!isHtml(out.toString()));
});

test('raw() inserts trusted markup as is; a value that is not text, number or Html is refused', () => {
  assert.equal(html`<div>${raw('<b>ok</b>')}</div>`.toString(), '<div><b>ok</b></div>');
  assert.throws(() => html`${{ toString: () => '<b>' } as unknown as string[]}`, TypeError);
});

test('join puts an escaped or Html separator between non-empty pieces', () => {
  assert.equal(join(['a', '', html`<i>b</i>`, false], html`<br>`).toString(), 'a<br><i>b</i>');
  assert.equal(join(['a', 'b'], ' & ').toString(), 'a &amp; b');
});

test('attrs: escaped values, boolean attributes, class lists, bad names refused', () => {
  const out = attrs({
    id: 'f-name',
    value: `"><script>`,
    required: true,
    disabled: false,
    'aria-describedby': ['f-hint', '', false, 'f-error'],
    class: ['field', false],
    hidden: null,
    maxlength: 200,
    'aria-label': undefined,
    empty: [],
  });
  assert.equal(
    out.toString(),
    ' id="f-name" value="&quot;&gt;&lt;script&gt;" required aria-describedby="f-hint f-error" class="field" maxlength="200"',
  );
  assert.equal(html`<input${out}>`.toString().startsWith('<input id="f-name"'), true);
  assert.throws(() => attrs({ 'onclick="x"': 'y' }), TypeError);
});

test('sendHtml sets the HTML content type and the status, and sends the markup', () => {
  const sent: Record<string, unknown> = {};
  const reply = {
    code(status: number) {
      sent.status = status;
      return this;
    },
    type(type: string) {
      sent.type = type;
      return this;
    },
    send(body: string) {
      sent.body = body;
      return this;
    },
  } as unknown as FastifyReply;
  sendHtml(reply, html`<p>${'a&b'}</p>`, 422);
  assert.deepEqual(sent, { status: 422, type: 'text/html; charset=utf-8', body: '<p>a&amp;b</p>' });
});

// Type-level: these lines compile only because each refusal is a type error (an unused
// expect-error directive is itself an error, so if a string ever became Html, `npm test` fails).
function page(name: string): Html {
  // @ts-expect-error a concatenated string is not Html
  return '<p>'.concat(name, '</p>');
}
function templateString(name: string): Html {
  // @ts-expect-error an ordinary template string is not Html either
  return `<p>${name}</p>`;
}
function sendString(reply: FastifyReply, name: string) {
  // @ts-expect-error a reply cannot be fed a string
  return sendHtml(reply, `<p>${name}</p>`);
}
function interpolateObject() {
  // @ts-expect-error only text, numbers, Html and lists of them can be interpolated
  return html`<p>${{ name: 'x' }}</p>`;
}
function fakeHtml(): Html {
  // @ts-expect-error an object shaped like Html is still not Html (the type is nominal)
  return { toString: () => '<b>' };
}

test('the type-level refusals above are real functions (kept referenced for the compiler)', () => {
  assert.equal(typeof page, 'function');
  assert.equal(typeof templateString, 'function');
  assert.equal(typeof sendString, 'function');
  assert.equal(typeof interpolateObject, 'function');
  assert.equal(typeof fakeHtml, 'function');
});
