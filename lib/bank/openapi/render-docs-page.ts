import { developerNav } from "../portal/developer-nav";
import { renderBankPage } from "../web/bank-page";
import { html, raw, type SafeHtml } from "../web/html";
import type { OpenAPIV3_1 } from "openapi-types";
import { SIGNATURE_HEADERS } from "./openapi-options";
import { exampleOf, headerExampleOf, isSchema, type JsonSchema, requestBodyExampleOf } from "./schema-example";

const MAX_DEPTH = 6;

type Operation = OpenAPIV3_1.OperationObject<{ "x-psd2-roles"?: string[]; "x-psd2-required-headers"?: string[] }>;
type Parameter = OpenAPIV3_1.ParameterObject;
type Entry = { method: string; path: string; operation: Operation };

const METHODS = ["get", "post", "put", "delete", "patch"] as const;

/** A path that may wrap after each slash, never inside a word. */
function breakablePath(path: string): SafeHtml {
  return html`${path.split("/").map((segment, index) => (index === 0 ? segment : html`/${raw("<wbr>")}${segment}`))}`;
}

function schemaList(value: unknown): JsonSchema[] {
  return Array.isArray(value) ? value.filter(isSchema) : [];
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.map((item) => (typeof item === "string" ? item : JSON.stringify(item))) : [];
}

/** A short type label: "string (uuid)", "array of object", "map of name to object", "string or number". */
function typeLabel(schema: JsonSchema): string {
  const alternatives = schemaList(schema.anyOf ?? schema.oneOf);
  if (alternatives.length > 0) return alternatives.map(typeLabel).join(" or ");
  if (schema.const !== undefined) return `exactly ${JSON.stringify(schema.const)}`;
  const type = Array.isArray(schema.type) ? stringList(schema.type).join(" or ") : typeof schema.type === "string" ? schema.type : "any";
  if (type === "array") return `array of ${isSchema(schema.items) ? typeLabel(schema.items) : "any"}`;
  if (type === "object" && !isSchema(schema.properties) && isSchema(schema.additionalProperties)) {
    return `map of name to ${typeLabel(schema.additionalProperties)}`;
  }
  return typeof schema.format === "string" ? `${type} (${schema.format})` : type;
}

function constraints(schema: JsonSchema): string[] {
  const notes: string[] = [];
  const values = stringList(schema.enum);
  if (values.length > 0) notes.push(`one of ${values.join(", ")}`);
  if (typeof schema.minLength === "number" || typeof schema.maxLength === "number") {
    notes.push(`${schema.minLength ?? 0} to ${schema.maxLength ?? "any number of"} characters`);
  }
  // zod's integers carry the safe-integer range as bounds: no bound a TPP would meet.
  if (typeof schema.minimum === "number" && schema.minimum > Number.MIN_SAFE_INTEGER) notes.push(`at least ${schema.minimum}`);
  if (typeof schema.maximum === "number" && schema.maximum < Number.MAX_SAFE_INTEGER) notes.push(`at most ${schema.maximum}`);
  if (typeof schema.minItems === "number") notes.push(`at least ${schema.minItems} items`);
  if (typeof schema.maxItems === "number") notes.push(`at most ${schema.maxItems} items`);
  if (typeof schema.pattern === "string") notes.push(`pattern ${schema.pattern}`);
  return notes;
}

/** The fields of an object schema, or of the objects inside an array, union or map. */
function renderFields(schema: JsonSchema, depth: number): SafeHtml | "" {
  if (depth > MAX_DEPTH) return "";
  const alternatives = schemaList(schema.anyOf ?? schema.oneOf);
  if (alternatives.length > 0) {
    const inner = alternatives.map((alternative) => renderFields(alternative, depth + 1)).filter((part) => part !== "");
    return inner.length > 0 ? html`${inner}` : "";
  }
  if (isSchema(schema.items)) return renderFields(schema.items, depth + 1);
  const named = isSchema(schema.properties) && Object.keys(schema.properties).length > 0;
  if (!named && isSchema(schema.additionalProperties)) return renderFields(schema.additionalProperties, depth + 1);
  // A free-form object (no named fields) has no list of its own.
  if (!named || !isSchema(schema.properties)) return "";
  const required = stringList(schema.required);
  const closed = schema.additionalProperties === false;
  return html`<ul class="schema">${Object.entries(schema.properties).map(([name, value]) => {
    const property = isSchema(value) ? value : {};
    const notes = constraints(property);
    return html`<li><code class="field">${name}</code> <span class="type">${typeLabel(property)}</span>${required.includes(name) ? html` <span class="badge required">required</span>` : ""}${
      typeof property.description === "string" ? html`<span class="desc">${property.description}</span>` : ""
    }${notes.length > 0 ? html`<span class="desc notes">${notes.join("; ")}</span>` : ""}${renderFields(property, depth + 1)}</li>`;
  })}${closed ? html`<li class="closed">No other fields: an unknown field is 400 FORMAT_ERROR.</li>` : ""}</ul>`;
}

