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
	// FoldRefused holds the sessions of a legacy client's stream that
	// upstream refused (a gateway that is down, a client retrying).
	FoldRefused = "refused"
)

// FoldName is what the sessions of a fold of kind folded are called:
// the proxy's TUI lists the fold so, and the sessions listing counts them
// so (foldWords).
func FoldName(folded string) string { return foldNouns(folded)[1] }

// foldWords names n sessions of a fold of kind folded for the sessions
// listing: "3 sessions upstream never answered". A recording of such a
// fold was named by its first session's client, as if it held that one.
func foldWords(folded string, n int) string {
	if n == 1 {
		return "1 " + foldNouns(folded)[0]
	}
	return fmt.Sprintf("%d %s", n, FoldName(folded))
}

// foldNouns are what one session and many of a fold of kind folded are
// called.
func foldNouns(folded string) [2]string {
	switch folded {
	case FoldUnanswered:
		return [2]string{"session upstream never answered", "sessions upstream never answered"}
	case FoldGets:
		return [2]string{"GET before initialize, never initialized", "GETs before initialize, never initialized"}
	case FoldRefused:
		// Refused by upstream, or by the proxy: a stream in an encoding
		// it cannot read (br) is refused 502 and folded alike.
		return [2]string{"legacy stream refused", "legacy streams refused"}
	}
	return [2]string{"session", "sessions"}
}
