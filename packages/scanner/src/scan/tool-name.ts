/** The default tool name of a method: `getWeather` → `get_weather`, `getHTTPStatus` → `get_http_status`. */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/[^a-zA-Z0-9_-]+/g, '_')
    .toLowerCase();
}
