/**
 * A one-page PDF that says what it is, so the demo's seller can download a financing proof and open it.
 * Written by hand (the cross-reference offsets are counted) rather than pulling in a PDF library for one
 * demo file.
 */
export function demoFinancingProofPdf(name: string, amount: string): Buffer {
  const text = `BT /F1 16 Tf 72 760 Td (Finansieringsbevis - eksempel) Tj 0 -28 Td /F1 12 Tf (${name} har finansiering inntil ${amount}.) Tj 0 -20 Td (Demodata fra Budrunde. Ikke et ekte dokument.) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