function renderSchema(schema: JsonSchema): SafeHtml {
  const fields = renderFields(schema, 0);
  return html`<p class="schema-type">${typeLabel(schema)}${typeof schema.description === "string" ? html`: ${schema.description}` : ""}</p>${fields}`;
}

function isParameter(value: Parameter | OpenAPIV3_1.ReferenceObject): value is Parameter {
  return "name" in value;
}

function schemaOf(value: unknown): JsonSchema {
  return isSchema(value) ? value : {};
}

function bodySchema(content: Record<string, OpenAPIV3_1.MediaTypeObject> | undefined): JsonSchema | undefined {
  const schema = content?.["application/json"]?.schema;
  return schema === undefined ? undefined : schemaOf(schema);
}

/** Headers signed when sent, after date, digest and x-request-id. @see docs/interface/request-signing.md#signed-headers */
const CONDITIONALLY_SIGNED = ["psu-id", "psu-corporate-id", "tpp-redirect-uri"] as const;

/** The request as a TPP sends it: method, path with example ids, the required query, the operation's headers, the body. */
function requestExample(entry: Entry, parameters: readonly Parameter[], body: JsonSchema | undefined): string {
  const value = (parameter: Parameter) => {
    const example = exampleOf(schemaOf(parameter.schema), parameter.name);
    return typeof example === "string" ? example : JSON.stringify(example);
  };
  let path = entry.path;
  for (const parameter of parameters.filter((p) => p.in === "path"))
    path = path.replace(`{${parameter.name}}`, encodeURIComponent(value(parameter)));
  const query = parameters.filter((p) => p.in === "query" && p.required).map((p) => `${p.name}=${encodeURIComponent(value(p))}`);
  // The required headers, and PSU-ID where the operation takes it: most need one PSU header or another.
  const sent = parameters.filter((p) => p.in === "header" && (p.required || p.name.toLowerCase() === "psu-id"));
  const headers = sent.map((p) => `${p.name}: ${String(headerExampleOf(schemaOf(p.schema), p.name))}`);
  // The headers the TPP signs when it sends them (docs/interface/request-signing.md#signed-headers), in its order.
  const signed = [
    "date",
    "digest",
    "x-request-id",
    ...CONDITIONALLY_SIGNED.filter((name) => sent.some((p) => p.name.toLowerCase() === name)),
  ];
  const lines = [
    `${entry.method.toUpperCase()} ${path}${query.length > 0 ? `?${query.join("&")}` : ""}`,
    `X-Request-ID: ${SIGNATURE_HEADERS["X-Request-ID"].schema.examples[0]}`,
    `Date: ${SIGNATURE_HEADERS.Date.schema.examples[0]}`,
    "Digest: SHA-256=…",
    `Signature: keyId="SN=…,CA=…",algorithm="rsa-sha256",headers="${signed.join(" ")}",signature="…"`,
    "TPP-Signature-Certificate: MIIE…",
    ...headers,
  ];
  if (!body) return lines.join("\n");
  return [...lines, "Content-Type: application/json", "", JSON.stringify(requestBodyExampleOf(body), null, 2)].join("\n");
}

function renderExample(label: string, text: string): SafeHtml {
  return html`<figure class="example"><figcaption>${label}</figcaption><pre tabindex="0"><code>${text}</code></pre></figure>`;
}

