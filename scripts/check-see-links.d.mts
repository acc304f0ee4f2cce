export function anchorsOf(file: string): ReadonlySet<string>;
export function checkFile(file: string): string[];
export function checkRepository(): string[];
