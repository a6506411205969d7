// npm run record:check -- FILE.json | URL
// Recomputes a caucus's election record (issue 14): every entry's hash from the one before, and
// the result its votes give. FILE is a record downloaded from the caucus page ("Download (JSON)");
// URL is the app's /api/caucuses/<id>/record of a finalized caucus. Exit code 0: the chain and
// the result hold; 1: they do not (the first broken entry is named); 2: the input is unusable.
import { readFile } from 'node:fs/promises';
import { districtLabel } from '../src/domain/geography/states';
import { checkElectionRecord, RECORD_FORMAT, sha256Hex, type ElectionRecordFile } from '../src/domain/caucuses/election-record';

const source = process.argv[2];
if (!source) {
  console.error('Usage: npm run record:check -- FILE.json | URL');
  process.exit(2);
}

let file: ElectionRecordFile;
try {
  const text = /^https?:\/\//.test(source) ? await (await fetch(source)).text() : await readFile(source, 'utf8');
  file = JSON.parse(text) as ElectionRecordFile;
  if (file.format !== RECORD_FORMAT || !Array.isArray(file.entries)) throw new Error(`not a ${RECORD_FORMAT} file`);
} catch (e) {
  console.error(`Could not read an election record from ${source}: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(2);
}

const check = await checkElectionRecord(file, sha256Hex);
console.log(`${file.caucus.name} (${districtLabel(file.caucus.state, file.caucus.district)}, level ${file.caucus.level}): ${check.entries} entries`);
if (check.ok) {
  console.log(`The chain holds. ${check.result.summary}`);
} else {
  console.log(`The record does not hold at entry ${check.brokenAt}: ${check.problem}`);
  process.exitCode = 1;
}
