package command

import (
	"strconv"

	"github.com/mcpscope/mcpscope/internal/clip"
)

// argQuoted is a value the user typed, quoted for an error about it: whole
// up to quotedValue bytes, else its start and its size. A value pasted
// 100 KB long was quoted whole, and again in the suggestion after it, so
// one refusal filled the screen twice over.
func argQuoted(text string) string {
	if len(text) <= quotedValue {
		return strconv.Quote(text)
	}
	return clip.WithSize(strconv.Quote(clip.Prefix(text, quotedValue)), len(text))
}

// argSuggested is a suggestion of words to type instead, whole up to
// quotedValue bytes, else its start and its size (clip.Quote): the shape
// of the fix is what is read, and a value that long is not typed again by
// hand.
func argSuggested(words string) string { return clip.Quote(words, quotedValue) }
