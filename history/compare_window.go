package history

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// A long string that changed in one place (a tool's description with one
// sentence reworded) was shown whole on both lines of its diff, up to a
// thousand bytes each: at 80 columns two walls of text to compare by eye.
// It is shown instead as a window around where the two differ, a little of
// what they share on either side, cut at "…".

// windowContext is how much shared text is kept on either side of the
// part that differs.
const windowContext = 16

// changedWindows shows the two compact JSON strings a and b around where
// they differ, each within width and made safe for the terminal. ok is
// false when the window is not
// needed (both fit) or does not apply (either is not a JSON string).
func changedWindows(a, b string, width int) (wa, wb string, ok bool) {
	if !strings.HasPrefix(a, `"`) || !strings.HasPrefix(b, `"`) || len(a) <= width && len(b) <= width {
		return "", "", false
	}
	short := min(len(a), len(b))
	p := 0
	for p < short && a[p] == b[p] {
		p++
	}
	s := 0
	for s < short-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	start := max(0, p-windowContext)
	return window(a, start, len(a)-s, width), window(b, start, len(b)-s, width), true
}

// window is x from start to a little past end (where the difference
// ends), within width, made safe, never splitting a character or an
// escape, and between words where a word ends near the cut (wordStop),
// with "…" where text was left out. x is compact JSON: a string,
// or (an element added or removed) any value, cut the same way.
func window(x string, start, end, width int) string {
	start = wordStart(x, cleanCut(x, start), end)
	stop := min(len(x), end+windowContext)
	if stop-start > width-2 {
		stop = start + width - 2
	}
	stop = wordStop(x, start, cleanCut(x, stop))
	for {
		body := windowText(x, start, stop)
		// Made safe, a character a terminal would act on (a bidi
		// control of 3 bytes) is shown as a 6-character escape: the
		// window, cut by bytes, is cut shorter until it fits.
		over := ansi.StringWidth(body) - width
		if over <= 0 || stop <= start {
			return body
		}
		stop = wordStop(x, start, cleanCut(x, max(stop-over, start)))
	}
}

// windowText is x[start:stop] as window shows it: made safe, with "…"
// where text was left out.
func windowText(x string, start, stop int) string {
	// The piece is made safe as the JSON string it is part of: quoted
	// where it was cut, and the quotes taken off again.
	body := x[start:stop]
	if start > 0 {
		body = `"` + body
	}
	if stop < len(x) {
		body += `"`
	}
	body = jsonLine(body)
	if start > 0 {
		body = "…" + strings.TrimPrefix(body, `"`)
	}
	if stop < len(x) {
		body = strings.TrimSuffix(body, `"`) + "…"
	}
	return body
}

// cleanCut is the last place at or before i where x, a JSON string, can be
// cut without splitting a UTF-8 character or an escape (\n, \u001b).
func cleanCut(x string, i int) int {
	if i >= len(x) {
		return len(x)
	}
	at := 0
	for j := 0; j <= i; {
		at = j
		switch {
		case x[j] == '\\' && j+1 < len(x) && x[j+1] == 'u':
			j += 6
		case x[j] == '\\':
			j += 2
		default:
			_, n := utf8.DecodeRuneInString(x[j:])
			j += n
		}
	}
	return at
}
