package history

import "fmt"

// The kinds of a proxy run's one recording of many short sessions, each
// too slight for a recording of its own (Header.Folded).
const (
	// FoldUnanswered holds the sessions upstream answered nothing of
	// (down, not reached, a client retrying its initialize).
	FoldUnanswered = "unanswered"
	// FoldGets holds the sessions of a GET before initialize that went no
	// further.
	FoldGets = "gets"
)

// foldWords names n sessions of a fold of kind folded for the sessions
// listing: "3 sessions upstream never answered". A recording of such a
// fold was named by its first session's client, as if it held that one.
func foldWords(folded string, n int) string {
	one, many := "session", "sessions"
	switch folded {
	case FoldUnanswered:
		one, many = "session upstream never answered", "sessions upstream never answered"
	case FoldGets:
		one, many = "GET before initialize, never initialized", "GETs before initialize, never initialized"
	}
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
