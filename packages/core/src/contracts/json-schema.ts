/** A JSON Schema object (draft 2020-12 / OpenAPI subset as accepted by model providers). */
export type JsonSchema = { [keyword: string]: unknown };
