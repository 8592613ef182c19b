import type { QualityRow } from './measure-quality.ts';
import type { MeaningSpeedRow } from './measure-meaning-speed.ts';
import type { SpeedRow } from './measure-speed.ts';

const WIDTH = 1000;
const HEIGHT = 460;
const COLORS = ['#1f6feb', '#9a6700', '#8250df', '#1a7f37'];

/**
 * An SVG picture of a bench run: recall@5 per data set for each ranker (left), and median query and
 * build time (again and first) against catalog size on log-log axes for each engine, plus the query time
 * of the opt-in search by meaning (right). Plain SVG 1.1, no scripts.
 */
export function renderChart(
  quality: readonly QualityRow[],
  speed: readonly SpeedRow[],
  caption: string,
  meaningSpeed: readonly MeaningSpeedRow[] = [],
): string {
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
    `<text x="20" y="24" font-size="15" font-weight="bold">Tool retrieval: recall@5 (higher is better)</text>`,
    `<text x="600" y="24" font-size="15" font-weight="bold">Median time vs catalog size (lower is better)</text>`,
    `<text x="20" y="${HEIGHT - 8}" fill="#57606a">${escapeXml(caption)}</text>`,
  ];
  parts.push(...renderQualityBars(quality));
  parts.push(...renderLatencyLines(speed, meaningSpeed));
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

function renderQualityBars(quality: readonly QualityRow[]): string[] {
  const datasets = [...new Set(quality.map((row) => row.dataset))];
  const rankers = [...new Set(quality.map((row) => row.ranker))];
  const left = 50;
  const top = 60;
  const height = 290;
  const width = 520;
  const groupWidth = width / Math.max(1, datasets.length);
  const barWidth = (groupWidth - 14) / Math.max(1, rankers.length);
  const parts: string[] = [];
  for (let tick = 0; tick <= 10; tick += 2) {
    const y = top + height - (tick / 10) * height;
    parts.push(`<line x1="${left}" x2="${left + width}" y1="${y}" y2="${y}" stroke="#d0d7de"/>`);
    parts.push(`<text x="${left - 6}" y="${y + 4}" text-anchor="end" fill="#57606a">${(tick / 10).toFixed(1)}</text>`);
  }
  datasets.forEach((dataset, datasetIndex) => {
    const groupLeft = left + datasetIndex * groupWidth + 7;
    rankers.forEach((ranker, rankerIndex) => {
      const row = quality.find((candidate) => candidate.dataset === dataset && candidate.ranker === ranker);
      if (row === undefined) return;
      const value = row.scores.recallAt5;
      const barHeight = value * height;
      const x = groupLeft + rankerIndex * barWidth;
      const y = top + height - barHeight;
      parts.push(
        `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${(barWidth - 2).toFixed(1)}" height="${barHeight.toFixed(1)}" fill="${COLORS[rankerIndex % COLORS.length]}"><title>${escapeXml(`${dataset} / ${ranker}: ${value.toFixed(3)}`)}</title></rect>`,
      );
      parts.push(
        `<text x="${(x + barWidth / 2 - 1).toFixed(1)}" y="${(y - 3).toFixed(1)}" text-anchor="middle" font-size="9">${value.toFixed(2)}</text>`,
      );
    });
    const label = dataset.replace(' (held out)', '');
    parts.push(
      `<text x="${(groupLeft + (groupWidth - 14) / 2).toFixed(1)}" y="${top + height + 16}" text-anchor="middle">${escapeXml(label)}</text>`,
    );
  });
  // Two legend entries per line, so that four rankers stay inside the panel.
  rankers.forEach((ranker, rankerIndex) => {
    const x = left + (rankerIndex % 2) * 260;
    const y = top + height + 30 + Math.floor(rankerIndex / 2) * 18;
    parts.push(`<rect x="${x}" y="${y}" width="12" height="12" fill="${COLORS[rankerIndex % COLORS.length]}"/>`);
    parts.push(`<text x="${x + 16}" y="${y + 10}">${escapeXml(ranker)}</text>`);
  });
  return parts;
}

