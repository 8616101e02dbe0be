package history

import (
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
)

// A whole tool added or removed was shown from its first key, and compact
// JSON sorts them: every tool of a tools/list read
// `{"annotations":{"destructiveHint":false,"idempotentHint":…`, 34 lines
// alike, each cut in a word. An object is shown instead by what tells it
// apart, its name (or uri) first, then its title and description, each
// member whole or a string cut between words.

// leadingMembers are shown first in an object's excerpt, in this order:
// what an element is matched by (elementKeys), then what a person reads
// it by.
var leadingMembers = append(slices.Clone(elementKeys), "title", "description")

// objectExcerpt is s, a compact JSON object too long for its line, within
// width: its leadingMembers first, then the rest in order, whole while they
// fit, the one that does not cut between words when it is a string, "…"
// where members were left out. ok is false when s is no object or its
// first member does not fit: it is then shown from its start.
func objectExcerpt(s string, width int) (string, bool) {
	doc, err := jsonspan.Parse(bytesOf(s), jsonspan.Limits{Depth: 1})
	if err != nil || doc.Root().Kind() != jsonspan.Object {
		return "", false
	}
	// raw is the member as the text has it, `"key":value`; colon is
	// where its value starts.
	type member struct {
		key, raw string
		colon    int
	}
	var lead, rest []member
	for k, v := range doc.Root().Members() {
		from, _ := v.KeySpan()
		at, end := v.Span()
		m := member{k, s[from:end], at - from}
		if slices.Contains(leadingMembers, k) {
			lead = append(lead, m)
		} else {
			rest = append(rest, m)
		}
	}
	slices.SortStableFunc(lead, func(a, b member) int {
		return slices.Index(leadingMembers, a.key) - slices.Index(leadingMembers, b.key)
	})
	members := append(lead, rest...)
	var b strings.Builder
	b.WriteString("{")
	used := 1
	for i, m := range members {
		sep := ""
		if i > 0 {
			sep = ","
		}
		shown := jsonLine(m.raw)
		// Room kept for the ",…" that says more was left out.
		room := width - used - len(sep) - len(",…")
		if i == len(members)-1 {
			room = width - used - len(sep) - len("}")
		}
		if w := ansi.StringWidth(shown); w <= room {
			b.WriteString(sep + shown)
			used += len(sep) + w
			continue
		}
		// A string member that does not fit is cut between words, when
		// its key and a few words have room.
		if value := m.raw[m.colon:]; strings.HasPrefix(value, `"`) && i > 0 {
			key := jsonLine(m.raw[:m.colon])
			if left := width - used - len(sep) - ansi.StringWidth(key); left >= minExcerptWords {
				b.WriteString(sep + key + window(value, 0, len(value), left))
				return b.String(), true
			}
		}
		if i == 0 {
			return "", false
		}
		b.WriteString(",…")
		return b.String(), true
	}
	b.WriteString("}")
	return b.String(), true
}

// minExcerptWords is the least room a string member cut in an excerpt is
// given: less says nothing of it, and the excerpt ends before it.
const minExcerptWords = 12

// wordStop is where x, a compact JSON text shown from start, is cut at or
// before stop between words: before a space, or after the punctuation
// that ends a token (a "…" after true read as "tru…"). In a long piece it
// looks back no further than half of it, so a word longer than that (a
// URL, base64) is cut inside as it was; a short piece (an excerpt's
// title) keeps at least its first word.
func wordStop(x string, start, stop int) int {
	if stop >= len(x) {
		return len(x)
	}
	least := start + 1
	if stop-start > 2*windowContext {
		least = start + (stop-start)/2
	}
	for i := stop; i > least; i-- {
		if x[i] == ' ' || strings.IndexByte(`,:{[`, x[i-1]) >= 0 {
			return i
		}
	}
	return stop
}

// wordStart is where x, shown from start on, begins at a word: after a
// space or a token's punctuation within the first windowContext bytes
// (and before end), else start itself.
func wordStart(x string, start, end int) int {
	if start == 0 {
		return 0
	}
	for i := start; i < min(start+windowContext, end); i++ {
		if x[i-1] == ' ' || strings.IndexByte(`,:{[`, x[i-1]) >= 0 {
			return i
		}
	}
	return start
}
