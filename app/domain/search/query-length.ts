/**
 * The longest search query the shop reads, in characters: the search boxes stop there
 * (`maxLength`), and the search page, the instant results and the catalogue's filter cut
 * anything longer (a pasted text, a crafted link) rather than refuse it.
 */
export const MAX_QUERY_LENGTH = 100;
