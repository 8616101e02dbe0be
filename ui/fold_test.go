package ui

import (
	"slices"
	"strings"
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

// FuzzContainsFold holds the IndexByte jumps to trying every position.
func FuzzContainsFold(f *testing.F) {
	f.Add("Hello, Ann!", "aNN")
	f.Add("tttttttT", "Tx")
	f.Fuzz(func(t *testing.T, s, sub string) {
		if got, want := containsFold(s, sub), containsFoldSlow(s, sub) || sub == ""; got != want {
			t.Fatalf("containsFold(%q, %q) = %v, trying every position says %v", s, sub, got, want)
		}
	})
}

// BenchmarkFilterKeystroke is the filter testing 100,000 events of 1 KiB
// that do not match, as on each keystroke over a large recording.
func BenchmarkFilterKeystroke(b *testing.B) {
	data := strings.Repeat(`{"jsonrpc":"2.0","id":17,"result":{"content":[{"type":"text","text":"the quick brown fox jumps over the lazy dog"}]}},`, 10)[:1024]
	for b.Loop() {
		n := 0
		for range 100_000 {
			if containsFold(data, "tools/lisT") {
				n++
			}
		}
		if n != 0 {
			b.Fatal("matched")
		}
	}
}

// Typing a query on narrows the matches so far; the result must be what a
// fresh scan finds, including for queries where narrowing does not apply.
func TestFilterTypingMatchesAFreshScan(t *testing.T) {
	m := newTestModel(t, 160, 45, nil, fixtureRecords())
	for _, q := range []string{"m", "me", "mes", "message", "messageX", "e", "ev", "évé", "k"} {
		m.events.setQuery(q)
		got := append([]int(nil), m.events.matches...)
		m.events.setQuery("")
		m.events.setQuery(q)
		m.events.count()
		if !slices.Equal(got, m.events.matches) {
			t.Errorf("query %q: typed on gives %v, a fresh scan %v", q, got, m.events.matches)
		}
	}
	if m.events.setQuery("mess"); len(m.events.matches) == 0 {
		t.Fatal("the fixture has no event the test can narrow")
	}
}
