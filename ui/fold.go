package ui

import (
	"strings"
	"unicode/utf8"
)

// containsFold is strings.Contains ignoring case, without allocating.
func containsFold(s, sub string) bool { return indexFold(s, sub) >= 0 }

// indexFold is where sub first occurs in s ignoring case, or -1; the
// match is s[i:i+len(sub)]. A filter keystroke tests every event, so
// rather than trying every position it jumps with IndexByte to where sub's
// first byte occurs in either case. Only k and s have a non-ASCII rune
// folding to them (the Kelvin sign, the long s); a query starting with one
// of those tries every position.
func indexFold(s, sub string) int {
	if sub == "" {
		return 0
	}
	c := sub[0]
	if c >= utf8.RuneSelf {
		return indexFoldSlow(s, sub)
	}
	lower, upper := c, c
	if l := c | 0x20; 'a' <= l && l <= 'z' {
		if l == 'k' || l == 's' {
			return indexFoldSlow(s, sub)
		}
		lower, upper = l, c&^0x20
	}
	// The next place of each form at or after i; -1 once there is none.
	nextL, nextU := indexFrom(s, 0, lower), indexFrom(s, 0, upper)
	for i := 0; i+len(sub) <= len(s); i++ {
		if nextL >= 0 && nextL < i {
			nextL = indexFrom(s, i, lower)
		}
		if nextU >= 0 && nextU < i {
			nextU = indexFrom(s, i, upper)
		}
		switch {
		case nextL < 0 && nextU < 0:
			return -1
		case nextU < 0 || nextL >= 0 && nextL < nextU:
			i = nextL
		default:
			i = nextU
		}
		if i+len(sub) <= len(s) && strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}

// indexFrom is the index of the first b in s at or after from, or -1.
func indexFrom(s string, from int, b byte) int {
	if k := strings.IndexByte(s[from:], b); k >= 0 {
		return from + k
	}
	return -1
}

// indexFoldSlow tries sub at every position of s.
func indexFoldSlow(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}
