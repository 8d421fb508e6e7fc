/** The avatar letter: the first character of the name (a whole syllable for Korean names). */
export function initialOf(name: string | undefined): string {
  return Array.from(name?.trim() ?? '')[0]?.toUpperCase() ?? '?';
}
