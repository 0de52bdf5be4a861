/**
 * A citation marker in an answer's text: [1], [2] … A record's field path ("variants[2].size:",
 * "tags[1]:") uses the same brackets; a bracketed number that a field name or a colon follows is
 * that path, not a citation, so a catalogue quoted whole does not cite passages it never named.
 * A new expression each call: a global one keeps its position between uses.
 */
export const citationMarkerPattern = (): RegExp => /\[(\d{1,3})\](?!\.[\p{L}_]|:)/gu;
