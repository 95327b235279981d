/**
 * The typeface a PDF is written in: Noto Sans HK (TrueType), regular and bold, which covers both
 * Chinese and English. The bytes come from the host (server/node/documentFonts.ts reads the files
 * the npm package ships); a host without them (the in-page demo) makes no PDF.
 */
export interface DocumentFonts {
  readonly regular: Uint8Array;
  readonly bold: Uint8Array;
}

export interface FontSource {
  load(): Promise<DocumentFonts>;
}
