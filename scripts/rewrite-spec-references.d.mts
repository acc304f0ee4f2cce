interface InterfaceSection {
  readonly file: string;
  readonly anchor: string;
  readonly points?: Readonly<Record<number, string>>;
  readonly parts?: Readonly<Record<string, string>>;
}

export const INTERFACE_SECTIONS: Readonly<Record<string, InterfaceSection>>;
export const SUPPLEMENT_SECTIONS: Readonly<Record<string, string>>;
export const SUPPLEMENT_PARTS: Readonly<Record<string, Readonly<Record<string, string>>>>;
export const README_SECTIONS: Readonly<Record<string, string>>;
export const OTHER_REFERENCES: Readonly<Record<string, string>>;
export function rewriteComment(text: string, context: string | undefined): { readonly text: string; readonly context: string | undefined };
export function rewriteSource(source: string): string;
