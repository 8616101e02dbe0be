package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// Negotiation's values wrap between words, so a method or a URL that fits
// on a line is never split at its slash; a URL longer than a line breaks
// at its / ? & and loses nothing.
func TestWrapWords(t *testing.T) {
	got := wrapWords("no transport worked: POST server/discover http://127.0.0.1:9549/mcp: no connection", 38)
	want := []string{"no transport worked: POST", "server/discover", "http://127.0.0.1:9549/mcp: no", "connection"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("wrapWords = %q, want %q", got, want)
	}
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"mcp-servers/everything 2.0.0 · protocol 2025-11-25", []string{"mcp-servers/everything 2.0.0 · protocol", "2025-11-25"}},
		{"970d59b8-ef73-4402-88dd-90db8806e1e6 (Mcp-Session-Id)", []string{"970d59b8-ef73-4402-88dd-90db8806e1e6", "(Mcp-Session-Id)"}},
	} {
		if got := wrapWords(tc.in, 40); strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("wrapWords(%q, 40) = %q, want %q", tc.in, got, tc.want)
		}
	}
	// A version is a word: ansi.Wrap would end a line in "2025-06-".
	versions := "2025-11-25, 2025-06-18, 2025-03-26 and 3 more"
	if got, want := wrapWords(versions, 20), []string{"2025-11-25,", "2025-06-18,", "2025-03-26 and 3", "more"}; strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("wrapWords(%q, 20) = %q, want %q", versions, got, want)
	}
	long := "http://127.0.0.1:36227/sse?sessionid=O7JPCTS7QS2PPEYSJIHDW74ERV&x=1"
	got = wrapWords(long, 30)
	for _, l := range got {
		if w := ansi.StringWidth(l); w > 30 {
			t.Errorf("line %q is %d columns, want at most 30", l, w)
		}
	}
	if strings.Join(got, "") != long || len(got) < 3 {
		t.Errorf("wrapWords(long URL) = %q, want it broken at / ? & and whole", got)
	}
}

// The offsets in Raw events' TIME column fit its 9 cells however long the
// session has been open, instead of "+1000.00…" after a quarter hour.
func TestSinceConnectFitsTheTimeColumn(t *testing.T) {
	for d, want := range map[time.Duration]string{
		12345 * time.Millisecond:                  "+12.345s",
		599999 * time.Millisecond:                 "+599.999s",
		1000*time.Second + 123*time.Millisecond:   "+16m40.1s",
		59*time.Minute + 59*time.Second + 940*1e6: "+59m59.9s",
		99*time.Hour + 59*time.Minute:             "+99h59m0s",
		150 * time.Hour:                           "+6d6h",
		9999*24*time.Hour + 23*time.Hour:          "+9999d23h",
		time.Duration(1<<63 - 1):                  "?", // 300 years ahead, saturated
	} {
		got := sinceConnect(d)
		if got != want || cellWidth(got) > 9 {
			t.Errorf("sinceConnect(%s) = %q (%d cells), want %q in 9 cells at most", d, got, cellWidth(got), want)
		}
	}
}

// A title as wide as titleRoom is drawn whole, one cell wider is cut: the
// question's box reads this rule to keep an id whole or leave it out.
func TestBoxTitleRoom(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), nil)
	for _, w := range []int{10, 40, 80} {
		whole := strings.Repeat("t", titleRoom(w))
		top := ansi.Strip(m.com.box(m.com.st.FocusedPane, whole, nil, w, 3)[0])
		if !strings.Contains(top, whole) || strings.Contains(top, "…") {
			t.Errorf("w=%d: a title of titleRoom cells was cut: %q", w, top)
		}
		if top := ansi.Strip(m.com.box(m.com.st.FocusedPane, whole+"t", nil, w, 3)[0]); !strings.Contains(top, "…") {
			t.Errorf("w=%d: a title one cell past titleRoom was drawn whole: %q", w, top)
		}
		if n := ansi.StringWidth(top); n != w {
			t.Errorf("w=%d: the top border is %d cells wide", w, n)
		}
	}
}