function renderOperation(entry: Entry): SafeHtml {
  const { operation } = entry;
  const parameters = (operation.parameters ?? []).filter(isParameter);
  const headers = parameters.filter((parameter) => parameter.in === "header");
  const others = parameters.filter((parameter) => parameter.in !== "header");
  const requestBody = operation.requestBody && !("$ref" in operation.requestBody) ? operation.requestBody : undefined;
  const body = bodySchema(requestBody?.content);
  const roles = operation["x-psd2-roles"] ?? [];
  const responses = Object.entries(operation.responses ?? {}).flatMap(([status, response]) =>
    "$ref" in response ? [] : [{ status, response }],
  );
  const success = responses.find(({ status }) => status.startsWith("2"));
  const successBody = success ? bodySchema(success.response.content) : undefined;
  return html`<article class="operation" id="${operation.operationId ?? ""}">
<h3><span class="method ${entry.method}">${entry.method.toUpperCase()}</span> <code class="path">${breakablePath(entry.path)}</code></h3>
<p class="op-summary">${operation.summary ?? ""}</p>
${operation.description ? html`<p>${operation.description}</p>` : ""}
<p class="op-meta"><span>Roles: ${roles.length > 0 ? roles.join(" or ") : "any certificate"}</span> · <span>Signed request: <a href="#signing">X-Request-ID, Digest, Date, Signature, TPP-Signature-Certificate</a></span></p>
${
  headers.length > 0
    ? html`<h4>Headers</h4><table class="params"><thead><tr><th scope="col">Header</th><th scope="col">Description</th></tr></thead><tbody>${headers.map(
        (header) =>
          html`<tr><td><code>${header.name}</code>${header.required ? html` <span class="badge required">required</span>` : ""}</td><td>${header.description ?? ""}</td></tr>`,
      )}</tbody></table>`
    : ""
}
${
  others.length > 0
    ? html`<h4>Parameters</h4><table class="params"><thead><tr><th scope="col">Name</th><th scope="col" class="in">In</th><th scope="col">Description</th></tr></thead><tbody>${others.map(
        (parameter) => {
          const schema = schemaOf(parameter.schema);
          return html`<tr><td><code>${parameter.name}</code>${parameter.required ? html` <span class="badge required">required</span>` : ""}</td><td>${parameter.in}</td><td><span class="type">${typeLabel(schema)}</span>${
            parameter.description ? html` ${parameter.description}` : ""
          }${constraints(schema).length > 0 ? html` (${constraints(schema).join("; ")})` : ""}</td></tr>`;
        },
      )}</tbody></table>`
    : ""
}
${
  body
    ? html`<details class="body"><summary>Request body <span class="type">application/json${requestBody?.required ? "" : ", optional"}</span></summary>${renderSchema(body)}</details>`
    : ""
}
<h4>Example</h4>
<div class="examples">${renderExample("Request", requestExample(entry, parameters, body))}${
    success
      ? renderExample(
          "Reply",
          `HTTP/1.1 ${success.status}${successBody ? `\nContent-Type: application/json\n\n${JSON.stringify(exampleOf(successBody), null, 2)}` : ""}`,
        )
      : ""
  }</div>
<h4>Responses</h4>
<table class="params responses"><thead><tr><th scope="col">Status</th><th scope="col">Description</th></tr></thead><tbody>${responses.map(
    ({ status, response }) => {
      const schema = bodySchema(response.content);
      return html`<tr><td><span class="status s${status.charAt(0)}">${status}</span></td><td>${response.description}${
        schema ? html`<details class="body"><summary>Body</summary>${renderSchema(schema)}</details>` : ""
      }</td></tr>`;
    },
  )}</tbody></table>
</article>`;
}

/** The operations whose method, path, summary, description or tag hold every word of the search. */
function matches(entry: Entry, words: readonly string[]): boolean {
  const { operation } = entry;
  const text = [entry.method, entry.path, operation.summary, operation.description, ...(operation.tags ?? [])].join(" ").toLowerCase();
  return words.every((word) => text.includes(word));
}

/**
 * /docs: the API reference, server-rendered from the OpenAPI document (so the two never
 * differ): every operation by tag with its method, path, summary, description, roles, headers,
 * parameters, request body, an example request and reply, and its responses. A search (?q=)
 * filters the operations on the server; the index folds by tag. No script, no external asset.
 */
