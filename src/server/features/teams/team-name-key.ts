import unhomoglyph from 'unhomoglyph'

/** What a reader does not see in a name: spaces, zero-width, bidi and other default-ignorable characters. */
const UNSEEN = /[\p{White_Space}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu
/** Accents and other marks drawn on a letter, once NFD has split them from it. */
const MARKS = /[\p{Mn}\p{Me}]/gu

/**
 * The key that decides whether two team names of a league are the same team: they are when a
 * reader could take one for the other (docs/decisions/0015, issue 30). Compatibility forms are
 * folded (NFKC: fullwidth `Ｎｅｔ` is `Net`), spaces and invisible characters dropped, accents
 * taken off (`Hāwks` is `Hawks`), and each letter read in capitals as Unicode's confusable
 * skeleton reads it (UTS #39, confusables.txt: Cyrillic `Т` and Greek `Η` are `T` and `H`).
 * Capitals first, so the key never depends on case: a skeleton tells `I` from `i`.
 * A key is for comparing only, never for showing.
 */
export function teamNameKey(name: string): string {
  const bare = name.normalize('NFKC').replace(UNSEEN, '').normalize('NFD').replace(MARKS, '')
  return unhomoglyph(bare.toUpperCase()).normalize('NFD').replace(MARKS, '').toLowerCase()
}
