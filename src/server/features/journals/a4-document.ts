import PDFDocument from 'pdfkit';
import { drawable } from './journal-pdf-tables';

// The A4 document in bokmål that the journal's PDF and the acceptance letter are both drawn on
// (decisions 038 and 066), with its bytes gathered as pdfkit writes them.

export const PDF_MARGIN = 50;

export function a4Document(options: {
  title: string;
  subject: string;
  madeAt: Date;
  compress: boolean;
  /** Extra room at the foot of each page, for a footer written once all pages exist. */
  footerGap?: number;
}): { doc: PDFKit.PDFDocument; bytes: Promise<Buffer> } {
  const footerGap = options.footerGap ?? 0;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: PDF_MARGIN, left: PDF_MARGIN, right: PDF_MARGIN, bottom: PDF_MARGIN + footerGap },
    // The footers are written into pages already laid out, which needs them kept.
    bufferPages: footerGap > 0,
    compress: options.compress,
    lang: 'nb-NO',
    displayTitle: true,
    info: {
      Title: drawable(options.title),
      Subject: drawable(options.subject),
      Author: 'Budrunde',
      Creator: 'Budrunde',
      CreationDate: options.madeAt,
    },
  });
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

/** A PDF as a mail's attachment. */
export const pdfAttachment = (filename: string, pdf: Buffer) => ({
  filename,
  contentType: 'application/pdf',
  content: pdf.toString('base64'),
  encoding: 'base64' as const,
});