export function renderDocsPage(input: { bankName: string; document: OpenAPIV3_1.Document; query?: string }): string {
  const { document } = input;
  const all: Entry[] = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation: Operation | undefined = item?.[method];
      return operation ? [{ method, path, operation }] : [];
    }),
  );
  const query = (input.query ?? "").trim().slice(0, 100);
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const entries = all.filter((entry) => matches(entry, words));
  const byTag = (document.tags ?? [])
    .map((tag) => ({ tag: tag.name, entries: entries.filter((entry) => entry.operation.tags?.[0] === tag.name) }))
    .filter((group) => group.entries.length > 0);
  const anchor = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  const server = document.servers?.[0]?.url ?? "";

  return renderBankPage({
    bankName: input.bankName,
    title: query ? `API reference: ${query}` : "API reference",
    nav: developerNav("docs"),
    body: html`<div class="developer docs">
<section class="panel full intro" aria-labelledby="page-title">
<h1 id="page-title">API reference</h1>
<p class="lead">${document.info.title}. Base URL <code>${server}</code>; ${all.length} operations. The same description as OpenAPI 3.1: <a href="/openapi.json">openapi.json</a>.</p>
<form class="docs-search" method="get" action="/docs" role="search">
<label for="docs-q">Find operations</label>
<div class="docs-search-row"><input id="docs-q" name="q" type="search" value="${query}" placeholder="e.g. balances, basket, POST sandbox"><button class="button primary" type="submit">Search</button>${
      query ? html`<a href="/docs">Show all</a>` : ""
    }</div>
</form>
${
  query
    ? html`<p class="docs-found" role="status">${entries.length === 0 ? html`No operation matches <strong>${query}</strong>.` : html`${entries.length} of ${all.length} operations match <strong>${query}</strong>.`}</p>`
    : ""
}
<nav aria-label="Operations" class="toc">${byTag.map(
      ({ tag, entries: tagged }) =>
        html`<details class="toc-group"${query ? raw(" open") : ""}><summary class="toc-title">${tag} <span class="count">(${tagged.length})</span></summary><ul><li><a href="#${anchor(tag)}">All of ${tag}</a></li>${tagged.map(
          (entry) =>
            html`<li><a href="#${entry.operation.operationId ?? ""}"><span class="method ${entry.method}">${entry.method.toUpperCase()}</span> <span>${breakablePath(entry.path)}</span></a></li>`,
        )}</ul></details>`,
    )}</nav>
</section>

<section class="panel full" id="signing" aria-labelledby="signing-title">
<h2 id="signing-title">Signed requests</h2>
<p>Every request carries these headers (supplement §9); the bank answers 400 SIGNATURE_*, CERTIFICATE_* or HTTP_HEADER_REQUIRED when one is missing or wrong, and signs every reply the same way with its seal (<code>ASPSP-Signature-Certificate</code>, over <code>date digest x-request-id</code>), which chains to the CA of the <a href="/portal">developer portal</a>. A sandbox certificate and key come from the portal too; the repository's <code>psd2</code> command signs requests (<code>psd2 sign</code>, <code>--curl</code> to send one with curl) and checks the bank's replies (<code>psd2 verify-response</code>).</p>
<table class="params"><thead><tr><th scope="col">Header</th><th scope="col">Description</th></tr></thead><tbody>${Object.entries(
      SIGNATURE_HEADERS,
    ).map(
      ([name, header]) =>
        html`<tr><td><code>${name}</code>${header.required ? html` <span class="badge required">required</span>` : ""}</td><td>${header.description}</td></tr>`,
    )}</tbody></table>
<p>Errors: <code>{"tppMessages":[{"category":"ERROR","code":"FORMAT_ERROR","path":"...","text":"..."}]}</code>, with the statuses of supplement §4. A body that is not JSON is 415 on every operation that takes one.</p>
</section>

${byTag.map(
  ({ tag, entries: tagged }) => html`<section class="panel full tag" id="${anchor(tag)}" aria-labelledby="${anchor(tag)}-title">
<h2 id="${anchor(tag)}-title">${tag}</h2>
${tagged.map(renderOperation)}
</section>`,
)}
</div>`,
  });
}
