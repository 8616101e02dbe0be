package ui

import (
	"unicode/utf8"

	"github.com/mcpscope/mcpscope/internal/clip"
)

// notUTF8 appends, when the bytes of raw that Detail draws are not UTF-8,
// the warning that says so of what holds them (the answer, the request,
// the event) and of the text they break (JSON, an event stream), which
// must be UTF-8: a � drawn for each read as the server's own character.
func (in *detailInput) notUTF8(out []string, raw, what, must string) []string {
	if !drawnNotUTF8(raw) {
		return out
	}
	return in.wrapped(out, "⚠ the "+what+" holds bytes that are not UTF-8, which "+must+" must be: they are drawn as �, and the recording keeps them exactly", in.st.Warning)
}

// drawnNotUTF8 says bytes of raw that Detail draws (its first detailLimit)
// are not UTF-8: each is drawn as a �.
func drawnNotUTF8(raw string) bool {
	// clip.Prefix cuts UTF-8 between characters, so a cut makes no
	// invalid text of valid.
	return !utf8.ValidString(clip.Prefix(raw, detailLimit))
}
