/**
 * Up to two initials of a person's name, for the avatar: the first letter of the first and
 * of the last word. What is in brackets ("(Retd)", "[SHO]") is a note about the person, not
 * their name, and a word with no letter or digit ("-", "&") gives none.
 */
export function initials(name: string): string {
  const words = name
    .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
    .split(/\s+/)
    .map((word) => word.match(/[\p{L}\p{N}]/u)?.[0])
    .filter((letter): letter is string => Boolean(letter));
  if (words.length === 0) return '?';
  const last = words.length > 1 ? words[words.length - 1] : '';
  return (words[0] + last).toUpperCase();
}
