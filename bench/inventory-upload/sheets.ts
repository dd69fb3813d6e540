/**
 * The 50,000-row sheets of the upload benchmark, as a shop would send them: a CSV as Excel writes
 * it (BOM, CRLF) and an XLSX in Excel's layout (shared strings, numbers as numbers). The XLSX is
 * built by hand so the benchmark needs no spreadsheet library of its own.
 */
import { crc32, deflateRawSync } from 'node:zlib';

export type SheetRow = { sku: string; quantity: number; location: string };

export const HEADER = ['sku', 'barcode', 'quantity', 'location'] as const;

/** `count` rows alternating between the locations, each SKU once per location. */
export function benchRows(
  count: number,
  locations: readonly string[],
  skuOf: (index: number) => string,
): SheetRow[] {
  return Array.from({ length: count }, (_, index) => ({
    sku: skuOf(Math.floor(index / locations.length) + 1),
    quantity: 1 + (index % 50),
    location: locations[index % locations.length] ?? '',
  }));
}

export function csvOf(rows: readonly SheetRow[]): Buffer {
  const lines = [HEADER.join(','), ...rows.map((row) => `${row.sku},,${row.quantity},${row.location}`)];
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join('\r\n')}\r\n`)]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c);
}

export function xlsxOf(rows: readonly SheetRow[]): Buffer {
  const strings = new Map<string, number>();
  const index = (text: string) => {
    let at = strings.get(text);
    if (at === undefined) strings.set(text, (at = strings.size));
    return at;
  };
  const column = ['A', 'B', 'C', 'D'];
  const cells = (r: number, values: ReadonlyArray<string | number | null>) =>
    `<row r="${r}">${values
      .map((value, c) => {
        const ref = `${column[c]}${r}`;
        if (value === null) return '';
        if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
        return `<c r="${ref}" t="s"><v>${index(value)}</v></c>`;
      })
      .join('')}</row>`;
  const body = [
    cells(1, [...HEADER]),
    ...rows.map((row, i) => cells(i + 2, [row.sku, null, row.quantity, row.location])),
  ];
  const sheet = `${XML}<worksheet xmlns="${MAIN}"><sheetData>${body.join('')}</sheetData></worksheet>`;
  const sst = `${XML}<sst xmlns="${MAIN}" count="${strings.size}" uniqueCount="${strings.size}">${[
    ...strings.keys(),
  ]
    .map((text) => `<si><t>${escapeXml(text)}</t></si>`)
    .join('')}</sst>`;
  return zip([
    [
      '[Content_Types].xml',
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
    ],
    [
      '_rels/.rels',
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Stock" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ],
    ['xl/worksheets/sheet1.xml', sheet],
    ['xl/sharedStrings.xml', sst],
  ]);
}

function zip(entries: ReadonlyArray<readonly [string, string]>): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const content = Buffer.from(text, 'utf8');
    const data = deflateRawSync(content);
    const nameBytes = Buffer.from(name);
    const header = Buffer.alloc(30);
    const entry = Buffer.alloc(46);
    header.writeUInt32LE(0x04034b50, 0);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    for (const [bytes, shift] of [
      [header, 0],
      [entry, 2],
    ] as const) {
      bytes.writeUInt16LE(20, 4 + shift);
      bytes.writeUInt16LE(8, 8 + shift);
      bytes.writeUInt32LE(crc32(content), 14 + shift);
      bytes.writeUInt32LE(data.length, 18 + shift);
      bytes.writeUInt32LE(content.length, 22 + shift);
      bytes.writeUInt16LE(nameBytes.length, 26 + shift);
    }
    entry.writeUInt32LE(offset, 42);
    local.push(header, nameBytes, data);
    central.push(entry, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, directory, end]);
}