function renderLatencyLines(speed: readonly SpeedRow[], meaningSpeed: readonly MeaningSpeedRow[]): string[] {
  const subjects = [...new Set(speed.map((row) => row.subject))];
  const sizes = [...new Set(speed.map((row) => row.size))].sort((left, right) => left - right);
  const values = [
    ...speed.flatMap((row) => [row.query.medianMs, row.build.medianMs, row.firstBuild.medianMs]),
    ...meaningSpeed.map((row) => row.query.medianMs),
  ].filter((value) => value > 0);
  const minimum = Math.pow(10, Math.floor(Math.log10(Math.min(...values, 1))));
  const maximum = Math.pow(10, Math.ceil(Math.log10(Math.max(...values, 1))));
  const left = 650;
  const top = 60;
  const width = 310;
  const height = 290;
  const xOf = (size: number): number =>
    left +
    ((Math.log10(size) - Math.log10(sizes[0]!)) / Math.max(1e-9, Math.log10(sizes[sizes.length - 1]!) - Math.log10(sizes[0]!))) * width;
  const yOf = (ms: number): number =>
    top + height - ((Math.log10(Math.max(ms, minimum)) - Math.log10(minimum)) / (Math.log10(maximum) - Math.log10(minimum))) * height;
  const parts: string[] = [];
  for (let exponent = Math.log10(minimum); exponent <= Math.log10(maximum) + 1e-9; exponent++) {
    const y = yOf(Math.pow(10, exponent));
    parts.push(`<line x1="${left}" x2="${left + width}" y1="${y.toFixed(1)}" y2="${y.toFixed(1)}" stroke="#d0d7de"/>`);
    parts.push(
      `<text x="${left - 6}" y="${(y + 4).toFixed(1)}" text-anchor="end" fill="#57606a">${formatMs(Math.pow(10, exponent))}</text>`,
    );
  }
  for (const size of sizes) {
    const x = xOf(size);
    parts.push(
      `<text x="${x.toFixed(1)}" y="${top + height + 16}" text-anchor="middle" fill="#57606a">${size.toLocaleString('en-US')}</text>`,
    );
  }
  parts.push(`<text x="${left + width / 2}" y="${top + height + 32}" text-anchor="middle">tools in the catalog</text>`);
  subjects.forEach((subject, subjectIndex) => {
    const color = COLORS[(subjectIndex === 0 ? 0 : 2) % COLORS.length];
    const rows = speed.filter((row) => row.subject === subject).sort((left, right) => left.size - right.size);
    for (const [kind, dash] of [
      ['query', ''],
      ['build', '6 4'],
      ['firstBuild', '2 3'],
    ] as const) {
      const points = rows.map((row) => `${xOf(row.size).toFixed(1)},${yOf(row[kind].medianMs).toFixed(1)}`).join(' ');
      parts.push(
        `<polyline points="${points}" fill="none" stroke="${color}" stroke-width="2" ${dash === '' ? '' : `stroke-dasharray="${dash}"`}/>`,
      );
    }
    const legendY = top + height + 52 + subjectIndex * 16;
    parts.push(`<line x1="${left}" x2="${left + 22}" y1="${legendY - 4}" y2="${legendY - 4}" stroke="${color}" stroke-width="2"/>`);
    parts.push(`<text x="${left + 26}" y="${legendY}">${escapeXml(subject)}</text>`);
  });
  if (meaningSpeed.length > 0) {
    // The search by meaning's query line, in its ranker's colour on the left panel.
    const color = COLORS[3]!;
    const rows = [...meaningSpeed].sort((left, right) => left.size - right.size);
    const points = rows.map((row) => `${xOf(row.size).toFixed(1)},${yOf(row.query.medianMs).toFixed(1)}`).join(' ');
    parts.push(`<polyline points="${points}" fill="none" stroke="${color}" stroke-width="2"/>`);
    const legendY = top + height + 52 + subjects.length * 16;
    parts.push(`<line x1="${left}" x2="${left + 22}" y1="${legendY - 4}" y2="${legendY - 4}" stroke="${color}" stroke-width="2"/>`);
    parts.push(`<text x="${left + 26}" y="${legendY}">${escapeXml(`${rows[0]!.subject}, query`)}</text>`);
  }
  // The line styles, beside the engines (the caption runs along the bottom edge).
  parts.push(`<text x="${left + 150}" y="${top + height + 52}" fill="#57606a">query solid, build dashed,</text>`);
  parts.push(`<text x="${left + 150}" y="${top + height + 68}" fill="#57606a">first build dotted</text>`);
  return parts;
}

function formatMs(ms: number): string {
  if (ms >= 1000) return `${ms / 1000} s`;
  return `${ms} ms`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
