/**
 * The Submission page's text (docs/rules.md#the-information-pages): initial submission, guidelines, PDF and
 * font-embedding advice and the rules for final papers. The wording is this site's own.
 */
import { conference } from './conference';
import { submissionPageDeadlineText } from './dates';

/** Text of the Submission page; the external submission link is externalLinks.paperSubmission. */
export const submission = {
  /**
   * How to make the initial submission. The deadline is the Submission page's reading,
   * 30 June 2025 (docs/rules.md#the-information-pages keeps both readings; see src/content/dates.ts).
   */
  initialSubmission: [
    `Initial submissions are made as full papers through the online submission system. The deadline for initial submissions is ${submissionPageDeadlineText}.`,
    'Create an account in the submission system, start a new submission, choose the technical track (or the special session) that fits your paper best, enter the title, abstract and all authors, and upload the paper as a PDF file.',
    'You may upload a new version of your paper until the deadline; only the last version uploaded is reviewed.',
  ],
  /** Guidelines for preparing the paper. */
  guidelines: [
    'Use the standard IEEE two-column conference template (A4 or US Letter).',
    `A paper may have at most ${conference.pageLimit} pages, including references.`,
    'Papers must be written in English and must be original, unpublished work not under review elsewhere.',
    `Each paper receives at least ${conference.minReviewsPerPaper} reviews.`,
    'Do not number the pages and do not add headers or footers; they are added for the proceedings.',
  ],
  /** Advice on producing a valid PDF with embedded fonts. */
  pdfAdvice: [
    'Submit a PDF file only; other formats are not accepted.',
    'Embed all fonts, including the fonts of figures and equations. Most LaTeX distributions embed fonts by default when you compile with pdflatex.',
    'When exporting from a word processor, choose the option to embed all fonts (often called "PDF/A" or "ISO 19005-1 compliant"), and do not use "print to PDF" drivers that leave fonts out.',
    'Check the result: open the document properties of the PDF and confirm that every font in the list is marked as embedded.',
    'Use vector graphics or images of at least 300 dpi, and avoid password protection or restrictions on the file.',
  ],
  /** Rules for final (camera-ready) papers of accepted submissions. */
  finalPaperRules: [
    'Revise the paper according to the reviewers\' comments before uploading the final version.',
    'The final paper must pass the PDF compatibility check of the proceedings; papers that fail it must be corrected and uploaded again.',
    'Complete the electronic copyright transfer for the paper.',
    'At least one full registration must be paid for each accepted paper.',
    'The paper must be presented at the conference by one of its authors to be included in the digital library.',
  ],
} as const;
