import { inflateRawSync } from 'node:zlib';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedLarge } from '../../server/db/seedLarge';
import { xlsxStream, type XlsxCell } from '../../server/reports/xlsxStream';
import { DEMO, serverForTests, signedInAgent, type TestAgent } from './harness';

/**
 * Exports are streamed: the rows are read a chunk at a time (each chunk its own query, keyset after
 * the last row) and written as they come, CSV or Excel, with the same rows in the same order as the
 * report's own page. The Excel writer (server/reports/xlsxStream.ts) is read back here by an
 * independent zip reader (the central directory read by hand, inflated by node:zlib), its XML
 * parsed by hand.
 */

/**
 * The entries of a zip file, read by hand from its central directory and inflated by Node's zlib
 * (not by the writer's own fflate).
 */
function unzip(bytes: Uint8Array): Record<string, string> {
  const data = Buffer.from(bytes);
  const end = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const entries = data.readUInt16LE(end + 10);
  const files: Record<string, string> = {};
  let at = data.readUInt32LE(end + 16);
  for (let i = 0; i < entries; i += 1) {
    expect(data.readUInt32LE(at)).toBe(0x02014b50);
    const method = data.readUInt16LE(at + 10);
    const compressed = data.readUInt32LE(at + 20);
    const [nameLength, extraLength, commentLength] = [data.readUInt16LE(at + 28), data.readUInt16LE(at + 30), data.readUInt16LE(at + 32)];
    const local = data.readUInt32LE(at + 42);
    const name = data.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    const raw = data.subarray(start, start + compressed);
    files[name] = (method === 8 ? inflateRawSync(raw) : raw).toString('utf8');
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

const unescape = (v: string) => v.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/** The sheet as rows of { ref, value, style } (shared strings looked up), and the workbook's parts. */
function readWorkbook(bytes: Uint8Array) {
  const files = unzip(bytes);
  const shared = [...files['xl/sharedStrings.xml']!.matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => unescape([...m[1]!.matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => t[1]).join('')));
  const sheet = files['xl/worksheets/sheet1.xml']!;
  const styles = files['xl/styles.xml']!;
  const formats = new Map([...styles.matchAll(/<numFmt numFmtId="(\d+)" formatCode="([^"]*)"\/>/g)].map((m) => [m[1]!, unescape(m[2]!)]));
  const fonts = [...(/<fonts[^>]*>([\s\S]*?)<\/fonts>/.exec(styles)?.[1] ?? '').matchAll(/<font>([\s\S]*?)<\/font>/g)].map((m) => m[1]!.includes('<b/>'));
  const xfs = [...(/<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)?.[1] ?? '').matchAll(/<xf ([^>]*?)\/?>/g)].map((m) => ({
    format: formats.get(/numFmtId="(\d+)"/.exec(m[1]!)?.[1] ?? '0') ?? 'General',
    bold: fonts[Number(/fontId="(\d+)"/.exec(m[1]!)?.[1] ?? 0)] ?? false,
  }));
  const rows = [...sheet.matchAll(/<row r="(\d+)"[^>]*>([\s\S]*?)<\/row>/g)].map((row) =>
    [...row[2]!.matchAll(/<c r="([A-Z]+)\d+"([^>]*?)>([\s\S]*?)<\/c>/g)].map((cell) => {
      const raw = /<v>([\s\S]*?)<\/v>/.exec(cell[3]!)?.[1] ?? '';
      const style = xfs[Number(/s="(\d+)"/.exec(cell[2]!)?.[1] ?? 0)]!;
      return { column: cell[1]!, value: /t="s"/.test(cell[2]!) ? shared[Number(raw)]! : Number(raw), ...style };
    }),
  );
  return { files, sheet, rows };
}

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<{ bytes: Uint8Array; chunks: number }> {
  const parts: Uint8Array[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) parts.push(next.value);
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.length;
  }
  return { bytes, chunks: parts.length };
}

describe('the streaming Excel writer', () => {
  it('writes cells, number formats, bold, the frozen first row, widths and the sheet name, read back by another zip reader', async () => {
    async function* rows(): AsyncGenerator<(XlsxCell | null)[][]> {
      await Promise.resolve(); // the rows come as a database answers
      yield [[{ value: 'Name', bold: true }, { value: 'Amount', bold: true }, { value: 'Hours', bold: true }]];
      yield [];
      yield [
        [{ value: 'A & B <Ltd> "x"' }, { value: 1234.5, format: 'money' }, { value: 1.25, format: 'decimal' }],
        [{ value: '  陳大文 ' }, null, { value: 3 }],
      ];
      yield [[{ value: 'Total', bold: true }, { value: 1234.5, format: 'money', bold: true }, { value: 4.25, format: 'decimal', bold: true }]];
    }
    const { bytes } = await bytesOf(xlsxStream({ name: 'order-items-report-with-a-long-name', widths: [28, 16, 14], rows: rows() }));
    const { files, sheet, rows: read } = readWorkbook(bytes);
    expect(read).toEqual([
      [
        { column: 'A', value: 'Name', format: 'General', bold: true },
        { column: 'B', value: 'Amount', format: 'General', bold: true },
        { column: 'C', value: 'Hours', format: 'General', bold: true },
      ],
      [
        { column: 'A', value: 'A & B <Ltd> "x"', format: 'General', bold: false },
        { column: 'B', value: 1234.5, format: '#,##0.00', bold: false },
        { column: 'C', value: 1.25, format: '0.00', bold: false },
      ],
      [
        { column: 'A', value: '  陳大文 ', format: 'General', bold: false },
        { column: 'C', value: 3, format: 'General', bold: false },
      ],
      [
        { column: 'A', value: 'Total', format: 'General', bold: true },
        { column: 'B', value: 1234.5, format: '#,##0.00', bold: true },
        { column: 'C', value: 4.25, format: '0.00', bold: true },
      ],
    ]);
    expect(sheet).toMatch(/<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"\/>/);
    expect([...sheet.matchAll(/<col min="(\d+)" max="\d+" width="(\d+)"/g)].map((m) => [m[1], m[2]])).toEqual([['1', '28'], ['2', '16'], ['3', '14']]);
    expect(files['xl/workbook.xml']).toContain('<sheet name="order-items-report-with-a-long-" sheetId="1" r:id="rId1"/>');
    expect(files['[Content_Types].xml']).toContain('/xl/sharedStrings.xml');
  });

  it('stops reading the rows when the reader gives up', async () => {
    let read = 0;
    let closed = false;
    async function* rows(): AsyncGenerator<XlsxCell[][]> {
      try {
        for (;;) {
          read += 1;
          await Promise.resolve();
          yield Array.from({ length: 500 }, (_, i) => [{ value: `row ${read}-${i} ${'x'.repeat(40)}` }]);
        }
      } finally {
        closed = true;
      }
    }
    const reader = xlsxStream({ name: 'endless', widths: [20], rows: rows() }).getReader();
    while (read < 3) await reader.read();
    await reader.cancel();
    expect(closed).toBe(true);
    expect(read).toBeLessThan(20);
  });
});

const server = serverForTests();
let agent: TestAgent;

beforeAll(async () => {
  // Enough lines for several export chunks (server/reports/report.ts EXPORT_CHUNK).
  await seedLarge(server.db, { clients: 200, orders: 2_400, items: 7_000, appointments: 10, seed: 2611, today: '2026-11-23', years: 2 });
  agent = await signedInAgent(server, DEMO.admin);
}, 120_000);

const RANGE = 'date_from=2024-11-24&date_to=2026-11-23';

describe('a large export', () => {
  it.each(['-date', 'date', 'category', '-unitPrice', 'client'])('gives every line once, in the order of the report (sort %s), as it reads them', async (sort) => {
    const path = `/api/reports/orders/items?${RANGE}&sort=${sort}&headers=en`;
    // The pages of 2,000 the screen reads (each one query by offset) ...
    const paged: { number: string; productCode: string; lineTotal: number }[] = [];
    for (let page = 1; ; page++) {
      const reply = await agent.get(`${path}&page=${page}&per_page=2000`);
      expect(reply.status).toBe(200);
      paged.push(...(reply.body!.rows as typeof paged));
      if (paged.length >= (reply.body!.count as number)) break;
    }
    const expected = paged.map((r) => [r.number, r.productCode, (r.lineTotal / 100).toFixed(2)]);
    expect(expected.length).toBeGreaterThan(5_000);
    // ... the whole result as one page, as the print view reads it (a chunk at a time) ...
    const whole = await agent.get(`${path}&per_page=50000`);
    expect(whole.status).toBe(200);
    expect((whole.body!.rows as typeof paged).map((r) => [r.number, r.productCode, (r.lineTotal / 100).toFixed(2)])).toEqual(expected);
    // ... and the export: the same lines in the same order.
    const response = await agent.rawGet(`${path}&format=csv`);
    expect(response.status).toBe(200);
    const { bytes, chunks } = await bytesOf(response.body!);
    expect(chunks).toBeGreaterThan(2);
    const [header, ...lines] = Papa.parse<string[]>(new TextDecoder().decode(bytes).replace(/^\uFEFF/, ''), { newline: '\r\n' }).data;
    const at = (key: string) => header!.indexOf(key);
    expect(lines.at(-1)![0]).toBe('Total');
    expect(lines.slice(0, -1).map((l) => [l[at('Number')]!, l[at('Product code')]!, l[at('Line total (HKD)')]!])).toEqual(expected);
  });

  it('sends the first part of an Excel file before it has read every row, and the whole file is the report', async () => {
    const response = await agent.rawGet(`/api/reports/orders/items?${RANGE}&format=xlsx&headers=en`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const { bytes, chunks } = await bytesOf(response.body!);
    expect(chunks).toBeGreaterThan(2);
    const { rows } = readWorkbook(bytes);
    const count = (await agent.get(`/api/reports/orders/items?${RANGE}&per_page=1`)).body!.count as number;
    expect(rows).toHaveLength(count + 2);
    expect(rows.at(-1)![0]).toMatchObject({ value: 'Total', bold: true });
  });
});
