package ui

import "testing"

// A method too wide for its cell keeps its last segment whole and cuts
// what comes before it at its end, so every piece shown starts a word.
func TestCutPathKeepsTheLastSegmentWhole(t *testing.T) {
	for _, tc := range []struct {
		in   string
		w    int
		want string
	}{
		{"subscriptions/acknowledged", 26, "subscriptions/acknowledged"},
		{"subscriptions/acknowledged", 25, "subscriptio…/acknowledged"},
		{"subscriptions/acknowledged", 15, "s…/acknowledged"},
		{"subscriptions/acknowledged", 14, "…/acknowledged"},
		{"resources/list_changed", 17, "res…/list_changed"},
		{"progress", 5, "…ress"},
		{"a/b", 0, ""},
	} {
		if got := cutPath(tc.in, tc.w); got != tc.want {
			t.Errorf("cutPath(%q, %d) = %q, want %q", tc.in, tc.w, got, tc.want)
		}
	}
}
