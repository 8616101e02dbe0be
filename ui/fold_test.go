package ui

import (
	"testing"
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
	f.Fuzz(func(t *testing.T, s, sub string) {
		if got, want := indexFold(s, sub), indexFoldSlow(s, sub); got != want {
			t.Fatalf("indexFold(%q, %q) = %d, trying every position says %d", s, sub, got, want)
		}
	})
}
