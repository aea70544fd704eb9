/** The committed form of the OpenAPI document (docs/openapi.json): two-space JSON and a final newline. */
export function documentText(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
