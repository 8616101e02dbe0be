// Package clip is the one way to cut text to a byte budget: servers send
// names, headers and messages megabytes long, and a column, an error
// message or a clipboard holds a little of them. A cut never splits a
// UTF-8 character, so what is shown ends cleanly instead of in a
// replacement character. A list is cut the same way, to its first few
// items and a count of the rest (List).
package clip

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Prefix is at most n bytes of s, shortened to the start of the character
// the cut would split. Text that is not UTF-8 where it is cut keeps all n
// bytes: no character is split either way, and the budget is used.
func Prefix(s string, n int) string {
	if len(s) <= n {
		return s
	}
	if n <= 0 {
		return ""
	}
	cut := n
	for back := 0; cut > 0 && back < utf8.UTFMax-1 && !utf8.RuneStart(s[cut]); back++ {
		cut--
	}
	if !utf8.RuneStart(s[cut]) {
		cut = n
	}
	return s[:cut]
}

// Quote is s whole when it fits in n bytes, or its Prefix followed by how
// long s was: for quoting a server's words in a message, where the reader
// should know there was more.
func Quote(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return WithSize(Prefix(s, n), len(s))
}

// Marked is s whole when it fits in n bytes, or its Prefix followed by
// Ellipsis: for a line that says there was more without saying how much.
func Marked(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return Prefix(s, n) + Ellipsis
}

// Ellipsis marks where a cut left text out, in every way of cutting here
// (Quote's CutMark, Marked, Middle) and every caller's that marks a cut itself:
// redaction finds the pieces a cut left on either side of it by it.
const Ellipsis = "…"

// Pieces is s with what a cut left of a secret either side of each
// Ellipsis in it replaced by with: before(t, k) is where in t a piece
// ending at the mark at k begins (k for none), after(t) how long the piece
// t, the text after a mark, begins with is (0 for none; after may be nil).
// Whoever knows the secrets finds their pieces; this is the one walk over
// the marks.
func Pieces(s, with string, before func(t string, k int) int, after func(t string) int) string {
	if !strings.Contains(s, Ellipsis) {
		return s
	}
	var b strings.Builder
	for {
		k := strings.Index(s, Ellipsis)
		if k < 0 {
			b.WriteString(s)
			return b.String()
		}
		i := before(s, k)
		b.WriteString(s[:i])
		if i < k {
			b.WriteString(with)
		}
		b.WriteString(Ellipsis)
		s = s[k+len(Ellipsis):]
		if after == nil {
			continue
		}
		if j := after(s); j > 0 {
			b.WriteString(with)
			s = s[j:]
		}
	}
}

// CutMark is what WithSize puts between the start shown and the size.
const CutMark = Ellipsis + " ("

// WithSize marks shown as the start of something total bytes long, as
// Quote does; for callers that transform the start before showing it.
func WithSize(shown string, total int) string {
	return shown + CutMark + strconv.Itoa(total) + " bytes)"
}

// FirstLine is s up to its first line break. A line ends at "\n" or "\r",
// so text written with CRLF or CR line endings does not leave a carriage
// return behind, which a terminal would show or obey. Spaces are kept: a
// debugger shows an SSE comment as it came; callers that want a tidy
// description trim first.
func FirstLine(s string) string {
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		return s[:i]
	}
	return s
}

// Headline is s, trimmed, to its first line (FirstLine) cut as Quote cuts
// to n bytes (n <= 0: not cut), saying how many more lines it hides, e.g.
// "Traceback (most recent call last): (+12 more lines)": a reader of one
// line of a server's text knows when there is more to read elsewhere.
func Headline(s string, n int) string { return HeadlineOf(s, n, 0) }

// HeadlineOf is Headline of s, the start of something total bytes long
// (a body or header a record kept the first bytes of): when s is one line
// and total is more than its bytes, the size said is total, the size on
// the wire, not the excerpt's, which read as the whole of it.
func HeadlineOf(s string, n, total int) string {
	kept := len(s) // what the record kept, before the spaces around it go
	s = strings.TrimSpace(s)
	first := FirstLine(s)
	if total > kept && len(first) == len(s) {
		if n > 0 {
			first = Prefix(first, n)
		}
		first = WithSize(first, total)
	} else if n > 0 {
		first = Quote(first, n)
	}
	if breaks := LineBreaks(s); breaks > 0 {
		first += " (+" + strconv.Itoa(breaks) + " more lines)"
	}
	return first
}

// LineBreaks counts the line breaks of s as FirstLine finds them: "\n",
// "\r", and "\r\n" as one. What FirstLine leaves out is said by this
// count, so text hidden after a bare CR is counted as text after a LF is.
func LineBreaks(s string) int {
	return strings.Count(s, "\n") + strings.Count(s, "\r") - strings.Count(s, "\r\n")
}

// Middle is s whole when it fits in n bytes, or its start and its end
// joined by "…" within n bytes, never splitting a character: for a path or
// a name on a line of fixed width, where the end (the member that
// differs, a version suffix) says the most and the start says where it
// is. A third of the room goes to the start, the rest to the end.
func Middle(s string, n int) string {
	if len(s) <= n {
		return s
	}
	if n <= len(Ellipsis) {
		// No room for the mark; compared before subtracting, so the
		// least int does not wrap round to the most.
		return Prefix(s, n)
	}
	room := n - len(Ellipsis)
	head := Prefix(s, room/3)
	return head + Ellipsis + suffix(s, room-len(head))
}

// suffix is at most n bytes of the end of s, lengthened to the start of
// the character the cut would split, as Prefix shortens: never more than
// n bytes. Text that is not UTF-8 where it is cut keeps all n bytes.
func suffix(s string, n int) string {
	if len(s) <= n {
		return s
	}
	if n <= 0 {
		return ""
	}
	cut := len(s) - n
	for fwd := 0; cut < len(s) && fwd < utf8.UTFMax-1 && !utf8.RuneStart(s[cut]); fwd++ {
		cut++
	}
	if cut < len(s) && !utf8.RuneStart(s[cut]) {
		cut = len(s) - n
	}
	return s[cut:]
}
