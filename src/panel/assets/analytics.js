// The analytics dashboard's charts (an ES module, no build step): each <canvas data-chart> gets a
// Chart.js chart (the library is served by the app itself, see assets.ts). Without script the
// tables below each chart carry the same figures.
const css = getComputedStyle(document.documentElement);
const ink = css.getPropertyValue('--ink').trim() || '#1f1b16';
const line = css.getPropertyValue('--line').trim() || '#d9d2c7';
// Colours that stay apart for the common kinds of colour blindness, on a light background.
const PALETTE = ['#8b1e3f', '#1f5f99', '#c26a00', '#2d7a46'];

/** A long name on a horizontal chart's axis, cut (the table below has it whole). */
function shortLabel(value) {
  const label = this.getLabelForValue(value);
  return typeof label === 'string' && label.length > 18 ? `${label.slice(0, 17)}…` : label;
}

function draw(canvas) {
  const spec = JSON.parse(canvas.dataset.chart);
  const Chart = globalThis.Chart;
  if (!Chart) return;
  const horizontal = Boolean(spec.horizontal);
  new Chart(canvas, {
    type: spec.type,
    data: {
      labels: spec.labels,
      datasets: spec.series.map((s, i) => ({
        label: s.label,
        data: s.data,
        borderColor: PALETTE[i % PALETTE.length],
        backgroundColor: spec.type === 'line' ? PALETTE[i % PALETTE.length] : `${PALETTE[i % PALETTE.length]}cc`,
        borderWidth: spec.type === 'line' ? 2 : 0,
        pointRadius: spec.type === 'line' ? 2 : undefined,
        tension: 0.2,
      })),
    },
    options: {
      indexAxis: horizontal ? 'y' : 'x',
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      color: ink,
      plugins: { legend: { display: spec.series.length > 1, labels: { color: ink } } },
      scales: {
        // At 390 px: labels skipped with room between them, never rotated into each other; long
        // names on a horizontal chart are cut (the table below has them whole).
        x: {
          ticks: { color: ink, autoSkip: true, autoSkipPadding: 12, maxRotation: 0 },
          grid: { color: line },
          beginAtZero: true,
        },
        y: {
          ticks: {
            color: ink,
            autoSkip: !horizontal,
            ...(horizontal ? { callback: shortLabel } : {}),
          },
          grid: { color: line },
          beginAtZero: true,
        },
      },
    },
  });
}

for (const canvas of document.querySelectorAll('canvas[data-chart]')) draw(canvas);
