// Conditional writes on REST (RFC 9110 §8.8.3, §13.1.1): a project's ETag names its version, and
// If-Match names the versions a write expects.

/** The strong entity tag of a version: "7". */
export function entityTag(version: number): string {
  return `"${version}"`;
}

const entityTagList = /^\s*(?:W\/)?"[\x21\x23-\x7e]*"\s*(?:,\s*(?:W\/)?"[\x21\x23-\x7e]*"\s*)*$/;
const eachTag = /(W\/)?"([\x21\x23-\x7e]*)"/g;

/**
 * The versions an If-Match header names, for the service to compare under the row lock: undefined
 * when there is none or it is `*` (any current project). Strong comparison applies, so a weak tag
 * never matches, and neither does a garbled header: both become [0], a version no project has (412).
 */
export function expectedVersions(header: string | string[] | undefined): number[] | undefined {
  if (header === undefined) return undefined;
  const value = (Array.isArray(header) ? header.join(',') : header).trim();
  if (value === '*') return undefined;
  if (!entityTagList.test(value)) return [0];
  const versions = [...value.matchAll(eachTag)].filter((m) => !m[1] && /^[1-9]\d{0,8}$/.test(m[2]!)).map((m) => Number(m[2]));
  return versions.length > 0 ? [...new Set(versions)].slice(0, 16) : [0];
}
