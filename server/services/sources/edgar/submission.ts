/**
 * An EDGAR filing's complete submission text, `Archives/edgar/data/{cik}/{accession}.txt` — the file
 * the daily index names. One request gives the whole filing: an SGML header, then each document
 * between `<DOCUMENT>` and `</DOCUMENT>` with its type, sequence, file name and text:
 *
 *   <SEC-DOCUMENT>0001193125-24-000123.txt : 20240102
 *   <SEC-HEADER>0001193125-24-000123.hdr.sgml : 20240102
 *   ACCESSION NUMBER:		0001193125-24-000123
 *   CONFORMED SUBMISSION TYPE:	FWP
 *   …
 *   </SEC-HEADER>
 *   <DOCUMENT>
 *   <TYPE>FWP
 *   <SEQUENCE>1
 *   <FILENAME>d123456dfwp.htm
 *   <TEXT>
 *   <HTML>…</HTML>
 *   </TEXT>
 *   </DOCUMENT>
 *   </SEC-DOCUMENT>
 *
 * The primary document of an FWP filing is its document of type FWP (graphics and exhibits follow
 * it). Binary documents (PDF, images) are uuencoded in the text; the term-sheet reader reads only
 * HTML and plain text.
 */
import { looksLikeHtml } from '../../primary/edgar/documentBlocks';

export interface SubmissionDocument {
  type: string;
  sequence: number | null;
  fileName: string;
  contentType: 'html' | 'text';
  content: string;
}

export interface Submission {
  accessionNumber: string;
  formType: string;
  /** ISO date ("FILED AS OF DATE"). */
  filedAsOf: string | null;
  /** The subject company (the issuer of an FWP), else the filer. */
  companyName: string | null;
  primary: SubmissionDocument;
}

/**
 * A submission that cannot be used. `cutOff` when its end is missing (worth fetching again); else
 * it is complete but holds no readable primary document (not worth fetching again).
 */
export class SubmissionError extends Error {
  override name = 'SubmissionError';
  constructor(
    message: string,
    readonly cutOff: boolean,
  ) {
    super(message);
  }
}

const headerField = (header: string, name: string) => new RegExp(`^\\s*${name}:\\s*(.+?)\\s*$`, 'm').exec(header)?.[1] ?? null;
const tag = (block: string, name: string) => new RegExp(`<${name}>([^\\r\\n<]*)`, 'i').exec(block)?.[1]?.trim() ?? null;

/** Reads a complete submission text; throws SubmissionError saying what is wrong. */
export function parseSubmission(text: string, accessionNumber: string): Submission {
  const what = `filing ${accessionNumber}`;
  if (!/^\s*<SEC-DOCUMENT>/i.test(text))
    throw new SubmissionError(`${what} is not an EDGAR submission (no <SEC-DOCUMENT> at its start)`, false);
  if (!/<\/SEC-DOCUMENT>\s*$/i.test(text)) throw new SubmissionError(`${what} was cut off: it does not end with </SEC-DOCUMENT>`, true);
  const headerEnd = text.search(/<\/SEC-HEADER>/i);
  if (headerEnd < 0) throw new SubmissionError(`${what} has no </SEC-HEADER>`, false);
  const header = text.slice(0, headerEnd);
  const stated = headerField(header, 'ACCESSION NUMBER');
  if (stated !== accessionNumber) throw new SubmissionError(`${what} states accession number ${stated ?? '(none)'}`, false);
  const formType = headerField(header, 'CONFORMED SUBMISSION TYPE') ?? '';
  const filed = headerField(header, 'FILED AS OF DATE');
  const documents = readDocuments(text.slice(headerEnd), what);
  const primary = documents.find((d) => d.type.toUpperCase() === formType.toUpperCase()) ?? documents[0];
  if (!primary) throw new SubmissionError(`${what} holds no document`, false);
  return {
    accessionNumber,
    formType,
    filedAsOf: filed && /^\d{8}$/.test(filed) ? `${filed.slice(0, 4)}-${filed.slice(4, 6)}-${filed.slice(6, 8)}` : null,
    companyName: headerField(header, 'COMPANY CONFORMED NAME'),
    primary: readable(primary, what),
  };
}

type RawDocument = { type: string; sequence: number | null; fileName: string; text: string };

function readDocuments(body: string, what: string): RawDocument[] {
  const documents: RawDocument[] = [];
  const pattern = /<DOCUMENT>([\s\S]*?)<\/DOCUMENT>/gi;
  for (let match = pattern.exec(body); match; match = pattern.exec(body)) {
    const block = match[1]!;
    const textStart = block.search(/<TEXT>/i);
    const textEnd = block.search(/<\/TEXT>/i);
    if (textStart < 0 || textEnd < textStart) throw new SubmissionError(`${what}: a document has no <TEXT> … </TEXT>`, false);
    const sequence = Number(tag(block, 'SEQUENCE'));
    documents.push({
      type: tag(block, 'TYPE') ?? '',
      sequence: Number.isInteger(sequence) && sequence > 0 ? sequence : null,
      fileName: tag(block, 'FILENAME') ?? '',
      text: block.slice(textStart + '<TEXT>'.length, textEnd).replace(/^\r?\n/, ''),
    });
  }
  return documents;
}

function readable(doc: RawDocument, what: string): SubmissionDocument {
  const name = doc.fileName.toLowerCase();
  const body = doc.text.trim();
  if (/\.pdf$/.test(name) || /^<PDF>/i.test(body) || /^begin \d{3} /.test(body))
    throw new SubmissionError(
      `${what}: its ${doc.type} document ${doc.fileName || ''} is a PDF or other binary file, which the term-sheet reader does not read`,
      false,
    );
  if (body === '') throw new SubmissionError(`${what}: its ${doc.type} document is empty`, false);
  const html = /\.html?$/.test(name) || (!/\.txt$/.test(name) && looksLikeHtml(body));
  return { type: doc.type, sequence: doc.sequence, fileName: doc.fileName, contentType: html ? 'html' : 'text', content: body };
}
