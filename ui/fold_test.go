package ui

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestContainsFold(t *testing.T) {
	tests := []struct {
		s, sub string
		want   bool
	}{
		{`{"method":"tools/call"}`, "TOOLS/CALL", true},
		{"Hello, Ann!", "ann!", true},
		{"Hello, Ann!", "anna", false},
		{"aaaaAAAAb", "AAB", true},
		{"tttttttT", "tx", false},
		{"ping 3", " 3", true},
		{"KELVIN", "kelvin", true},
		// The Kelvin sign folds to k and the long s to s; matched byte for
		// byte in length, "Kss" (5 bytes) is "kſſ".
		{"x\u212ass", "k\u017f\u017f", true},
		{"résumé", "RÉSUMÉ", true},
		{"", "x", false},
		{"x", "", true},
	}
	for _, tt := range tests {
		if got := containsFold(tt.s, tt.sub); got != tt.want {
			t.Errorf("containsFold(%q, %q) = %v, want %v", tt.s, tt.sub, got, tt.want)
		}
	}
}

// FuzzContainsFold holds the IndexByte jumps to trying every position:
// both find the same first match.
func FuzzContainsFold(f *testing.F) {
	f.Add("Hello, Ann!", "aNN")
	f.Add("tttttttT", "Tx")
	// The runes that fold to ASCII from outside it, and a query whose
	// first byte is not ASCII, take the other ways through indexFold.
	f.Add("x\u212ass", "k\u017f\u017f")
	f.Add("KELVIN \u212aelvin", "ELV")
	f.Add("r\u00e9sum\u00e9 R\u00c9SUM\u00c9", "\u00e9SUM")
	f.Add("aaaaAAAAb", "AAB")
	f.Add("\xff\xe2\x84\xaa", "\x84\xaa")
	f.Fuzz(func(t *testing.T, s, sub string) {
		if got, want := indexFold(s, sub), indexFoldSlow(s, sub); got != want {
			t.Fatalf("indexFold(%q, %q) = %d, trying every position says %d", s, sub, got, want)
		}
		// In ASCII, ignoring case is lowering both: what a user typing a
		// filter expects, whichever way indexFold went.
		if !strings.ContainsFunc(s+sub, func(r rune) bool { return r >= utf8.RuneSelf }) {
			if got, want := indexFold(s, sub), strings.Index(strings.ToLower(s), strings.ToLower(sub)); got != want {
				t.Fatalf("indexFold(%q, %q) = %d, lowered both say %d", s, sub, got, want)
			}
		}
	})
}
