package history

import (
	"strings"
	"testing"
)

// A recording whose path is not UTF-8 (or holds a control byte) is listed
// in the form a shell reads back as that file: RenderSessions' paths are
// there to be pasted into replay and export, and the sanitizer's U+FFFD
// named a file that does not exist.
func TestRenderSessionsQuotesAnOddPathForTheShell(t *testing.T) {
	infos := []SessionInfo{
		{Path: "/s/caf\xe9/\x1b]0;x\x07.jsonl", Started: scriptStart, URL: "http://localhost:8811/sse"},
		{Path: "/s/plain.jsonl", Started: scriptStart, URL: "http://localhost:8811/sse"},
	}
	for _, width := range []int{0, 60} {
		got := RenderSessions(infos, width)
		if want := `$'/s/caf\xe9/\x1b]0;x\x07.jsonl'`; !strings.Contains(got, want) {
			t.Errorf("RenderSessions(%d) =\n%s\nwant the odd path as %s", width, got, want)
		}
		if strings.ContainsAny(got, "\x1b\x07\uFFFD") {
			t.Errorf("RenderSessions(%d) holds raw control or U+FFFD:\n%q", width, got)
		}
		if !strings.Contains(got, " /s/plain.jsonl") || strings.Contains(got, "'/s/plain.jsonl'") {
			t.Errorf("RenderSessions(%d) =\n%s\nwant a plain path left as it is", width, got)
		}
	}
}
