import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

interface OpenApiDocument {
  readonly paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  readonly components?: { readonly schemas?: Record<string, unknown> };
}

/** Inlines `#/components/schemas/…` references (the document's only kind). */
function inline(node: unknown, doc: OpenApiDocument): unknown {
  if (Array.isArray(node)) return node.map((n) => inline(n, doc));
  if (typeof node !== 'object' || node === null) return node;
  const o = node as Record<string, unknown>;
  if (typeof o.$ref === 'string') {
    const name = o.$ref.replace('#/components/schemas/', '');
    const target = doc.components?.schemas?.[name];
    if (target === undefined) throw new Error(`unresolved ${o.$ref}`);
    return inline(target, doc);
  }
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, inline(v, doc)]));
}

/**
 * Closes every object schema that says nothing of other properties, so that a field the server sends
 * but the document does not describe fails too (the document stays open for clients).
 */
function closed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closed);
  if (typeof node !== 'object' || node === null) return node;
  const o = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, closed(v)]));
  if (o.type === 'object' && o.properties !== undefined && !('additionalProperties' in o)) {
    o.additionalProperties = false;
  }
  return o;
}

function templatePattern(template: string): RegExp {
  return new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
}

/** Checks real answers against the response schemas the OpenAPI document gives for them. */
export class OpenApiValidator {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly doc: OpenApiDocument) {}

  /** The document's path template that a request path falls under. */
  template(path: string): string | undefined {
    return Object.keys(this.doc.paths).find((t) => templatePattern(t).test(path));
  }

  /** Schema errors of an answer (empty when it matches), or a reason why it cannot be checked. */
  errors(method: string, path: string, status: number, body: unknown): string[] {
    const template = this.template(path);
    if (template === undefined) return [`${path}: not in the document`];
    const operation = this.doc.paths[template]?.[method.toLowerCase()];
    if (operation === undefined) return [`${method} ${template}: not in the document`];
    const key = [String(status), `${String(status).charAt(0)}XX`].find((k) => k in operation.responses);
    if (key === undefined) return [`${method} ${template}: status ${status} not documented`];
    const id = `${method} ${template} ${key}`;
    let validate = this.compiled.get(id);
    if (validate === undefined) {
      const response = inline(operation.responses[key], this.doc) as {
        content?: Record<string, { schema: unknown }>;
      };
      const schema = response.content?.['application/json']?.schema;
      if (schema === undefined) return [`${id}: no JSON schema`];
      validate = this.ajv.compile(closed(schema) as object);
      this.compiled.set(id, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (e) => `${id}: ${e.instancePath} ${e.message ?? ''} ${JSON.stringify(e.params)}`,
    );
  }
}
