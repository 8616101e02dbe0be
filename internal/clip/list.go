package clip

import (
	"strconv"
	"strings"
)

// List joins the first most of items for one line of text and counts the
// rest: "a, b, c and 4 more". A server may name thousands of things (its
// versions, the keys it wants, the subscriptions it left out); a message
// names a few and says how many it did not.
func List(items []string, most int) string {
	return ListFunc(items, most, func(s string) string { return s })
}

// ListFunc is List of each(item) for the items shown: each cuts or words
// an item for the line, and is not called for those only counted.
func ListFunc[T any](items []T, most int, each func(T) string) string {
	n := min(len(items), max(most, 0))
	shown := make([]string, n)
	for i, it := range items[:n] {
		shown[i] = each(it)
	}
	return Counted(shown, len(items)-n)
}

// Counted joins shown as List does and counts more left out, for a caller
// that chose which to show (the version in use, wherever it stands).
func Counted(shown []string, more int) string {
	line := strings.Join(shown, ", ")
	if more <= 0 {
		return line
	}
	if line == "" {
		return strconv.Itoa(more) + " more"
	}
	return line + " and " + strconv.Itoa(more) + " more"
}
