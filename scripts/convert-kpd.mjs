#!/usr/bin/env node
// Regenerates the KPD 2025 list in packages/shared from the Croatian Bureau of Statistics' file.
//
//   node scripts/convert-kpd.mjs [KPD2025.xls] [HR-CIUS-EXT-EN16931-UBL-codes.sch]
//
// Source: Državni zavod za statistiku (DZS), Klasifikacija proizvoda po djelatnostima KPD 2025.
// ("Molimo korisnike da pri korištenju podataka navedu izvor" — the file asks users to name it.)
// Defaults are the copies in ../shared/einvoice/ beside the repository.
//
// Needs LibreOffice (Debian: `apt-get install libreoffice-calc-nogui`), which turns the legacy .xls
// into UTF-8 CSV; no npm package is involved, so nothing is added to the lock file. The six-digit
// codes are cross-checked against the closed list the Tax Administration's HR CIUS schematron
// accepts (rule HR-BR-25, listID "CG"): the script stops when the two disagree.
//
// Writes:
//   packages/shared/src/domain/kpd2025.json  every code with its Croatian and English name, and the
//                                            names of the levels above it (server side)
//   packages/shared/src/domain/kpdCodes.ts   the codes alone, small enough for the web bundle
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const xlsPath = path.resolve(process.argv[2] ?? path.join(root, '../shared/einvoice/kpd/KPD2025.xls'));
const schPath = path.resolve(
  process.argv[3] ?? path.join(root, '../shared/einvoice/hr-cius/codelist/HR-CIUS-EXT-EN16931-UBL-codes.sch'),
);
const outDir = path.join(root, 'packages/shared/src/domain');

function fail(message) {
  console.error(`convert-kpd: ${message}`);
  process.exit(1);
}

/** .xls → CSV with LibreOffice: comma-separated, double quotes, UTF-8 (76), from row 1. */
function xlsToCsv(file) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kpd-'));
  const result = spawnSync(
    'soffice',
    [
      '--headless',
      '--norestore',
      `-env:UserInstallation=file://${work}/profile`,
      '--convert-to',
      'csv:Text - txt - csv (StarCalc):44,34,76,1',
      '--outdir',
      work,
      file,
    ],
    { encoding: 'utf8' },
  );
  if (result.error) fail(`cannot run soffice (${result.error.message}); install libreoffice-calc-nogui`);
  const csv = fs.readdirSync(work).find((name) => name.endsWith('.csv'));
  if (result.status !== 0 || !csv) fail(`soffice did not convert ${file}:\n${result.stdout}${result.stderr}`);
  const text = fs.readFileSync(path.join(work, csv), 'utf8');
  fs.rmSync(work, { recursive: true, force: true });
  return text;
}

/** RFC 4180 CSV: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** "62202" → "62.20.2": the dots after every second digit, as KPD writes its codes. */
const dotted = (digits) => digits.replace(/(\d{2})(?=\d)/g, '$1.');

const clean = (value) => value.replace(/\s+/g, ' ').trim();

function readKpd(file) {
  const rows = parseCsv(xlsToCsv(file));
  const headerIndex = rows.findIndex((row) => row[0] === 'Razina1');
  if (headerIndex < 0) fail('no header row starting with "Razina1"');
  const header = rows[headerIndex];
  const column = (name) => {
    const index = header.indexOf(name);
    if (index < 0) fail(`no column "${name}" in ${header.join(', ')}`);
    return index;
  };
  const version = rows.find((row) => row[0] === 'Verzija klasifikacije:')?.find((cell, i) => i > 0 && cell);
  if (!version?.startsWith('KPD 2025')) fail(`expected KPD 2025, the file says "${version}"`);
  const [level6, full, hr6, en6] = [column('Razina6'), column('Potpuna šifra'), column('Hrv6'), column('Eng6')];
  // Division, group, class and category above each code ("62", "62.2", "62.20", "62.20.2"): their
  // names hold the words people search by ("programiranje") that the six-digit names may lack.
  const levels = [2, 3, 4, 5].map((level) => [column(`Razina${level}`), column(`Hrv${level}`), column(`Eng${level}`)]);
  const groups = new Map();
  const entries = [];
  for (const row of rows.slice(headerIndex + 1)) {
    if (row.every((cell) => cell.trim() === '')) continue;
    const digits = row[level6].trim();
    if (!/^\d{6}$/.test(digits)) fail(`row ${row.join(',')}: "${digits}" is not a six-digit code`);
    const code = dotted(digits);
    // "Potpuna šifra" is the section letter and the dotted code (K62.20.20): the two must agree.
    if (row[full].trim().slice(1) !== code) fail(`code ${code} disagrees with ${row[full]}`);
    const nameHr = clean(row[hr6]);
    const nameEn = clean(row[en6]);
    if (!nameHr || !nameEn) fail(`code ${code} has no name`);
    entries.push([code, nameHr, nameEn]);
    for (const [levelColumn, hrColumn, enColumn] of levels) {
      const levelDigits = row[levelColumn].trim();
      if (!digits.startsWith(levelDigits)) fail(`code ${code} lies under ${levelDigits}`);
      const group = dotted(levelDigits);
      const names = [clean(row[hrColumn]), clean(row[enColumn])];
      const known = groups.get(group);
      if (known && (known[0] !== names[0] || known[1] !== names[1])) fail(`${group} has two names`);
      groups.set(group, names);
    }
  }
  entries.sort((a, b) => a[0].localeCompare(b[0]));
  for (let i = 1; i < entries.length; i++) {
    if (entries[i][0] === entries[i - 1][0]) fail(`code ${entries[i][0]} appears twice`);
  }
  const groupList = [...groups].map(([group, names]) => [group, ...names]).sort((a, b) => a[0].localeCompare(b[0]));
  return { version, entries, groups: groupList };
}

/** The codes HR-BR-25 (HR-BR-CL-2) accepts: the list inside the schematron's contains(' … ') test. */
function readCiusCodes(file) {
  const text = fs.readFileSync(file, 'utf8');
  const match = /@?listID\s*=\s*'CG'\)\s*and\s*contains\('\s([^']*)\s'/.exec(text);
  if (!match) fail(`no KPD (listID CG) list in ${file}`);
  return new Set(match[1].split(/\s+/));
}

const { version, entries, groups } = readKpd(xlsPath);
const cius = readCiusCodes(schPath);
const ours = new Set(entries.map(([code]) => code));
const missing = [...cius].filter((code) => !ours.has(code));
const extra = [...ours].filter((code) => !cius.has(code));
if (missing.length || extra.length) {
  fail(
    `the DZS file and the HR CIUS list differ:\n  only in CIUS: ${missing.join(' ') || '-'}\n  only in DZS: ${extra.join(' ') || '-'}`,
  );
}

const source = `Državni zavod za statistiku, ${version} (KPD2025.xls); six-digit codes as in the HR CIUS list (HR-BR-25, listID CG)`;
// One entry a line, so a new edition shows up in review as a readable diff.
const json = `{\n  "source": ${JSON.stringify(source)},\n  "entries": [\n${entries
  .map((entry) => `    ${JSON.stringify(entry)}`)
  .join(',\n')}\n  ],\n  "groups": [\n${groups.map((group) => `    ${JSON.stringify(group)}`).join(',\n')}\n  ]\n}\n`;
fs.writeFileSync(path.join(outDir, 'kpd2025.json'), json);

const codeLines = [];
for (let i = 0; i < entries.length; i += 12) {
  codeLines.push(`  '${entries
    .slice(i, i + 12)
    .map(([code]) => code.replace(/\./g, ''))
    .join(' ')} ' +`);
}
const ts = `// Generated by scripts/convert-kpd.mjs from ${source}. Do not edit.

/** The ${entries.length} six-digit KPD 2025 codes, without dots, each followed by a space. */
export const KPD_2025_CODES =
  ' ' +
${codeLines.join('\n')}
  '';
`;
fs.writeFileSync(path.join(outDir, 'kpdCodes.ts'), ts);
console.log(`convert-kpd: ${entries.length} codes (${version}), the same as the HR CIUS list; wrote kpd2025.json and kpdCodes.ts`);
